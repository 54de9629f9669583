import { describe, expect, it } from 'vitest';
import { refundVat, subtractVatRows, type RefundVatOrder } from './refund-vat.ts';
import { vatBreakdown, vatRowsToDto, type VatRow } from './vat.ts';

// Worked by hand (decisions 021 and 022). The order: 1 × food 10.00 at 13 % and 1 × drink
// 3.00 at 24 % (plus 2 × soup 4.50 at 13 % where a quantity is needed). Its receipt:
// 13 %: 10.00 / 1.13 = 8.849.. -> net 8.85, VAT 1.15; 24 %: 3.00 / 1.24 = 2.419.. -> 2.42, 0.58.
const item = (id: string, quantity: number, totalPriceCents: number, vatRateBp: number) => ({
  id,
  quantity,
  totalPriceCents,
  vatRateBp,
});
const FOOD = item('food', 1, 1000, 1300);
const DRINK = item('drink', 1, 300, 2400);
const SOUP = item('soup', 2, 900, 1300);
const COFFEE = item('coffee', 1, 350, 2400);

function order(items: RefundVatOrder['items'], discountCents = 0): RefundVatOrder {
  const subtotalCents = items.reduce((sum, line) => sum + line.totalPriceCents, 0);
  const vat = vatBreakdown(
    items.map((line) => ({ rateBp: line.vatRateBp, grossCents: line.totalPriceCents })),
    discountCents,
  );
  return { subtotalCents, discountCents, items, vat };
}

const workedExamples: {
  name: string;
  order: RefundVatOrder;
  amountCents: number;
  lines: { orderItemId: string; quantity: number }[];
  earlier?: VatRow[];
  expected: [rate: number, net: string, vat: string, gross: string][];
}[] = [
  {
    name: 'line refund of the drink: 3.00 at its saved 24 %',
    order: order([FOOD, DRINK]),
    amountCents: 300,
    lines: [{ orderItemId: 'drink', quantity: 1 }],
    expected: [[24, '2.42', '0.58', '3.00']],
  },
  {
    name: 'line refund of 1 of 2 soups: 4.50 at 13 % (4.50 / 1.13 = 3.982.. -> 3.98)',
    order: order([SOUP, DRINK]),
    amountCents: 450,
    lines: [{ orderItemId: 'soup', quantity: 1 }],
    expected: [[13, '3.98', '0.52', '4.50']],
  },
  {
    name: 'line refund with a 10 % order discount: the drink paid 2.70 (2.70 / 1.24 -> 2.18)',
    order: order([FOOD, DRINK], 130),
    amountCents: 270,
    lines: [{ orderItemId: 'drink', quantity: 1 }],
    expected: [[24, '2.18', '0.52', '2.70']],
  },
  {
    name: 'both lines, a typed 6.50: spread 5.00 / 1.50 over the lines (5.00 / 1.13 -> 4.42)',
    order: order([FOOD, DRINK]),
    amountCents: 650,
    lines: [
      { orderItemId: 'food', quantity: 1 },
      { orderItemId: 'drink', quantity: 1 },
    ],
    expected: [
      [13, '4.42', '0.58', '5.00'],
      [24, '1.21', '0.29', '1.50'],
    ],
  },
  {
    name: "whole order: the order's own rows, as its receipt",
    order: order([FOOD, DRINK]),
    amountCents: 1300,
    lines: [],
    expected: [
      [13, '8.85', '1.15', '10.00'],
      [24, '2.42', '0.58', '3.00'],
    ],
  },
  {
    name: 'the rest after a line refund of the drink: the receipt less the drink, all at 13 %',
    order: order([FOOD, DRINK]),
    amountCents: 1000,
    lines: [],
    earlier: [{ rateBp: 2400, netCents: 242, vatCents: 58, grossCents: 300 }],
    expected: [[13, '8.85', '1.15', '10.00']],
  },
  {
    // 5.00 × 10/13 = 3.846.. (floor 3.84, remainder 800/1300), 5.00 × 3/13 = 1.153..
    // (floor 1.15, remainder 500/1300): the cent left goes to 13 % -> 3.85 and 1.15.
    name: 'amount-only 5.00: largest remainder, 3.85 at 13 % and 1.15 at 24 %',
    order: order([FOOD, DRINK]),
    amountCents: 500,
    lines: [],
    expected: [
      [13, '3.41', '0.44', '3.85'],
      [24, '0.93', '0.22', '1.15'],
    ],
  },
  {
    // 0.01 × 10/13 remainder 1000, × 3/13 remainder 300: the cent goes to 13 %.
    name: 'amount-only 0.01: the one cent to the larger remainder',
    order: order([FOOD, DRINK]),
    amountCents: 1,
    lines: [],
    expected: [[13, '0.01', '0.00', '0.01']],
  },
  {
    // 4.99 × 9/12.5 = 3.5928 (remainder 350), 4.99 × 3.5/12.5 = 1.3972 (remainder 900): the
    // cent goes to the larger remainder, the smaller gross (24 %) -> 3.59 and 1.40.
    name: 'amount-only 4.99 over 9.00 / 3.50: the cent to 24 %, the larger remainder',
    order: order([SOUP, COFFEE]),
    amountCents: 499,
    lines: [],
    expected: [
      [13, '3.18', '0.41', '3.59'],
      [24, '1.13', '0.27', '1.40'],
    ],
  },
  {
    name: 'amount-only after a 1.30 order discount: 6.00 over 9.00 / 2.70 (6.00 / 11.70)',
    // 600 × 900 / 1170 = 461.53.. (rem 620), 600 × 270 / 1170 = 138.46.. (rem 540) -> 4.62, 1.38
    order: order([FOOD, DRINK], 130),
    amountCents: 600,
    lines: [],
    expected: [
      [13, '4.09', '0.53', '4.62'],
      [24, '1.11', '0.27', '1.38'],
    ],
  },
];

describe('refundVat: the VAT a refund gives back, per rate (worked examples)', () => {
  it.each(workedExamples)('$name', ({ order: o, amountCents, lines, earlier, expected }) => {
    const rows = refundVat({ amountCents, lines }, o, earlier);
    expect(vatRowsToDto(rows).map((row) => [row.rate, row.net, row.vat, row.gross])).toStrictEqual(
      expected,
    );
    // The rates' gross is the refund's amount, and per rate net + VAT = gross.
    expect(rows.reduce((sum, row) => sum + row.grossCents, 0)).toBe(amountCents);
    for (const row of rows) expect(row.netCents + row.vatCents).toBe(row.grossCents);
  });

  it('a line that is not on the order is refused', () => {
    expect(() =>
      refundVat({ amountCents: 100, lines: [{ orderItemId: 'x', quantity: 1 }] }, order([FOOD])),
    ).toThrow(RangeError);
  });
});

describe('subtractVatRows: sales less refunds per rate', () => {
  it('can go negative at a rate where refunds of earlier sales exceed the day', () => {
    const sales = [{ rateBp: 1300, netCents: 885, vatCents: 115, grossCents: 1000 }];
    const refunded = [
      { rateBp: 1300, netCents: 341, vatCents: 44, grossCents: 385 },
      { rateBp: 2400, netCents: 242, vatCents: 58, grossCents: 300 },
    ];
    expect(subtractVatRows(sales, refunded)).toStrictEqual([
      { rateBp: 1300, netCents: 544, vatCents: 71, grossCents: 615 },
      { rateBp: 2400, netCents: -242, vatCents: -58, grossCents: -300 },
    ]);
  });
});
