/**
 * The kitchen watchdog (decision 023) with a clock the test moves: the tick is called by hand
 * (the app's own timer is off in tests). Pushes go to a fake push service on loopback, the
 * platforms' venue calls to the fake Wolt and Bolt. The demo hours run round the clock; one
 * test closes the shop. Shop clock: Europe/Tallinn.
 */
import { asc, eq, isNull } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, outboundJobs } from '#server/db/schema.ts';
import { KITCHEN_OFFLINE_MESSAGE } from '#shared/online-ordering/online-ordering.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { CLOSED_DAY, setSetting, setWeekHours } from '../../../../tests/factories/shop-hours.ts';
import {
  fakePushGate,
  startFakePushService,
  type FakePushService,
  type FakeSubscriber,
} from '../../../../tests/fakes/fake-push-service.ts';
import { startFakeWolt, type FakeWolt } from '../../../../tests/fakes/fake-wolt.ts';
import { startFakeBolt, type FakeBolt } from '../../../../tests/fakes/fake-bolt.ts';
import { Watchdog } from './watchdog.service.ts';
import { WEEKDAYS } from '#shared/shop-hours/shop-hours.ts';

let push: FakePushService;
let wolt: FakeWolt;
let bolt: FakeBolt;
/** Lets the watchdogs here push to the fake service on http://127.0.0.1 (the real check refuses it). */
const gate = fakePushGate();
const START = '2026-06-10T12:00:00.000Z'; // 15:00 in Tallinn

// The fakes start before the app, which reads their addresses from its environment.
const fakes = (async () => {
  push = await startFakePushService();
  wolt = await startFakeWolt();
  bolt = await startFakeBolt();
})();
beforeAll(() => fakes);

const t = useTestApp({
  seed: 'demo',
  clockStart: START,
  checkPushEndpoint: gate.check,
  get env() {
    return { WOLT_API_URL: wolt.url, BOLT_API_URL: bolt.url };
  },
});

let admin: string;
let kitchen: string;
let cashier: string;
let adminDevice: FakeSubscriber;
let cashierDevice: FakeSubscriber;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  gate.allow(push.url);
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
  cashier = await signIn(t.db, await createStaffUser(t.db, { role: 'staff' }));
  await setSetting(t.db, 'wolt_enabled', 'true');
  await setSetting(t.db, 'wolt_api_key', wolt.apiKey);
  await setSetting(t.db, 'wolt_venue_id', 'venue-1');
  await setSetting(t.db, 'bolt_enabled', 'true');
  await setSetting(t.db, 'bolt_api_key', bolt.secret);
  await setSetting(t.db, 'bolt_integrator_id', bolt.integratorId);
  await setSetting(t.db, 'bolt_restaurant_id', '789');
  // The admin's phone and the counter's tablet ask to be alerted.
  adminDevice = push.subscriber('/admin-phone');
  cashierDevice = push.subscriber('/counter-tablet');
  for (const [cookie, device] of [
    [admin, adminDevice],
    [cashier, cashierDevice],
  ] as const) {
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/watchdog/push-subscription',
      headers: { cookie },
      payload: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
  }
});
afterAll(async () => {
  await Promise.all([push?.close(), wolt?.close(), bolt?.close()]);
});

/**
 * A socket on the app's real port (an injected socket's close never reaches the server).
 * Opened once the server has greeted it.
 */
