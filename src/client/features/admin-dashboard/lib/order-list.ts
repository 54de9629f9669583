/**
 * Today's orders list after one order changed (the socket's `orderChanged`): the order as the
 * server now lists it takes its place, newest first as GET /api/admin/orders/:date sorts them
 * (created, then order number, both descending); an order the list no longer holds (deleted,
 * or not of this day) leaves it. The rest of the list is kept as it was.
 */
export interface ListedOrder {
  id: string;
  createdAt: string;
  orderNumber: number;
}

const newerFirst = (a: ListedOrder, b: ListedOrder) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.orderNumber - a.orderNumber;

export function withOrder<T extends ListedOrder>(
  list: readonly T[],
  orderId: string,
  listed: T | undefined,
): T[] {
  const others = list.filter((order) => order.id !== orderId);
  if (listed === undefined) return others;
  const at = others.findIndex((order) => newerFirst(listed, order) < 0);
  return at === -1 ? [...others, listed] : [...others.slice(0, at), listed, ...others.slice(at)];
}
