import { Clock } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { formatCustomerClock, formatCustomerDateTime } from '#client/lib/customer-date-time.ts';
import { StatusBadge, TONE_PANEL_CLASSES } from '#client/components/customer/status-badge.tsx';
import { eurosToCents, formatEuroCents } from '#shared/money.ts';
import type { TrackedByNumber } from '#shared/orders/order.schema.ts';
import { displayStatus, estimatedReadyAt, presentStatus } from '#shared/orders/order-states.ts';
import { KitchenProgress, kitchenStep } from './kitchen-progress.tsx';
import { PickupTimeNote } from '#client/components/customer/pickup-time-note.tsx';

/** Spec customer-site §2 "Order tracking page" and §4: what the kitchen has done with an order. */
export function TrackedOrderCard({ order }: { order: TrackedByNumber }) {
  const shown = displayStatus(order.status, order.kitchenStatus);
  const status = presentStatus(shown);
  const step = kitchenStep(shown);
  const readyAt = estimatedReadyAt(order.kitchenStartedAt, order.kitchenEstimatedTime);
  const stillCooking = shown !== 'ready' && shown !== 'completed' && shown !== 'cancelled';
  const paid = order.paymentStatus === 'paid';

  return (
    <article
      aria-labelledby="tracked-order-heading"
      className="flex flex-col gap-5 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/5 sm:p-7"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tracked-order-heading" className="font-display text-3xl">
          Order #{order.orderNumber}
        </h2>
        <p className="text-sm text-char-700">Placed {formatCustomerDateTime(order.createdAt)}</p>
      </header>

      <section
        aria-label="Order status"
        className={cn(
          'flex flex-col gap-2 rounded-2xl p-4 ring-1',
          TONE_PANEL_CLASSES[status.tone],
        )}
      >
        <StatusBadge presentation={status} className="w-fit text-base" />
        <PickupTimeNote order={order} />
        {status.message && <p className="text-lg font-semibold">{status.message}</p>}
        {shown === 'preparing' && order.kitchenEstimatedTime !== null && (
          <p className="text-char-700">Estimated time: {order.kitchenEstimatedTime} minutes.</p>
        )}
      </section>

      {step !== null && <KitchenProgress current={step} />}

      {readyAt && stillCooking && (
        <p className="flex items-center gap-3 rounded-2xl bg-char-900 px-4 py-3 text-white">
          <Clock aria-hidden className="size-6 shrink-0 text-mustard-400" />
          <span>
            Estimated ready at{' '}
            <time
              dateTime={readyAt.toISOString()}
              className="font-display text-2xl text-mustard-400"
            >
              {formatCustomerClock(readyAt)}
            </time>
          </span>
        </p>
      )}

      <section aria-labelledby="tracked-items-heading">
        <h3
          id="tracked-items-heading"
          className="text-sm font-extrabold tracking-widest text-char-700 uppercase"
        >
          Items
        </h3>
        <ul className="mt-2 divide-y divide-char-900/10">
          {order.items.map((item, index) => (
            <li key={`${item.name}-${index}`} className="py-2 font-semibold">
              <span className="text-ember-700">{item.quantity} ×</span> {item.name}
            </li>
          ))}
        </ul>
      </section>

      <dl className="flex flex-wrap items-center justify-between gap-3 border-t-2 border-dashed border-char-900/15 pt-4">
        <div className="flex items-baseline gap-2 text-xl font-extrabold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatEuroCents(eurosToCents(order.total))}</dd>
        </div>
        <div>
          <dt className="sr-only">Payment status</dt>
          <dd
            data-tone={paid ? 'green' : 'yellow'}
            className={cn(
              'rounded-full px-3 py-1 text-sm font-bold ring-1',
              paid
                ? 'bg-green-700 text-white ring-green-900/30'
                : 'bg-mustard-400 text-char-900 ring-yellow-600/40',
            )}
          >
            Payment: {order.paymentStatus}
          </dd>
        </div>
      </dl>
    </article>
  );
}