async function openSocket(cookie: string): Promise<WebSocket> {
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => {
    socket.once('message', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** A kitchen display: a kitchen session's socket that said `kitchenDisplay`. */
const displays: WebSocket[] = [];
async function connectDisplay() {
  const socket = await openSocket(kitchen);
  socket.send(JSON.stringify({ type: 'kitchenDisplay' }));
  displays.push(socket);
  await until(async () => (await status()).kitchenDisplays === displays.length);
}
async function disconnectDisplays() {
  for (const socket of displays.splice(0)) socket.close();
  await until(async () => (await status()).kitchenDisplays === 0);
}

async function until(condition: () => Promise<boolean>, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const status = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/watchdog',
    headers: { cookie: cashier },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Moves the clock to `offsetSeconds` after `from` and ticks; waits for the pushes. */
async function tickAt(from: number, offsetSeconds: number) {
  t.clock.set(new Date(from + offsetSeconds * 1000));
  await t.app.watchdog.tick();
  await t.app.watchdog.settled();
}

const pushesTitled = (title: string) =>
  push.received.filter((received) => (received.payload as { title: string }).title === title);

const auditActions = async () =>
  (await t.db.select().from(auditLog).orderBy(asc(auditLog.id))).map((row) => row.action);

const shopStatus = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/shop-status' })).json().onlineOrdering;

function startCardPayment(orderSource: 'website' | 'table') {
  return t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    payload: {
      amount: 10.9,
      customerEmail: 'jaan.tamm@example.com',
      customerName: 'Jaan Tamm',
      customerPhone: '+372 5550 0199',
      contactless: false,
      orderData: {
        type: orderSource === 'table' ? 'dine-in' : 'pickup',
        orderSource,
        ...(orderSource === 'table' ? { tableNumber: '3' } : {}),
        items: [{ menuItemId: 'classic-smash-burger', quantity: 1 }],
        paymentMethod: 'viva-wallet',
        deliveryAddress: null,
        customer: {
          firstName: 'Jaan',
          lastName: 'Tamm',
          email: 'jaan.tamm@example.com',
          phone: '+372 5550 0199',
        },
      },
    },
  });
}

/** Every outbox job due now runs (the venue calls), also those waiting out a back-off. */
async function settleOutbox() {
  for (let round = 0; round < 5; round += 1) {
    await t.db
      .update(outboundJobs)
      .set({ nextAttemptAt: new Date(0) })
      .where(isNull(outboundJobs.doneAt));
    await t.app.orderEvents.flush();
  }
}

/** The venue calls to Wolt and Bolt since `mark()` was taken. */
function venueCallsSince() {
  const from = { wolt: wolt.calls.length, bolt: bolt.calls.length };
  return () => [
    ...wolt.calls
      .slice(from.wolt)
      .map((call) => `wolt ${(call.body as { status?: string }).status ?? call.action}`),
    ...bolt.calls.slice(from.bolt).map((call) => `bolt ${call.endpoint}`),
  ];
}

describe('kitchen displays', () => {
  it('counts the displays connected; a display alone fires nothing', async () => {
    expect((await status()).kitchenDisplays).toBe(0);
    await connectDisplay();
    await connectDisplay();
    await tickAt(Date.parse(START), 0);
    expect(await status()).toMatchObject({ kitchenDisplays: 2, watching: true, alerts: [] });
    // A quiet tick is one statement: nothing else touches the database.
    const spies = (['execute', 'select', 'insert', 'update', 'delete', 'transaction'] as const).map(
      (method) => vi.spyOn(t.db, method),
    );
    try {
      await tickAt(Date.parse(START), 1);
      expect(spies.map((spy) => spy.mock.calls.length)).toEqual([1, 0, 0, 0, 0, 0]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // A POS or admin socket saying it is a display is not counted (kitchen role only).
    const pos = await openSocket(cashier);
    pos.send(JSON.stringify({ type: 'kitchenDisplay' }));
    await tickAt(Date.parse(START), 5);
    expect((await status()).kitchenDisplays).toBe(2);
    pos.close();
    expect(push.received).toEqual([]);
  });

  it('no display for 30 s: one push to each staff device, the alert state, the audit row', async () => {
    await disconnectDisplays();
    const gone = Date.parse(START) + 60_000;
    await tickAt(gone, 0);
    await tickAt(gone, 29);
    expect(pushesTitled('Kitchen display offline')).toEqual([]);
    expect((await status()).alerts).toEqual([]);

    // A second instance on the same database ticks at the same moment as this one (both
    // read "not alerted yet"), then more ticks of both: still one push per device.
    const other = new Watchdog({
      database: t.database,
      config: { ...t.config.watchdog },
      now: t.clock.now,
      log: t.app.log,
      localDisplays: () => 0,
      tellStaff: () => {},
      shopChanged: async () => {},
      checkPushEndpoint: gate.check,
    });
    t.clock.set(new Date(gone + 30_000));
    await Promise.all([t.app.watchdog.tick(), other.tick()]);
    await Promise.all([t.app.watchdog.settled(), other.settled()]);
    await tickAt(gone, 35);
    await other.tick();
    await other.settled();
    await other.stop();
    await tickAt(gone, 40);
    expect(
      pushesTitled('Kitchen display offline')
        .map((received) => received.path)
        .sort(),
    ).toEqual(['/admin-phone', '/counter-tablet']);
    expect((await status()).alerts).toEqual([
      { kind: 'kitchenOffline', id: `kitchen-${gone}`, since: new Date(gone).toISOString() },
    ]);
    expect(
      (await auditActions()).filter((action) => action === 'watchdog.kitchen-offline'),
    ).toEqual(['watchdog.kitchen-offline']);
  });

  it('after 3 minutes: online ordering pauses on every channel, the storefront says why', async () => {
    const gone = Date.parse(START) + 60_000;
    const venueCalls = venueCallsSince();
    await tickAt(gone, 179);
    expect((await shopStatus()).paused).toBe(false);
    await tickAt(gone, 180);
    await tickAt(gone, 185);
    expect(await shopStatus()).toMatchObject({
      paused: true,
      pauseReason: 'kitchen-offline',
      pausedUntil: null,
    });
    for (const source of ['website', 'table'] as const) {
      const refused = await startCardPayment(source);
      expect(refused.statusCode, source).toBe(409);
      expect(refused.json().error).toBe(KITCHEN_OFFLINE_MESSAGE);
    }
    await settleOutbox();
    expect(venueCalls()).toEqual(['wolt OFFLINE', 'bolt pauseOrders']);
    expect((await status()).pausedByWatchdog).toBe(true);
    expect((await auditActions()).filter((action) => action === 'watchdog.paused')).toHaveLength(1);
  });

  it('a display reconnecting resumes every channel and ends the alert', async () => {
    const venueCalls = venueCallsSince();
    await connectDisplay();
    await tickAt(Date.parse(START) + 60_000, 200);
    expect(await shopStatus()).toMatchObject({ paused: false, pauseReason: null });
    expect((await startCardPayment('website')).statusCode).toBe(200);
    await settleOutbox();
    expect(venueCalls()).toEqual(['wolt ONLINE', 'bolt startAcceptingOrders']);
    expect(await status()).toMatchObject({ alerts: [], pausedByWatchdog: false });
    expect((await auditActions()).slice(-2)).toEqual(['watchdog.kitchen-back', 'watchdog.resumed']);
  });

  it('a pause by hand is never lifted by the watchdog', async () => {
    await disconnectDisplays();
    const gone = Date.parse(START) + 10 * 60_000;
    await tickAt(gone, 0);
    const paused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/online-ordering/pause',
      headers: { cookie: admin },
      payload: { minutes: null },
    });
    expect(paused.statusCode).toBe(200);
    await tickAt(gone, 200);
    expect(await shopStatus()).toMatchObject({ paused: true, pauseReason: null });
    await connectDisplay();
    await tickAt(gone, 210);
    expect(await shopStatus()).toMatchObject({ paused: true, pauseReason: null });
    expect((await startCardPayment('website')).json().error).toBe(
      "We're not taking online orders right now.",
    );
    const actions = await auditActions();
    expect(actions.filter((action) => action === 'watchdog.paused')).toHaveLength(1);
    expect(actions.filter((action) => action === 'watchdog.resumed')).toHaveLength(1);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/online-ordering/pause',
      headers: { cookie: admin },
    });
  });
});

