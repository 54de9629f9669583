import { describe, expect, it } from 'vitest';
import {
  addLine,
  cartTotals,
  discountRuleOf,
  discountsFor,
  lineInstructions,
  lineTotalCents,
  orderLines,
  removeLine,
  setLineDiscount,
  setQuantity,
  type PosCartLine,
  type PosLineDiscount,
} from './pos-cart.ts';

const burger = (overrides: Partial<PosCartLine> = {}): PosCartLine => ({
  id: 'burger-1',
  menuItemId: 'classic-smash-burger',
  name: 'Classic Smash Burger',
  // 10.90 + Extra Cheese 1.00
  unitCents: 1190,
  quantity: 1,
  bread: 'Brioche Bun',
  sauce: 'Spicy BBQ',
  addOns: [{ name: 'Extra Cheese', priceCents: 100 }],
  note: '',
  discount: null,
  ...overrides,
});

const cola = (overrides: Partial<PosCartLine> = {}): PosCartLine => ({
  id: 'cola-1',
  menuItemId: 'cola',
  name: 'Cola 0.5 l',
  unitCents: 290,
  quantity: 1,
  bread: null,
  sauce: null,
  addOns: [],
  note: '',
  discount: null,
  ...overrides,
});

const tenPercent: PosLineDiscount = {
  id: 'happy-10',
  name: 'Happy 10',
  type: 'percentage',
  value: 10,
  minOrderAmountCents: 0,
};
const twoOffFromTen: PosLineDiscount = {
  id: 'two-off',
  name: 'Two off',
  type: 'fixed_amount',
  value: 200,
  minOrderAmountCents: 1000,
};

describe('discountRuleOf (the API gives euros)', () => {
  it('keeps a percentage whole and turns euros into cents', () => {
    const base = {
      description: '',
      isActive: true,
      posOnly: true,
      validFrom: null,
      validTo: null,
      weekdays: [],
      timeFrom: null,
      timeTo: null,
    };
    expect(
      discountRuleOf({
        ...base,
        id: 'p',
        name: 'P',
        type: 'percentage',
        value: 15,
        minOrderAmount: 0,
      }),
    ).toEqual({ id: 'p', name: 'P', type: 'percentage', value: 15, minOrderAmountCents: 0 });
    expect(
      discountRuleOf({
        ...base,
        id: 'f',
        name: 'F',
        type: 'fixed_amount',
        value: 2.5,
        minOrderAmount: 10.1,
      }),
    ).toEqual({ id: 'f', name: 'F', type: 'fixed_amount', value: 250, minOrderAmountCents: 1010 });
  });
});

describe('cart totals in cents, by the shared discount rules', () => {
  it('a burger with 10 % off and a cola: 11.90 - 1.19 + 2.90 = 13.61', () => {
    const lines = [burger({ discount: tenPercent }), cola()];
    expect(lineTotalCents(lines[0]!)).toBe(1071);
    expect(cartTotals(lines)).toEqual({
      subtotalCents: 1480,
      discountCents: 119,
      totalCents: 1361,
      itemCount: 2,
    });
  });

  it('a percentage rounds to the nearest cent on the line total, not per unit', () => {
    // 3 × 2.90 = 8.70; 15 % = 1.305 -> 1.31 (per unit it would be 3 × 0.44 = 1.32)
    const line = cola({ quantity: 3, discount: { ...tenPercent, value: 15 } });
    expect(cartTotals([line]).discountCents).toBe(131);
  });

  it('a fixed amount is at most the line', () => {
    const line = cola({ discount: { ...twoOffFromTen, value: 500, minOrderAmountCents: 0 } });
    expect(lineTotalCents(line)).toBe(0);
  });

  it('an empty cart is 0', () => {
    expect(cartTotals([])).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      itemCount: 0,
    });
  });
});

describe('discount choices (spec §4, §5)', () => {
  it('offers only discounts whose minimum order amount the line total meets', () => {
    expect(discountsFor(cola(), [tenPercent, twoOffFromTen]).map((d) => d.id)).toEqual([
      'happy-10',
    ]);
    expect(discountsFor(burger(), [tenPercent, twoOffFromTen]).map((d) => d.id)).toEqual([
      'happy-10',
      'two-off',
    ]);
  });

  it('applying replaces an earlier discount; removing restores the price', () => {
    let lines = [burger()];
    lines = setLineDiscount(lines, 'burger-1', tenPercent);
    expect(lineTotalCents(lines[0]!)).toBe(1071);
    lines = setLineDiscount(lines, 'burger-1', twoOffFromTen);
    expect(lines[0]!.discount?.id).toBe('two-off');
    expect(lineTotalCents(lines[0]!)).toBe(990);
    lines = setLineDiscount(lines, 'burger-1', null);
    expect(lineTotalCents(lines[0]!)).toBe(1190);
  });

  it('a discount the line does not meet is not applied', () => {
    const lines = setLineDiscount([cola()], 'cola-1', twoOffFromTen);
    expect(lines[0]!.discount).toBeNull();
  });

  it('a quantity change below the minimum drops the discount', () => {
    // 2 colas = 5.80 < 10.00 after going down from 4 (11.60)
    let lines = [cola({ quantity: 4 })];
    lines = setLineDiscount(lines, 'cola-1', twoOffFromTen);
    expect(lines[0]!.discount?.id).toBe('two-off');
    lines = setQuantity(lines, 'cola-1', 2);
    expect(lines[0]!.discount).toBeNull();
  });
});

describe('lines', () => {
  it('the same item with the same options adds up; other options make a new line', () => {
    let lines = addLine([], cola());
    lines = addLine(lines, cola({ id: 'cola-2' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(2);
    lines = addLine(lines, burger());
    lines = addLine(lines, burger({ id: 'burger-2', sauce: 'Truffle Mayo' }));
    expect(lines.map((line) => line.quantity)).toEqual([2, 1, 1]);
  });

  it('quantity stays between 1 and 99; remove takes the line away', () => {
    expect(setQuantity([cola()], 'cola-1', 0)[0]!.quantity).toBe(1);
    expect(setQuantity([cola()], 'cola-1', 150)[0]!.quantity).toBe(99);
    expect(removeLine([cola(), burger()], 'cola-1').map((line) => line.id)).toEqual(['burger-1']);
  });

  it('the note is trimmed and left out when blank; the bread is not in it', () => {
    expect(lineInstructions({ note: ' no pickles ' })).toBe('no pickles');
    expect(lineInstructions({ note: '  ' })).toBeUndefined();
  });

  it('order lines carry a discount id only where the discount takes something off', () => {
    const [first, second] = orderLines([burger({ discount: tenPercent }), cola()]);
    expect(first).toEqual({
      menuItemId: 'classic-smash-burger',
      name: 'Classic Smash Burger',
      quantity: 1,
      price: 11.9,
      customizations: {
        sauce: 'Spicy BBQ',
        bread: 'Brioche Bun',
        addOns: ['Extra Cheese'],
      },
      discountId: 'happy-10',
    });
    expect(second).not.toHaveProperty('discountId');
    expect(second!.customizations).toEqual({ sauce: null, addOns: [] });
  });
});
