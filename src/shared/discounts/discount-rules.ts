/**
 * How a discount takes money off one order line, the same on the server (which prices every
 * order, DESIGN.md "Rules the server owns") and in the POS (which shows the price before the
 * sale). Money is integer cents.
 *
 * - percentage: whole percent of the line total, rounded to the nearest cent; a value above 100
 *   counts as 100 and below 0 as 0 (the menu editor refuses such values; old rows stay safe).
 * - fixed_amount: that many cents, at most the line total.
 * - Never below 0, never more than the line total; nothing at all while the line total is under
 *   the discount's minimum order amount (spec back-office: offered only where it is met).
 */
import type { DiscountType } from '../orders/order-states.ts';
import { addDays, minutesOfDay, zonedMoment } from '../time/shop-time.ts';

export interface DiscountRule {
  type: DiscountType;
  /** Whole percent for `percentage`, cents for `fixed_amount`. */
  value: number;
  minOrderAmountCents: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Whether the discount may be chosen for a line of this total. */
export function discountApplies(lineTotalCents: number, rule: DiscountRule): boolean {
  return lineTotalCents > 0 && lineTotalCents >= rule.minOrderAmountCents;
}

/** The cents a discount takes off a line whose total (before it) is `lineTotalCents`. */
export function lineDiscountCents(lineTotalCents: number, rule: DiscountRule): number {
  if (!discountApplies(lineTotalCents, rule)) return 0;
  const off =
    rule.type === 'percentage'
      ? Math.round((lineTotalCents * clamp(rule.value, 0, 100)) / 100)
      : rule.value;
  return clamp(Math.round(off), 0, lineTotalCents);
}

/**
 * An optional validity window in the shop's time zone (a happy hour): first and last date
 * (inclusive), ISO weekdays (1 Monday to 7 Sunday; none means every day), and from/to times
 * (from inclusive, to exclusive; a window whose end is not after its start runs past midnight
 * and belongs to the weekday it starts on). Null parts do not limit.
 */
export interface DiscountWindow {
  validFrom: string | null;
  validTo: string | null;
  weekdays: number[];
  timeFrom: string | null;
  timeTo: string | null;
}

const ISO_WEEKDAY: Record<string, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
};

/** Whether a discount may be offered and accepted at `now` in `timeZone`. */
export function discountInWindow(window: DiscountWindow, now: Date, timeZone: string): boolean {
  const here = zonedMoment(now, timeZone);
  let date = here.date;
  let weekday = ISO_WEEKDAY[here.day]!;
  if (window.timeFrom !== null && window.timeTo !== null) {
    const from = minutesOfDay(window.timeFrom);
    const to = minutesOfDay(window.timeTo);
    if (from < to) {
      if (here.minutes < from || here.minutes >= to) return false;
    } else if (here.minutes >= from) {
      // The evening part of a window past midnight: today's.
    } else if (here.minutes < to) {
      // The small hours: the window began yesterday, so yesterday's date and weekday count.
      date = addDays(date, -1);
      weekday = weekday === 1 ? 7 : weekday - 1;
    } else {
      return false;
    }
  }
  if (window.validFrom !== null && date < window.validFrom) return false;
  if (window.validTo !== null && date > window.validTo) return false;
  if (window.weekdays.length > 0 && !window.weekdays.includes(weekday)) return false;
  return true;
}