describe('untouched orders', () => {
  it('a paid order the kitchen has not started for 2 minutes alerts once; starting it clears it', async () => {
    const placed = Date.parse(START) + 30 * 60_000;
    const order = await createOrder(t.db, {
      createdAt: new Date(placed),
      kitchenStatus: 'pending',
    });
    // Not alerted: started, unpaid, cancelled, deleted.
    await createOrder(t.db, {
      createdAt: new Date(placed),
      kitchenStatus: 'started',
      kitchenStartedAt: new Date(placed),
      status: 'preparing',
    });
    await createOrder(t.db, {
      createdAt: new Date(placed),
      paymentStatus: 'pending',
      status: 'pending',
    });
    await createOrder(t.db, { createdAt: new Date(placed), status: 'cancelled' });
    await createOrder(t.db, { createdAt: new Date(placed), deletedAt: new Date(placed) });
    await tickAt(placed, 119);
    expect((await status()).alerts).toEqual([]);
    await tickAt(placed, 120);
    await tickAt(placed, 125);
    const title = `Order #${order.orderNumber} not started`;
    expect(
      pushesTitled(title)
        .map((received) => received.path)
        .sort(),
    ).toEqual(['/admin-phone', '/counter-tablet']);
    expect(
      push.received.filter((received) => /not started/.test(JSON.stringify(received.payload))),
    ).toHaveLength(2);
    expect((await status()).alerts).toEqual([
      {
        kind: 'orderUntouched',
        id: `order-${order.id}`,
        orderId: order.id,
        orderNumber: order.orderNumber,
        orderSource: 'website',
        since: new Date(placed + 120_000).toISOString(),
      },
    ]);
    const started = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/kitchen-status`,
      headers: { cookie: kitchen },
      payload: { kitchenStatus: 'started', estimatedTime: 10 },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await status()).alerts).toEqual([]);
  });

  // Wolt/Bolt: 60 s before the platform's accept deadline, whatever the order's age.
  it.each([
    ['wolt', 180],
    ['bolt', 90],
  ] as const)(
    'a %s order waiting for its accept alerts 60 s before the deadline (%i s)',
    async (source, deadlineSeconds) => {
      const placed = Date.parse(START) + (source === 'wolt' ? 40 : 50) * 60_000;
      const order = await createOrder(t.db, {
        createdAt: new Date(placed),
        orderSource: source,
        paymentMethod: 'platform',
        externalId: `${source}-watchdog-1`,
        kitchenStatus: 'pending',
        platformAcceptBy: new Date(placed + deadlineSeconds * 1000),
      });
      await tickAt(placed, deadlineSeconds - 61);
      expect((await status()).alerts).toEqual([]);
      await tickAt(placed, deadlineSeconds - 60);
      const name = source === 'wolt' ? 'Wolt' : 'Bolt';
      expect(pushesTitled(`${name} order #${order.orderNumber} not accepted`)).toHaveLength(2);
      expect((await status()).alerts).toMatchObject([
        { kind: 'orderUntouched', orderId: order.id, orderSource: source },
      ]);
      // Accepted (Start accepts): the alert ends.
      await t.db.execute(
        `update orders set kitchen_status = 'started', kitchen_started_at = now() where id = '${order.id}'`,
      );
      expect((await status()).alerts).toEqual([]);
    },
  );

  // Pickup times (decision 026): a scheduled order, placed long before (a pre-order the evening
  // before), is due from its latest start (pickup less 15 minutes), not from when it was placed.
  it('a scheduled order alerts 2 minutes after its latest start, not 2 minutes after it was placed', async () => {
    const pickup = Date.parse(START) + 100 * 60_000;
    const order = await createOrder(t.db, {
      createdAt: new Date(Date.parse(START) - 20 * 3_600_000),
      pickupAt: new Date(pickup),
      kitchenStatus: 'pending',
    });
    await tickAt(Date.parse(START) + 60 * 60_000, 0);
    expect((await status()).alerts).toEqual([]);
    const latestStart = pickup - 15 * 60_000;
    await tickAt(latestStart, 119);
    expect((await status()).alerts).toEqual([]);
    await tickAt(latestStart, 120);
    expect((await status()).alerts).toMatchObject([
      { kind: 'orderUntouched', orderId: order.id, orderNumber: order.orderNumber },
    ]);
    await t.db.execute(
      `update orders set kitchen_status = 'started', kitchen_started_at = now() where id = '${order.id}'`,
    );
    expect((await status()).alerts).toEqual([]);
  });
});

