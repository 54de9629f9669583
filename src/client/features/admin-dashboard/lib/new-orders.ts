/**
 * Which orders ring the new-order sound. An order rings once, when it is paid and the kitchen
 * has not started it, unless it was already on the screen at the first load of the day. An
 * order that came in unpaid (a table order paid at the counter) rings when it becomes paid: that
 * is when the kitchen needs it.
 */
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';

export type AlertCandidate = Pick<AdminOrder, 'id' | 'paymentStatus' | 'kitchenStatus'>;

function isKitchenNew(order: AlertCandidate): boolean {
  return (
    order.paymentStatus === 'paid' &&
    (order.kitchenStatus === null || order.kitchenStatus === 'pending')
  );
}

/**
 * The ids that should ring now. `known` holds what was on screen at the first load and what
 * has rung already; the caller adds the answer to it.
 */
export function ordersToAnnounce(orders: AlertCandidate[], known: ReadonlySet<string>): string[] {
  return orders
    .filter((order) => !known.has(order.id) && isKitchenNew(order))
    .map((order) => order.id);
}
