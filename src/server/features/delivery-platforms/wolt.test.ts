/**
 * Wolt orders end to end against a fake Wolt on loopback (decision 017; integrations.md §2):
 * signed notifications into the inbox, the order fetched and placed once, the kitchen's steps
 * reaching Wolt exactly once each (also after a 503 and after a crash before the call), a
 * 409 re-fetched, CANCELED, reject, auto-accept, pause, Test Order, Retry.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, outboundJobs, platformEvents } from '#server/db/schema.ts';
import type { Db } from '#server/db/client.ts';
import type { AppInstance } from '#server/http/types.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { startFakeWolt, type FakeWolt } from '../../../../tests/fakes/fake-wolt.ts';

const SECRET = 'wolt-webhook-secret-0123456789abcdef';

let testDatabase: TestDatabase;
let t: TestApp;
let wolt: FakeWolt;
let kitchen: string;
let admin: string;
const env = () => ({ WOLT_API_URL: wolt.url });

beforeAll(async () => {
  wolt = await startFakeWolt();
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, {
    seed: 'demo',
    env: env(),
    clockStart: new Date(),
  });
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  await setSetting(t.db, 'wolt_enabled', 'true');
  await setSetting(t.db, 'wolt_api_key', wolt.apiKey);
  await setSetting(t.db, 'wolt_venue_id', 'venue-1');
  await setSetting(t.db, 'wolt_webhook_secret', SECRET);
});
afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await wolt?.close();
});

const post = (app: AppInstance, notification: { body: string; headers: Record<string, string> }) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks/wolt',
    headers: notification.headers,
    payload: notification.body,
  });

/** Every job due now runs, also those waiting out a back-off. */
async function settle(app: AppInstance = t.app, db: Db = t.db) {
  for (let round = 0; round < 5; round += 1) {
    await db
      .update(outboundJobs)
      .set({ nextAttemptAt: new Date(0) })
      .where(isNull(outboundJobs.doneAt));
    await app.orderEvents.flush();
  }
}

const orderOf = async (externalId: string) => {
  const [row] = await t.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderSource, 'wolt'), eq(orders.externalId, externalId)));
  return row;
};

const setKitchen = (orderId: string, body: Record<string, unknown>, app = t.app) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie: kitchen },
    payload: body,
  });

const kitchenCard = async (orderId: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/kitchen/orders',
    headers: { cookie: kitchen },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string; [key: string]: unknown }[]).find(
    (order) => order.id === orderId,
  );
};

/** A new Wolt order, notified once and processed; returns both ids. */
async function createdOrder(overrides: Record<string, unknown> = {}) {
  const externalId = wolt.addOrder(overrides);
  expect((await post(t.app, wolt.notification(SECRET, externalId, 'CREATED'))).statusCode).toBe(
    200,
  );
  await settle();
  const order = await orderOf(externalId);
  expect(order, 'the order was placed').toBeDefined();
  return { externalId, order: order! };
}

