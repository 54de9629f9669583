/**
 * Which orders the kitchen display sounds for. A new order: one that was not on this screen before
 * and is still to be cooked (pending or started). Whatever was on screen at the first load counts
 * as seen, and so does an order that comes back by Recall (ready again).
 * Wolt and Bolt Food orders (decision 017): the chime repeats while one waits for our accept,
 * and sounds once when the platform cancels one.
 */
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';

type AlertFacts = Pick<KitchenOrder, 'id' | 'kitchenStatus' | 'status' | 'platform'>;

/**
 * Marks every order in `orders` as seen in `seen`, and answers the ids of the unseen ones that
 * should chime and stay highlighted. A cancelled order is not new: it has its own alert.
 */
export function takeNewKitchenOrders(
  seen: Set<string>,
  orders: Pick<KitchenOrder, 'id' | 'kitchenStatus' | 'status'>[],
): string[] {
  const added = orders.filter((order) => !seen.has(order.id));
  for (const order of added) seen.add(order.id);
  return added
    .filter((order) => order.status !== 'cancelled')
    .filter((order) => order.kitchenStatus === 'pending' || order.kitchenStatus === 'started')
    .map((order) => order.id);
}

/**
 * A platform order the platform still waits for us to accept (decision 017): not started, not
 * cancelled, with a deadline. Without one (the platform's auto-accept) there is nothing to accept.
 */
export function isAwaitingAccept(order: Omit<AlertFacts, 'id'>): boolean {
  return (
    order.kitchenStatus === 'pending' && order.status !== 'cancelled' && !!order.platform?.acceptBy
  );
}

/**
 * Whether the chime repeats now: while any platform order waits for our accept, until it is
 * accepted, rejected or cancelled. Past the deadline too: the card still needs a decision.
 */
export function shouldRepeatAcceptAlert(orders: readonly AlertFacts[] | undefined): boolean {
  return (orders ?? []).some(isAwaitingAccept);
}

/**
 * Marks every cancelled order in `orders` as seen in `seenCancelled`, and answers the ids of
 * those that were not cancelled (or not on screen) before: they chime once. At the first load
 * pass `announce: false`: what is on screen already counts as seen (the card stays highlighted).
 */
export function takeNewlyCancelled(
  seenCancelled: Set<string>,
  orders: readonly Pick<KitchenOrder, 'id' | 'status'>[],
  announce = true,
): string[] {
  const added = orders.filter(
    (order) => order.status === 'cancelled' && !seenCancelled.has(order.id),
  );
  for (const order of added) seenCancelled.add(order.id);
  return announce ? added.map((order) => order.id) : [];
}
