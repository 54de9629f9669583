/**
 * One shop day's share of the Order Calendar's figures (decision 030): the month and the year
 * are sums of their days, so a closed day's figures can be kept and added up instead of
 * reading every order of the period again. The rules are the books' (orders/books.ts): test
 * orders count nowhere, revenue is the counted sales less the refunds made that day.
 */
import { sumVatRows, type VatRow } from '../vat/vat.ts';

/** A source's or payment method's share of a day. */
export interface DayBreakdown {
  /** Orders, test ones left out. */
  orders: number;
  /** Counted sales less the refunds of this source's (or method's) sales made that day. */
  revenueCents: number;
}

export interface DayFigures {
  /** The day had a (not deleted) order, a test one included, or a counted refund. */
  listed: boolean;
  /** Orders, test ones left out. */
  orders: number;
  /** Orders in the books (paid, not deleted, not a test). */
  paid: number;
  /** Counted sales less the counted refunds made that day. */
  revenueCents: number;
  /** Test orders left out of the figures above. */
  tests: number;
  bySource: Record<string, DayBreakdown>;
  byMethod: Record<string, DayBreakdown>;
  /** VAT per rate of the day's counted sales, each order rounded as its receipt was. */
  salesVat: VatRow[];
  /** VAT per rate of the counted refunds made that day. */
  refundsVat: VatRow[];
}

export function emptyDay(): DayFigures {
  return {
    listed: false,
    orders: 0,
    paid: 0,
    revenueCents: 0,
    tests: 0,
    bySource: {},
    byMethod: {},
    salesVat: [],
    refundsVat: [],
  };
}

function addBreakdown(
  into: Record<string, DayBreakdown>,
  key: string,
  part: DayBreakdown,
): Record<string, DayBreakdown> {
  const sum = (into[key] ??= { orders: 0, revenueCents: 0 });
  sum.orders += part.orders;
  sum.revenueCents += part.revenueCents;
  return into;
}

/** The figures of several days (a month, a year) added up; `listed` if any day was. */
export function sumDays(days: Iterable<DayFigures>): DayFigures {
  const total = emptyDay();
  const sales: VatRow[][] = [];
  const refunds: VatRow[][] = [];
  for (const day of days) {
    total.listed ||= day.listed;
    total.orders += day.orders;
    total.paid += day.paid;
    total.revenueCents += day.revenueCents;
    total.tests += day.tests;
    for (const [key, part] of Object.entries(day.bySource)) addBreakdown(total.bySource, key, part);
    for (const [key, part] of Object.entries(day.byMethod)) addBreakdown(total.byMethod, key, part);
    sales.push(day.salesVat);
    refunds.push(day.refundsVat);
  }
  total.salesVat = sumVatRows(sales);
  total.refundsVat = sumVatRows(refunds);
  return total;
}

/** Adds a group of orders (one source and method) to a day. */
export function addOrders(
  day: DayFigures,
  group: {
    source: string;
    method: string;
    orders: number;
    paid: number;
    revenueCents: number;
    tests: number;
  },
): void {
  day.listed = true;
  day.orders += group.orders;
  day.paid += group.paid;
  day.revenueCents += group.revenueCents;
  day.tests += group.tests;
  const part = { orders: group.orders, revenueCents: group.revenueCents };
  addBreakdown(day.bySource, group.source, part);
  addBreakdown(day.byMethod, group.method, part);
}

/** Takes a group of counted refunds (of one source's and method's sales) off a day. */
export function addRefunds(
  day: DayFigures,
  group: { source: string; method: string; cents: number },
): void {
  day.listed = true;
  day.revenueCents -= group.cents;
  const part = { orders: 0, revenueCents: -group.cents };
  addBreakdown(day.bySource, group.source, part);
  addBreakdown(day.byMethod, group.method, part);
}
