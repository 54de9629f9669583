import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, settings } from '#server/db/schema.ts';
import { KITCHEN_STATUSES, type KitchenStatus } from '#shared/orders/order-states.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });
let kitchen: string;

beforeAll(async () => {
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
});

const setKitchen = (orderId: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie: kitchen },
    payload: body,
  });

describe('the kitchen state table', () => {
  // Written out by hand (spec back-office §4), not read from KITCHEN_TRANSITIONS.
  const ALLOWED: Record<string, KitchenStatus[]> = {
    unset: ['started'],
    pending: ['started'],
    started: ['started', 'ready'],
    ready: ['done'],
    done: ['cleared', 'ready'],
    cleared: ['ready'],
  };
  const froms: (KitchenStatus | null)[] = [null, ...KITCHEN_STATUSES];
  for (const from of froms) {
    for (const to of KITCHEN_STATUSES) {
      const allowed = ALLOWED[from ?? 'unset']!.includes(to);
      it(`${from ?? 'unset'} → ${to}: ${allowed ? 'allowed' : '409'}`, async () => {
        const order = await createOrder(t.db, { kitchenStatus: from, status: 'pending' });
        const response = await setKitchen(order.id, { kitchenStatus: to });
        expect(response.statusCode, response.body).toBe(allowed ? 200 : 409);
        const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
        expect(row!.kitchenStatus).toBe(allowed ? to : from);
        if (!allowed) expect(response.json().error).toMatch(/cannot go from/);
      });
    }
  }
});

describe('kitchen steps keep the order in step', () => {
  it('start with 20 minutes, ready, done: status, times and estimate follow', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    t.clock.set('2026-05-05T10:00:00Z');
    expect((await setKitchen(order.id, { kitchenStatus: 'started' })).json()).toMatchObject({
      status: 'preparing',
    });
    t.clock.set('2026-05-05T10:02:00Z');
    // Choosing an estimate while started re-sends started with the time; the start time stays.
    await setKitchen(order.id, {
      kitchenStatus: 'started',
      estimatedTime: 20,
      timestamp: new Date().toISOString(),
    });
    let [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      status: 'preparing',
      kitchenStatus: 'started',
      kitchenEstimatedTime: 20,
    });
    expect(row!.kitchenStartedAt!.toISOString()).toBe('2026-05-05T10:00:00.000Z');

    t.clock.set('2026-05-05T10:15:00Z');
    expect((await setKitchen(order.id, { kitchenStatus: 'ready' })).json()).toMatchObject({
      status: 'ready',
    });
    expect((await setKitchen(order.id, { kitchenStatus: 'done' })).json()).toMatchObject({
      status: 'completed',
    });
    [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.kitchenReadyAt!.toISOString()).toBe('2026-05-05T10:15:00.000Z');
    expect(row!.kitchenDoneAt).not.toBeNull();
  });

  it('refuses an estimate that is not one of the buttons, or without started', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending' });
    expect(
      (await setKitchen(order.id, { kitchenStatus: 'started', estimatedTime: 7 })).statusCode,
    ).toBe(400);
    expect(
      (await setKitchen(order.id, { kitchenStatus: 'ready', estimatedTime: 10 })).statusCode,
    ).toBe(400);
  });

  it('refuses unpaid or cancelled orders, unknown ids and garbage with 4xx', async () => {
    const unpaid = await createOrder(t.db, { paymentStatus: 'pending', kitchenStatus: 'pending' });
    expect((await setKitchen(unpaid.id, { kitchenStatus: 'started' })).statusCode).toBe(409);
    const cancelled = await createOrder(t.db, { status: 'cancelled', kitchenStatus: 'pending' });
    expect((await setKitchen(cancelled.id, { kitchenStatus: 'started' })).statusCode).toBe(409);
    expect((await setKitchen(crypto.randomUUID(), { kitchenStatus: 'started' })).statusCode).toBe(
      404,
    );
    for (const body of [
      {},
      { kitchenStatus: 'cooking' },
      { kitchenStatus: 5 },
      { kitchenStatus: 'started', estimatedTime: 'soon' },
    ]) {
      const response = await setKitchen(unpaid.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    const badId = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/orders/not-an-id/kitchen-status',
      headers: { cookie: kitchen },
      payload: { kitchenStatus: 'started' },
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('the kitchen display list, Clear All and Recall', () => {
  it('lists paid, not cancelled, not cleared orders oldest first; Clear All hides done ones; Recall brings the last back', async () => {
    const base = new Date('2030-01-01T10:00:00Z').getTime();
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const older = await createOrder(t.db, { kitchenStatus: 'pending', createdAt: at(1) });
    const newer = await createOrder(t.db, {
      kitchenStatus: 'started',
      createdAt: at(2),
      kitchenStartedAt: at(3),
    });
    const unpaid = await createOrder(t.db, {
      paymentStatus: 'pending',
      kitchenStatus: 'pending',
      createdAt: at(0),
    });
    const cancelled = await createOrder(t.db, {
      status: 'cancelled',
      kitchenStatus: 'pending',
      createdAt: at(0),
    });
    const done = await createOrder(t.db, {
      kitchenStatus: 'done',
      status: 'completed',
      createdAt: at(0),
      kitchenDoneAt: at(5),
    });

    const list = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/kitchen/orders',
            headers: { cookie: kitchen },
          })
        ).json() as {
          id: string;
        }[]
      ).map((order) => order.id);

    let ids = await list();
    expect(ids).not.toContain(unpaid.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).toContain(done.id);

    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/kitchen/orders/clear-done',
      headers: { cookie: kitchen },
    });
    expect(cleared.json().cleared).toBeGreaterThanOrEqual(1);
    ids = await list();
    expect(ids).not.toContain(done.id);
    // Still there for the admin.
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, done.id));
    expect(kept!.kitchenStatus).toBe('cleared');

    const recalled = await t.app.inject({
      method: 'POST',
      url: '/api/kitchen/orders/recall',
      headers: { cookie: kitchen },
    });
    expect(recalled.statusCode).toBe(200);
    expect(recalled.json()).toMatchObject({ kitchenStatus: 'ready' });
    expect(await list()).toContain(recalled.json().id);
  });
});

