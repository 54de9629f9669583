import { Clock } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { cn } from '#client/lib/utils.ts';
import { formatCustomerClock, pickupAtText } from '#client/lib/customer-date-time.ts';
import { shopStatusQuery } from '#client/lib/shop/shop-queries.ts';
import { displayStatus } from '#shared/orders/order-states.ts';

export interface OrderTimes {
  /** Absent on /track, which does not say; a dine-in order is brought to the table. */
  type?: string;
  status: string;
  kitchenStatus: string | null;
  createdAt: string;
  pickupAt?: string | null | undefined;
  quotedMinutes?: number | null | undefined;
}

/** Still waiting for the kitchen: a quote means something only until the kitchen starts. */
const WAITING = new Set(['pending', 'confirmed', 'paid']);

/**
 * When a customer's order will be ready (decision 026), on the shop's clock: "Pickup at 12:30"
 * for a chosen slot ("Pickup on Wed 2 Dec at 09:15" for a pre-order for another day); for as soon as possible, the time the quote gives, "Ready around 12:47"
 * (a clock time, not "25 minutes": the page may be read long after the order was placed),
 * shown until the kitchen starts, after which its own estimate says more. Null when there is
 * nothing to say (a cancelled order, an order from before quotes).
 */
export function orderTimeText(
  order: OrderTimes,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  const shown = displayStatus(order.status, order.kitchenStatus);
  if (shown === 'cancelled') return null;
  if (order.pickupAt) return pickupAtText(order.pickupAt, timeZone, now);
  if (order.quotedMinutes == null || !WAITING.has(shown)) return null;
  const readyAt = new Date(new Date(order.createdAt).getTime() + order.quotedMinutes * 60_000);
  const clock = formatCustomerClock(readyAt, timeZone);
  return order.type === 'dine-in' ? `At your table around ${clock}` : `Ready around ${clock}`;
}

/** The shop's time zone from GET /api/shop-status, read once (undefined until it arrives). */
function useShopTimeZone(): string | undefined {
  return useQuery({
    ...shopStatusQuery(),
    refetchInterval: false,
    select: (status) => status.timeZone,
  }).data;
}

/** The order's pickup time or ready-around time, in large type; nothing until the zone is known. */
export function PickupTimeNote({ order, className }: { order: OrderTimes; className?: string }) {
  const timeZone = useShopTimeZone();
  const text = timeZone ? orderTimeText(order, timeZone) : null;
  if (!text) return null;
  return (
    <p
      data-testid="order-pickup-time"
      className={cn('flex items-center gap-2 text-xl font-extrabold', className)}
    >
      <Clock aria-hidden className="size-5 shrink-0 text-ember-700 print:hidden" />
      {text}
    </p>
  );
}
