import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  createAddOnOption,
  createBreadOption,
  createCategory,
  createMenuItem,
  createSauceOption,
} from '../../../../tests/factories/menu.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import type { Category, ItemOptions, MenuItem } from '#shared/menu/menu.schema.ts';

const t = useTestApp({ seed: 'demo' });
let admin: string | undefined;
const adminCookie = async () =>
  (admin ??= await signIn(t.db, await createStaffUser(t.db, { role: 'admin' })));

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return { status: response.statusCode, body: response.json<T>() };
}

describe('GET /api/menu/items', () => {
  it('lists the demo menu with the spec fields, basePrice as a number of euros', async () => {
    const { status, body } = await getJson<MenuItem[]>('/api/menu/items');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(24);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'allergens',
          'basePrice',
          'category',
          'customizable',
          'description',
          'id',
          'image',
          'name',
          'popular',
          'prepUnits',
          'soldOut',
          'tags',
        ].sort(),
      );
      expect(item.id).toEqual(expect.any(String));
      expect(item.name).not.toBe('');
      expect(typeof item.basePrice).toBe('number');
      expect(item.basePrice).toBeGreaterThan(0);
      expect(typeof item.popular).toBe('boolean');
      expect(typeof item.customizable).toBe('boolean');
      // The demo menu's drinks take the kitchen no time; every dish is 1 (decision 026).
      expect(item.prepUnits).toBe(item.category === 'drinks' ? 0 : 1);
    }
    const burger = body.find((item) => item.id === 'classic-smash-burger');
    expect(burger).toMatchObject({
      name: 'Classic Smash Burger',
      basePrice: 10.9,
      category: 'burgers',
      popular: true,
      customizable: true,
      image: '/images/menu/classic-smash-burger.svg',
    });
  });

  it('never lists a hidden or unavailable item, but lists a new visible one', async () => {
    const category = await createCategory(t.db);
    const hidden = await createMenuItem(t.db, { categoryId: category.id, isHidden: true });
    const offSale = await createMenuItem(t.db, { categoryId: category.id, isAvailable: false });
    const visible = await createMenuItem(t.db, {
      categoryId: category.id,
      basePriceCents: 1250,
      name: 'Test Brisket Bowl',
      prepUnits: 3,
    });
    // Made straight in the database, past the menu editor that drops the kept menu.
    t.app.publicCache.clear();

    const { body } = await getJson<MenuItem[]>('/api/menu/items');
    const ids = body.map((item) => item.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(offSale.id);
    expect(body.find((item) => item.id === visible.id)).toMatchObject({
      name: 'Test Brisket Bowl',
      basePrice: 12.5,
      category: category.id,
      prepUnits: 3,
    });
  });
});

describe('GET /api/menu/categories', () => {
  it('returns the categories in sortOrder, whatever order they were added in', async () => {
    await createCategory(t.db, { id: 'zz-first', name: 'Specials', sortOrder: 0 });
    await createCategory(t.db, { id: 'aa-last', name: 'Merch', sortOrder: 999 });
    // Each with something on sale: an empty category is not listed (the next test).
    await createMenuItem(t.db, { categoryId: 'zz-first' });
    await createMenuItem(t.db, { categoryId: 'aa-last' });
    t.app.publicCache.clear();

    const { status, body } = await getJson<Category[]>('/api/menu/categories');
    expect(status).toBe(200);
    const sortOrders = body.map((category) => category.sortOrder);
    expect(sortOrders).toEqual([...sortOrders].sort((a, b) => a - b));
    expect(body[0]).toEqual({ id: 'zz-first', name: 'Specials', icon: '🍽️', sortOrder: 0 });
    expect(body.at(-1)?.id).toBe('aa-last');
    const demo = body.filter((category) => category.sortOrder >= 1 && category.sortOrder <= 8);
    expect(demo.map((category) => category.id)).toEqual([
      'breakfast',
      'smoked',
      'burgers',
      'hot-dog',
      'sides',
      'drinks',
      'fries',
      'sauce-packs',
    ]);
  });
});

