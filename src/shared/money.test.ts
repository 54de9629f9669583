import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  centsToEuros,
  eurosToCents,
  formatEuro,
  formatEuroCents,
} from './money.ts';

describe('centsToDecimalString (order money fields)', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [1050, '10.50'],
    [123456, '1234.56'],
    [-5, '-0.05'],
    [-1050, '-10.50'],
  ])('%i cents -> "%s"', (cents, expected) => {
    expect(centsToDecimalString(cents)).toBe(expected);
  });

  it('rounds a fractional cent amount to whole cents', () => {
    expect(centsToDecimalString(1049.6)).toBe('10.50');
  });
});

describe('centsToEuros (basePrice as a number)', () => {
  it('divides by 100 without string tricks', () => {
    expect(centsToEuros(1090)).toBe(10.9);
    expect(centsToEuros(50)).toBe(0.5);
    expect(centsToEuros(0)).toBe(0);
  });
});

describe('eurosToCents', () => {
  it('does not carry binary float errors into cents (0.1 + 0.2 style traps)', () => {
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(4.35)).toBe(435); // 4.35 * 100 = 434.99999999999994
    expect(eurosToCents(1.15)).toBe(115); // 1.15 * 100 = 114.99999999999999
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(0.07)).toBe(7);
  });

  it('reads decimal strings', () => {
    expect(eurosToCents('12.50')).toBe(1250);
    expect(eurosToCents('12.5')).toBe(1250);
    expect(eurosToCents('0.05')).toBe(5);
    expect(eurosToCents('5')).toBe(500);
  });

  it('rounds half a cent away from zero', () => {
    expect(eurosToCents(0.125)).toBe(13);
    expect(eurosToCents(-0.125)).toBe(-13);
    expect(eurosToCents(8.675)).toBe(868);
    expect(eurosToCents(0.123)).toBe(12);
    expect(eurosToCents(-12.5)).toBe(-1250);
  });

  it('throws a RangeError for what is not an amount', () => {
    expect(() => eurosToCents('abc')).toThrow(RangeError);
    expect(() => eurosToCents('12,50')).toThrow('Not an amount: 12,50');
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
    expect(() => eurosToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatEuroCents and formatEuro', () => {
  it('formats cents as euros with two decimals', () => {
    expect(formatEuroCents(1250)).toBe('€12.50');
    expect(formatEuroCents(0)).toBe('€0.00');
    expect(formatEuroCents(5)).toBe('€0.05');
    expect(formatEuroCents(123456)).toBe('€1,234.56');
    expect(formatEuroCents(-550)).toBe('-€5.50');
  });

  it('formats an API euro amount the same way', () => {
    expect(formatEuro(12.5)).toBe('€12.50');
    expect(formatEuro(0.5)).toBe(formatEuroCents(50));
  });
});

describe('eurosToCents edge cases', () => {
  it('rounds half-cents up even where binary floats fall short', () => {
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(1.255)).toBe(126);
    expect(eurosToCents(0.285)).toBe(29);
    expect(eurosToCents(-1.005)).toBe(-101);
  });
  it('refuses empty text and keeps zero unsigned', () => {
    expect(() => eurosToCents('')).toThrow(RangeError);
    expect(Object.is(eurosToCents(-0), 0)).toBe(true);
  });
  it('prints a value that rounds to zero without a sign', () => {
    expect(centsToDecimalString(-0.4)).toBe('0.00');
  });
});
