import {
  AlarmClock,
  CloudOff,
  Hourglass,
  MessageSquareWarning,
  Timer,
  TriangleAlert,
} from 'lucide-react';
import { useEffect, useState } from 'react';
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
import { cn } from '#client/lib/utils.ts';
import { PrintTicketButton } from '../../receipts/index.ts';
import { KitchenReprintButton } from '../../printing/index.ts';
import { useDismissOrder } from '../api/dismiss-order.ts';
import type { Density } from '../board/board-layout.ts';
import type { KitchenChange } from '../kitchen-outbox.ts';
import {
  acceptCountdown,
  formatAge,
  formatShopTime,
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

/**
 * A scheduled order's pickup time and when to start it (decision 026), on the shop's clock:
 * "Pickup 12:30 · start 11:50". Nothing on an order for as soon as possible.
 */
function PickupLine({
  order,
  timeZone,
  className,
}: {
  order: KitchenOrder;
  timeZone: string | undefined;
  className: string;
}) {
  if (!order.pickupAt) return null;
  return (
    <p className={cn('truncate font-bold text-indigo-200', className)}>
      Pickup <time dateTime={order.pickupAt}>{formatShopTime(order.pickupAt, timeZone)}</time>
      {order.startAt && (
        <>
          {' · start '}
          <time dateTime={order.startAt}>{formatShopTime(order.startAt, timeZone)}</time>
        </>
      )}
    </p>
  );
}

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
  /** A kitchen step, through the display's queue (decision 024). */
  onStep: (order: KitchenOrder, change: KitchenChange) => void;
  /** Compact when many orders are open (board-layout.ts). */
  density: Density;
  /** Taps of this order not yet answered by the server. */
  waiting?: number;
  /** The shop's time zone, for the time the order was made. */
  timeZone?: string | undefined;
}

/** After a tap, the card's buttons rest this long: a double tap never hits the next step. */
const TAP_REST_MS = 700;

/**
 * A ring that pulses around an element that must be seen (the urgent countdown, the paused pill,
 * "Tap for sound"): the element itself stays opaque, so its text keeps its contrast all the time.
 */
export const PULSE_RING =
  'relative before:pointer-events-none before:absolute before:-inset-1.5 before:rounded-[1rem] before:border-4 before:border-current motion-safe:before:animate-[kitchen-new-pulse_1.2s_ease-in-out_infinite]';

/** The pulse of a new order's border (used by the `animate-[kitchen-new-pulse…]` class above). */
export const NEW_ORDER_KEYFRAMES =
  '@keyframes kitchen-new-pulse { 0%, 100% { opacity: 1 } 50% { opacity: 0.2 } }';

