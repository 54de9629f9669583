import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addCartLine,
  cartItemCount,
  cartLineTotalCents,
  cartPrepUnits,
  cartTotalCents,
  normaliseInstructions,
  setCartLineQuantity,
  validCartLines,
  type CartLine,
} from './cart.ts';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  id: `classic-smash-burger-${Math.random()}`,
  menuItemId: 'classic-smash-burger',
  name: 'Classic Smash Burger',
  price: 12.4,
  quantity: 1,
  customizations: { sauce: 'Truffle Mayo', addOns: ['Bacon', 'Crispy Onions'] },
  image: null,
  ...overrides,
});

describe('adding lines', () => {
  it('merges a line with the same name, price and customizations', () => {
    const first = line();
    const merged = addCartLine(
      [first],
      line({
        quantity: 2,
        customizations: { sauce: 'Truffle Mayo', addOns: ['Crispy Onions', 'Bacon'] },
      }),
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ id: first.id, quantity: 3 });
  });

  it('keeps lines apart when the sauce, add-ons, note or price differ', () => {
    const base = [line()];
    expect(
      addCartLine(
        base,
        line({ customizations: { sauce: 'Spicy BBQ', addOns: ['Bacon', 'Crispy Onions'] } }),
      ),
    ).toHaveLength(2);
    expect(
      addCartLine(base, line({ customizations: { sauce: 'Truffle Mayo', addOns: ['Bacon'] } })),
    ).toHaveLength(2);
    expect(
      addCartLine(
        base,
        line({
          customizations: {
            sauce: 'Truffle Mayo',
            addOns: ['Bacon', 'Crispy Onions'],
            specialInstructions: 'no pickles',
          },
        }),
      ),
    ).toHaveLength(2);
    expect(addCartLine(base, line({ price: 11.4 }))).toHaveLength(2);
    expect(addCartLine(base, line({ name: 'Double Bacon Smash' }))).toHaveLength(2);
  });

  it('does not change the array it was given', () => {
    const lines = [line()];
    addCartLine(lines, line());
    expect(lines[0]!.quantity).toBe(1);
  });
});

describe('quantities', () => {
  it('sets a quantity, and 0 or less removes the line', () => {
    const a = line({ id: 'a' });
    const b = line({ id: 'b', name: 'Cola' });
    expect(setCartLineQuantity([a, b], 'a', 4).find((l) => l.id === 'a')!.quantity).toBe(4);
    expect(setCartLineQuantity([a, b], 'a', 0).map((l) => l.id)).toEqual(['b']);
    expect(setCartLineQuantity([a, b], 'b', -3).map((l) => l.id)).toEqual(['a']);
  });

  it('counts items and totals in cents without float drift', () => {
    const lines = [
      line({ price: 0.1, quantity: 3 }),
      line({ id: 'x', name: 'Cola', price: 0.2, quantity: 1 }),
    ];
    expect(cartItemCount(lines)).toBe(4);
    expect(cartLineTotalCents(lines[0]!)).toBe(30);
    expect(cartTotalCents(lines)).toBe(50);
  });
});

describe('stored lines', () => {
  it('ignores lines lacking a numeric price, a name, an id or customizations', () => {
    const good = line({ id: 'good' });
    const stored = [
      good,
      { ...good, id: 'no-price', price: '12.40' },
      { ...good, id: 'no-name', name: '' },
      { ...good, id: '' },
      { ...good, id: 'no-custom', customizations: undefined },
      null,
      'garbage',
    ];
    expect(validCartLines(stored).map((l) => l.id)).toEqual(['good']);
    expect(validCartLines('not a list')).toEqual([]);
    expect(validCartLines(undefined)).toEqual([]);
  });
});

describe('stored lines, against the schema they were once checked with', () => {
  // The zod schema cart.ts used before decision 016 (the storefront's bundle left zod out):
  // the hand-written check must accept and return exactly what it did.
  const customizations = z.object({
    sauce: z.string().nullable(),
    addOns: z.array(z.string()),
    specialInstructions: z.string().optional(),
  });
  const reference = z.object({
    id: z.string().min(1),
    menuItemId: z.string().min(1),
    name: z.string().min(1),
    price: z.number().finite().nonnegative(),
    quantity: z.number().int().positive(),
    customizations,
    image: z.string().nullable().optional(),
  });
  const good = {
    id: 'l1',
    menuItemId: 'burger',
    name: 'Burger',
    price: 12.4,
    quantity: 2,
    customizations: { sauce: null, addOns: ['Egg'], specialInstructions: 'no onions' },
    image: '/objects/menu-images/1',
  };
  const cases: unknown[] = [
    good,
    { ...good, image: null },
    { ...good, image: undefined },
    { ...good, image: 42 },
    { ...good, extra: 'dropped' },
    { ...good, customizations: { sauce: 'BBQ', addOns: [], extra: 1 } },
    { ...good, customizations: { sauce: undefined, addOns: [] } },
    { ...good, customizations: { sauce: null, addOns: [1] } },
    { ...good, customizations: { sauce: null, addOns: 'Egg' } },
    { ...good, customizations: { sauce: null, addOns: [], specialInstructions: null } },
    { ...good, customizations: [] },
    { ...good, menuItemId: '' },
    { ...good, menuItemId: undefined },
    { ...good, price: 0 },
    { ...good, price: -0.5 },
    { ...good, price: Number.NaN },
    { ...good, price: Number.POSITIVE_INFINITY },
    { ...good, quantity: 0 },
    { ...good, quantity: 1.5 },
    { ...good, quantity: -1 },
    { ...good, quantity: '2' },
    { ...good, quantity: 2 ** 60 },
    [good],
    42,
  ];

  it.each(cases.map((value, index) => [index, value]))('case %i', (_index, value) => {
    const parsed = reference.safeParse(value);
    expect(validCartLines([value])).toEqual(parsed.success ? [parsed.data] : []);
  });
});

describe('special instructions', () => {
  it('are trimmed and left out when empty', () => {
    expect(normaliseInstructions('  no pickles ')).toBe('no pickles');
    expect(normaliseInstructions('   ')).toBeUndefined();
    expect(normaliseInstructions(undefined)).toBeUndefined();
  });
});

describe('cartPrepUnits (pickup times, decision 026)', () => {
  const menu = [
    { id: 'platter', prepUnits: 3 },
    { id: 'cola', prepUnits: 0 },
  ];
  it.each([
    [[['platter', 2]], 6],
    [
      [
        ['platter', 1],
        ['cola', 4],
      ],
      3,
    ],
    [[['cola', 2]], 0],
    // An item the menu no longer has counts one unit each, as the server counts it.
    [
      [
        ['gone', 2],
        ['platter', 1],
      ],
      5,
    ],
    [[], 0],
  ] as const)('%j is %i units', (lines, expected) => {
    expect(
      cartPrepUnits(
        lines.map(([menuItemId, quantity]) => ({ menuItemId, quantity })),
        menu,
      ),
    ).toBe(expected);
  });
});
