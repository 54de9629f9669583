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
