/**
 * Which orders the kitchen display chimes for (issue 5): an order that was not on this screen
 * before and is still to be cooked (pending or started). Whatever was on screen at the first
 * load counts as seen, and so does an order that comes back by Recall (ready again).
 */
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';

/**
 * Marks every order in `orders` as seen in `seen`, and answers the ids of the unseen ones that
 * should chime and stay highlighted.
 */
export function takeNewKitchenOrders(
  seen: Set<string>,
  orders: Pick<KitchenOrder, 'id' | 'kitchenStatus'>[],
): string[] {
  const added = orders.filter((order) => !seen.has(order.id));
  for (const order of added) seen.add(order.id);
  return added
    .filter((order) => order.kitchenStatus === 'pending' || order.kitchenStatus === 'started')
    .map((order) => order.id);
}
