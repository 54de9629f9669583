/**
 * Pickup times (decision 026) through the API: GET /api/pickup-slots (the quote from the queue,
 * the day's slots with their room) and create-payment's `orderData.pickupAt` (a slot taken with
 * the payment, refused with the next free slots, released when the payment expires; the order
 * carries pickupAt and quotedMinutes). The shop: Tallinn (UTC+2 in winter), open Monday
 * 12:00-14:00, 4 prep units per 15 minutes; the clock on Monday 2026-11-30 at 12:00.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { onlineOrdering, orders, payments } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createMenuItem } from '../../../../tests/factories/menu.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import {
  dayHours,
  openShift,
  setSetting,
  setWeekHours,
} from '../../../../tests/factories/shop-hours.ts';
import { SLOT_FULL_MESSAGE, SLOT_INVALID_MESSAGE } from './pickup.service.ts';

const NOW = '2026-11-30T10:00:00.000Z';
const t = useTestApp({ seed: 'base', clockStart: NOW });

let clientCounter = 0;
const nextClient = () => `10.9.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;

beforeEach(async () => {
  t.clock.set(NOW);
  await t.db.delete(orders);
  await t.db.delete(payments);
  await setWeekHours(t.db, { monday: dayHours(openShift('12:00', '14:00')) });
  await setSetting(t.db, 'shop_time_zone', 'Europe/Tallinn');
  await setSetting(t.db, 'kitchen_units_per_slot', '4');
  await setSetting(t.db, 'pre_orders_enabled', 'true');
  await t.db.delete(onlineOrdering);
  for (const [id, prepUnits] of [
    ['pickup-burger', 1],
    ['pickup-platter', 3],
    ['pickup-drink', 0],
  ] as const) {
    await createMenuItem(t.db, { id, prepUnits, basePriceCents: 1000, categoryId: null }).catch(
      () => undefined,
    );
  }
});

const slotsOf = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/pickup-slots${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    asapMinutes: number;
    slots: { start: string; end: string; remainingUnits: number; available: boolean }[];
  }>();
};

const checkout = (
  lines: { menuItemId: string; quantity: number }[],
  pickupAt?: string,
  source = 'website',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    payload: {
      customerEmail: 'ann@example.com',
      customerName: 'Ann Smith',
      customerPhone: '+372 5550 0000',
      orderData: {
        type: source === 'table' ? 'dine-in' : 'pickup',
        orderSource: source,
        ...(source === 'table' ? { tableNumber: '2' } : {}),
        items: lines,
        ...(pickupAt ? { pickupAt } : {}),
      },
    },
  });

const pay = async (paymentUrl: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: paymentUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(response.statusCode, response.body).toBeLessThan(400);
};

describe('GET /api/pickup-slots', () => {
  it('an empty kitchen: ready in about 15 minutes; the slots from 12:15 to 13:45, 4 units each', async () => {
    expect(await slotsOf()).toEqual({
      asapMinutes: 15,
      slots: [
        ['10:15', '10:30'],
        ['10:30', '10:45'],
        ['10:45', '11:00'],
        ['11:00', '11:15'],
        ['11:15', '11:30'],
        ['11:30', '11:45'],
        ['11:45', '12:00'],
      ].map(([start, end]) => ({
        start: `2026-11-30T${start}:00.000Z`,
        end: `2026-11-30T${end}:00.000Z`,
        remainingUnits: 4,
        available: true,
      })),
    });
  });

  it('quotes from the units queued on every channel, plus busy mode; a counter sale fills its slot', async () => {
    const at = new Date(NOW);
    // 6 units of a website order the kitchen is making, 2 of a Wolt order not started; a
    // counter sale (no quote: due 15 minutes after it was taken) of 3.
    await createOrder(t.db, {
      createdAt: at,
      prepUnits: 6,
      quotedMinutes: 30,
      kitchenStatus: 'started',
    });
    await createOrder(t.db, {
      createdAt: at,
      prepUnits: 2,
      orderSource: 'wolt',
      kitchenStatus: 'pending',
    });
    await createOrder(t.db, {
      createdAt: at,
      prepUnits: 3,
      orderSource: 'pos',
      kitchenStatus: 'pending',
    });
    // Not ahead in the queue: ready, cancelled, deleted, unpaid.
    await createOrder(t.db, { createdAt: at, prepUnits: 9, kitchenStatus: 'ready' });
    await createOrder(t.db, { createdAt: at, prepUnits: 9, status: 'cancelled' });
    await createOrder(t.db, { createdAt: at, prepUnits: 9, deletedAt: at });
    await createOrder(t.db, { createdAt: at, prepUnits: 9, paymentStatus: 'pending' });
    // (6 + 2 + 3 + 1) units at 4 per 15 minutes: 45 minutes.
    const quoted = await slotsOf();
    expect(quoted.asapMinutes).toBe(45);
    expect(quoted.slots[0]!.start).toBe('2026-11-30T10:45:00.000Z');
    // With 3 units in the cart: (11 + 3) / 4 × 15 = 52.5, so 55.
    expect((await slotsOf('?units=3')).asapMinutes).toBe(55);

    await t.db.insert(onlineOrdering).values({
      id: 1,
      busyExtraMinutes: 10,
      busyUntil: new Date('2026-11-30T20:00:00Z'),
    });
    expect((await slotsOf()).asapMinutes).toBe(55);

    // The slots the orders fall in: the counter sale's (10:15) and the Wolt order's (10:15,
    // base 15 minutes) before the lead; the website order's at 10:30 (its 30-minute quote).
    t.clock.set('2026-11-30T09:00:00Z');
    await t.db.delete(onlineOrdering);
    const early = await slotsOf();
    expect(
      early.slots.slice(0, 3).map((slot) => [slot.start.slice(11, 16), slot.remainingUnits]),
    ).toEqual([
      ['10:00', 4],
      ['10:15', 0],
      ['10:30', 0],
    ]);
  });

  it('a slot without room for the cart is listed as full, not left out', async () => {
    await createOrder(t.db, { pickupAt: new Date('2026-11-30T10:30:00Z'), prepUnits: 2 });
    const slots = (await slotsOf('?units=3')).slots;
    expect(slots.find((slot) => slot.start === '2026-11-30T10:30:00.000Z')).toEqual({
      start: '2026-11-30T10:30:00.000Z',
      end: '2026-11-30T10:45:00.000Z',
      remainingUnits: 2,
      available: false,
    });
    expect(slots.filter((slot) => slot.available)).toHaveLength(6);
  });

  it('another day: its own slots; a closed day: none', async () => {
    await setWeekHours(t.db, {
      monday: dayHours(openShift('12:00', '14:00')),
      tuesday: dayHours(openShift('23:30', '00:30')),
    });
    const tuesday = await slotsOf('?date=2026-12-01');
    expect(tuesday.slots.map((slot) => slot.start)).toEqual([
      '2026-12-01T21:30:00.000Z',
      '2026-12-01T21:45:00.000Z',
    ]);
    expect((await slotsOf('?date=2026-12-03')).slots).toEqual([]);
  });

  it.each([
    ['?date=2026-02-30', 'No such date'],
    ['?date=30.11.2026', 'Use a date like 2026-11-30'],
    ['?units=-1', 'units must be 0 or more'],
    ['?units=1.5', 'units must be a whole number'],
  ])('%s is a 400 naming the problem', async (query, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/pickup-slots${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
  });
});

describe('create-payment with a pickup time', () => {
  it('takes the room of its slot while paid for, and the order keeps the slot', async () => {
    const created = await checkout(
      [{ menuItemId: 'pickup-platter', quantity: 1 }],
      '2026-11-30T10:30:00.000Z',
    );
    expect(created.statusCode, created.body).toBe(200);
    const { paymentId, paymentUrl } = created.json<{ paymentId: string; paymentUrl: string }>();
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ prepUnits: 3, pickupAt: new Date('2026-11-30T10:30:00Z') });
    const held = (await slotsOf()).slots.find((slot) => slot.start === '2026-11-30T10:30:00.000Z');
    expect(held?.remainingUnits).toBe(1);

    await pay(paymentUrl);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentId, paymentId));
    expect(order).toMatchObject({
      prepUnits: 3,
      pickupAt: new Date('2026-11-30T10:30:00Z'),
      quotedMinutes: null,
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order!.id}` });
    expect(read.json()).toMatchObject({
      pickupAt: '2026-11-30T10:30:00.000Z',
      quotedMinutes: null,
    });
    // Paid, the order holds the room in the payment's place.
    const after = (await slotsOf()).slots.find((slot) => slot.start === '2026-11-30T10:30:00.000Z');
    expect(after?.remainingUnits).toBe(1);
  });

  it('an order for as soon as possible keeps the minutes it was quoted', async () => {
    await createOrder(t.db, { createdAt: new Date(NOW), prepUnits: 7, kitchenStatus: 'pending' });
    const created = await checkout([{ menuItemId: 'pickup-burger', quantity: 2 }]);
    expect(created.statusCode, created.body).toBe(200);
    await pay(created.json<{ paymentUrl: string }>().paymentUrl);
    const { paymentId } = created.json<{ paymentId: string }>();
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentId, paymentId));
    // (7 + 2) / 4 × 15 = 33.75, so 35.
    expect(order).toMatchObject({ prepUnits: 2, pickupAt: null, quotedMinutes: 35 });
  });

  it('a full slot is a 409 offering the next free slots', async () => {
    await createOrder(t.db, { pickupAt: new Date('2026-11-30T10:30:00Z'), prepUnits: 2 });
    const refused = await checkout(
      [{ menuItemId: 'pickup-platter', quantity: 1 }],
      '2026-11-30T10:30:00.000Z',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: SLOT_FULL_MESSAGE,
      nextSlots: ['10:15', '10:45', '11:00', '11:15'].map((start) => ({
        start: `2026-11-30T${start}:00.000Z`,
        end: new Date(Date.parse(`2026-11-30T${start}:00.000Z`) + 15 * 60_000).toISOString(),
        remainingUnits: 4,
        available: true,
      })),
    });
    // Exactly the room left is taken.
    const fits = await checkout(
      [{ menuItemId: 'pickup-burger', quantity: 2 }],
      '2026-11-30T10:30:00.000Z',
    );
    expect(fits.statusCode, fits.body).toBe(200);
    // Drinks take no kitchen time: they fit a full slot.
    const drinks = await checkout(
      [{ menuItemId: 'pickup-drink', quantity: 3 }],
      '2026-11-30T10:30:00.000Z',
    );
    expect(drinks.statusCode, drinks.body).toBe(200);
  });

  it.each([
    ['not a slot start', '2026-11-30T10:20:00.000Z'],
    ['inside the lead time', '2026-11-30T10:00:00.000Z'],
    ['in the past', '2026-11-30T09:30:00.000Z'],
    ['after closing', '2026-11-30T12:00:00.000Z'],
    ['another day', '2026-12-07T10:30:00.000Z'],
  ])('a time %s is a 409 offering the next free slots', async (_what, pickupAt) => {
    const refused = await checkout([{ menuItemId: 'pickup-burger', quantity: 1 }], pickupAt);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ error: string; nextSlots: { start: string }[] }>();
    expect(body.error).toBe(SLOT_INVALID_MESSAGE);
    expect(body.nextSlots.map((slot) => slot.start)).toEqual([
      '2026-11-30T10:15:00.000Z',
      '2026-11-30T10:30:00.000Z',
      '2026-11-30T10:45:00.000Z',
      '2026-11-30T11:00:00.000Z',
    ]);
    expect(await t.db.select().from(payments)).toEqual([]);
  });

  it('only a website order can be for later', async () => {
    const table = await checkout(
      [{ menuItemId: 'pickup-burger', quantity: 1 }],
      '2026-11-30T10:30:00.000Z',
      'table',
    );
    expect(table.statusCode).toBe(400);
    expect(table.json<{ error: string }>().error).toBe(
      'Only a website pickup order can be for a later time.',
    );
  });

  it('an unpaid payment holds its slot until it expires, then the room is free again', async () => {
    const created = await checkout(
      [{ menuItemId: 'pickup-burger', quantity: 4 }],
      '2026-11-30T11:00:00.000Z',
    );
    expect(created.statusCode, created.body).toBe(200);
    const room = async () =>
      (await slotsOf()).slots.find((slot) => slot.start === '2026-11-30T11:00:00.000Z')
        ?.remainingUnits;
    expect(await room()).toBe(0);
    const full = await checkout(
      [{ menuItemId: 'pickup-burger', quantity: 1 }],
      '2026-11-30T11:00:00.000Z',
    );
    expect(full.statusCode).toBe(409);

    // The payment's time is up (PAYMENT_TIMEOUT_SECONDS, 30 minutes by default), still pending.
    t.clock.set('2026-11-30T10:29:59Z');
    expect(await room()).toBe(0);
    t.clock.set('2026-11-30T10:30:01Z');
    expect(await room()).toBe(4);
    const retaken = await checkout(
      [{ menuItemId: 'pickup-burger', quantity: 4 }],
      '2026-11-30T11:00:00.000Z',
    );
    expect(retaken.statusCode, retaken.body).toBe(200);
  });
});

describe('pre-orders while the shop is closed', () => {
  // Monday 14:30 in Tallinn: closed until Wednesday 09:00-10:00 (Tuesday is closed).
  const CLOSED_AT = '2026-11-30T12:30:00.000Z';
  const WEDNESDAY = ['07:00', '07:15', '07:30', '07:45'].map(
    (start) => `2026-12-02T${start}:00.000Z`,
  );
  beforeEach(async () => {
    await setWeekHours(t.db, {
      monday: dayHours(openShift('12:00', '14:00')),
      wednesday: dayHours(openShift('09:00', '10:00')),
    });
    t.clock.set(CLOSED_AT);
    // The hours were written past the admin API, which drops the kept shop status.
    t.app.publicCache.clear();
  });

  const shopStatus = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shop-status' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ isOpen: boolean; preOrderDate?: string | null }>();
  };

  it("the shop status names the next opening's day; turned off, none; open, none", async () => {
    expect(await shopStatus()).toMatchObject({ isOpen: false, preOrderDate: '2026-12-02' });
    // Before Monday's opening, the next opening is today.
    t.clock.set('2026-11-30T08:00:00.000Z');
    expect(await shopStatus()).toMatchObject({ isOpen: false, preOrderDate: '2026-11-30' });
    t.clock.set(NOW);
    expect(await shopStatus()).toMatchObject({ isOpen: true, preOrderDate: null });
    t.clock.set(CLOSED_AT);
    const admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }), t.clock.now());
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/pre_orders_enabled',
      headers: { cookie: admin },
      payload: { value: 'false' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await shopStatus()).toMatchObject({ isOpen: false, preOrderDate: null });
  });

  it('a website order for a slot of the next opening is taken, paid and kept for its pickup', async () => {
    expect((await slotsOf('?date=2026-12-02')).slots.map((slot) => slot.start)).toEqual(WEDNESDAY);
    const created = await checkout([{ menuItemId: 'pickup-platter', quantity: 1 }], WEDNESDAY[1]);
    expect(created.statusCode, created.body).toBe(200);
    const { paymentId, paymentUrl } = created.json<{ paymentId: string; paymentUrl: string }>();
    await pay(paymentUrl);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentId, paymentId));
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      pickupAt: new Date(WEDNESDAY[1]!),
      prepUnits: 3,
      quotedMinutes: null,
    });
    const room = (await slotsOf('?date=2026-12-02')).slots.find(
      (slot) => slot.start === WEDNESDAY[1],
    );
    expect(room?.remainingUnits).toBe(1);
  });

  it('closed, nothing else is taken: as soon as possible, a table, another day, or pre-orders off', async () => {
    const closed = 'Sorry, the shop is closed. Please order again during opening hours.';
    const asap = await checkout([{ menuItemId: 'pickup-burger', quantity: 1 }]);
    expect([asap.statusCode, asap.json<{ error: string }>().error]).toEqual([409, closed]);
    const table = await checkout(
      [{ menuItemId: 'pickup-burger', quantity: 1 }],
      WEDNESDAY[0],
      'table',
    );
    expect([table.statusCode, table.json<{ error: string }>().error]).toEqual([409, closed]);
    // Next Monday is an opening too, but not the next one.
    const later = await checkout(
      [{ menuItemId: 'pickup-burger', quantity: 1 }],
      '2026-12-07T10:30:00.000Z',
    );
    expect(later.statusCode).toBe(409);
    expect(later.json()).toMatchObject({
      error: SLOT_INVALID_MESSAGE,
      nextSlots: WEDNESDAY.map((start) => ({ start, remainingUnits: 4, available: true })),
    });
    await setSetting(t.db, 'pre_orders_enabled', 'false');
    const off = await checkout([{ menuItemId: 'pickup-burger', quantity: 1 }], WEDNESDAY[0]);
    expect([off.statusCode, off.json<{ error: string }>().error]).toEqual([409, closed]);
    expect(await t.db.select().from(payments)).toEqual([]);
  });

  it('a pre-order placed days before joins the queue ahead of others only near its pickup', async () => {
    await createOrder(t.db, {
      createdAt: new Date('2026-11-28T12:00:00.000Z'),
      pickupAt: new Date(WEDNESDAY[0]!),
      prepUnits: 8,
      kitchenStatus: 'pending',
    });
    // Wednesday at 09:00 local, its pickup: 8 units ahead at 4 a slot, 30 minutes (+1 unit: 35).
    t.clock.set(WEDNESDAY[0]!);
    expect((await slotsOf()).asapMinutes).toBe(35);
  });
});

describe('capacity per shift', () => {
  // Monday: 12:00-13:00 makes 2 units a slot (its own), 13:00-14:00 the shop's 4.
  beforeEach(async () => {
    await setWeekHours(t.db, {
      monday: dayHours(openShift('12:00', '13:00', 2), openShift('13:00', '14:00')),
    });
  });

  it("each slot has its shift's room, and the quote drains the queue at the shift's pace", async () => {
    const { asapMinutes, slots } = await slotsOf('?units=1');
    // 1 unit at 2 a slot: 7.5 minutes, so the base 15.
    expect(asapMinutes).toBe(15);
    expect(slots.map((slot) => [slot.start.slice(11, 16), slot.remainingUnits])).toEqual([
      ['10:15', 2],
      ['10:30', 2],
      ['10:45', 2],
      ['11:00', 4],
      ['11:15', 4],
      ['11:30', 4],
      ['11:45', 4],
    ]);
    await createOrder(t.db, { createdAt: new Date(NOW), prepUnits: 5, kitchenStatus: 'pending' });
    // (5 + 1) units at 2 a slot: 45 minutes (at the shop's 4 it would be 25).
    expect((await slotsOf('?units=1')).asapMinutes).toBe(45);
  });

  it("a checkout is refused past its shift's room, not the shop's", async () => {
    const refused = await checkout(
      [{ menuItemId: 'pickup-platter', quantity: 1 }],
      '2026-11-30T10:30:00.000Z',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(SLOT_FULL_MESSAGE);
    const fits = await checkout(
      [{ menuItemId: 'pickup-platter', quantity: 1 }],
      '2026-11-30T11:00:00.000Z',
    );
    expect(fits.statusCode, fits.body).toBe(200);
  });
});
