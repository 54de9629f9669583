import { describe, expect, it } from 'vitest';
import { sumVatRows, vatBreakdown, vatRowsToDto, type VatLine } from './vat.ts';

// Worked by hand (decision 022): net = gross / (1 + rate), half away from zero, per rate on the
// order's total; VAT = gross - net. Greek rates (integrations.md §5.3): 13 % food and take-away
// drinks, 24 % drinks served at a table; 6 % and 0 % only to exercise the arithmetic.
const l = (rateBp: number, grossCents: number): VatLine => ({ rateBp, grossCents });

const workedExamples: {
  name: string;
  lines: VatLine[];
  discount?: number;
  expected: [rate: number, net: string, vat: string, gross: string][];
}[] = [
  { name: 'gross 3.50 at 13 %', lines: [l(1300, 350)], expected: [[13, '3.10', '0.40', '3.50']] },
  { name: 'gross 3.50 at 24 %', lines: [l(2400, 350)], expected: [[24, '2.82', '0.68', '3.50']] },
  {
    name: 'gross 10.90 at 13 %',
    lines: [l(1300, 1090)],
    expected: [[13, '9.65', '1.25', '10.90']],
  },
  { name: 'gross 2.00 at 0 %', lines: [l(0, 200)], expected: [[0, '2.00', '0.00', '2.00']] },
  {
    name: 'three lines of 1.00 at 13 % round once on 3.00 (not 0.88 three times)',
    lines: [l(1300, 100), l(1300, 100), l(1300, 100)],
    expected: [[13, '2.65', '0.35', '3.00']],
  },
  {
    name: 'mixed eat-in order: food 9.50 and coffee 2.50 at 13 %, soda 3.00 at 24 %',
    lines: [l(1300, 950), l(2400, 300), l(1300, 250)],
    expected: [
      [13, '10.62', '1.38', '12.00'],
      [24, '2.42', '0.58', '3.00'],
    ],
  },
  {
    name: 'order discount 1.00 on 12.00 at 13 % and 3.00 at 24 %: 0.80 and 0.20',
    lines: [l(1300, 1200), l(2400, 300)],
    discount: 100,
    expected: [
      [13, '9.91', '1.29', '11.20'],
      [24, '2.26', '0.54', '2.80'],
    ],
  },
  {
    name: 'discount 0.10 on three rates of 1.00: 0.03 each, the cent left to the lowest rate',
    lines: [l(2400, 100), l(600, 100), l(1300, 100)],
    discount: 10,
    expected: [
      [6, '0.91', '0.05', '0.96'],
      [13, '0.86', '0.11', '0.97'],
      [24, '0.78', '0.19', '0.97'],
    ],
  },
  {
    name: 'discount 0.01 on 2.00 at 13 % and 1.00 at 24 %: the larger remainder takes it',
    lines: [l(1300, 200), l(2400, 100)],
    discount: 1,
    expected: [
      [13, '1.76', '0.23', '1.99'],
      [24, '0.81', '0.19', '1.00'],
    ],
  },
  {
    name: 'a free order (discount = total) has no VAT rows',
    lines: [l(1300, 500)],
    discount: 500,
    expected: [],
  },
  { name: 'no lines', lines: [], expected: [] },
];

describe('vatBreakdown: the worked examples', () => {
  it.each(workedExamples)('$name', ({ lines, discount, expected }) => {
    const rows = vatRowsToDto(vatBreakdown(lines, discount ?? 0));
    expect(rows.map((row) => [row.rate, row.net, row.vat, row.gross])).toEqual(expected);
  });

  it('refuses a discount larger than the order and a rate out of range', () => {
    expect(() => vatBreakdown([l(1300, 500)], 501)).toThrow(RangeError);
    expect(() => vatBreakdown([l(10_001, 500)])).toThrow(RangeError);
    expect(() => vatBreakdown([l(-1, 500)])).toThrow(RangeError);
  });
});

describe('sumVatRows', () => {
  it('adds each order as its receipt rounded it: two orders of 1.00 at 13 % are 1.76 + 0.24', () => {
    const one = vatBreakdown([l(1300, 100)]);
    const total = vatRowsToDto(sumVatRows([one, one, vatBreakdown([l(2400, 350)])]));
    expect(total).toEqual([
      { rate: 13, net: '1.76', vat: '0.24', gross: '2.00' },
      { rate: 24, net: '2.82', vat: '0.68', gross: '3.50' },
    ]);
  });
});
