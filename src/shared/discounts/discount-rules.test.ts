import { describe, expect, it } from 'vitest';
import { discountApplies, lineDiscountCents, type DiscountRule } from './discount-rules.ts';

const percent = (value: number, minOrderAmountCents = 0): DiscountRule => ({
  type: 'percentage',
  value,
  minOrderAmountCents,
});
const fixed = (value: number, minOrderAmountCents = 0): DiscountRule => ({
  type: 'fixed_amount',
  value,
  minOrderAmountCents,
});

describe('lineDiscountCents', () => {
  // [line total in cents, rule, cents off]
  const table: [string, number, DiscountRule, number][] = [
    ['10 % of 10.90', 1090, percent(10), 109],
    ['15 % of 10.90 rounds to the nearest cent', 1090, percent(15), 164],
    ['100 % takes the whole line', 1090, percent(100), 1090],
    ['a percentage above 100 counts as 100', 1090, percent(150), 1090],
    ['a negative percentage takes nothing', 1090, percent(-10), 0],
    ['2.00 off 10.90', 1090, fixed(200), 200],
    ['a fixed amount is capped at the line total', 450, fixed(500), 450],
    ['a negative fixed amount takes nothing', 1090, fixed(-200), 0],
    ['under the minimum order amount, nothing', 999, percent(10, 1000), 0],
    ['at the minimum order amount, the discount', 1000, percent(10, 1000), 100],
    ['a free line has nothing to take', 0, fixed(200), 0],
  ];
  it.each(table)('%s', (_name, lineTotal, rule, expected) => {
    expect(lineDiscountCents(lineTotal, rule)).toBe(expected);
  });
});

describe('discountApplies', () => {
  it('only where the line total meets the minimum', () => {
    expect(discountApplies(1000, fixed(100, 1000))).toBe(true);
    expect(discountApplies(999, fixed(100, 1000))).toBe(false);
  });
});
