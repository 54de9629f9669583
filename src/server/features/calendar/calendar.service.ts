/**
 * Monthly and yearly figures for the Order Calendar (spec back-office "Order Calendar", §3).
 * Grouped by the shop's calendar day in SQL (`created_at AT TIME ZONE` the shop's zone);
 * deleted orders count nowhere (decision 014); the definitions are the dashboard's.
 */
import { and, gte, isNull, lt, sql } from 'drizzle-orm';
import { countsInTheBooks, notATestOrder, testOrdersNotCounted } from '../orders/books.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import type { MonthlyStats, PeriodTotals, YearlyStats } from '#shared/calendar/calendar.schema.ts';
import type { OrderSource } from '#shared/orders/order-states.ts';
import { getShopTimeZone } from '../shop-hours/shop-hours.service.ts';
import { shopDayBounds } from '#shared/time/shop-time.ts';
import {
  countedRefundsBetween,
  refundedCentsGrouped,
  vatOfRefunds,
} from '../refunds/refunds-report.ts';
import { subtractVatRows } from '#shared/vat/refund-vat.ts';
import { vatOfOrders } from '../orders/order-vat.ts';
import { sumVatRows, vatRowsToDto } from '#shared/vat/vat.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const firstOfMonth = (year: number, month: number) => `${year}-${pad(month)}-01`;
const nextMonth = (year: number, month: number) =>
  month === 12 ? firstOfMonth(year + 1, 1) : firstOfMonth(year, month + 1);

interface Grouped {
  key: string;
  orders: number;
  paid: number;
  revenueCents: number;
  tests: number;
}

/** Orders from the shop day `from` (inclusive) to `to` (exclusive), grouped by `group`. */
async function grouped(
  db: Db,
  timeZone: string,
  from: string,
  to: string,
  group: 'day' | 'month' | 'source' | 'method' | 'all',
): Promise<Grouped[]> {
  const localDay = sql`(${orders.createdAt} at time zone ${timeZone})::date`;
  const key = {
    day: sql<string>`to_char(${localDay}, 'YYYY-MM-DD')`,
    month: sql<string>`to_char(${localDay}, 'FMMM')`,
    source: sql<string>`${orders.orderSource}`,
    method: sql<string>`${orders.paymentMethod}`,
    all: sql<string>`'all'`,
  }[group];
  const rows = await db
    .select({
      key,
      // One rule for every figure (orders/books.ts): test orders count nowhere, said aside.
      orders: sql<number>`(count(*) filter (where ${notATestOrder}))::int`,
      paid: sql<number>`(count(*) filter (where ${countsInTheBooks}))::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${countsInTheBooks}), 0)::int`,
      tests: testOrdersNotCounted,
    })
    .from(orders)
    .where(
      and(
        // The instants bound the range (so the index on created_at serves it) ...
        gte(orders.createdAt, shopDayBounds(from, timeZone).start),
        lt(orders.createdAt, shopDayBounds(to, timeZone).start),
        isNull(orders.deletedAt),
      ),
    )
    // By position: the key holds the time zone as a parameter, and a second copy of it in
    // GROUP BY would be another parameter that PostgreSQL cannot match to the first.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  // ... and the group key is the local day, month, source or method.
  const result = rows.map((row) => ({ ...row, key: String(row.key) }));
  // Less the refunds made in the range, on their own day (decision 021).
  const refunded = await refundedCentsGrouped(
    db,
    timeZone,
    { start: shopDayBounds(from, timeZone).start, end: shopDayBounds(to, timeZone).start },
    group,
  );
  for (const [refundKey, cents] of refunded) {
    const row = result.find((candidate) => candidate.key === refundKey);
    if (row) row.revenueCents -= cents;
    else result.push({ key: refundKey, orders: 0, paid: 0, revenueCents: -cents, tests: 0 });
  }
  return result.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * VAT per rate of the month's takings (the orders in its revenue), each order rounded as its
 * receipt was, then added up per rate, less the VAT of the refunds made in the month, on the
 * day each was made (decision 022 and its note of 2026-11-25; decision 021).
 */
async function vatOfPeriod(db: Db, timeZone: string, from: string, to: string) {
  const taken = await db
    .select({
      id: orders.id,
      totalCents: orders.totalCents,
      deliveryFeeCents: orders.deliveryFeeCents,
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, shopDayBounds(from, timeZone).start),
        lt(orders.createdAt, shopDayBounds(to, timeZone).start),
        isNull(orders.deletedAt),
        countsInTheBooks,
      ),
    );
  const given = await countedRefundsBetween(
    db,
    shopDayBounds(from, timeZone).start,
    shopDayBounds(to, timeZone).start,
  );
  return vatRowsToDto(
    subtractVatRows(
      sumVatRows((await vatOfOrders(db, taken)).values()),
      sumVatRows(await vatOfRefunds(db, given)),
    ),
  );
}

const totalsOf = (rows: Grouped[]): PeriodTotals => ({
  totalOrders: rows.reduce((sum, row) => sum + row.orders, 0),
  paidOrders: rows.reduce((sum, row) => sum + row.paid, 0),
  totalRevenue: centsToDecimalString(rows.reduce((sum, row) => sum + row.revenueCents, 0)),
  testOrdersNotCounted: rows.reduce((sum, row) => sum + row.tests, 0),
});

/** GET /api/admin/stats/monthly/:year/:month */
export async function monthlyStats(db: Db, year: number, month: number): Promise<MonthlyStats> {
  const timeZone = await getShopTimeZone(db);
  const from = firstOfMonth(year, month);
  const to = nextMonth(year, month);
  const [days, lastYear, bySource, byMethod, vat] = await Promise.all([
    grouped(db, timeZone, from, to, 'day'),
    grouped(db, timeZone, firstOfMonth(year - 1, month), nextMonth(year - 1, month), 'all'),
    grouped(db, timeZone, from, to, 'source'),
    grouped(db, timeZone, from, to, 'method'),
    vatOfPeriod(db, timeZone, from, to),
  ]);
  const breakdown = (rows: Grouped[]) =>
    rows
      // A source or method with test orders only has nothing in the books; one with only a
      // refund of an earlier month's sale has (decision 021).
      .filter((row) => row.orders > 0 || row.revenueCents !== 0)
      .map((row) => ({
        key: row.key,
        orders: row.orders,
        revenue: centsToDecimalString(row.revenueCents),
      }))
      .sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key));
  return {
    year,
    month,
    ...totalsOf(days),
    days: days.map((row) => ({
      date: row.key,
      orders: row.orders,
      paidOrders: row.paid,
      revenue: centsToDecimalString(row.revenueCents),
      testOrdersNotCounted: row.tests,
    })),
    lastYear: totalsOf(lastYear),
    bySource: breakdown(bySource).map((row) => ({ ...row, key: row.key as OrderSource })),
    byPaymentMethod: breakdown(byMethod),
    vat,
  };
}

/** GET /api/admin/stats/yearly/:year */
export async function yearlyStats(db: Db, year: number): Promise<YearlyStats> {
  const timeZone = await getShopTimeZone(db);
  const months = await grouped(db, timeZone, `${year}-01-01`, `${year + 1}-01-01`, 'month');
  return {
    year,
    ...totalsOf(months),
    months: months
      .map((row) => ({ month: Number(row.key), ...totalsOf([row]) }))
      .sort((a, b) => a.month - b.month),
  };
}