describe('the webhook checks the signature before anything else', () => {
  it('makes no order from a forged or unsigned notification, and lists both as rejected', async () => {
    const externalId = wolt.addOrder();
    const forged = await post(
      t.app,
      wolt.notification(SECRET, externalId, 'CREATED', { signature: 'wrong' }),
    );
    const unsigned = await post(
      t.app,
      wolt.notification(SECRET, externalId, 'CREATED', { signature: 'none' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(unsigned.statusCode).toBe(400);
    await settle();
    expect(await orderOf(externalId)).toBeUndefined();
    // Nothing was even fetched from Wolt for it.
    expect(wolt.calls.filter((call) => call.orderId === externalId)).toEqual([]);
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/admin/delivery-platforms/events?platform=wolt&status=rejected',
      headers: { cookie: admin },
    });
    const errors = (inbox.json() as { events: { error: string }[] }).events.map((e) => e.error);
    expect(errors).toEqual(
      expect.arrayContaining([
        'WOLT-SIGNATURE does not match the body',
        'no WOLT-SIGNATURE header',
      ]),
    );
  });

  it('refuses a signed notification while Wolt is disabled, storing nothing', async () => {
    await setSetting(t.db, 'wolt_enabled', 'false');
    try {
      const externalId = wolt.addOrder();
      const response = await post(t.app, wolt.notification(SECRET, externalId, 'CREATED'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Wolt orders are not enabled in Delivery Platforms.',
      });
      const stored = await t.db
        .select()
        .from(platformEvents)
        .where(eq(platformEvents.externalOrderId, externalId));
      expect(stored).toHaveLength(0);
    } finally {
      await setSetting(t.db, 'wolt_enabled', 'true');
    }
  });
});

describe('a genuine CREATED', () => {
  itRaces('makes exactly one order when the same notification comes 5 times at once', async () => {
    const externalId = wolt.addOrder();
    const notification = wolt.notification(SECRET, externalId, 'CREATED', {
      notificationId: `n-${externalId}`,
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(t.app, notification)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await settle();
    const made = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderSource, 'wolt'), eq(orders.externalId, externalId)));
    expect(made).toHaveLength(1);
    const [event] = await t.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.externalOrderId, externalId));
    expect(event).toMatchObject({ status: 'processed', received: 5, orderId: made[0]!.id });
  });

  it('makes one order from notifications out of order (PRODUCTION, then CREATED, then a re-send)', async () => {
    const externalId = wolt.addOrder();
    await post(t.app, wolt.notification(SECRET, externalId, 'PRODUCTION'));
    await post(t.app, wolt.notification(SECRET, externalId, 'CREATED'));
    await post(t.app, wolt.notification(SECRET, externalId, 'CREATED'));
    await settle();
    const made = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderSource, 'wolt'), eq(orders.externalId, externalId)));
    expect(made).toHaveLength(1);
    expect(wolt.calls.filter((call) => call.orderId === externalId)).toEqual([]);
  });

  it("records Wolt's prices and lines as given, the first name, and a 3-minute countdown", async () => {
    const createdAt = new Date(Date.now() - 30_000).toISOString();
    const { order } = await createdOrder({ created_at: createdAt, order_number: '77' });
    expect(order).toMatchObject({
      orderSource: 'wolt',
      paymentMethod: 'platform',
      paymentStatus: 'paid',
      kitchenStatus: 'pending',
      subtotalCents: 3130,
      totalCents: 3130,
      customerFirstName: 'Yuho K.',
      customerEmail: '',
      specialInstructions: 'Extra napkins',
      platformOrderNumber: '77',
      isTest: false,
    });
    expect(order.platformAcceptBy?.toISOString()).toBe(
      new Date(Date.parse(createdAt) + 180_000).toISOString(),
    );
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position));
    expect(
      lines.map((line) => [line.name, line.quantity, line.unitPriceCents, line.totalPriceCents]),
    ).toEqual([
      ['Brisket Sandwich', 2, 1290, 2580],
      ['Fries', 1, 550, 550],
    ]);
    expect(lines[0]!.addOns.map((addOn) => addOn.name)).toEqual([
      'Sauce: Smoky BBQ',
      'Extras: Pickles x2',
    ]);
    // An item whose POS id is not ours is not linked to a menu item.
    expect(lines[0]!.menuItemId).toBeNull();
    const card = await kitchenCard(order.id);
    expect(card).toMatchObject({
      orderSource: 'wolt',
      platform: {
        externalNumber: '77',
        acceptBy: new Date(Date.parse(createdAt) + 180_000).toISOString(),
        error: null,
      },
    });
  });

  it('makes no order for one Wolt already rejected (a CREATED that comes late)', async () => {
    const externalId = wolt.addOrder({ order_status: 'rejected' });
    await post(t.app, wolt.notification(SECRET, externalId, 'CREATED'));
    await settle();
    expect(await orderOf(externalId)).toBeUndefined();
  });
});

