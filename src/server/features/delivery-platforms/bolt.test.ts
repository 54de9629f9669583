/**
 * Bolt Food behind the same adapter, against a fake Bolt that checks the confirmed signature
 * scheme (integrations.md §3; decision 017), on both databases as wolt.test.ts: webhooks
 * authenticated by HMAC or Basic as set (forged and unsigned ones listed as rejected), one
 * order from concurrent copies, a cancel (also one that comes before its order), the kitchen's
 * steps signed and sent once each (also after a 503 and after a process that died before the
 * call), a 409 shown as a refusal, the venue pause, Test Order. The new-order payload is our
 * assumption (bolt-order-mapping.ts).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, outboundJobs, platformEvents } from '#server/db/schema.ts';
import type { AppInstance } from '#server/http/types.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { startFakeBolt, type FakeBolt } from '../../../../tests/fakes/fake-bolt.ts';
import { boltSignature } from './signatures.ts';

const WEBHOOK_SECRET = 'bolt-webhook-secret-fedcba9876543210';

let testDatabase: TestDatabase;
let t: TestApp;
let bolt: FakeBolt;
let kitchen: string;
let admin: string;
let nextOrderId = 555_000;

beforeAll(async () => {
  bolt = await startFakeBolt();
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, {
    seed: 'demo',
    env: { BOLT_API_URL: bolt.url },
    clockStart: new Date(),
  });
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  await setSetting(t.db, 'bolt_enabled', 'true');
  await setSetting(t.db, 'bolt_api_key', bolt.secret);
  await setSetting(t.db, 'bolt_integrator_id', bolt.integratorId);
  await setSetting(t.db, 'bolt_restaurant_id', '789');
  await setSetting(t.db, 'bolt_webhook_secret', WEBHOOK_SECRET);
  await setSetting(t.db, 'bolt_webhook_auth', 'hmac');
});
afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await bolt?.close();
});

function newOrderBody(orderId: number) {
  return JSON.stringify({
    event: 'sendNewOrder',
    order_id: orderId,
    provider_id: 789,
    order_reference: `R${orderId}`,
    created: new Date().toISOString(),
    delivery_type: 'delivery',
    items: [
      {
        name: 'Pulled Pork Bun',
        quantity: 2,
        unit_price: 9.9,
        options: [{ name: 'Sauce', value: 'Carolina' }],
      },
    ],
    customer: { first_name: 'Mari' },
    comment: 'Ring twice',
  });
}

type Auth = 'hmac' | 'basic' | 'wrong' | 'none';
function send(body: string, auth: Auth = 'hmac', path = '/api/webhooks/bolt') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth === 'hmac') {
    headers['x-server-authorization-hmac-sha256'] = boltSignature(body, WEBHOOK_SECRET);
  }
  if (auth === 'wrong') {
    headers['x-server-authorization-hmac-sha256'] = boltSignature(body, 'not-the-secret');
  }
  if (auth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`bolt:${WEBHOOK_SECRET}`).toString('base64')}`;
  }
  return t.app.inject({ method: 'POST', url: path, headers, payload: body });
}

async function settle() {
  for (let round = 0; round < 5; round += 1) {
    await t.db
      .update(outboundJobs)
      .set({ nextAttemptAt: new Date(0) })
      .where(isNull(outboundJobs.doneAt));
    await t.app.orderEvents.flush();
  }
}

const ordersOf = (externalId: string) =>
  t.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderSource, 'bolt'), eq(orders.externalId, externalId)));

const setKitchen = (orderId: string, kitchenStatus: string, app: AppInstance = t.app) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie: kitchen },
    payload: { kitchenStatus },
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

const callsFor = (externalId: string) =>
  bolt.calls
    .filter((call) => String(call.body.order_id) === externalId)
    .map((call) => [call.endpoint, call.status]);

const todayRevenue = async () => {
  const stats = await t.app.inject({
    method: 'GET',
    url: '/api/admin/stats',
    headers: { cookie: admin },
  });
  expect(stats.statusCode).toBe(200);
  return Number((stats.json() as { todayRevenue: string }).todayRevenue);
};

async function newOrder() {
  nextOrderId += 1;
  const id = nextOrderId;
  bolt.addOrder(String(id));
  expect((await send(newOrderBody(id))).statusCode).toBe(200);
  await settle();
  const [order] = await ordersOf(String(id));
  expect(order, 'the order was placed').toBeDefined();
  return { externalId: String(id), order: order! };
}

describe('Bolt webhooks', () => {
  it('makes no order from a forged or unsigned request, and lists each as rejected', async () => {
    const before = (await t.db.select({ id: platformEvents.id }).from(platformEvents)).length;
    const body = newOrderBody(999_001);
    expect((await send(body, 'wrong')).statusCode).toBe(400);
    expect((await send(body, 'none')).statusCode).toBe(400);
    // Basic credentials are not what this shop set (hmac).
    expect((await send(body, 'basic')).statusCode).toBe(400);
    await settle();
    expect(await ordersOf('999001')).toEqual([]);
    // Nothing was sent to Bolt for it either.
    expect(callsFor('999001')).toEqual([]);
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/admin/delivery-platforms/events?platform=bolt&status=rejected',
      headers: { cookie: admin },
    });
    expect(inbox.statusCode).toBe(200);
    const rejected = (inbox.json() as { events: { id: number; error: string }[] }).events
      .filter((event) => event.id > before)
      .map((event) => event.error);
    expect(rejected.sort()).toEqual([
      'no x-server-authorization-hmac-sha256 header',
      'no x-server-authorization-hmac-sha256 header',
      'the HMAC signature does not match the body',
    ]);
  });

  it('takes Basic auth when that is the setting', async () => {
    await setSetting(t.db, 'bolt_webhook_auth', 'basic');
    try {
      nextOrderId += 1;
      expect((await send(newOrderBody(nextOrderId), 'hmac')).statusCode).toBe(400);
      expect((await send(newOrderBody(nextOrderId), 'basic')).statusCode).toBe(200);
      await settle();
      expect(await ordersOf(String(nextOrderId))).toHaveLength(1);
    } finally {
      await setSetting(t.db, 'bolt_webhook_auth', 'hmac');
    }
  });

  itRaces('makes exactly one order from 5 concurrent copies of sendNewOrder', async () => {
    nextOrderId += 1;
    const body = newOrderBody(nextOrderId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await settle();
    const made = await ordersOf(String(nextOrderId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      orderSource: 'bolt',
      type: 'delivery',
      totalCents: 1980,
      customerFirstName: 'Mari',
      specialInstructions: 'Ring twice',
      platformOrderNumber: `R${nextOrderId}`,
    });
  });

  it('sendCancelOrder (by its URL) cancels the order', async () => {
    const { externalId, order } = await newOrder();
    const cancel = JSON.stringify({ order_id: Number(externalId), provider_id: 789 });
    expect((await send(cancel, 'hmac', '/api/webhooks/bolt/sendCancelOrder')).statusCode).toBe(200);
    await settle();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
  });

  it('a sendCancelOrder that comes before its sendNewOrder leaves no live order', async () => {
    nextOrderId += 1;
    const externalId = String(nextOrderId);
    bolt.addOrder(externalId);
    const cancel = JSON.stringify({ order_id: nextOrderId, provider_id: 789 });
    expect((await send(cancel, 'hmac', '/api/webhooks/bolt/sendCancelOrder')).statusCode).toBe(200);
    await settle();
    expect((await send(newOrderBody(nextOrderId))).statusCode).toBe(200);
    await settle();
    const made = await ordersOf(externalId);
    expect(made.filter((order) => order.status !== 'cancelled')).toEqual([]);
    expect(callsFor(externalId)).toEqual([]);
    const events = await t.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.externalOrderId, externalId))
      .orderBy(asc(platformEvents.id));
    expect(events.map((event) => [event.eventType, event.status])).toEqual([
      ['sendCancelOrder', 'processed'],
      ['sendNewOrder', 'processed'],
    ]);
  });
});

describe("the kitchen's steps reach Bolt signed, once each", () => {
  it('Start, Ready, Done: acceptOrder, markOrderAsReadyForPickup, markOrderAsPickedUp', async () => {
    const { externalId, order } = await newOrder();
    bolt.failNext('markOrderAsReadyForPickup', 503, 1);
    for (const step of ['started', 'ready', 'done']) {
      expect((await setKitchen(order.id, step)).statusCode).toBe(200);
      await settle();
    }
    const mine = bolt.calls.filter((call) => String(call.body.order_id) === externalId);
    expect(mine.map((call) => [call.endpoint, call.status])).toEqual([
      ['acceptOrder', 200],
      ['markOrderAsReadyForPickup', 503],
      ['markOrderAsReadyForPickup', 200],
      ['markOrderAsPickedUp', 200],
    ]);
    // The fake answers 401 to anything not signed with the secret: none were.
    expect(mine[0]!.body).toEqual({ order_id: Number(externalId), provider_id: 789 });
    expect(bolt.state(externalId)).toBe('picked_up');
  });

  it('sends the call after a restart when the process died between the click and the call', async () => {
    const { externalId, order } = await newOrder();
    // A process that records but never delivers: the state a kill right after the commit leaves.
    const dying = await createTestApp(testDatabase.database, {
      env: { BOLT_API_URL: bolt.url },
      dispatcher: { deliver: false },
      clockStart: new Date(),
    });
    try {
      expect((await setKitchen(order.id, 'started', dying.app)).statusCode).toBe(200);
    } finally {
      await dying.close();
    }
    expect(callsFor(externalId)).toEqual([]);
    // The restart (here: the instance still running) finds the job and sends it, once.
    await settle();
    await settle();
    expect(callsFor(externalId)).toEqual([['acceptOrder', 200]]);
    expect(bolt.state(externalId)).toBe('accepted');
  });

  it('shows a step Bolt refuses with 409 on the kitchen card, and clears it when one succeeds', async () => {
    const { externalId, order } = await newOrder();
    bolt.setState(externalId, 'cancelled'); // Bolt gave up on it meanwhile
    expect((await setKitchen(order.id, 'started')).statusCode).toBe(200);
    await settle();
    expect(callsFor(externalId)).toEqual([['acceptOrder', 409]]);
    const [job] = await t.db
      .select()
      .from(outboundJobs)
      .where(and(eq(outboundJobs.orderId, order.id), eq(outboundJobs.kind, 'platform-call')));
    expect(job).toMatchObject({ outcome: 'refused' });
    expect((await kitchenCard(order.id))?.platform).toMatchObject({
      error: 'accept refused: Bolt acceptOrder: HTTP 409 order is cancelled',
    });

    // Bolt takes the next step (say staff sorted it out on Bolt's tablet): the error goes.
    bolt.setState(externalId, 'accepted');
    expect((await setKitchen(order.id, 'ready')).statusCode).toBe(200);
    await settle();
    expect(callsFor(externalId)).toEqual([
      ['acceptOrder', 409],
      ['markOrderAsReadyForPickup', 200],
    ]);
    expect((await kitchenCard(order.id))?.platform).toMatchObject({ error: null });
  });

  it('Reject sends rejectOrder with the reason once; the order leaves the kitchen', async () => {
    const { externalId, order } = await newOrder();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/platform-reject`,
      headers: { cookie: kitchen },
      payload: { code: 'ITEMS_UNAVAILABLE', reason: 'The brisket is sold out' },
    });
    expect(response.statusCode).toBe(200);
    await settle();
    expect(
      bolt.calls
        .filter((call) => String(call.body.order_id) === externalId)
        .map((call) => [call.endpoint, call.body, call.status]),
    ).toEqual([
      [
        'rejectOrder',
        { order_id: Number(externalId), provider_id: 789, reason: 'The brisket is sold out' },
        200,
      ],
    ]);
    expect(bolt.state(externalId)).toBe('rejected');
    expect(await kitchenCard(order.id)).toBeUndefined();
  });

  it('pausing online orders pauses Bolt, resuming starts accepting again', async () => {
    const before = bolt.calls.length;
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/online-ordering/pause',
      headers: { cookie: kitchen },
      payload: { minutes: 15 },
    });
    await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/online-ordering/pause',
      headers: { cookie: kitchen },
    });
    await settle();
    expect(bolt.calls.slice(before).map((call) => [call.endpoint, call.status])).toEqual([
      ['pauseOrders', 200],
      ['startAcceptingOrders', 200],
    ]);
  });
});

describe('Test Order', () => {
  it('makes a TEST Bolt order through the mapping, calls Bolt for nothing, and earns no revenue', async () => {
    const revenueBefore = await todayRevenue();
    const calls = bolt.calls.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/create-delivery-order',
      headers: { cookie: admin },
      payload: { platform: 'bolt' },
    });
    expect(response.statusCode).toBe(200);
    const { orderId, orderNumber, message } = response.json() as {
      orderId: string;
      orderNumber: number;
      message: string;
    };
    expect(message).toBe(`Test Bolt Food order #${orderNumber} is on the kitchen display.`);
    const card = await kitchenCard(orderId);
    expect(card).toMatchObject({ isTest: true, orderSource: 'bolt', kitchenStatus: 'pending' });
    expect((card?.platform as { acceptBy: string | null }).acceptBy).not.toBeNull();
    // Through the mapping: Bolt's major-unit prices are our menu's cents again, and each line
    // names our menu item by the external id the sample carries.
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.length).toBeGreaterThan(0);
    const menu = await t.db.query.menuItems.findMany();
    for (const line of lines) {
      const item = menu.find((candidate) => candidate.id === line.menuItemId);
      expect(item, `${line.name} is linked to our menu`).toBeDefined();
      expect(line.unitPriceCents).toBe(item!.basePriceCents);
    }

    for (const step of ['started', 'ready', 'done']) {
      expect((await setKitchen(orderId, step)).statusCode).toBe(200);
      await settle();
    }
    expect(bolt.calls.length).toBe(calls);
    expect(await todayRevenue()).toBe(revenueBefore);
    // A real Bolt order does count: the check above can tell.
    await newOrder();
    expect(await todayRevenue()).toBeCloseTo(revenueBefore + 19.8, 2);
  });
});
