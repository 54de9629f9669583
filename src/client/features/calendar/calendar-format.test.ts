import { describe, expect, it } from 'vitest';
import {
  amountValue,
  breakdownPaymentLabel,
  breakdownSourceLabel,
  dayCellLabel,
  formatPercent,
  orderTime,
  ordersCount,
  percentChange,
  shadeStep,
  wholeEuro,
} from './calendar-format.ts';

describe('wholeEuro (a day cell, spec §9: whole euro, rounded to the nearest)', () => {
  it.each([
    ['128.40', '€128'],
    ['127.50', '€128'],
    ['127.49', '€127'],
    ['0.40', '€0'],
    ['0.00', '€0'],
    ['-0.40', '€0'],
    ['1234.56', '€1,235'],
    ['12', '€12'],
  ])('%s reads %s', (amount, expected) => {
    expect(wholeEuro(amount)).toBe(expected);
  });

  it.each(['', 'n/a', '  '])('an unreadable amount (%j) reads nothing', (amount) => {
    expect(wholeEuro(amount)).toBeNull();
  });

  it('reads amounts', () => {
    expect(amountValue('12.50')).toBe(12.5);
    expect(amountValue(undefined)).toBeNull();
    expect(amountValue('abc')).toBeNull();
  });
});

describe('shadeStep (background by revenue against the best day)', () => {
  it.each([
    [0, 0, 500, 0],
    [0, 100, 500, 0],
    [3, 0, 500, 1],
    [1, 1, 500, 1],
    [2, 125, 500, 1],
    [2, 126, 500, 2],
    [2, 250, 500, 2],
    [4, 375, 500, 3],
    [4, 376, 500, 4],
    [9, 500, 500, 4],
    [2, 40, 0, 1],
  ])('%i orders, €%i of a best €%i: step %i', (orders, revenue, best, expected) => {
    expect(shadeStep(orders, revenue, best)).toBe(expected);
  });
});

describe("orderTime (spec §8: an invalid date shows '--:--')", () => {
  it.each(['not a date', '', '2026-13-45T99:00:00Z', null, undefined])('%j -> --:--', (iso) => {
    expect(orderTime(iso, 'Europe/Tallinn')).toBe('--:--');
  });

  it("reads a real time on the shop's clock", () => {
    // Tallinn is UTC+2 in November.
    expect(orderTime('2026-11-24T10:41:00Z', 'Europe/Tallinn')).toBe('12:41');
    expect(orderTime('2026-11-24T10:41:00.000Z', 'UTC')).toBe('10:41');
  });
});

describe('last year against this one', () => {
  it.each([
    [45, 40, 13],
    [30, 40, -25],
    [40, 40, 0],
    [812.5, 812.5, 0],
    [0, 40, null],
    [45, 0, null],
    [null, 40, null],
  ])('%s against %s is %s%', (current, previous, expected) => {
    expect(percentChange(current, previous)).toBe(expected);
  });

  it('writes the change', () => {
    expect(formatPercent(13)).toBe('+13%');
    expect(formatPercent(-25)).toBe('−25%');
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('words', () => {
  it('counts orders', () => {
    expect(ordersCount(1)).toBe('1 order');
    expect(ordersCount(5)).toBe('5 orders');
    expect(ordersCount(0)).toBe('0 orders');
  });

  it('names payment methods and sources for the breakdown', () => {
    expect(breakdownPaymentLabel('viva-wallet')).toBe('Card (online)');
    expect(breakdownPaymentLabel('cash')).toBe('Cash');
    expect(breakdownPaymentLabel('platform')).toBe('Platform');
    expect(breakdownPaymentLabel('voucher')).toBe('Voucher');
    expect(breakdownSourceLabel('website')).toBe('Website');
    expect(breakdownSourceLabel('pos')).toBe('POS');
    expect(breakdownSourceLabel('bolt')).toBe('Bolt Food');
  });

  it('names a day cell', () => {
    const day = 'Tuesday 24 November 2026';
    expect(
      dayCellLabel(day, { orders: 5, revenue: '128.40' }, { isToday: false, loading: false }),
    ).toBe('Tuesday 24 November 2026: 5 orders, €128');
    expect(
      dayCellLabel(day, { orders: 1, revenue: '9.50' }, { isToday: true, loading: false }),
    ).toBe('Tuesday 24 November 2026, today: 1 order, €10');
    expect(dayCellLabel(day, undefined, { isToday: false, loading: false })).toBe(
      'Tuesday 24 November 2026: no orders',
    );
    expect(dayCellLabel(day, undefined, { isToday: false, loading: true })).toBe(
      'Tuesday 24 November 2026',
    );
  });
});
