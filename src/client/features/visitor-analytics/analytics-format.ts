/**
 * Pure helpers of the Visitor Analytics panel: the funnel's percentages, the spec's 1-decimal
 * average (back-office §9), day labels and the date range check.
 */
import {
  MAX_ANALYTICS_RANGE_DAYS,
  type RangeAnalytics,
} from '#shared/analytics/analytics.schema.ts';
import { daysBetween } from '#shared/time/shop-time.ts';

export type FunnelKey = keyof RangeAnalytics['funnel'];

export interface FunnelStep {
  key: FunnelKey;
  label: string;
  count: number;
  /** Share of the first step, whole percent; 0 when the first step is 0. */
  percent: number;
}

const FUNNEL_LABELS: Record<FunnelKey, string> = {
  menu: 'Saw the menu',
  cart: 'Opened the cart',
  checkout: 'Reached checkout',
  paid: 'Paid',
};

const FUNNEL_ORDER: FunnelKey[] = ['menu', 'cart', 'checkout', 'paid'];

export function funnelSteps(funnel: RangeAnalytics['funnel']): FunnelStep[] {
  const first = funnel.menu;
  return FUNNEL_ORDER.map((key) => ({
    key,
    label: FUNNEL_LABELS[key],
    count: funnel[key],
    percent: first > 0 ? Math.round((funnel[key] / first) * 100) : 0,
  }));
}

const oneDecimal = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Spec §9: average pages per visitor, 1 decimal ("2.0", "3.5"). */
export function formatAverage(value: number): string {
  return oneDecimal.format(Number.isFinite(value) ? value : 0);
}

const whole = new Intl.NumberFormat('en-GB');
export const formatCount = (value: number) => whole.format(value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days from `from` to `to`, both counted (yyyy-MM-dd, read as calendar days). */
export function daysInRange(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** Why the From/To pair cannot be asked for, or null when it can. */
export function rangeError(from: string, to: string): string | null {
  if (!DAY.test(from) || Number.isNaN(Date.parse(from))) return 'Choose a From date';
  if (!DAY.test(to) || Number.isNaN(Date.parse(to))) return 'Choose a To date';
  if (from > to) return 'From must be on or before To';
  if (daysInRange(from, to) > MAX_ANALYTICS_RANGE_DAYS) {
    return `Choose at most ${MAX_ANALYTICS_RANGE_DAYS} days`;
  }
  return null;
}

// A yyyy-MM-dd is a calendar day, not an instant: format it in UTC so no time zone moves it.
const longDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Sun 31 May 2026" (put together from parts: ICU versions differ on the comma). */
export function formatDay(day: string): string {
  const parts = Object.fromEntries(
    longDay.formatToParts(new Date(`${day}T00:00:00Z`)).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}
/** "31 May" */
export const formatShortDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** Spec: the daily breakdown is empty when no day of the period had a view. */
export const hasAnyViews = (dailyStats: RangeAnalytics['dailyStats']) =>
  dailyStats.some((day) => day.pageViews > 0);

/** The chart's text alternative: the totals and the busiest day. */
export function chartSummary(range: RangeAnalytics): string {
  const period = `${formatDay(range.startDate)} to ${formatDay(range.endDate)}`;
  if (!hasAnyViews(range.dailyStats))
    return `Visitors and page views per day, ${period}: no views.`;
  const busiest = range.dailyStats.reduce((best, day) =>
    day.pageViews > best.pageViews ? day : best,
  );
  return (
    `Visitors and page views per day, ${period}: ${formatCount(range.uniqueVisitors)} visitors, ` +
    `${formatCount(range.totalPageViews)} page views; busiest day ${formatDay(busiest.date)} ` +
    `with ${formatCount(busiest.visitors)} visitors and ${formatCount(busiest.pageViews)} page views. ` +
    `Detailed Stats lists every day.`
  );
}
