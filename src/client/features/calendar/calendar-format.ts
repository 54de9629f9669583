/**
 * How the Order Calendar writes its figures (spec back-office §8 "Calendar", §9: calendar
 * revenue in whole euro, invalid dates show '--:--', missing stats 'No data available').
 * Money arrives as 2-decimal strings ("128.40").
 */
import { formatTime, sourceLabel } from '#client/lib/back-office/format.ts';

export const NO_DATA = 'No data available';
const INVALID_TIME = '--:--';

/** "128.40" -> 128.4; an empty or unreadable amount -> null. */
export function amountValue(amount: string | null | undefined): number | null {
  if (amount === null || amount === undefined || amount.trim() === '') return null;
  const value = Number(amount);
  return Number.isFinite(value) ? value : null;
}

const wholeEuroFormat = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * A day's revenue in whole euro (spec §9): "128.40" -> "€128", "127.50" -> "€128".
 * NOTE: rounded to the nearest euro with Math.round (halves up), not cut down: the spec only
 * says "whole euro", and €127.99 reads truer as €128 than as €127. The exact amount is in the
 * day's summary and the month's totals. Null when the amount is unreadable.
 */
export function wholeEuro(amount: string): string | null {
  const value = amountValue(amount);
  // `|| 0` turns Math.round(-0.4), which is -0, into 0: no "-€0".
  return value === null ? null : wholeEuroFormat.format(Math.round(value) || 0);
}

/** The number of shades a day can take: 0 is no orders, 1-4 light to dark. */
export const SHADE_STEPS = 4;

/**
 * How dark a day is shaded, by its revenue against the month's best day: 0 for a day without
 * orders; else 1 to 4, a quarter of the best day's revenue per step. A day with orders but no
 * paid revenue still gets the lightest shade, so that it shows it was not idle.
 */
export function shadeStep(orders: number, revenue: number, bestRevenue: number): number {
  if (orders <= 0) return 0;
  if (bestRevenue <= 0 || revenue <= 0) return 1;
  const ratio = Math.min(revenue / bestRevenue, 1);
  return Math.max(1, Math.ceil(ratio * SHADE_STEPS));
}

/** "12:41" on the shop's clock, or '--:--' for a time that is not a date (spec §8). */
export function orderTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return INVALID_TIME;
  try {
    return formatTime(iso, timeZone);
  } catch {
    return INVALID_TIME;
  }
}

/** "1 order", "5 orders". */
export function ordersCount(count: number): string {
  return `${count} ${count === 1 ? 'order' : 'orders'}`;
}

/**
 * The change from last year in whole percent (+12, -30), or null when either side is zero or
 * unreadable: a change from nothing has no percentage.
 */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || current === 0 || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** +12 -> "+12%", -30 -> "−30%" (a real minus sign), 0 -> "0%". */
export function formatPercent(change: number): string {
  if (change > 0) return `+${change}%`;
  if (change < 0) return `−${Math.abs(change)}%`;
  return '0%';
}

/** The month's breakdown by payment method; these words are the calendar's own. */
const PAYMENT_METHOD_LABELS: Record<string, string> = {
  'viva-wallet': 'Card (online)',
  cash: 'Cash',
  platform: 'Platform',
};
export const breakdownPaymentLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[method] ?? (method ? method[0]!.toUpperCase() + method.slice(1) : method);

/** Website, POS, Table, Wolt, Bolt Food: the dashboard's words. */
export const breakdownSourceLabel = sourceLabel;

/** A day cell's accessible name: "Tuesday 24 November 2026, today: 5 orders, €128". */
export function dayCellLabel(
  longDay: string,
  figures: { orders: number; revenue: string } | undefined,
  { isToday, loading }: { isToday: boolean; loading: boolean },
): string {
  const day = isToday ? `${longDay}, today` : longDay;
  if (loading) return day;
  if (!figures || figures.orders === 0) return `${day}: no orders`;
  const revenue = wholeEuro(figures.revenue);
  return `${day}: ${ordersCount(figures.orders)}${revenue === null ? '' : `, ${revenue}`}`;
}
