import { describe, expect, it } from 'vitest';
import { twoDecimals } from './money-input.ts';

describe('a euro amount in a field shows two decimals', () => {
  it.each([
    ['4.9', '4.90'],
    ['4,9', '4.90'],
    ['13', '13.00'],
    ['0', '0.00'],
    ['12.5', '12.50'],
    ['10.90', '10.90'],
    ['', ''],
    ['abc', 'abc'],
  ])('%j -> %j', (typed, shown) => {
    expect(twoDecimals(typed)).toBe(shown);
  });
});
