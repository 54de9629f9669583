/**
 * Monthly and yearly figures for the Order Calendar (spec back-office "Order Calendar", §3).
 * Grouped by the shop's calendar day in SQL (`created_at AT TIME ZONE` the shop's zone);
 * deleted orders count nowhere (decision 014); the definitions are the dashboard's.
 */
import type { Db } from '../../db/client.ts';
import { centsToDecimalString } from '#shared/money.ts';
import type { MonthlyStats, PeriodTotals, YearlyStats } from '#shared/calendar/calendar.schema.ts';
import { sumDays, type DayBreakdown, type DayFigures } from '#shared/calendar/day-figures.ts';
import type { OrderSource } from '#shared/orders/order-states.ts';
import { getShopTimeZone } from '../shop-hours/index.ts';
import { subtractVatRows } from '#shared/vat/refund-vat.ts';
import { vatRowsToDto } from '#shared/vat/vat.ts';
import { figuresOfDays } from './day-figures.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const firstOfMonth = (year: number, month: number) => `${year}-${pad(month)}-01`;
const nextMonth = (year: number, month: number) =>
  month === 12 ? firstOfMonth(year + 1, 1) : firstOfMonth(year, month + 1);

const totalsOf = (figures: DayFigures): PeriodTotals => ({
  totalOrders: figures.orders,
  paidOrders: figures.paid,
  totalRevenue: centsToDecimalString(figures.revenueCents),
  testOrdersNotCounted: figures.tests,
});

/**
 * A month's sources or payment methods: those with orders, or with a refund of an earlier
 * month's sale (decision 021); a source with test orders only has nothing in the books.
 */
const breakdown = (parts: Record<string, DayBreakdown>) =>
  Object.entries(parts)
    .filter(([, part]) => part.orders > 0 || part.revenueCents !== 0)
    .map(([key, part]) => ({
      key,
      orders: part.orders,
      revenue: centsToDecimalString(part.revenueCents),
    }))
    .sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key));

/**
 * GET /api/admin/stats/monthly/:year/:month: the month's days added up (decision 030). VAT per
 * rate of the month's takings, each order rounded as its receipt was, less the VAT of the
 * refunds made in the month, on the day each was made (decision 022 and its note of
 * 2026-11-25; decision 021).
 */
export async function monthlyStats(db: Db, year: number, month: number): Promise<MonthlyStats> {
  const timeZone = await getShopTimeZone(db);
  const [days, lastYearDays] = await Promise.all([
    figuresOfDays(db, timeZone, firstOfMonth(year, month), nextMonth(year, month)),
    figuresOfDays(db, timeZone, firstOfMonth(year - 1, month), nextMonth(year - 1, month)),
  ]);
  const total = sumDays(days.values());
  return {
    year,
    month,
    ...totalsOf(total),
    days: [...days]
      .filter(([, figures]) => figures.listed)
      .map(([date, figures]) => ({
        date,
        orders: figures.orders,
        paidOrders: figures.paid,
        revenue: centsToDecimalString(figures.revenueCents),
        testOrdersNotCounted: figures.tests,
      })),
    lastYear: totalsOf(sumDays(lastYearDays.values())),
    bySource: breakdown(total.bySource).map((row) => ({ ...row, key: row.key as OrderSource })),
    byPaymentMethod: breakdown(total.byMethod),
    vat: vatRowsToDto(subtractVatRows(total.salesVat, total.refundsVat)),
  };
}

/** GET /api/admin/stats/yearly/:year: the months that had an order or a refund. */
export async function yearlyStats(db: Db, year: number): Promise<YearlyStats> {
  const timeZone = await getShopTimeZone(db);
  const days = await figuresOfDays(db, timeZone, `${year}-01-01`, `${year + 1}-01-01`);
  const months = new Map<number, DayFigures[]>();
  for (const [date, figures] of days) {
    const month = Number(date.slice(5, 7));
    months.set(month, [...(months.get(month) ?? []), figures]);
  }
  const listed = [...months]
    .map(([month, figures]) => ({ month, figures: sumDays(figures) }))
    .filter(({ figures }) => figures.listed);
  return {
    year,
    ...totalsOf(sumDays(listed.map(({ figures }) => figures))),
    months: listed
      .map(({ month, figures }) => ({ month, ...totalsOf(figures) }))
      .sort((a, b) => a.month - b.month),
  };
}
