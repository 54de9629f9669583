/**
 * Pickup times on the kitchen display (decision 026): a scheduled order waits under Later, with
 * its pickup time, until its start time (its pickup less the time its units take); then it is a
 * new order like any other, in New, and its chime sounds.
 */
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';

/** Not started, and its start time still ahead at `now`. */
export function isLater(
  order: Pick<KitchenOrder, 'kitchenStatus' | 'startAt'>,
  now: Date,
): boolean {
  return (
    order.kitchenStatus === 'pending' &&
    !!order.startAt &&
    Date.parse(order.startAt) > now.getTime()
  );
}
