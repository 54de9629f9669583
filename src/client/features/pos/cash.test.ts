import { describe, expect, it } from 'vitest';
import { changeCents, parseCashCents, quickCashAmounts, shortfallCents } from './cash.ts';

describe('change (spec §5: received minus total, never below 0)', () => {
  it.each([
    [5000, 1361, 3639],
    [1361, 1361, 0],
    [1000, 1361, 0],
    [0, 0, 0],
  ])('received %i, total %i: change %i', (received, total, change) => {
    expect(changeCents(received, total)).toBe(change);
  });

  it('says how much is missing while short', () => {
    expect(shortfallCents(1000, 1361)).toBe(361);
    expect(shortfallCents(2000, 1361)).toBe(0);
  });
});

describe('quick cash amounts: the next round notes above the total', () => {
  it.each([
    [1361, [1500, 2000, 5000]],
    [290, [500, 1000, 2000, 5000]],
    [1500, [2000, 5000]],
    [2000, [5000]],
    // three 20s are a round amount too
    [4999, [5000, 6000]],
    [6310, [6500, 7000, 8000, 10000]],
    [0, []],
  ])('total %i gives %j', (total, amounts) => {
    expect(quickCashAmounts(total)).toEqual(amounts);
  });
});

describe('parseCashCents (what the cashier types)', () => {
  it.each([
    ['50', 5000],
    ['13.61', 1361],
    ['13,61', 1361],
    ['€ 20', 2000],
    ['0.5', 50],
    ['1.005', null],
    ['', null],
    ['-5', null],
    ['abc', null],
  ])('%j is %j', (text, cents) => {
    expect(parseCashCents(text)).toBe(cents);
  });
});