describe('CANCELED', () => {
  it('cancels the order on the kitchen display until someone dismisses it', async () => {
    const { externalId, order } = await createdOrder();
    await post(t.app, wolt.notification(SECRET, externalId, 'CANCELED'));
    await settle();
    const cancelled = await orderOf(externalId);
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(await kitchenCard(order.id)).toMatchObject({ status: 'cancelled' });
    // The kitchen cannot start a cancelled order.
    expect((await setKitchen(order.id, { kitchenStatus: 'started' })).statusCode).toBe(409);
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/kitchen/orders/${order.id}/dismiss`,
      headers: { cookie: kitchen },
    });
    expect(dismissed.statusCode).toBe(204);
    expect(await kitchenCard(order.id)).toBeUndefined();
    expect(wolt.calls.filter((call) => call.orderId === externalId)).toEqual([]);
  });
});

describe("the kitchen's steps reach Wolt exactly once each", () => {
  it('Start accepts (with the later pickup the estimate gives), Ready readies, Done delivers', async () => {
    const { externalId, order } = await createdOrder({
      pickup_eta: new Date(t.clock.now().getTime() + 10 * 60_000).toISOString(),
    });
    expect(
      (await setKitchen(order.id, { kitchenStatus: 'started', estimatedTime: 20 })).statusCode,
    ).toBe(200);
    await settle();
    expect((await setKitchen(order.id, { kitchenStatus: 'ready' })).statusCode).toBe(200);
    await settle();
    expect((await setKitchen(order.id, { kitchenStatus: 'done' })).statusCode).toBe(200);
    await settle();
    const mine = wolt.calls.filter((call) => call.orderId === externalId);
    expect(mine.map((call) => [call.action, call.status])).toEqual([
      ['accept', 202],
      ['ready', 202],
      ['delivered', 202],
    ]);
    const accept = mine[0]!;
    expect(accept.apiKey).toBe(wolt.apiKey);
    expect(accept.body).toEqual({
      adjusted_pickup_time: new Date(t.clock.now().getTime() + 20 * 60_000).toISOString(),
    });
    expect(wolt.order(externalId).order_status).toBe('delivered');
    // The countdown ended with the accept.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.platformAcceptBy).toBeNull();
  });

  it('retries a call Wolt answers 503, shows the failure on the card meanwhile, and sends it once', async () => {
    const { externalId, order } = await createdOrder();
    wolt.failNext('accept', 503, 1);
    expect(
      (await setKitchen(order.id, { kitchenStatus: 'started', estimatedTime: 10 })).statusCode,
    ).toBe(200);
    await t.app.orderEvents.flush();
    const card = await kitchenCard(order.id);
    expect((card?.platform as { error: string }).error).toMatch(/^accept not sent yet \(Wolt PUT/);
    expect(wolt.succeeded('accept', externalId)).toBe(0);
    await settle();
    expect(wolt.succeeded('accept', externalId)).toBe(1);
    expect(
      wolt.calls.filter((call) => call.orderId === externalId).map((call) => call.status),
    ).toEqual([503, 202]);
    expect((await kitchenCard(order.id))?.platform).toMatchObject({ error: null });
  });

  it('sends the call after a restart when the process died between the click and the call', async () => {
    const { externalId, order } = await createdOrder();
    // A process that records but never delivers: the state a kill right after the commit leaves.
    const dying = await createTestApp(testDatabase.database, {
      env: env(),
      dispatcher: { deliver: false },
      clockStart: new Date(),
    });
    try {
      expect((await setKitchen(order.id, { kitchenStatus: 'started' }, dying.app)).statusCode).toBe(
        200,
      );
    } finally {
      await dying.close();
    }
    expect(wolt.calls.filter((call) => call.orderId === externalId)).toEqual([]);
    // The restart (here: the instance still running) finds the job and sends it, once.
    await settle();
    await settle();
    expect(wolt.calls.filter((call) => call.orderId === externalId).map((c) => c.action)).toEqual([
      'accept',
    ]);
  });

  it('takes a 409 for a step Wolt already has as done (re-fetched), and shows one it refuses', async () => {
    const first = await createdOrder();
    wolt.setStatus(first.externalId, 'production'); // accepted on Wolt's tablet meanwhile
    await setKitchen(first.order.id, { kitchenStatus: 'started' });
    await settle();
    const [job] = await t.db
      .select()
      .from(outboundJobs)
      .where(and(eq(outboundJobs.orderId, first.order.id), eq(outboundJobs.kind, 'platform-call')));
    expect(job).toMatchObject({ outcome: 'already done' });
    expect((await kitchenCard(first.order.id))?.platform).toMatchObject({ error: null });

    const second = await createdOrder();
    await setKitchen(second.order.id, { kitchenStatus: 'started' });
    await settle();
    wolt.setStatus(second.externalId, 'rejected'); // Wolt gave up on it
    await setKitchen(second.order.id, { kitchenStatus: 'ready' });
    await settle();
    const error = ((await kitchenCard(second.order.id))?.platform as { error: string }).error;
    expect(error).toBe('ready refused: Wolt PUT /orders/…/ready: HTTP 409 order is rejected');
  });

  it('Reject sends the reason and code once; the order leaves the kitchen', async () => {
    const { externalId, order } = await createdOrder();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/platform-reject`,
      headers: { cookie: kitchen },
      payload: { code: 'ITEMS_UNAVAILABLE' },
    });
    expect(response.statusCode).toBe(200);
    await settle();
    expect(
      wolt.calls
        .filter((call) => call.orderId === externalId)
        .map((call) => [call.action, call.body, call.status]),
    ).toEqual([['reject', { reason: 'Some items are sold out', code: 'ITEMS_UNAVAILABLE' }, 202]]);
    expect(await kitchenCard(order.id)).toBeUndefined();
    // Once accepted, an order cannot be rejected.
    const accepted = await createdOrder();
    await setKitchen(accepted.order.id, { kitchenStatus: 'started' });
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${accepted.order.id}/platform-reject`,
      headers: { cookie: kitchen },
      payload: { code: 'GENERIC' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('with auto-accept, the order arrives started and the accept goes out at once', async () => {
    await setSetting(t.db, 'wolt_auto_accept', 'true');
    try {
      const { externalId, order } = await createdOrder();
      await settle();
      expect(order).toMatchObject({ kitchenStatus: 'started', platformAcceptBy: null });
      expect(wolt.succeeded('accept', externalId)).toBe(1);
    } finally {
      await setSetting(t.db, 'wolt_auto_accept', 'false');
    }
  });
});

describe('pausing online orders pauses the Wolt venue', () => {
  it('sends OFFLINE with the end of the pause, then ONLINE on resume', async () => {
    const before = wolt.calls.length;
    const paused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/online-ordering/pause',
      headers: { cookie: kitchen },
      payload: { minutes: 30 },
    });
    expect(paused.statusCode).toBe(200);
    const resumed = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/online-ordering/pause',
      headers: { cookie: kitchen },
    });
    expect(resumed.statusCode).toBe(200);
    await settle();
    expect(wolt.calls.slice(before).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'PATCH',
        '/venues/venue-1/online',
        { status: 'OFFLINE', until: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString() },
      ],
      ['PATCH', '/venues/venue-1/online', { status: 'ONLINE', until: null }],
    ]);
  });
});

describe('Test Order and the inbox', () => {
  it('Test Order makes a TEST order through the mapping, calls Wolt for nothing, and earns no revenue', async () => {
    const statsBefore = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { cookie: admin },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/create-delivery-order',
      headers: { cookie: admin },
      payload: { platform: 'wolt' },
    });
    expect(response.statusCode).toBe(200);
    const { orderId, orderNumber, message } = response.json() as {
      orderId: string;
      orderNumber: number;
      message: string;
    };
    expect(message).toBe(`Test Wolt order #${orderNumber} is on the kitchen display.`);
    const card = await kitchenCard(orderId);
    expect(card).toMatchObject({ isTest: true, orderSource: 'wolt', kitchenStatus: 'pending' });
    expect((card?.platform as { acceptBy: string | null }).acceptBy).not.toBeNull();
    const calls = wolt.calls.length;
    await setKitchen(orderId, { kitchenStatus: 'started' });
    await settle();
    expect(wolt.calls.length).toBe(calls);
    const statsAfter = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { cookie: admin },
    });
    expect((statsAfter.json() as { todayRevenue: string }).todayRevenue).toBe(
      (statsBefore.json() as { todayRevenue: string }).todayRevenue,
    );
  });

  it('a failed event (a wrong API key) succeeds on Retry once the key is right', async () => {
    await setSetting(t.db, 'wolt_api_key', 'a-wrong-key');
    const externalId = wolt.addOrder();
    await post(t.app, wolt.notification(SECRET, externalId, 'CREATED'));
    await settle();
    const [failed] = await t.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.externalOrderId, externalId));
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.error).toBe('Wolt GET /v2/orders/…: HTTP 401 bad api key');
    expect(await orderOf(externalId)).toBeUndefined();

    const retry = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/delivery-platforms/events/${failed!.id}/retry`,
        headers: { cookie: admin },
      });
    // Retry answers with how it ended, not with the event still queued (which the screen would
    // call a failure): failed again while the key is still wrong …
    const again = await retry();
    expect(again.statusCode).toBe(200);
    expect((again.json() as { event: unknown }).event).toMatchObject({
      status: 'failed',
      error: 'Wolt GET /v2/orders/…: HTTP 401 bad api key',
    });

    // … and processed, with the order it made, once the key is right.
    await setSetting(t.db, 'wolt_api_key', wolt.apiKey);
    const retried = await retry();
    expect(retried.statusCode).toBe(200);
    const order = await orderOf(externalId);
    expect(order, 'the order was placed before Retry answered').toBeDefined();
    expect((retried.json() as { event: unknown }).event).toMatchObject({
      id: failed!.id,
      status: 'processed',
      orderId: order!.id,
      orderNumber: order!.orderNumber,
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/delivery-platforms/status',
      headers: { cookie: admin },
    });
    const wolts = (status.json() as { platforms: { platform: string }[] }).platforms[0];
    expect(wolts).toMatchObject({ platform: 'wolt', enabled: true, configured: true });
    expect((wolts as unknown as { lastEventAt: string | null }).lastEventAt).not.toBeNull();
  });
});
