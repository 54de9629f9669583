/**
 * The Menu Editor's calls (spec back-office §5, §7 "Menu"): validation messages, ids, 409s,
 * links, POS availability, sold-out on every channel that comes back by itself (decision 010),
 * discounts and their windows, and the menuChanged announcement. Who may call them is walked
 * route by route in auth/access.test.ts; a few are repeated here by name.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, payments } from '#server/db/schema.ts';
import { MENU_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import type { AdminMenuItem, Discount } from '#shared/menu/menu-admin.schema.ts';
import type { Category, MenuItem } from '#shared/menu/menu.schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { openCashDrawer } from '../../../../tests/factories/cash-drawer.ts';
import { dayHours, openShift, setWeekHours } from '../../../../tests/factories/shop-hours.ts';
import { WEEKDAYS } from '#shared/shop-hours/shop-hours.ts';

// Tuesday 10 June 2025, 12:00 in Tallinn (UTC+3), the demo shop's zone.
const t = useTestApp({ seed: 'demo', clockStart: '2025-06-10T09:00:00Z' });
let admin: string;
let staff: string;

beforeAll(async () => {
  // Every counter cash sale needs an open drawer (decision 012, update 2026-11-25).
  await openCashDrawer(t.db, await createStaffUser(t.db, { role: 'staff' }));
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  staff = await signIn(t.db, await createStaffUser(t.db, { role: 'staff' }));
  // Two shifts every day: 08:00-15:00 and 17:00-22:00.
  await setWeekHours(
    t.db,
    Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        dayHours(openShift('08:00', '15:00'), openShift('17:00', '22:00')),
      ]),
    ),
  );
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, cookie: string | null = admin) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClient(),
  });

const ITEM = {
  id: 'brisket-melt',
  name: 'Brisket Melt',
  description: 'Smoked brisket, cheddar, pickles',
  basePrice: 12.9,
  category: 'smoked',
  customizable: true,
  popular: false,
  allergens: ['gluten', 'milk', 'mustard'],
  tags: ['spicy'],
};

const publicItem = async (id: string) => {
  const list = (await call('GET', '/api/menu/items', undefined, null)).json<MenuItem[]>();
  return list.find((item) => item.id === id);
};

const checkout = (lines: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    payload: {
      customerEmail: 'ann@example.com',
      customerName: 'Ann Smith',
      customerPhone: '+372 5550 0000',
      contactless: false,
      orderData: {
        type: 'pickup',
        orderSource: 'website',
        items: lines,
        customer: {
          firstName: 'Ann',
          lastName: 'Smith',
          email: 'ann@example.com',
          phone: '+372 5550 0000',
        },
      },
    },
  });

const sellAtCounter = (lines: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: staff, 'idempotency-key': randomUUID() },
    payload: { paymentMethod: 'cash', items: lines },
  });

describe('menu items', () => {
  it('creates an item with allergens and tags; the storefront lists it with them', async () => {
    const created = await call('POST', '/api/menu/items', ITEM);
    expect(created.statusCode).toBe(201);
    expect(created.json<AdminMenuItem>()).toMatchObject({
      id: 'brisket-melt',
      basePrice: 12.9,
      category: 'smoked',
      isHidden: false,
      isAvailable: true,
      allergens: ['gluten', 'milk', 'mustard'],
      tags: ['spicy'],
      soldOut: null,
      sauceOptionIds: [],
    });
    expect(await publicItem('brisket-melt')).toMatchObject({
      name: 'Brisket Melt',
      basePrice: 12.9,
      allergens: ['gluten', 'milk', 'mustard'],
      tags: ['spicy'],
    });
  });

  it("refuses missing id, name or category with the spec's message", async () => {
    for (const missing of ['id', 'name', 'category'] as const) {
      const body: Record<string, unknown> = { ...ITEM, id: `missing-${missing}` };
      body[missing] = '';
      const response = await call('POST', '/api/menu/items', body);
      expect(response.statusCode, missing).toBe(400);
      expect(response.json().fields[missing]).toBe('Please fill in all required fields');
    }
  });

  it('refuses a taken id (409), an unknown category, an unknown allergen and a negative price', async () => {
    expect((await call('POST', '/api/menu/items', ITEM)).statusCode).toBe(409);
    const noCategory = await call('POST', '/api/menu/items', {
      ...ITEM,
      id: 'x1',
      category: 'nope',
    });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().error).toBe('There is no category "nope".');
    const badAllergen = await call('POST', '/api/menu/items', {
      ...ITEM,
      id: 'x2',
      allergens: ['glitter'],
    });
    expect(badAllergen.statusCode).toBe(400);
    const negative = await call('POST', '/api/menu/items', { ...ITEM, id: 'x3', basePrice: -1 });
    expect(negative.statusCode).toBe(400);
    const badId = await call('POST', '/api/menu/items', { ...ITEM, id: 'Bad Id!' });
    expect(badId.json().fields.id).toBe('Use lowercase letters, digits and dashes for the id');
  });

  it('lists hidden and off-POS items to the admin only', async () => {
    await call('POST', '/api/menu/items', { ...ITEM, id: 'secret-special', isHidden: true });
    const admins = (await call('GET', '/api/admin/menu/items')).json<AdminMenuItem[]>();
    expect(admins.find((item) => item.id === 'secret-special')).toMatchObject({ isHidden: true });
    expect(await publicItem('secret-special')).toBeUndefined();
    expect((await call('GET', '/api/admin/menu/items', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/menu/items', undefined, staff)).statusCode).toBe(403);
  });

  it('updates an item (the path id wins) and toggles POS availability', async () => {
    const updated = await call('PUT', '/api/menu/items/brisket-melt', {
      ...ITEM,
      id: 'ignored',
      basePrice: 13.5,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: 'brisket-melt', basePrice: 13.5 });
    const off = await call('PUT', '/api/menu/items/brisket-melt/availability', {
      isAvailable: false,
    });
    expect(off.json()).toMatchObject({ isAvailable: false });
    expect(await publicItem('brisket-melt')).toBeUndefined();
    await call('PUT', '/api/menu/items/brisket-melt/availability', { isAvailable: true });
    expect(await publicItem('brisket-melt')).toBeDefined();
    expect((await call('PUT', '/api/menu/items/nope', ITEM)).statusCode).toBe(404);
  });

  it('links sauces, add-ons and breads; the options call and the price follow', async () => {
    const sauces = await call('PUT', '/api/menu/items/brisket-melt/sauce-options', {
      sauceOptionIds: ['spicy-bbq', 'truffle-mayo'],
    });
    expect(sauces.json<AdminMenuItem>().sauceOptionIds).toEqual(['spicy-bbq', 'truffle-mayo']);
    await call('PUT', '/api/menu/items/brisket-melt/addon-options', {
      addOnOptionIds: ['bacon'],
    });
    await call('PUT', '/api/menu/items/brisket-melt/bread-options', { breadOptionIds: [] });
    const options = (
      await call('GET', '/api/menu/items/brisket-melt/options', undefined, null)
    ).json();
    expect(options.sauceOptions.map((s: { name: string }) => s.name)).toEqual([
      'Spicy BBQ',
      'Truffle Mayo',
    ]);
    expect(options.addOnOptions).toEqual([{ id: 'bacon', name: 'Bacon', price: 1, soldOut: null }]);

    const unknown = await call('PUT', '/api/menu/items/brisket-melt/sauce-options', {
      sauceOptionIds: ['ketchup-of-doom'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Unknown sauce option: ketchup-of-doom.');

    // The server's price includes the linked add-on: 13.50 + 1.00.
    const paid = await checkout([
      { menuItemId: 'brisket-melt', quantity: 1, customizations: { addOns: ['Bacon'] } },
    ]);
    expect(paid.statusCode).toBe(200);
    const [payment] = await t.db
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .orderBy(desc(payments.createdAt))
      .limit(1);
    expect(payment?.amountCents).toBe(1450);
  });

  it('keeps prep units (decision 026): 1 unless told, 0 to 100 whole, kept when left out', async () => {
    const created = await call('POST', '/api/menu/items', { ...ITEM, id: 'prep-platter' });
    expect(created.statusCode).toBe(201);
    expect(created.json<AdminMenuItem>().prepUnits).toBe(1);
    expect((await publicItem('prep-platter'))?.prepUnits).toBe(1);

    for (const prepUnits of [0, 3]) {
      const updated = await call('PUT', '/api/menu/items/prep-platter', { ...ITEM, prepUnits });
      expect(updated.statusCode, String(prepUnits)).toBe(200);
      expect(updated.json<AdminMenuItem>().prepUnits).toBe(prepUnits);
      expect((await publicItem('prep-platter'))?.prepUnits).toBe(prepUnits);
      const listed = (await call('GET', '/api/admin/menu/items'))
        .json<AdminMenuItem[]>()
        .find((item) => item.id === 'prep-platter');
      expect(listed?.prepUnits).toBe(prepUnits);
    }
    // An editor page loaded before prep units sends none: the item keeps its 3.
    const kept = await call('PUT', '/api/menu/items/prep-platter', ITEM);
    expect(kept.json<AdminMenuItem>().prepUnits).toBe(3);

    const message = 'Prep units must be a whole number from 0 to 100.';
    for (const prepUnits of [101, 1.5, -1, '2', null]) {
      for (const [method, url, id] of [
        ['POST', '/api/menu/items', 'prep-bad'],
        ['PUT', '/api/menu/items/prep-platter', undefined],
      ] as const) {
        const refused = await call(method, url, { ...ITEM, id, prepUnits });
        expect(refused.statusCode, `${method} ${String(prepUnits)}`).toBe(400);
        expect(refused.json().fields.prepUnits).toBe(message);
        expect(refused.json().error).toBe(`prepUnits: ${message}`);
      }
    }
    expect((await publicItem('prep-platter'))?.prepUnits).toBe(3);
    expect(await publicItem('prep-bad')).toBeUndefined();
  });

  it('deletes an item and leaves past orders intact', async () => {
    await call('POST', '/api/menu/items', { ...ITEM, id: 'short-lived' });
    const sale = await sellAtCounter([{ menuItemId: 'short-lived', quantity: 2 }]);
    expect(sale.statusCode).toBe(201);
    const deleted = await call('DELETE', '/api/menu/items/short-lived');
    expect(deleted.statusCode).toBe(204);
    const [line] = await t.db
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.name, 'Brisket Melt'))
      .limit(1);
    expect(line).toBeDefined();
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.totalPriceCents, 2580));
    expect(lines.some((row) => row.menuItemId === null && row.name === 'Brisket Melt')).toBe(true);
    expect((await call('DELETE', '/api/menu/items/short-lived')).statusCode).toBe(404);
  });
});

describe('categories', () => {
  it('creates one; icon is required', async () => {
    const created = await call('POST', '/api/menu/categories', {
      id: 'specials',
      name: 'Specials',
      icon: '⭐',
      sortOrder: 9,
    });
    expect(created.statusCode).toBe(201);
    const noIcon = await call('POST', '/api/menu/categories', { id: 'x', name: 'X', icon: '' });
    expect(noIcon.statusCode).toBe(400);
    expect(noIcon.json().fields.icon).toBe('Please fill in all required fields');
  });

  it('refuses to delete a category that still has items, naming how many (409)', async () => {
    await call('POST', '/api/menu/items', { ...ITEM, id: 'special-1', category: 'specials' });
    await call('POST', '/api/menu/items', { ...ITEM, id: 'special-2', category: 'specials' });
    const refused = await call('DELETE', '/api/menu/categories/specials');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'This category still has 2 items. Move or delete them first.',
    );
    await call('DELETE', '/api/menu/items/special-1');
    await call('DELETE', '/api/menu/items/special-2');
    expect((await call('DELETE', '/api/menu/categories/specials')).statusCode).toBe(204);
    expect((await call('DELETE', '/api/menu/categories/specials')).statusCode).toBe(404);
  });

  it('reorders every category; the storefront follows; a partial list is refused', async () => {
    const before = (await call('GET', '/api/menu/categories', undefined, null)).json<Category[]>();
    const reversed = before.map((category) => category.id).reverse();
    const reordered = await call('PUT', '/api/menu/categories/order', { ids: reversed });
    expect(reordered.statusCode).toBe(200);
    const after = (await call('GET', '/api/menu/categories', undefined, null)).json<Category[]>();
    expect(after.map((category) => category.id)).toEqual(reversed);
    expect(after.map((category) => category.sortOrder)).toEqual(after.map((_, i) => i + 1));
    const partial = await call('PUT', '/api/menu/categories/order', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
  });
});

describe('breads, sauces and add-ons', () => {
  it('creates, lists publicly, updates and deletes each kind, with the required fields', async () => {
    const KINDS = [
      ['bread-options', { id: 'rye', name: 'Rye', description: 'Dark rye' }, 'description'],
      ['sauce-options', { id: 'chipotle', name: 'Chipotle' }, 'name'],
      ['addon-options', { id: 'jalapenos', name: 'Jalapeños', price: 0.75 }, 'name'],
    ] as const;
    for (const [path, body, required] of KINDS) {
      expect((await call('POST', `/api/menu/${path}`, body)).statusCode, path).toBe(201);
      expect((await call('POST', `/api/menu/${path}`, body)).statusCode, path).toBe(409);
      const listed = (await call('GET', `/api/menu/${path}`, undefined, null)).json<
        { id: string }[]
      >();
      expect(listed.some((row) => row.id === body.id)).toBe(true);
      const missing = await call('POST', `/api/menu/${path}`, { ...body, id: 'y', [required]: '' });
      expect(missing.json().fields[required], path).toBe('Please fill in all required fields');
      const updated = await call('PUT', `/api/menu/${path}/${body.id}`, {
        ...body,
        name: 'Renamed',
      });
      expect(updated.json()).toMatchObject({ id: body.id, name: 'Renamed' });
      expect((await call('DELETE', `/api/menu/${path}/${body.id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/menu/${path}/${body.id}`)).statusCode).toBe(404);
    }
    const negative = await call('POST', '/api/menu/addon-options', {
      id: 'neg',
      name: 'Neg',
      price: -0.5,
    });
    expect(negative.statusCode).toBe(400);
  });
});

describe('sold out that comes back by itself', () => {
  const burgerLine = { menuItemId: 'classic-smash-burger', quantity: 1 };

  it('until 18:00: listed as sold out, refused on every channel naming it, on sale at 18:00', async () => {
    t.clock.set('2025-06-10T09:00:00Z'); // 12:00 in Tallinn
    const marked = await call('PUT', '/api/menu/items/classic-smash-burger/sold-out', {
      mode: 'until',
      until: '18:00',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().soldOut).toEqual({ until: '2025-06-10T15:00:00.000Z' });
    expect((await publicItem('classic-smash-burger'))?.soldOut).toEqual({
      until: '2025-06-10T15:00:00.000Z',
    });

    const message =
      '"Classic Smash Burger" is sold out (back at 18:00). Please remove it from your order.';
    const online = await checkout([burgerLine]);
    expect(online.statusCode).toBe(400);
    expect(online.json().error).toBe(message);
    const counter = await sellAtCounter([burgerLine]);
    expect(counter.statusCode).toBe(400);
    expect(counter.json().error).toBe(message);

    t.clock.set('2025-06-10T14:59:59Z');
    expect((await checkout([burgerLine])).statusCode).toBe(400);
    // 18:00 in the shop: back with no one touching it.
    t.clock.set('2025-06-10T15:00:00Z');
    expect((await publicItem('classic-smash-burger'))?.soldOut).toBeNull();
    expect((await checkout([burgerLine])).statusCode).toBe(200);
  });

  it("until the end of today's service: the last shift's close", async () => {
    t.clock.set('2025-06-10T09:00:00Z'); // 12:00; the evening shift closes at 22:00
    const marked = await call('PUT', '/api/menu/items/classic-smash-burger/sold-out', {
      mode: 'end-of-service',
    });
    expect(marked.json().soldOut).toEqual({ until: '2025-06-10T19:00:00.000Z' });
    t.clock.set('2025-06-10T18:59:00Z');
    expect((await checkout([burgerLine])).statusCode).toBe(400);
    // 22:00: the shop closes and the mark is gone by itself.
    t.clock.set('2025-06-10T19:00:00Z');
    expect((await publicItem('classic-smash-burger'))?.soldOut).toBeNull();
  });

  it('until turned back on: stays sold out however late, until mode off', async () => {
    t.clock.set('2025-06-10T09:00:00Z');
    await call('PUT', '/api/menu/items/classic-smash-burger/sold-out', { mode: 'indefinite' });
    t.clock.set('2025-07-10T09:00:00Z');
    const refused = await checkout([burgerLine]);
    expect(refused.json().error).toBe(
      '"Classic Smash Burger" is sold out. Please remove it from your order.',
    );
    await call('PUT', '/api/menu/items/classic-smash-burger/sold-out', { mode: 'off' });
    expect((await checkout([burgerLine])).statusCode).toBe(200);
    const noTime = await call('PUT', '/api/menu/items/classic-smash-burger/sold-out', {
      mode: 'until',
    });
    expect(noTime.statusCode).toBe(400);
  });

  it('a sold-out sauce or add-on is refused, the item without it still sells', async () => {
    t.clock.set('2025-06-10T09:00:00Z');
    const sauce = await call('PUT', '/api/menu/sauce-options/truffle-mayo/sold-out', {
      mode: 'until',
      until: '13:00',
    });
    expect(sauce.json()).toEqual({
      id: 'truffle-mayo',
      name: 'Truffle Mayo',
      soldOut: { until: '2025-06-10T10:00:00.000Z' },
    });
    await call('PUT', '/api/menu/addon-options/bacon/sold-out', { mode: 'indefinite' });
    const withSauce = await checkout([
      { ...burgerLine, customizations: { sauce: 'Truffle Mayo' } },
    ]);
    expect(withSauce.json().error).toBe(
      '"Truffle Mayo" sauce on "Classic Smash Burger" is sold out (back at 13:00). Please remove it from your order.',
    );
    const withBacon = await checkout([{ ...burgerLine, customizations: { addOns: ['Bacon'] } }]);
    expect(withBacon.json().error).toBe(
      '"Bacon" on "Classic Smash Burger" is sold out. Please remove it from your order.',
    );
    expect((await checkout([burgerLine])).statusCode).toBe(200);
    const options = (
      await call('GET', '/api/menu/items/classic-smash-burger/options', undefined, null)
    ).json();
    expect(options.addOnOptions.find((a: { id: string }) => a.id === 'bacon').soldOut).toEqual({
      until: null,
    });
    await call('PUT', '/api/menu/addon-options/bacon/sold-out', { mode: 'off' });
    await call('PUT', '/api/menu/sauce-options/truffle-mayo/sold-out', { mode: 'off' });
  });
});

describe('discounts', () => {
  const DISCOUNT = {
    id: 'happy-hour',
    name: 'Happy hour',
    description: '20 % off between 16:00 and 18:00 on weekdays',
    type: 'percentage',
    value: 20,
    minOrderAmount: 0,
    isActive: true,
    posOnly: true,
    weekdays: [1, 2, 3, 4, 5],
    timeFrom: '16:00',
    timeTo: '18:00',
  };

  it("refuses with the spec's messages", async () => {
    const zero = await call('POST', '/api/admin/discounts', { ...DISCOUNT, value: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields.value).toBe(
      'Please fill in all required fields and ensure value is greater than 0',
    );
    const noName = await call('POST', '/api/admin/discounts', { ...DISCOUNT, name: '' });
    expect(noName.json().fields.name).toBe(
      'Please fill in all required fields and ensure value is greater than 0',
    );
    const tooMuch = await call('POST', '/api/admin/discounts', { ...DISCOUNT, value: 101 });
    expect(tooMuch.json().fields.value).toBe('Percentage discount cannot exceed 100%');
    // A fixed amount is euros: 101 is allowed there.
    const fixed = await call('POST', '/api/admin/discounts', {
      ...DISCOUNT,
      id: 'big-fixed',
      type: 'fixed_amount',
      value: 101,
      weekdays: [],
      timeFrom: null,
      timeTo: null,
    });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json<Discount>().value).toBe(101);
  });

  it('creates, lists, updates, disables and deletes; /active follows the window', async () => {
    expect((await call('POST', '/api/admin/discounts', DISCOUNT)).statusCode).toBe(201);
    const active = () =>
      call('GET', '/api/admin/discounts/active', undefined, staff).then((r) =>
        r.json<Discount[]>().map((d) => d.id),
      );
    t.clock.set('2025-06-10T09:00:00Z'); // Tuesday 12:00: outside
    expect(await active()).not.toContain('happy-hour');
    t.clock.set('2025-06-10T14:00:00Z'); // Tuesday 17:00: inside
    expect(await active()).toContain('happy-hour');
    t.clock.set('2025-06-14T14:00:00Z'); // Saturday 17:00: not a weekday
    expect(await active()).not.toContain('happy-hour');

    t.clock.set('2025-06-10T14:00:00Z');
    const disabled = await call('PATCH', '/api/admin/discounts/happy-hour/status', {
      isActive: false,
    });
    expect(disabled.json<Discount>().isActive).toBe(false);
    expect(await active()).not.toContain('happy-hour');
    await call('PATCH', '/api/admin/discounts/happy-hour/status', { isActive: true });

    const updated = await call('PUT', '/api/admin/discounts/happy-hour', {
      ...DISCOUNT,
      value: 25,
    });
    expect(updated.json<Discount>().value).toBe(25);
    const all = (await call('GET', '/api/admin/discounts')).json<Discount[]>();
    expect(all.find((d) => d.id === 'happy-hour')).toMatchObject({
      value: 25,
      weekdays: [1, 2, 3, 4, 5],
      timeFrom: '16:00',
      timeTo: '18:00',
    });
  });

  it('is not accepted at the counter outside its window', async () => {
    const line = { menuItemId: 'classic-smash-burger', quantity: 1, discountId: 'happy-hour' };
    t.clock.set('2025-06-10T09:00:00Z'); // 12:00
    const outside = await sellAtCounter([line]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe('That discount is not available any more.');
    t.clock.set('2025-06-10T14:00:00Z'); // 17:00
    const inside = await sellAtCounter([line]);
    expect(inside.statusCode).toBe(201);
    expect((await call('DELETE', '/api/admin/discounts/happy-hour')).statusCode).toBe(204);
  });
});

describe('menuChanged', () => {
  it('is announced on the menu channel after a change, not after a read or a refusal', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(MENU_CHANGES_CHANNEL, () => heard.push('changed'));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    try {
      // Announcements of the earlier tests' changes may still be on their way: let them land.
      await settle();
      heard.length = 0;
      await call('GET', '/api/admin/menu/items');
      await call('POST', '/api/menu/items', { ...ITEM, name: '' });
      await settle();
      expect(heard).toEqual([]);
      await call('PUT', '/api/menu/items/classic-smash-burger/sold-out', { mode: 'indefinite' });
      await expect.poll(() => heard.length, { timeout: 3000 }).toBeGreaterThan(0);
    } finally {
      await stop();
      await call('PUT', '/api/menu/items/classic-smash-burger/sold-out', { mode: 'off' });
    }
  });
});
