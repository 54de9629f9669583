import { describe, expect, it } from 'vitest';
import {
  discountApplies,
  discountInWindow,
  lineDiscountCents,
  type DiscountRule,
  type DiscountWindow,
} from './discount-rules.ts';

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

describe('discountInWindow (a happy hour in the shop time zone)', () => {
  const always: DiscountWindow = {
    validFrom: null,
    validTo: null,
    weekdays: [],
    timeFrom: null,
    timeTo: null,
  };
  const zone = 'Europe/Tallinn';
  // Tuesday 10 June 2025; Tallinn is UTC+3.
  const at = (utc: string) => new Date(utc);
  // [name, window, moment (UTC), offered]
  const table: [string, Partial<DiscountWindow>, string, boolean][] = [
    ['no window: always', {}, '2025-06-10T09:00:00Z', true],
    [
      'inside 16:00-18:00 (17:00 local)',
      { timeFrom: '16:00', timeTo: '18:00' },
      '2025-06-10T14:00:00Z',
      true,
    ],
    [
      'at the start, 16:00 local',
      { timeFrom: '16:00', timeTo: '18:00' },
      '2025-06-10T13:00:00Z',
      true,
    ],
    [
      'at the end, 18:00 local: over',
      { timeFrom: '16:00', timeTo: '18:00' },
      '2025-06-10T15:00:00Z',
      false,
    ],
    ['15:59 local: not yet', { timeFrom: '16:00', timeTo: '18:00' }, '2025-06-10T12:59:00Z', false],
    ['Tuesday listed', { weekdays: [2] }, '2025-06-10T09:00:00Z', true],
    ['Tuesday not listed', { weekdays: [1, 3, 4, 5, 6, 7] }, '2025-06-10T09:00:00Z', false],
    // 23:30 UTC Monday is 02:30 Tuesday in Tallinn: the shop's day, not UTC's.
    ['weekday in the shop zone', { weekdays: [2] }, '2025-06-09T23:30:00Z', true],
    ['first day inclusive', { validFrom: '2025-06-10' }, '2025-06-10T09:00:00Z', true],
    ['before the first day', { validFrom: '2025-06-11' }, '2025-06-10T09:00:00Z', false],
    ['last day inclusive', { validTo: '2025-06-10' }, '2025-06-10T20:59:00Z', true],
    [
      'after the last day (00:00 local on the 11th)',
      { validTo: '2025-06-10' },
      '2025-06-10T21:00:00Z',
      false,
    ],
    [
      'past midnight 22:00-02:00, 23:00 local',
      { timeFrom: '22:00', timeTo: '02:00' },
      '2025-06-10T20:00:00Z',
      true,
    ],
    [
      'past midnight 22:00-02:00, 01:00 local',
      { timeFrom: '22:00', timeTo: '02:00' },
      '2025-06-10T22:00:00Z',
      true,
    ],
    [
      'past midnight 22:00-02:00, 03:00 local',
      { timeFrom: '22:00', timeTo: '02:00' },
      '2025-06-11T00:00:00Z',
      false,
    ],
    // 01:00 Wednesday belongs to Tuesday night's window.
    [
      'past midnight counts the start day',
      { timeFrom: '22:00', timeTo: '02:00', weekdays: [2] },
      '2025-06-10T22:00:00Z',
      true,
    ],
    [
      'past midnight, not the next night',
      { timeFrom: '22:00', timeTo: '02:00', weekdays: [3] },
      '2025-06-10T22:00:00Z',
      false,
    ],
  ];
  it.each(table)('%s', (_name, window, moment, expected) => {
    expect(discountInWindow({ ...always, ...window }, at(moment), zone)).toBe(expected);
  });
});
