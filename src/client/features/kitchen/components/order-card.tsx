import {
  AlarmClock,
  ChevronsDown,
  Hourglass,
  MessageSquareWarning,
  Timer,
  TriangleAlert,
} from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  PLATFORM_NAMES,
  PLATFORMS,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
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
import { useDismissOrder } from '../api/dismiss-order.ts';
import { useUpdateKitchenStatus } from '../api/update-kitchen-status.ts';
import {
  acceptCountdown,
  formatAge,
  formatTimer,
  isOrderOverdue,
  msUntil,
} from '../kitchen-time.ts';
import { isAwaitingAccept } from '../new-orders.ts';
import { RejectOrderDialog } from './reject-order-dialog.tsx';

const SOURCE_BADGE: Record<OrderSource, { label: string; className: string }> = {
  website: { label: 'Website', className: 'bg-sky-300 text-sky-950' },
  pos: { label: 'POS', className: 'bg-violet-300 text-violet-950' },
  table: { label: 'Table', className: 'bg-amber-300 text-amber-950' },
  // The platforms' own colours, roughly: Wolt's blue, Bolt's green (decision 017).
  wolt: { label: PLATFORM_NAMES.wolt, className: 'bg-[#00c2e8] text-char-950' },
  bolt: { label: PLATFORM_NAMES.bolt, className: 'bg-[#34d186] text-char-950' },
};

