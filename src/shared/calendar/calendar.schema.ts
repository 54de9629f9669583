/**
 * The Order Calendar's figures (spec back-office "Order Calendar", §3 "Monthly and yearly
 * stats", §7). Days are the shop's calendar days (its time zone), deleted orders count nowhere,
 * and the figures follow the dashboard's definitions (src/shared/admin-dashboard/
 * dashboard.schema.ts): totalOrders counts every order, paidOrders the paid ones, totalRevenue
 * sums the paid ones; test orders are in none of them (testOrdersNotCounted says how many). Money is a 2-decimal string.
 */
import { z } from 'zod';
import { vatRowsSchema } from '../vat/vat.ts';
import { ORDER_SOURCES } from '../orders/order-states.ts';

export const yearParamSchema = z.coerce
  .number({ error: 'Use a year like 2026' })
  .int('Use a year like 2026')
  .min(2000, 'Use a year from 2000 to 2100')
  .max(2100, 'Use a year from 2000 to 2100');
export const monthParamSchema = z.coerce
  .number({ error: 'Use a month from 1 to 12' })
  .int('Use a month from 1 to 12')
  .min(1, 'Use a month from 1 to 12')
  .max(12, 'Use a month from 1 to 12');

const periodTotalsSchema = z.object({
  totalOrders: z.number().int(),
  paidOrders: z.number().int(),
  totalRevenue: z.string(),
  /** Test orders left out of every figure above (docs/operations.md "Running the day"). */
  testOrdersNotCounted: z.number().int(),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

const calendarDaySchema = z.object({
  /** yyyy-MM-dd on the shop's calendar. */
  date: z.string(),
  orders: z.number().int(),
  paidOrders: z.number().int(),
  revenue: z.string(),
  testOrdersNotCounted: z.number().int(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

const breakdownRowSchema = z.object({
  key: z.string(),
  orders: z.number().int(),
  revenue: z.string(),
});

/** GET /api/admin/stats/monthly/:year/:month */
export const monthlyStatsSchema = periodTotalsSchema.extend({
  year: z.number().int(),
  month: z.number().int(),
  /** Every day of the month that had an order (days without are left out). */
  days: z.array(calendarDaySchema),
  /** The same month a year earlier (beyond the spec). */
  lastYear: periodTotalsSchema,
  /** By source: website, pos, table, wolt, bolt (those with orders). */
  bySource: z.array(breakdownRowSchema.extend({ key: z.enum(ORDER_SOURCES) })),
  /** By payment method (viva-wallet, card, cash, platform). */
  byPaymentMethod: z.array(breakdownRowSchema),
  /** The month's revenue per VAT rate: net, VAT, gross (decision 022), lowest rate first. */
  vat: vatRowsSchema,
});
export type MonthlyStats = z.infer<typeof monthlyStatsSchema>;

/** GET /api/admin/stats/yearly/:year */
export const yearlyStatsSchema = periodTotalsSchema.extend({
  year: z.number().int(),
  /** Months 1-12 that had an order. */
  months: z.array(periodTotalsSchema.extend({ month: z.number().int() })),
});
export type YearlyStats = z.infer<typeof yearlyStatsSchema>;
