/** The refund rules (decision 021) on literal figures worked out by hand. */
import { describe, expect, it } from 'vitest';
import {
  lineRefundCents,
  refundableCents,
  refundedQuantities,
  refundLabel,
} from './refunds.schema.ts';

describe('lineRefundCents: what the customer paid for some of a line', () => {
  it.each([
    // line total, line quantity, refunded, subtotal, order discount, expected
    [1780, 2, 1, 2340, 0, 890], // 1 of 2 burgers at 8.90
    [1780, 2, 2, 2340, 0, 1780],
    [1000, 3, 1, 1000, 0, 333], // 10.00 for 3: one is 3.33
    [1000, 3, 2, 1000, 0, 667],
    [2000, 2, 1, 4000, 400, 900], // 10 % off the order: 10.00 → 9.00
    [1090, 1, 1, 2180, 218, 981], // 10.90 less 10 % = 9.81
  ])(
    '%i for %i, refund %i (subtotal %i, discount %i): %i',
    (total, quantity, refund, subtotal, discount, expected) => {
      expect(
        lineRefundCents({ totalPriceCents: total, quantity }, refund, {
          subtotalCents: subtotal,
          discountCents: discount,
        }),
      ).toBe(expected);
    },
  );
});

describe('refundableCents: the total less the refunds that count', () => {
  it.each([
    [2340, [], 2340],
    [2340, [{ amountCents: 890, state: 'done' as const }], 1450],
    [2340, [{ amountCents: 890, state: 'requested' as const }], 1450],
    [2340, [{ amountCents: 890, state: 'failed' as const }], 2340],
    [2340, [{ amountCents: 2340, state: 'done' as const }], 0],
  ])('%i with %j: %i left', (total, refunds, expected) => {
    expect(refundableCents(total, refunds)).toBe(expected);
  });
});

describe('refundLabel', () => {
  it.each([
    [2340, 0, null],
    [2340, 890, 'Partly refunded'],
    [2340, 2340, 'Refunded'],
  ])('%i refunded %i: %s', (total, refunded, expected) => {
    expect(refundLabel(total, refunded)).toBe(expected);
  });
});

describe('refundedQuantities: how many of each line earlier refunds gave back', () => {
  it.each([
    ['no refunds', [], []],
    [
      'two refunds of one line add up; another line apart',
      [
        { state: 'done', lines: [{ orderItemId: 'burger', quantity: 1 }] },
        {
          state: 'requested',
          lines: [
            { orderItemId: 'burger', quantity: 1 },
            { orderItemId: 'fries', quantity: 2 },
          ],
        },
      ],
      [
        ['burger', 2],
        ['fries', 2],
      ],
    ],
    [
      'a failed refund gave nothing back',
      [
        { state: 'failed', lines: [{ orderItemId: 'burger', quantity: 1 }] },
        { state: 'done', lines: [{ orderItemId: 'cola', quantity: 1 }] },
      ],
      [['cola', 1]],
    ],
    ['an amount-only refund names no line', [{ state: 'done', lines: [] }], []],
  ] as const)('%s', (_, refunds, expected) => {
    expect([
      ...refundedQuantities(refunds.map((refund) => ({ ...refund, lines: [...refund.lines] }))),
    ]).toEqual(expected);
  });
});