describe('outside opening hours', () => {
  it('nothing fires: no push, no pause, no order alert, no audit row', async () => {
    await setWeekHours(t.db, Object.fromEntries(WEEKDAYS.map((day) => [day, CLOSED_DAY])));
    t.app.watchdog.forgetHours();
    const closed = Date.parse(START) + 2 * 60 * 60_000;
    await createOrder(t.db, { createdAt: new Date(closed - 10 * 60_000) });
    const pushesBefore = push.received.length;
    const auditBefore = (await auditActions()).length;
    await disconnectDisplays();
    for (const seconds of [0, 30, 60, 180, 600]) await tickAt(closed, seconds);
    expect(push.received.length).toBe(pushesBefore);
    expect((await auditActions()).length).toBe(auditBefore);
    expect((await shopStatus()).paused).toBe(false);
    expect(await status()).toMatchObject({ watching: false, alerts: [], kitchenDisplays: 0 });
  });
});

describe('the pause setting', () => {
  it('the admin sets the minutes (1 to 60, the shared schema); others may not', async () => {
    const put = (cookie: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/watchdog/settings',
        headers: { cookie },
        payload,
      });
    const saved = await put(admin, { pauseAfterMinutes: 5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().pauseAfterMinutes).toBe(5);
    for (const bad of [0, 61, 2.5, '3']) {
      const refused = await put(admin, { pauseAfterMinutes: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
    }
    expect((await put(admin, { pauseAfterMinutes: 0 })).json().error).toMatch(/1 to 60 minutes/);
    expect((await put(cashier, { pauseAfterMinutes: 5 })).statusCode).toBe(403);
    expect((await put(kitchen, { pauseAfterMinutes: 5 })).statusCode).toBe(403);
  });

  it("the setting's minutes decide when the watchdog pauses", async () => {
    const week = Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        {
          shift1: { open: '00:00', close: '23:59', isOpen: true },
          shift2: { open: null, close: null, isOpen: false },
        },
      ]),
    );
    await setWeekHours(t.db, week);
    t.app.watchdog.forgetHours();
    const gone = Date.parse(START) + 3 * 60 * 60_000;
    await tickAt(gone, 0);
    await tickAt(gone, 4 * 60 + 59);
    expect((await shopStatus()).paused).toBe(false);
    await tickAt(gone, 5 * 60);
    expect(await shopStatus()).toMatchObject({ paused: true, pauseReason: 'kitchen-offline' });
    await connectDisplay();
    await tickAt(gone, 5 * 60 + 5);
    expect((await shopStatus()).paused).toBe(false);
  });
});

