import { describe, expect, it } from 'vitest';
import {
  cashMovementRequestSchema,
  closeDrawerRequestSchema,
  openDrawerRequestSchema,
} from './cash-drawer.schema.ts';

describe('amounts typed in euros become cents', () => {
  it.each([
    ['100', 10000],
    ['100.00', 10000],
    ['12,50', 1250],
    [' 0.05 ', 5],
    [12.5, 1250],
    [0, 0],
    ['99999.99', 9999999],
  ] as const)('%j -> %i', (float, cents) => {
    expect(openDrawerRequestSchema.parse({ float })).toEqual({ float: cents });
  });

  it.each([['-1'], ['abc'], [''], ['1.234'], ['100000'], [-5], [null], ['1e3']])(
    'refuses %j',
    (float) => {
      const result = openDrawerRequestSchema.safeParse({ float });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter an amount in euros, like 12.50');
    },
  );
});

describe('a pay-in or pay-out', () => {
  it('needs an amount above 0 and a reason', () => {
    expect(
      cashMovementRequestSchema.parse({ kind: 'pay-out', amount: '15', reason: ' Ice ' }),
    ).toEqual({ kind: 'pay-out', amount: 1500, reason: 'Ice' });
    const zero = cashMovementRequestSchema.safeParse({ kind: 'pay-in', amount: '0', reason: 'x' });
    expect(zero.error?.issues[0]?.message).toBe('Enter an amount greater than 0');
    const blank = cashMovementRequestSchema.safeParse({ kind: 'pay-in', amount: '1', reason: ' ' });
    expect(blank.error?.issues[0]?.message).toBe('Say what the money is for');
  });
});

describe('the close', () => {
  it('takes the counted cash and an optional note (blank is none)', () => {
    expect(closeDrawerRequestSchema.parse({ counted: '153.50' })).toEqual({
      counted: 15350,
      note: null,
    });
    expect(closeDrawerRequestSchema.parse({ counted: 0, note: '  ' })).toEqual({
      counted: 0,
      note: null,
    });
  });
});