describe('who took a counter order', () => {
  it('names the staff member on a POS order, and no one on a website order', async () => {
    const cashier = await createStaffUser(t.db, { role: 'cashier', name: 'Nina Counter' });
    const counter = await createOrder(t.db, {
      orderSource: 'pos',
      takenByStaffId: cashier.id,
      kitchenStatus: 'pending',
    });
    const online = await createOrder(t.db, { kitchenStatus: 'pending' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/kitchen/orders',
      headers: { cookie: kitchen },
    });
    const listed = response.json<{ id: string; takenBy: string | null }[]>();
    expect(listed.find((order) => order.id === counter.id)?.takenBy).toBe('Nina Counter');
    expect(listed.find((order) => order.id === online.id)?.takenBy).toBeNull();
  });
});

describe('pickup times on the kitchen display (decision 026)', () => {
  it("a scheduled order's pickup and start (pickup less its units' time); an ASAP order's quote", async () => {
    await t.db
      .insert(settings)
      .values({ key: 'kitchen_units_per_slot', value: '4' })
      .onConflictDoUpdate({ target: settings.key, set: { value: '4' } });
    const pickupAt = new Date('2026-11-30T11:00:00Z');
    // 10 units at 4 per 15 minutes: 37.5, so 40 minutes before the pickup.
    const big = await createOrder(t.db, { kitchenStatus: 'pending', pickupAt, prepUnits: 10 });
    // 1 unit: never less than the 15-minute base.
    const small = await createOrder(t.db, { kitchenStatus: 'pending', pickupAt, prepUnits: 1 });
    const asap = await createOrder(t.db, { kitchenStatus: 'pending', quotedMinutes: 25 });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/kitchen/orders',
      headers: { cookie: kitchen },
    });
    const listed = response.json<
      {
        id: string;
        pickupAt: string | null;
        startAt: string | null;
        quotedMinutes: number | null;
      }[]
    >();
    const pick = (id: string) => {
      const order = listed.find((candidate) => candidate.id === id)!;
      return [order.pickupAt, order.startAt, order.quotedMinutes];
    };
    expect(pick(big.id)).toEqual(['2026-11-30T11:00:00.000Z', '2026-11-30T10:20:00.000Z', null]);
    expect(pick(small.id)).toEqual(['2026-11-30T11:00:00.000Z', '2026-11-30T10:45:00.000Z', null]);
    expect(pick(asap.id)).toEqual([null, null, 25]);
  });

  it('Start without an estimate starts from the promise: the quote left, or the minutes to the pickup', async () => {
    const now = t.clock.now().getTime();
    const asap = await createOrder(t.db, {
      kitchenStatus: 'pending',
      quotedMinutes: 25,
      createdAt: new Date(now - 10 * 60_000),
    });
    const scheduled = await createOrder(t.db, {
      kitchenStatus: 'pending',
      pickupAt: new Date(now + 40 * 60_000),
    });
    const counter = await createOrder(t.db, { kitchenStatus: 'pending', orderSource: 'pos' });
    const chosen = await createOrder(t.db, { kitchenStatus: 'pending', quotedMinutes: 25 });
    for (const order of [asap, scheduled, counter]) {
      expect((await setKitchen(order.id, { kitchenStatus: 'started' })).statusCode).toBe(200);
    }
    expect(
      (await setKitchen(chosen.id, { kitchenStatus: 'started', estimatedTime: 40 })).statusCode,
    ).toBe(200);
    const estimate = async (id: string) =>
      (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.kitchenEstimatedTime;
    expect(await estimate(asap.id)).toBe(15);
    expect(await estimate(scheduled.id)).toBe(40);
    expect(await estimate(counter.id)).toBeNull();
    expect(await estimate(chosen.id)).toBe(40);
  });

  it('a platform pre-order (pickup over an hour after it came in, accepted) is scheduled; one for now is not', async () => {
    const now = t.clock.now().getTime();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    const preOrder = await createOrder(t.db, {
      kitchenStatus: 'pending',
      orderSource: 'wolt',
      createdAt: at(0),
      platformPickupAt: at(120),
      prepUnits: 1,
    });
    const forNow = await createOrder(t.db, {
      kitchenStatus: 'pending',
      orderSource: 'wolt',
      createdAt: at(0),
      platformPickupAt: at(25),
      prepUnits: 1,
    });
    const awaitingAccept = await createOrder(t.db, {
      kitchenStatus: 'pending',
      orderSource: 'bolt',
      createdAt: at(0),
      platformPickupAt: at(120),
      platformAcceptBy: at(3),
      prepUnits: 1,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/kitchen/orders',
      headers: { cookie: kitchen },
    });
    const listed = response.json<{ id: string; startAt: string | null }[]>();
    const startOf = (id: string) => listed.find((order) => order.id === id)!.startAt;
    expect(startOf(preOrder.id)).toBe(at(105).toISOString());
    expect(startOf(forNow.id)).toBeNull();
    expect(startOf(awaitingAccept.id)).toBeNull();
  });
});