describe('every event is in the audit log', () => {
  it('as the watchdog, never a person', async () => {
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorName, 'Kitchen watchdog'))
      .orderBy(asc(auditLog.id));
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set([
        'watchdog.kitchen-offline',
        'watchdog.paused',
        'watchdog.kitchen-back',
        'watchdog.resumed',
        'watchdog.order-untouched',
      ]),
    );
    expect(rows.every((row) => row.actorStaffId === null)).toBe(true);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      headers: { cookie: admin },
    });
    expect(listed.statusCode, listed.body).toBe(200);
  });
});

describe('displays on another instance', () => {
  it('count through the presence rows while their instance ticks, and not once it stops', async () => {
    await disconnectDisplays();
    const at = Date.parse(START) + 5 * 60 * 60_000;
    t.clock.set(new Date(at));
    // Another server instance on the same database, with one kitchen display on its sockets.
    const other = new Watchdog({
      database: t.database,
      config: { ...t.config.watchdog },
      now: t.clock.now,
      log: t.app.log,
      localDisplays: () => 1,
      tellStaff: () => {},
      shopChanged: async () => {},
      checkPushEndpoint: gate.check,
    });
    await other.tick();
    await tickAt(at, 0);
    expect((await status()).kitchenDisplays).toBe(1);
    // 40 s on, its row refreshed: still counted, no incident, no alert.
    t.clock.set(new Date(at + 40_000));
    await other.tick();
    await tickAt(at, 40);
    const kitchenAlerts = async () =>
      (await status()).alerts.filter((alert: { kind: string }) => alert.kind === 'kitchenOffline');
    expect((await status()).kitchenDisplays).toBe(1);
    expect(await kitchenAlerts()).toEqual([]);
    // It stops ticking (a crash): after 15 s its row no longer counts, and the incident starts.
    await tickAt(at, 56);
    expect((await status()).kitchenDisplays).toBe(0);
    await tickAt(at, 86);
    expect(await kitchenAlerts()).toHaveLength(1);
    // A stopped instance takes its row away at once.
    await other.tick();
    expect((await status()).kitchenDisplays).toBe(1);
    await other.stop();
    expect((await status()).kitchenDisplays).toBe(0);
  });
});
