import { describe, expect, it } from 'vitest';
import type { Category, MenuItem } from '#shared/menu/menu.schema.ts';
import {
  categoriesWithItems,
  categoryHeading,
  tapMenuItem,
  visibleMenuItems,
} from './menu-browsing.ts';

const item = (overrides: Partial<MenuItem>): MenuItem => ({
  id: 'classic-smash-burger',
  name: 'Classic Smash Burger',
  description: '',
  basePrice: 10.9,
  image: '/uploads/burger.webp',
  category: 'burgers',
  popular: false,
  customizable: false,
  allergens: [],
  tags: [],
  soldOut: null,
  prepUnits: 1,
  ...overrides,
});

const menu = [
  item({ id: 'burger', category: 'burgers', popular: true }),
  item({ id: 'veggie', category: 'burgers' }),
  item({ id: 'cola', category: 'drinks', popular: true }),
  item({ id: 'loose', category: null }),
];

describe('browsing the menu (spec customer-site §2)', () => {
  it.each([
    ['most-ordered', ['burger', 'cola']],
    ['burgers', ['burger', 'veggie']],
    ['drinks', ['cola']],
    ['desserts', []],
  ])('category %s shows %j', (category, ids) => {
    expect(visibleMenuItems(menu, category).map((shown) => shown.id)).toEqual(ids);
  });

  it('shows nothing before the menu has loaded', () => {
    expect(visibleMenuItems(undefined, 'most-ordered')).toEqual([]);
  });

  it('heads the list with "Most Ordered" or the category name', () => {
    const categories: Category[] = [{ id: 'burgers', name: 'Burgers', icon: null, sortOrder: 1 }];
    expect(categoryHeading('most-ordered', categories)).toBe('Most Ordered');
    expect(categoryHeading('burgers', categories)).toBe('Burgers');
    expect(categoryHeading('gone', categories)).toBe('');
    expect(categoryHeading('burgers', undefined)).toBe('');
  });
});

describe('tapping an item', () => {
  it('puts a plain item straight into the cart: quantity 1, no options, id = item + time', () => {
    expect(
      tapMenuItem(item({ id: 'cola', name: 'Cola 0.5 l', basePrice: 2.9 }), 1767261600000),
    ).toEqual({
      kind: 'add',
      line: {
        id: 'cola-1767261600000',
        menuItemId: 'cola',
        name: 'Cola 0.5 l',
        price: 2.9,
        quantity: 1,
        customizations: { sauce: null, addOns: [] },
        image: '/uploads/burger.webp',
      },
    });
  });

  it('opens the dialog for a customizable item, and does nothing for a sold-out one', () => {
    expect(tapMenuItem(item({ customizable: true }), 0)).toEqual({ kind: 'open-dialog' });
    expect(tapMenuItem(item({ soldOut: { until: null } }), 0)).toEqual({ kind: 'nothing' });
    expect(
      tapMenuItem(item({ customizable: true, soldOut: { until: '2026-05-05T18:00:00Z' } }), 0),
    ).toEqual({
      kind: 'nothing',
    });
  });
});

describe('an empty category is not shown', () => {
  const cats = [
    { id: 'burgers', name: 'Burgers', icon: '🍔', sortOrder: 1 },
    { id: 'empty', name: 'Coming soon', icon: '🆕', sortOrder: 2 },
    { id: 'drinks', name: 'Drinks', icon: '🥤', sortOrder: 3 },
  ];
  const item = (id: string, category: string) => ({ id, category }) as MenuItem;

  it('keeps only categories with an item, in their order', () => {
    expect(
      categoriesWithItems(cats, [item('cola', 'drinks'), item('smash', 'burgers')]).map(
        (category) => category.id,
      ),
    ).toEqual(['burgers', 'drinks']);
  });

  it('shows every category until the items have loaded, and none of nothing', () => {
    expect(categoriesWithItems(cats, undefined)).toHaveLength(3);
    expect(categoriesWithItems(undefined, [])).toEqual([]);
  });
});
