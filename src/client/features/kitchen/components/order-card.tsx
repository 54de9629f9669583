import { AlarmClock, MessageSquareWarning, Timer } from 'lucide-react';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import {
  ESTIMATE_CHOICES,
  kitchenStepAllowed,
  type KitchenStatus,
  type OrderSource,
  type OrderType,
} from '#shared/orders/order-states.ts';
import { cn } from '../../../lib/utils.ts';
import { PrintTicketButton } from '../../receipts/print-ticket-button.tsx';
import { useUpdateKitchenStatus } from '../api/update-kitchen-status.ts';
import { formatAge, formatTimer, isOrderOverdue } from '../kitchen-time.ts';

const SOURCE_BADGE: Record<OrderSource, { label: string; className: string }> = {
  website: { label: 'Website', className: 'bg-sky-300 text-sky-950' },
  pos: { label: 'POS', className: 'bg-violet-300 text-violet-950' },
  table: { label: 'Table', className: 'bg-amber-300 text-amber-950' },
  wolt: { label: 'Wolt', className: 'bg-cyan-300 text-cyan-950' },
  bolt: { label: 'Bolt', className: 'bg-emerald-300 text-emerald-950' },
};

const TYPE_LABEL: Record<OrderType, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  'dine-in': 'Dine-in',
};

/** The accent of each kitchen status, shared by the columns and the cards. */
export const STATUS_ACCENT: Record<Exclude<KitchenStatus, 'cleared'>, string> = {
  pending: 'border-mustard-400',
  started: 'border-sky-400',
  ready: 'border-emerald-400',
  done: 'border-stone-500',
};

/**
 * The forward step a card offers from each status, shown only when the shared table allows it.
 * Re-sending started is the estimate buttons' job; going back (done → ready) is Recall's.
 */
const STEPS: { from: KitchenStatus; to: KitchenStatus; label: string; className: string }[] = [
  {
    from: 'pending',
    to: 'started',
    label: 'Start Order',
    className: 'bg-sky-500 text-sky-950 hover:bg-sky-400',
  },
  {
    from: 'started',
    to: 'ready',
    label: 'Mark Ready',
    className: 'bg-emerald-500 text-emerald-950 hover:bg-emerald-400',
  },
  {
    from: 'ready',
    to: 'done',
    label: 'Mark Done',
    className: 'bg-stone-200 text-stone-950 hover:bg-white',
  },
];

interface OrderCardProps {
  order: KitchenOrder;
  now: Date;
  isNew: boolean;
  onTouch: (orderId: string) => void;
}

/** The pulse of a new order's border (used by the `animate-[kitchen-new-pulse…]` class above). */
export const NEW_ORDER_KEYFRAMES =
  '@keyframes kitchen-new-pulse { 0%, 100% { opacity: 1 } 50% { opacity: 0.2 } }';