export function OrderCard({
  order,
  now,
  isNew,
  onTouch,
  onStep,
  density,
  waiting = 0,
  timeZone,
}: OrderCardProps) {
  const compact = density === 'compact';
  const [resting, setResting] = useState(false);
  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), TAP_REST_MS);
    return () => clearTimeout(timer);
  }, [resting]);
  const step = (change: KitchenChange) => {
    setResting(true);
    onStep(order, change);
  };
  const dismiss = useDismissOrder(order.id);
  const [rejecting, setRejecting] = useState(false);
  const [changingEstimate, setChangingEstimate] = useState(false);
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
  const busy = resting;
  const countdown =
    awaitingAccept && order.platform?.acceptBy
      ? acceptCountdown(msUntil(order.platform.acceptBy, now))
      : null;
  const externalNumber = order.platform?.externalNumber?.replace(/^#/, '');

  // Two sizes of the same card (board-layout.ts): every fact and button in both, smaller type
  // and tighter spacing when compact. Nothing scrolls inside a card: a long order grows it.
  const c = <T,>(normal: T, small: T) => (compact ? small : normal);
  const showEstimates =
    awaitingAccept ||
    (started && (!compact || order.kitchenEstimatedTime === null || changingEstimate));

  return (
    <article
      aria-label={`Order #${order.orderNumber}`}
      data-new-order={isNew}
      data-density={density}
      // On click, after any button's own click: ending the highlight changes the layout, and a
      // change between press and release would swallow the button's click.
      onClick={() => onTouch(order.id)}
      className={cn(
        'relative flex shrink-0 flex-col rounded-2xl border-l-8 bg-(--card-bg) text-white shadow-lg [--card-bg:var(--color-char-800)]',
        c('gap-3 p-4', 'gap-1 px-2 py-1.5'),
        STATUS_ACCENT[status === 'cleared' ? 'done' : status],
        overdue && 'border-red-500 ring-4 ring-red-500 [--card-bg:var(--color-red-950)]',
        isNew &&
          '[--card-bg:var(--color-char-700)] before:pointer-events-none before:absolute before:-inset-1.5 before:rounded-[1.2rem] before:border-[6px] before:border-mustard-400 motion-safe:before:animate-[kitchen-new-pulse_1.2s_ease-in-out_infinite]',
        // Decision 017: a platform's cancel stays highlighted until the kitchen dismisses it.
        cancelled &&
          'border-red-500 [--card-bg:var(--color-red-950)] before:pointer-events-none before:absolute before:-inset-1.5 before:rounded-[1.2rem] before:border-[6px] before:border-red-500 motion-safe:before:animate-[kitchen-new-pulse_1.2s_ease-in-out_infinite]',
      )}
    >
      {compact ? (
        // Compact: two rows. The number and where it came from; then the rest, small.
        <header className="flex shrink-0 flex-col gap-0.5">
          <div className="flex items-center justify-between gap-1">
            <p className="font-display text-3xl leading-none tracking-tight tabular-nums">
              #{order.orderNumber}
            </p>
            <span className="flex items-center gap-1">
              {waiting > 0 && (
                <span
                  title="Waiting to send: the connection is down"
                  className="inline-flex items-center rounded bg-amber-400 p-0.5 text-amber-950"
                >
                  <CloudOff aria-hidden className="size-4" />
                  <span className="sr-only">Waiting to send</span>
                </span>
              )}
              {isNew && (
                <span className="rounded bg-mustard-400 px-1 text-sm font-black text-char-950">
                  NEW
                </span>
              )}
            </span>
          </div>
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm leading-snug font-bold">
            <span
              className={cn('rounded px-1 text-xs font-black whitespace-nowrap', source.className)}
            >
              {source.label}
            </span>
            {platform && externalNumber && (
              <span className="font-black tabular-nums">
                <span className="sr-only">{PLATFORM_NAMES[platform]} order </span>#{externalNumber}
              </span>
            )}
            <span>{TYPE_LABEL[order.type]}</span>
          </p>
          <p className="flex items-center justify-between gap-1.5 text-sm leading-snug text-stone-300">
            <span className="min-w-0 truncate">{order.customerName}</span>
            {order.isTest && (
              <span className="shrink-0 rounded border border-dashed border-mustard-400 px-1 text-xs font-black text-mustard-400">
                TEST
              </span>
            )}
            {/* The shop's clock (decision 024); the age is the clock's difference. */}
            <time
              dateTime={order.createdAt}
              title={formatAge(order.createdAt, now)}
              className="shrink-0 tabular-nums"
            >
              {formatShopTime(order.createdAt, timeZone)}
            </time>
          </p>
          {order.takenBy && (
            <p className="truncate text-sm text-stone-300">Taken by {order.takenBy}</p>
          )}
          <PickupLine order={order} timeZone={timeZone} className="text-sm" />
        </header>
      ) : (
        <header className={cn('flex shrink-0 flex-col', c('gap-1.5', 'gap-1'))}>
          <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <p
              className={cn(
                'font-display leading-none tracking-tight tabular-nums',
                c('text-5xl', 'text-3xl'),
              )}
            >
              #{order.orderNumber}
            </p>
            <div className="flex flex-wrap items-center justify-end gap-1.5">
              {waiting > 0 && (
                // Decision 024: this card's taps wait for the connection; they are sent when it is back.
                <span
                  title="Waiting to send: the connection is down"
                  className="inline-flex items-center gap-1 rounded-md bg-amber-400 px-1.5 py-0.5 text-base leading-snug font-black text-amber-950"
                >
                  <CloudOff aria-hidden className="size-5" />
                  <span className="sr-only">Waiting to send</span>
                </span>
              )}
              {order.isTest && (
                // Paid through the payment simulator, or a platform's Test Order: no money moved.
                <span
                  title={
                    platform
                      ? `Test order: made by the ${PLATFORM_NAMES[platform]} Test Order button`
                      : 'Test order: the payment was simulated'
                  }
                  className={cn(
                    'rounded-md border-2 border-dashed border-mustard-400 px-1.5 py-0.5 leading-snug font-black tracking-wider text-mustard-400',
                    c('text-lg', 'text-xs'),
                  )}
                >
                  TEST
                </span>
              )}
              {isNew && (
                <span
                  className={cn(
                    'rounded-md bg-mustard-400 px-1.5 py-0.5 leading-snug font-black tracking-wider text-char-950',
                    c('text-lg', 'text-sm'),
                  )}
                >
                  NEW
                </span>
              )}
            </div>
          </div>
          <div className={cn('flex flex-wrap items-center', c('gap-2', 'gap-1.5'))}>
            <span
              className={cn(
                'rounded-md px-1.5 font-black',
                c('py-0.5 text-base', 'text-sm'),
                source.className,
              )}
            >
              {source.label}
            </span>
            {platform && externalNumber && (
              // The number the courier and the platform's customer say (decision 017).
              <span className={cn('font-black tabular-nums', c('text-lg', 'text-sm'))}>
                <span className="sr-only">{PLATFORM_NAMES[platform]} order </span>#{externalNumber}
              </span>
            )}
            <span
              className={cn(
                'rounded-md bg-white/15 px-1.5 font-bold',
                c('py-0.5 text-base', 'text-sm'),
              )}
            >
              {TYPE_LABEL[order.type]}
            </span>
          </div>
          <p className={cn('flex items-baseline justify-between gap-2', c('text-xl', 'text-sm'))}>
            <span className="min-w-0 truncate font-semibold">{order.customerName}</span>
            <span className={cn('shrink-0 text-stone-300 tabular-nums', c('text-lg', 'text-xs'))}>
              {/* The shop's clock (decision 024), and how long ago. */}
              <time dateTime={order.createdAt}>{formatShopTime(order.createdAt, timeZone)}</time>
              {' · '}
              {formatAge(order.createdAt, now)}
            </span>
          </p>
          {order.takenBy && (
            <p className={cn('truncate text-cream-50/80', c('text-lg', 'text-sm'))}>
              Taken by {order.takenBy}
            </p>
          )}
          <PickupLine order={order} timeZone={timeZone} className={c('text-lg', 'text-sm')} />
        </header>
      )}

      {cancelled && (
        <p
          role="alert"
          className={cn(
            'shrink-0 rounded-xl bg-red-600 px-3 text-center font-display leading-tight tracking-wide text-white uppercase',
            c('py-2 text-2xl', 'py-1 text-xl'),
          )}
        >
          {/* Decision 021: an order voided by a whole refund reads VOID. */}
          {platform ? `Cancelled by ${PLATFORM_NAMES[platform]}` : 'VOID'}
        </p>
      )}

      {platform && order.platform?.error && (
        // Decision 017: a failed call to the platform is never hidden; the server retries it.
        <p
          role="alert"
          className={cn(
            'flex shrink-0 items-start gap-2 rounded-xl bg-red-600 px-2.5 leading-snug font-bold text-white',
            c('py-2 text-lg', 'py-1 text-base'),
          )}
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>{platformErrorText(platform, order.platform.error)}</span>
        </p>
      )}

      {countdown && (
        <p
          role="timer"
          data-urgent={countdown.urgent}
          className={cn(
            'flex shrink-0 items-center gap-2 rounded-xl px-2.5 font-black tabular-nums',
            c('py-2 text-2xl', 'py-0.5 text-sm leading-tight'),
            countdown.urgent ? 'bg-red-600 text-white' : 'bg-mustard-400 text-char-950',
            countdown.urgent && !countdown.over && PULSE_RING,
          )}
        >
          <Hourglass aria-hidden className={cn('shrink-0', c('size-7', 'size-4'))} />
          {countdown.text}
        </p>
      )}

      {order.type === 'dine-in' && order.tableNumber && (
        // Read from two metres away: where this order is carried to.
        <p
          data-testid="order-table"
          className={cn(
            'shrink-0 self-start rounded-xl bg-mustard-400 px-3 py-0.5 font-display leading-tight tracking-wide whitespace-nowrap text-char-950',
            c('text-4xl', 'text-2xl'),
          )}
        >
          TABLE {order.tableNumber}
        </p>
      )}

      {started && order.kitchenStartedAt && (
        <div
          className={cn(
            'flex shrink-0 flex-wrap items-center gap-x-3 gap-y-0.5 rounded-xl px-2.5 font-bold',
            c('py-1.5 text-2xl', 'py-0 text-base leading-tight'),
            overdue ? 'bg-red-600 text-white' : 'bg-sky-950 text-sky-100',
          )}
        >
          <span className="inline-flex items-center gap-1.5 tabular-nums">
            <Timer aria-hidden className={c('size-7', 'size-4')} />
            <span className="sr-only">Time since start</span>
            {formatTimer(order.kitchenStartedAt, now)}
          </span>
          {order.kitchenEstimatedTime !== null &&
            (compact ? (
              // Compact: the chosen estimate folds the five buttons away; a tap brings them back.
              <button
                type="button"
                aria-expanded={changingEstimate}
                title="Change the estimate"
                onClick={() => setChangingEstimate((open) => !open)}
                className="inline-flex items-center gap-1 rounded-md underline decoration-dotted underline-offset-4"
              >
                <AlarmClock aria-hidden className="size-4" />
                Est. {order.kitchenEstimatedTime} min
              </button>
            ) : (
              <span className="inline-flex items-center gap-1.5">
                <AlarmClock aria-hidden className="size-7" />
                Est. {order.kitchenEstimatedTime} min
              </span>
            ))}
          {overdue && (
            <span className="rounded-md bg-white px-2 py-0.5 uppercase text-red-700">Overdue</span>
          )}
        </div>
      )}

      <OrderBody order={order} compact={compact} />

      {(started || steps.length > 0 || cancelled) && (
        <footer className={cn('flex shrink-0 flex-col', c('gap-3', 'gap-1.5'))}>
          {showEstimates && (
            <div className="flex flex-col gap-1">
              {awaitingAccept && (
                // Decision 017: accepting with a time tells the platform when to send the
                // courier; Accept alone keeps the platform's own pickup time.
                <p
                  id={`${order.id}-accept-time`}
                  className={cn('font-bold text-stone-300', c('text-base', 'sr-only'))}
                >
                  Accept, ready in:
                </p>
              )}
              <div
                role="group"
                {...(awaitingAccept
                  ? { 'aria-labelledby': `${order.id}-accept-time` }
                  : { 'aria-label': 'Estimated time' })}
                className="grid grid-cols-5 gap-1"
              >
                {ESTIMATE_CHOICES.map((minutes) => {
                  const chosen = started && order.kitchenEstimatedTime === minutes;
                  return (
                    <button
                      key={minutes}
                      type="button"
                      aria-pressed={started ? chosen : undefined}
                      disabled={busy}
                      onClick={() => {
                        setChangingEstimate(false);
                        step({ kitchenStatus: 'started', estimatedTime: minutes });
                      }}
                      className={cn(
                        'flex items-center justify-center rounded-xl border-2 leading-none transition-colors disabled:opacity-60',
                        c('h-16 flex-col', 'h-9'),
                        chosen
                          ? 'border-white bg-white text-char-950'
                          : 'border-white/40 bg-transparent text-white hover:border-white',
                      )}
                    >
                      <span className={cn('font-black tabular-nums', c('text-3xl', 'text-lg'))}>
                        {minutes}
                      </span>
                      <span className={cn('font-semibold', c('mt-0.5 text-base', 'sr-only'))}>
                        {' '}
                        min
                      </span>
                    </button>
                  );
                })}
              </div>
            </div>
          )}

          <div className="flex flex-wrap gap-1.5">
            {cancelled ? (
              <button
                type="button"
                disabled={dismiss.isPending}
                onClick={() => dismiss.mutate()}
                className={cn(
                  'flex-1 rounded-xl bg-white px-6 font-black text-char-950 transition-colors hover:bg-stone-200 disabled:opacity-60',
                  c('h-16 min-w-40 text-2xl', 'h-10 text-lg'),
                )}
              >
                Dismiss
              </button>
            ) : (
              <>
                {!awaitingAccept && (
                  // Icon only beside the big step button: its name stays "Print ticket".
                  // Not before the accept: the ticket is for an order the kitchen makes.
                  <>
                    <PrintTicketButton
                      order={order}
                      className={cn(
                        'shrink-0 justify-center px-0 text-[0px]',
                        c('h-16 w-14 [&_svg]:size-7', 'h-10 w-9 [&_svg]:size-5'),
                      )}
                    />
                    {/* On the receipt printers, marked REPRINT (decision 028). */}
                    <KitchenReprintButton
                      orderId={order.id}
                      className={cn(
                        'shrink-0 justify-center rounded-xl border-2 border-white/40 px-0 text-[0px] text-white hover:border-white',
                        c('h-16 w-14 [&_svg]:size-7', 'h-10 w-9 [&_svg]:size-5'),
                      )}
                    />
                  </>
                )}
                {steps.map((next) => (
                  <button
                    key={next.to}
                    type="button"
                    disabled={busy}
                    onClick={() => step({ kitchenStatus: next.to })}
                    className={cn(
                      'flex-1 rounded-xl px-2 font-black transition-colors disabled:opacity-60',
                      c('h-16 min-w-24 text-2xl', 'h-10 min-w-16 text-base whitespace-nowrap'),
                      next.className,
                    )}
                  >
                    {/* Decision 017: Start accepts a platform order waiting for our accept. */}
                    {awaitingAccept && next.to === 'started' ? 'Accept' : next.label}
                  </button>
                ))}
                {awaitingAccept && platform && (
                  <>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => setRejecting(true)}
                      className={cn(
                        'rounded-xl bg-red-600 px-2 font-black text-white transition-colors hover:bg-red-500 disabled:opacity-60',
                        c('h-16 px-3 text-2xl', 'h-10 text-base'),
                      )}
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
        <PrintTicketButton
          order={order}
          className={cn('shrink-0 self-start', compact && 'h-9 text-sm')}
        />
      )}
    </article>
  );
}

/**
 * The items and the order's note. Never a scroll box: every line is on screen (decision 024),
 * and a long order makes a taller card.
 */
function OrderBody({ order, compact }: { order: KitchenOrder; compact: boolean }) {
  return (
    <div className={cn('flex flex-col', compact ? 'gap-1' : 'gap-3')}>
      <ul className={cn('flex flex-col', compact ? 'gap-0.5' : 'gap-2.5')} aria-label="Items">
        {order.items.map((item, index) => (
          <li
            key={index}
            className={cn(
              'border-b border-white/10 last:border-b-0 last:pb-0',
              compact ? 'pb-0.5' : 'pb-2.5',
            )}
          >
            <p className={cn('leading-tight font-bold', compact ? 'text-base' : 'text-2xl')}>
              <span
                className={cn(
                  'inline-block rounded-md bg-white px-1 text-center text-char-950 tabular-nums',
                  compact ? 'mr-1 min-w-7' : 'mr-2 min-w-10',
                )}
              >
                {item.quantity}×
              </span>
              {item.name}
            </p>
            <ItemDetails item={item} compact={compact} />
          </li>
        ))}
      </ul>

      {order.specialInstructions && (
        <p
          className={cn(
            'flex items-start gap-2 rounded-xl bg-mustard-400 font-bold text-char-950',
            compact ? 'px-1.5 py-0.5 text-xs' : 'px-3 py-2 text-2xl',
          )}
        >
          <MessageSquareWarning
            aria-hidden
            className={cn('mt-0.5 shrink-0', compact ? 'size-4' : 'size-8')}
          />
          <span>
            <span className="sr-only">Special instructions: </span>
            {order.specialInstructions}
          </span>
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

function ItemDetails({ item, compact }: { item: KitchenOrder['items'][number]; compact: boolean }) {
  const details: { label: string; value: string }[] = [];
  if (item.bread) details.push({ label: 'Bread', value: item.bread });
  if (item.sauce) details.push({ label: 'Sauce', value: item.sauce });
  if (item.addOns.length > 0) details.push({ label: 'Add', value: item.addOns.join(', ') });
  if (details.length === 0 && !item.specialInstructions) return null;
  return (
    <div
      className={cn(
        'flex flex-col',
        compact ? 'gap-0 pl-3 text-sm leading-snug' : 'mt-1.5 gap-1 pl-12 text-xl',
      )}
    >
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
