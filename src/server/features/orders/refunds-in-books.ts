/**
 * Refunds in the books (decision 021): every figure is sales minus refunds, each on the day it
 * happened. A refund counts on the day (and in the drawer session) it was made, linked to its
 * sale by order number, unless it failed; refunds of deleted orders count nowhere, as their
 * sales do not (DESIGN.md departure 10), nor do refunds of orders whose sale is not counted.
 */
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.ts';
import { cashDrawerSessions, orderItems, orders, refunds } from '../../db/schema.ts';
import { countsInTheBooks } from './books.ts';
import { vatOfLines } from '#shared/vat/vat.ts';
import { refundVat, type RefundForVat } from '#shared/vat/refund-vat.ts';
import { sumVatRows, vatRatePercent, type VatRow } from '#shared/vat/vat.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { shopDayBounds, zonedMoment } from '#shared/time/shop-time.ts';
import { getShopTimeZone } from '../shop-hours/index.ts';
import { safeCell, vatCellsOf, vatColumnsOf } from '../../lib/csv-cells.ts';

/** A refund that takes money off the books: not failed, of an order whose sale is counted. */
export const refundCounts = (saleCounted: SQL = countsInTheBooks): SQL =>
  and(ne(refunds.state, 'failed'), isNull(orders.deletedAt), saleCounted)!;

/** Cents refunded in [start, end) (the dashboard's day). */
export async function refundedCentsBetween(db: Db, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end), refundCounts()));
  return row?.cents ?? 0;
}

/**
 * The refunds made inside a drawer session's window (decision 012's window, on the database's
 * clock), for its Z report: a refund of an earlier day's sale is in today's session, never in
 * the closed one of the sale's day. `saleCounted`: the report's own rule for counted sales.
 */
export async function refundsInSession(db: Db, sessionId: string, saleCounted: SQL) {
  return db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      orderNumber: orders.orderNumber,
      lines: refunds.lines,
      method: refunds.method,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
      state: refunds.state,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(
      cashDrawerSessions,
      and(
        eq(cashDrawerSessions.id, sessionId),
        gte(refunds.createdAt, cashDrawerSessions.openedAt),
        lte(refunds.createdAt, sql`coalesce(${cashDrawerSessions.closedAt}, now())`),
      ),
    )
    .where(refundCounts(saleCounted))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * Each refund's VAT per rate (decision 022's note of 2026-11-25), in the given order: the
 * refund's lines at their saved rates, the rest of the order as its receipt less its earlier
 * refunds, or an amount spread over the order's rates (`refundVat`, the one rule). Every
 * counted refund of those orders is worked out in the order it was made, for `earlier`.
 */
export async function vatOfRefunds(
  db: Db,
  given: readonly (RefundForVat & { id: string; orderId: string })[],
): Promise<VatRow[][]> {
  if (given.length === 0) return [];
  const ids = [...new Set(given.map((refund) => refund.orderId))];
  const [orderRows, items, all] = await Promise.all([
    db
      .select({
        id: orders.id,
        subtotalCents: orders.subtotalCents,
        discountCents: orders.discountCents,
        totalCents: orders.totalCents,
        deliveryFeeCents: orders.deliveryFeeCents,
      })
      .from(orders)
      .where(inArray(orders.id, ids)),
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        quantity: orderItems.quantity,
        totalPriceCents: orderItems.totalPriceCents,
        vatRateBp: orderItems.vatRateBp,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    db
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        amountCents: refunds.amountCents,
        lines: refunds.lines,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(inArray(refunds.orderId, ids), refundCounts()))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  // Node 20 has no Map.groupBy.
  const linesOf = new Map<string, typeof items>();
  for (const line of items) {
    const list = linesOf.get(line.orderId);
    if (list) list.push(line);
    else linesOf.set(line.orderId, [line]);
  }
  const byOrder = new Map(
    orderRows.map((order) => {
      const lines = linesOf.get(order.id) ?? [];
      return [order.id, { ...order, items: lines, vat: vatOfLines(order, lines) }] as const;
    }),
  );
  const byRefund = new Map<string, VatRow[]>();
  const earlier = new Map<string, VatRow[]>();
  for (const refund of all) {
    const order = byOrder.get(refund.orderId);
    if (!order) continue;
    const before = earlier.get(refund.orderId) ?? [];
    const rows = refundVat(refund, order, before);
    byRefund.set(refund.id, rows);
    earlier.set(refund.orderId, sumVatRows([before, rows]));
  }
  return given.map((refund) => {
    const order = byOrder.get(refund.orderId);
    return byRefund.get(refund.id) ?? (order ? refundVat(refund, order) : []);
  });
}

const REFUND_COLUMNS = [
  'refund_date',
  'refund_time',
  'order_number',
  'sale_date',
  'source',
  'payment_method',
  'refund_method',
  'amount',
  'state',
  'reason',
  'lines',
  'by',
] as const;

/**
 * GET /api/admin/export/refunds.csv: one row per refund made in the range (by the day it was
 * made), with the sale it belongs to; failed ones are listed with their state but count nowhere.
 * After the fixed columns, three per rate in the range as the orders CSV has them (`net_13`,
 * `vat_13`, `gross_13`), filled only on refunds that count, so the orders file's column less
 * this file's is the VAT return's figure (decision 022).
 */
export async function refundsCsv(db: Db, from: string, to: string): Promise<string> {
  const timeZone = await getShopTimeZone(db);
  const rows = await db
    .select({
      refund: refunds,
      order: orders,
      counts: sql<boolean>`coalesce(${refundCounts()}, false)`,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        gte(refunds.createdAt, shopDayBounds(from, timeZone).start),
        lt(refunds.createdAt, shopDayBounds(to, timeZone).end),
        isNull(orders.deletedAt),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const counted = rows.filter((row) => row.counts).map((row) => row.refund);
  const vatById = new Map(
    (await vatOfRefunds(db, counted)).map((vat, index) => [counted[index]!.id, vat]),
  );
  const rates = [
    ...new Set([...vatById.values()].flatMap((vat) => vat.map((row) => row.rateBp))),
  ].sort((a, b) => a - b);
  const records = rows.map(({ refund, order }) => {
    const when = zonedMoment(refund.createdAt, timeZone);
    const vatCells = vatCellsOf(rates, vatById.get(refund.id));
    return [
      when.date,
      when.time,
      order.orderNumber,
      zonedMoment(order.createdAt, timeZone).date,
      order.orderSource,
      order.paymentMethod,
      refund.method,
      centsToDecimalString(refund.amountCents),
      refund.state,
      safeCell(refund.reason),
      safeCell(refund.lines.map((line) => `${line.quantity}× ${line.name}`).join('; ')),
      safeCell(refund.byName ?? ''),
      ...vatCells,
    ];
  });
  const header = [...REFUND_COLUMNS, ...vatColumnsOf(rates.map(vatRatePercent))];
  return stringify([header, ...records], { record_delimiter: '\r\n' });
}