export function OrderCard({ order, now, isNew, onTouch }: OrderCardProps) {
  const update = useUpdateKitchenStatus(order.id);
  const status = order.kitchenStatus;
  const started = status === 'started';
  const overdue = isOrderOverdue(order, now);
  const steps = STEPS.filter((step) => step.from === status && kitchenStepAllowed(status, step.to));
  const source = SOURCE_BADGE[order.orderSource];
  const busy = update.isPending;

  return (
    <article
      aria-label={`Order #${order.orderNumber}`}
      data-new-order={isNew}
      // On click, after any button's own click: ending the highlight changes the layout, and a
      // change between press and release would swallow the button's click.
      onClick={() => onTouch(order.id)}
      className={cn(
        'relative flex flex-col gap-4 rounded-2xl border-l-8 bg-char-800 p-5 text-white shadow-lg',
        STATUS_ACCENT[status === 'cleared' ? 'done' : status],
        overdue && 'border-red-500 bg-red-950 ring-4 ring-red-500',
        isNew &&
          'bg-char-700 before:pointer-events-none before:absolute before:-inset-1.5 before:rounded-[1.2rem] before:border-[6px] before:border-mustard-400 motion-safe:before:animate-[kitchen-new-pulse_1.2s_ease-in-out_infinite]',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-display text-5xl leading-none tracking-tight tabular-nums xl:text-6xl">
            #{order.orderNumber}
          </p>
          <p className="mt-2 truncate text-2xl font-semibold">{order.customerName}</p>
          {order.takenBy && (
            <p className="mt-1 truncate text-lg text-cream-50/80">Taken by {order.takenBy}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {order.isTest && (
            // Paid through the payment simulator: no money moved (DESIGN.md "payments").
            <span
              title="Test order: the payment was simulated"
              className="rounded-md border-2 border-dashed border-mustard-400 px-2.5 py-0.5 text-lg font-black tracking-wider text-mustard-400"
            >
              TEST
            </span>
          )}
          {isNew && (
            <span className="rounded-md bg-mustard-400 px-2.5 py-1 text-lg font-black tracking-wider text-char-950">
              NEW
            </span>
          )}
          <span className={cn('rounded-md px-2.5 py-1 text-lg font-bold', source.className)}>
            {source.label}
          </span>
          <span className="rounded-md bg-white/15 px-2.5 py-1 text-lg font-bold">
            {TYPE_LABEL[order.type]}
          </span>
        </div>
      </header>

      {order.type === 'dine-in' && order.tableNumber && (
        // Read from two metres away: where this order is carried to.
        <p
          data-testid="order-table"
          className="-mt-1 self-start rounded-xl bg-mustard-400 px-4 py-1.5 font-display text-4xl leading-tight tracking-wide whitespace-nowrap text-char-950"
        >
          TABLE {order.tableNumber}
        </p>
      )}

      <p className="-mt-2 text-xl text-stone-300">{formatAge(order.createdAt, now)}</p>

      {started && order.kitchenStartedAt && (
        <div
          className={cn(
            'flex flex-wrap items-center gap-x-5 gap-y-1 rounded-xl px-4 py-2 text-2xl font-bold',
            overdue ? 'bg-red-600 text-white' : 'bg-sky-950 text-sky-100',
          )}
        >
          <span className="inline-flex items-center gap-2 tabular-nums">
            <Timer aria-hidden className="size-7" />
            <span className="sr-only">Time since start</span>
            {formatTimer(order.kitchenStartedAt, now)}
          </span>
          {order.kitchenEstimatedTime !== null && (
            <span className="inline-flex items-center gap-2">
              <AlarmClock aria-hidden className="size-7" />
              Est. {order.kitchenEstimatedTime} min
            </span>
          )}
          {overdue && (
            <span className="rounded-md bg-white px-2 py-0.5 uppercase text-red-700">Overdue</span>
          )}
        </div>
      )}

      <ul className="flex flex-col gap-3" aria-label="Items">
        {order.items.map((item, index) => (
          <li key={index} className="border-b border-white/10 pb-3 last:border-b-0 last:pb-0">
            <p className="text-2xl font-bold leading-tight xl:text-3xl">
              <span className="mr-2 inline-block min-w-10 rounded-md bg-white px-1.5 text-center text-char-950 tabular-nums">
                {item.quantity}×
              </span>
              {item.name}
            </p>
            <ItemDetails item={item} />
          </li>
        ))}
      </ul>

      {order.specialInstructions && (
        <p className="flex items-start gap-3 rounded-xl bg-mustard-400 px-4 py-3 text-2xl font-bold text-char-950">
          <MessageSquareWarning aria-hidden className="mt-0.5 size-8 shrink-0" />
          <span>
            <span className="sr-only">Special instructions: </span>
            {order.specialInstructions}
          </span>
        </p>
      )}

      {started && (
        <div role="group" aria-label="Estimated time" className="grid grid-cols-5 gap-2">
          {ESTIMATE_CHOICES.map((minutes) => {
            const chosen = order.kitchenEstimatedTime === minutes;
            return (
              <button
                key={minutes}
                type="button"
                aria-pressed={chosen}
                disabled={busy}
                onClick={() => update.mutate({ kitchenStatus: 'started', estimatedTime: minutes })}
                className={cn(
                  'flex h-18 flex-col items-center justify-center rounded-xl border-2 leading-none transition-colors disabled:opacity-60',
                  chosen
                    ? 'border-white bg-white text-char-950'
                    : 'border-white/40 bg-transparent text-white hover:border-white',
                )}
              >
                <span className="text-3xl font-black tabular-nums">{minutes}</span>
                <span className="mt-1 text-base font-semibold"> min</span>
              </button>
            );
          })}
        </div>
      )}

      <PrintTicketButton order={order} className="self-start" />

      {steps.length > 0 && (
        <div className="flex flex-wrap gap-3">
          {steps.map((step) => (
            <button
              key={step.to}
              type="button"
              disabled={busy}
              onClick={() => update.mutate({ kitchenStatus: step.to })}
              className={cn(
                'h-18 min-w-40 flex-1 rounded-xl px-6 text-2xl font-black transition-colors disabled:opacity-60',
                step.className,
              )}
            >
              {step.label}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}

function ItemDetails({ item }: { item: KitchenOrder['items'][number] }) {
  const details: { label: string; value: string }[] = [];
  if (item.bread) details.push({ label: 'Bread', value: item.bread });
  if (item.sauce) details.push({ label: 'Sauce', value: item.sauce });
  if (item.addOns.length > 0) details.push({ label: 'Add', value: item.addOns.join(', ') });
  if (details.length === 0 && !item.specialInstructions) return null;
  return (
    <div className="mt-1.5 flex flex-col gap-1 pl-12 text-xl">
      {details.map((detail) => (
        <p key={detail.label}>
          <span className="text-stone-400">{detail.label}: </span>
          <span className="font-semibold">{detail.value}</span>
        </p>
      ))}
      {item.specialInstructions && (
        <p className="font-bold text-mustard-400">
          <span className="sr-only">Note: </span>“{item.specialInstructions}”
        </p>
      )}
    </div>
  );
}