/** The delivery platform an order came from, or null for our own channels. */
function platformOf(order: KitchenOrder): Platform | null {
  return (PLATFORMS as readonly string[]).includes(order.orderSource)
    ? (order.orderSource as Platform)
    : null;
}

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
  const dismiss = useDismissOrder(order.id);
  const [rejecting, setRejecting] = useState(false);
  const status = order.kitchenStatus;
  const platform = platformOf(order);
  const cancelled = order.status === 'cancelled';
  const awaitingAccept = !!platform && isAwaitingAccept(order);
  const started = status === 'started' && !cancelled;
  const overdue = !cancelled && isOrderOverdue(order, now);
  const steps = cancelled
    ? []
    : STEPS.filter((step) => step.from === status && kitchenStepAllowed(status, step.to));
  const source = SOURCE_BADGE[order.orderSource];
  const busy = update.isPending;
  const countdown =
    awaitingAccept && order.platform?.acceptBy
      ? acceptCountdown(msUntil(order.platform.acceptBy, now))
      : null;
  const externalNumber = order.platform?.externalNumber?.replace(/^#/, '');

  return (
    <article
      aria-label={`Order #${order.orderNumber}`}
      data-new-order={isNew}
      // On click, after any button's own click: ending the highlight changes the layout, and a
      // change between press and release would swallow the button's click.
      onClick={() => onTouch(order.id)}
      className={cn(
        // Never taller than its column at a wall screen's height (xl): the items scroll and the
        // buttons stay in sight at the bottom, however long the order.
        'relative flex shrink-0 flex-col gap-3 rounded-2xl border-l-8 bg-(--card-bg) p-4 text-white shadow-lg [--card-bg:var(--color-char-800)] xl:max-h-full',
        STATUS_ACCENT[status === 'cleared' ? 'done' : status],
        overdue && 'border-red-500 ring-4 ring-red-500 [--card-bg:var(--color-red-950)]',
        isNew &&
          '[--card-bg:var(--color-char-700)] before:pointer-events-none before:absolute before:-inset-1.5 before:rounded-[1.2rem] before:border-[6px] before:border-mustard-400 motion-safe:before:animate-[kitchen-new-pulse_1.2s_ease-in-out_infinite]',
        // Decision 017: a platform's cancel stays highlighted until the kitchen dismisses it.
        cancelled &&
          'border-red-500 [--card-bg:var(--color-red-950)] before:pointer-events-none before:absolute before:-inset-1.5 before:rounded-[1.2rem] before:border-[6px] before:border-red-500 motion-safe:before:animate-[kitchen-new-pulse_1.2s_ease-in-out_infinite]',
      )}
    >
      <header className="flex shrink-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="font-display text-5xl leading-none tracking-tight tabular-nums">
            #{order.orderNumber}
          </p>
          <div className="flex flex-wrap items-center justify-end gap-2">
            {order.isTest && (
              // Paid through the payment simulator, or a platform's Test Order: no money moved.
              <span
                title={
                  platform
                    ? `Test order: made by the ${PLATFORM_NAMES[platform]} Test Order button`
                    : 'Test order: the payment was simulated'
                }
                className="rounded-md border-2 border-dashed border-mustard-400 px-2 py-0.5 text-lg leading-snug font-black tracking-wider text-mustard-400"
              >
                TEST
              </span>
            )}
            {isNew && (
              <span className="rounded-md bg-mustard-400 px-2 py-0.5 text-lg leading-snug font-black tracking-wider text-char-950">
                NEW
              </span>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn('rounded-md px-1.5 py-0.5 text-base font-black', source.className)}>
            {source.label}
          </span>
          {platform && externalNumber && (
            // The number the courier and the platform's customer say (decision 017).
            <span className="text-lg font-black tabular-nums">
              <span className="sr-only">{PLATFORM_NAMES[platform]} order </span>#{externalNumber}
            </span>
          )}
          <span className="rounded-md bg-white/15 px-1.5 py-0.5 text-base font-bold">
            {TYPE_LABEL[order.type]}
          </span>
        </div>
        <p className="flex items-baseline justify-between gap-3">
          <span className="min-w-0 truncate text-xl font-semibold">{order.customerName}</span>
          <span className="shrink-0 text-lg text-stone-300">{formatAge(order.createdAt, now)}</span>
        </p>
        {order.takenBy && (
          <p className="truncate text-lg text-cream-50/80">Taken by {order.takenBy}</p>
        )}
      </header>

      {cancelled && (
        <p
          role="alert"
          className="shrink-0 rounded-xl bg-red-600 px-3 py-2 text-center font-display text-2xl leading-tight tracking-wide text-white uppercase"
        >
          {/* Decision 021: an order voided by a whole refund reads VOID. */}
          {platform ? `Cancelled by ${PLATFORM_NAMES[platform]}` : 'VOID'}
        </p>
      )}

      {platform && order.platform?.error && (
        // Decision 017: a failed call to the platform is never hidden; the server retries it.
        <p
          role="alert"
          className="flex shrink-0 items-start gap-2 rounded-xl bg-red-600 px-3 py-2 text-lg leading-snug font-bold text-white"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-6 shrink-0" />
          <span>{platformErrorText(platform, order.platform.error)}</span>
        </p>
      )}

      {countdown && (
        <p
          role="timer"
          data-urgent={countdown.urgent}
          className={cn(
            'flex shrink-0 items-center gap-2 rounded-xl px-3 py-2 text-2xl font-black tabular-nums xl:px-2.5 xl:text-xl',
            countdown.urgent ? 'bg-red-600 text-white' : 'bg-mustard-400 text-char-950',
            countdown.urgent && !countdown.over && 'motion-safe:animate-pulse',
          )}
        >
          <Hourglass aria-hidden className="size-7 shrink-0 xl:size-6" />
          {countdown.text}
        </p>
      )}

      {order.type === 'dine-in' && order.tableNumber && (
        // Read from two metres away: where this order is carried to.
        <p
          data-testid="order-table"
          className="shrink-0 self-start rounded-xl bg-mustard-400 px-4 py-1 font-display text-4xl leading-tight tracking-wide whitespace-nowrap text-char-950"
        >
          TABLE {order.tableNumber}
        </p>
      )}

      {started && order.kitchenStartedAt && (
        <div
          className={cn(
            'flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1 rounded-xl px-3 py-1.5 text-2xl font-bold',
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

      <OrderBody order={order} />

      {(started || steps.length > 0 || cancelled) && (
        <footer className="flex shrink-0 flex-col gap-3">
          {(started || awaitingAccept) && (
            <div className="flex flex-col gap-1">
              {awaitingAccept && (
                // Decision 017: accepting with a time tells the platform when to send the
                // courier; Accept alone keeps the platform's own pickup time.
                <p id={`${order.id}-accept-time`} className="text-base font-bold text-stone-300">
                  Accept, ready in:
                </p>
              )}
              <div
                role="group"
                {...(awaitingAccept
                  ? { 'aria-labelledby': `${order.id}-accept-time` }
                  : { 'aria-label': 'Estimated time' })}
                className="grid grid-cols-5 gap-1.5"
              >
                {ESTIMATE_CHOICES.map((minutes) => {
                  const chosen = started && order.kitchenEstimatedTime === minutes;
                  return (
                    <button
                      key={minutes}
                      type="button"
                      aria-pressed={started ? chosen : undefined}
                      disabled={busy}
                      onClick={() =>
                        update.mutate({ kitchenStatus: 'started', estimatedTime: minutes })
                      }
                      className={cn(
                        'flex h-16 flex-col items-center justify-center rounded-xl border-2 leading-none transition-colors disabled:opacity-60',
                        chosen
                          ? 'border-white bg-white text-char-950'
                          : 'border-white/40 bg-transparent text-white hover:border-white',
                      )}
                    >
                      <span className="text-3xl font-black tabular-nums">{minutes}</span>
                      <span className="mt-0.5 text-base font-semibold"> min</span>
                    </button>
                  );
                })}
              </div>
            </div>
          )}

          <div className="flex flex-wrap gap-2">
            {cancelled ? (
              <button
                type="button"
                disabled={dismiss.isPending}
                onClick={() => dismiss.mutate()}
                className="h-16 min-w-40 flex-1 rounded-xl bg-white px-6 text-2xl font-black text-char-950 transition-colors hover:bg-stone-200 disabled:opacity-60"
              >
                Dismiss
              </button>
            ) : (
              <>
                {!awaitingAccept && (
                  // Icon only beside the big step button: its name stays "Print ticket".
                  // Not before the accept: the ticket is for an order the kitchen makes.
                  <PrintTicketButton
                    order={order}
                    className="h-16 w-14 shrink-0 justify-center px-0 text-[0px] [&_svg]:size-7"
                  />
                )}
                {steps.map((step) => (
                  <button
                    key={step.to}
                    type="button"
                    disabled={busy}
                    onClick={() => update.mutate({ kitchenStatus: step.to })}
                    className={cn(
                      'h-16 min-w-28 flex-1 rounded-xl px-4 text-2xl font-black transition-colors disabled:opacity-60',
                      step.className,
                    )}
                  >
                    {/* Decision 017: Start accepts a platform order waiting for our accept. */}
                    {awaitingAccept && step.to === 'started' ? 'Accept' : step.label}
                  </button>
                ))}
                {awaitingAccept && platform && (
                  <>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => setRejecting(true)}
                      className="h-16 rounded-xl bg-red-600 px-4 text-2xl font-black text-white transition-colors hover:bg-red-500 disabled:opacity-60"
                    >
                      Reject
                    </button>
                    <RejectOrderDialog
                      orderId={order.id}
                      orderNumber={order.orderNumber}
                      externalNumber={externalNumber ?? null}
                      platform={platform}
                      open={rejecting}
                      onOpenChange={setRejecting}
                    />
                  </>
                )}
              </>
            )}
          </div>
        </footer>
      )}
      {!(started || steps.length > 0 || cancelled) && (
        <PrintTicketButton order={order} className="shrink-0 self-start" />
      )}
    </article>
  );
}

/**
 * The items and the order's note: the part of the card that scrolls when the order is long, with
 * a "More below" mark while some of it is out of sight.
 */
function OrderBody({ order }: { order: KitchenOrder }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ overflowing: false, below: false });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const overflowing = element.scrollHeight > element.clientHeight + 1;
      const below = element.scrollTop + element.clientHeight < element.scrollHeight - 1;
      setMore((previous) =>
        previous.overflowing === overflowing && previous.below === below
          ? previous
          : { overflowing, below },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  return (
    <div className="relative flex min-h-0 flex-col overflow-hidden">
      <div
        ref={ref}
        data-testid="order-items-scroll"
        // Scrollable content must be reachable from the keyboard too.
        tabIndex={more.overflowing ? 0 : undefined}
        className="min-h-0 overflow-y-auto overscroll-contain rounded-lg"
      >
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col gap-2.5" aria-label="Items">
            {order.items.map((item, index) => (
              <li key={index} className="border-b border-white/10 pb-2.5 last:border-b-0 last:pb-0">
                <p className="text-2xl leading-tight font-bold">
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
            <p className="flex items-start gap-3 rounded-xl bg-mustard-400 px-3 py-2 text-2xl font-bold text-char-950">
              <MessageSquareWarning aria-hidden className="mt-0.5 size-8 shrink-0" />
              <span>
                <span className="sr-only">Special instructions: </span>
                {order.specialInstructions}
              </span>
            </p>
          )}
        </div>
      </div>
      {more.below && (
        <p
          aria-hidden
          className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-center bg-linear-to-t from-(--card-bg) from-40% to-transparent pt-8 text-lg font-bold text-mustard-400"
        >
          <ChevronsDown className="size-6" /> More below
        </p>
      )}
    </div>
  );
}

/** "Wolt: <what failed>", unless the server's words already name the platform. */
function platformErrorText(platform: Platform, error: string): string {
  const name = PLATFORM_NAMES[platform];
  return error.includes(name) ? error : `${name}: ${error}`;
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