describe('an empty category is not shown to customers', () => {
  // What the category holds -> listed to customers?
  const CASES = [
    ['nothing', [], false],
    ['only a hidden item', [{ isHidden: true }], false],
    ['only an item off sale everywhere', [{ isAvailable: false }], false],
    ['an item on sale', [{}], true],
    ['a hidden item and one on sale', [{ isHidden: true }, {}], true],
    [
      'an item sold out until later (shown, greyed)',
      [{ soldOut: true, soldOutUntil: new Date('2099-01-01T00:00:00Z') }],
      true,
    ],
  ] as const;

  it.each(CASES)('a category with %s', async (_, items, listed) => {
    const category = await createCategory(t.db, { name: `Case ${Math.random()}` });
    for (const item of items) await createMenuItem(t.db, { categoryId: category.id, ...item });
    t.app.publicCache.clear();
    const { body } = await getJson<Category[]>('/api/menu/categories');
    expect(body.some((shown) => shown.id === category.id)).toBe(listed);
    // The menu editor lists every category.
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/menu/categories',
      headers: { cookie: await adminCookie() },
    });
    expect(admin.json<Category[]>().some((shown) => shown.id === category.id)).toBe(true);
  });
});

describe('GET /api/menu/items/:id/options', () => {
  it('gives a drink no options', async () => {
    const { status, body } = await getJson<ItemOptions>('/api/menu/items/cola/options');
    expect(status).toBe(200);
    expect(body).toEqual({ breadOptions: [], sauceOptions: [], addOnOptions: [] });
  });

  it('gives the smash burger the eight sauces, four priced add-ons and its breads', async () => {
    const { status, body } = await getJson<ItemOptions>(
      '/api/menu/items/classic-smash-burger/options',
    );
    expect(status).toBe(200);
    expect(body.sauceOptions.map((sauce) => sauce.name).sort()).toEqual(
      [
        'Spicy BBQ',
        'Honey Jack BBQ',
        'Jumbo Cheesy Mayo',
        'Truffle Mayo',
        'Spicy Doritos Mayo',
        'Garlic & Onion Mayo',
        'Sour Cream & Onion',
        'Secret Sauce',
      ].sort(),
    );
    // Spec customer-site §9: add-on prices in euros, as numbers.
    const prices = Object.fromEntries(body.addOnOptions.map((addOn) => [addOn.name, addOn.price]));
    expect(prices).toEqual({ 'Extra Cheese': 1, Egg: 1, Bacon: 1, 'Crispy Onions': 0.5 });
    expect(body.breadOptions.map((bread) => bread.id).sort()).toEqual(
      ['brioche', 'potato-bun', 'sourdough'].sort(),
    );
    for (const bread of body.breadOptions) expect(bread.description).toEqual(expect.any(String));
  });

  it('gives only the options linked to that item', async () => {
    const sauce = await createSauceOption(t.db, { name: 'Test Chipotle' });
    const otherSauce = await createSauceOption(t.db, { name: 'Test Unlinked Sauce' });
    const addOn = await createAddOnOption(t.db, { name: 'Test Jalapeños', priceCents: 75 });
    const bread = await createBreadOption(t.db, { name: 'Test Pretzel Bun' });
    const item = await createMenuItem(t.db, {
      sauceIds: [sauce.id],
      addOnIds: [addOn.id],
      breadIds: [bread.id],
    });
    await createMenuItem(t.db, { sauceIds: [otherSauce.id] });

    const { body } = await getJson<ItemOptions>(`/api/menu/items/${item.id}/options`);
    expect(body).toEqual({
      sauceOptions: [{ id: sauce.id, name: 'Test Chipotle', soldOut: null }],
      addOnOptions: [{ id: addOn.id, name: 'Test Jalapeños', price: 0.75, soldOut: null }],
      breadOptions: [{ id: bread.id, name: 'Test Pretzel Bun', description: 'Freshly baked' }],
    });
  });

  it('answers 404 with an error message for an unknown item', async () => {
    const { status, body } = await getJson<{ error: string }>(
      '/api/menu/items/no-such-dish/options',
    );
    expect(status).toBe(404);
    expect(body.error).toEqual(expect.any(String));
    expect(body.error).toContain('no-such-dish');
  });

  it('answers 404 for a hidden item', async () => {
    const hidden = await createMenuItem(t.db, { isHidden: true });
    const { status } = await getJson(`/api/menu/items/${hidden.id}/options`);
    expect(status).toBe(404);
  });

  it('answers a 4xx, never a 500, to an absurdly long id', async () => {
    const { status, body } = await getJson<{ error: string }>(
      `/api/menu/items/${'x'.repeat(500)}/options`,
    );
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.error).toEqual(expect.any(String));
  });

  it('treats odd characters in the id as data, not as SQL', async () => {
    const id = encodeURIComponent("cola' or '1'='1");
    const { status } = await getJson(`/api/menu/items/${id}/options`);
    expect(status).toBe(404);
  });
});
