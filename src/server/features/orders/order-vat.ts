/**
 * VAT of stored orders (decision 022): from each line's snapshotted rate and total, through
 * the one rule in shared/vat (`vatOfLines`, which receipts and e-mails take from there). Every
 * output (order read, receipts, e-mail, Z report, calendar, CSV) takes its figures from these.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems } from '../../db/schema.ts';
import { vatOfLines, type VatRow } from '#shared/vat/vat.ts';

/** What of an order VAT needs. */
export interface VatOrderTotals {
  id: string;
  totalCents: number;
  deliveryFeeCents: number;
}

/** VAT per rate of each order, by id (one query for all of them). */
export async function vatOfOrders(
  db: Db,
  orders: readonly VatOrderTotals[],
): Promise<Map<string, VatRow[]>> {
  const result = new Map<string, VatRow[]>();
  if (orders.length === 0) return result;
  const ids = orders.map((order) => order.id);
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      vatRateBp: orderItems.vatRateBp,
      totalPriceCents: orderItems.totalPriceCents,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const byOrder = new Map<string, typeof lines>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(line);
    byOrder.set(line.orderId, list);
  }
  for (const order of orders) result.set(order.id, vatOfLines(order, byOrder.get(order.id) ?? []));
  return result;
}
