import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, vapidKeys } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder, type OrderOverrides } from '../../../../tests/factories/orders.ts';
import { placeOrderThroughCheckout } from '../../../../tests/factories/placed-orders.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import {
  startFakePushService,
  fakePushGate,
  type FakePushService,
} from '../../../../tests/fakes/fake-push-service.ts';
import { hashOrderToken, ORDER_TOKEN_COOKIE } from '../orders/order-token.ts';

/** Lets the app push to the fake service on http://127.0.0.1, which the real check refuses. */
const gate = fakePushGate();
const t = useTestApp({ seed: 'demo', checkPushEndpoint: gate.check });
let push: FakePushService;
let kitchen: string;

beforeAll(async () => {
  push = await startFakePushService();
  gate.allow(push.url);
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
});
afterAll(async () => {
  await push?.close();
});

/** A browser's order token and the Cookie header that carries it. */
function browserToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, cookie: `${ORDER_TOKEN_COOKIE}=${token}` };
}

/** An order placed by a browser (its token's hash on the order); answers the browser's cookie. */
async function ownedOrder(overrides: OrderOverrides = {}) {
  const browser = browserToken();
  const order = await createOrder(t.db, {
    placedByTokenHash: hashOrderToken(browser.token),
    ...overrides,
  });
  return { order, cookie: browser.cookie };
}

const subscribe = (orderId: string, subscription: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/push-subscription`,
    // Its own address each time: the per-address limit is not what these tests check.
    remoteAddress: nextClient(),
    headers: cookie ? { cookie } : {},
    payload: subscription,
  });

const endpointsOf = async (orderId: string) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.orderId, orderId))).map(
    (row) => row.endpoint,
  );

const setKitchen = (orderId: string, kitchenStatus: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie: kitchen },
    payload: { kitchenStatus },
  });

const KEYS = { p256dh: 'a', auth: 'b' };

describe('web push', () => {
  it('makes its VAPID keys once and keeps them in the database', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    const second = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(first.json().publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(second.json()).toEqual(first.json());
    expect(await t.db.select().from(vapidKeys)).toHaveLength(1);
    // The private key never leaves the server.
    expect(first.body).not.toContain((await t.db.select().from(vapidKeys))[0]!.privateKey);
  });

  it('sends an encrypted, VAPID-signed push to the subscribed device when the order is ready', async () => {
    const { order, cookie } = await ownedOrder({ kitchenStatus: 'started', status: 'preparing' });
    const phone = push.subscriber(`/push/${order.id}`);
    expect(
      (await subscribe(order.id, { endpoint: phone.endpoint, keys: phone.keys }, cookie))
        .statusCode,
    ).toBe(201);

    expect((await setKitchen(order.id, 'ready')).statusCode).toBe(200);
    await expect
      .poll(() => push.received.filter((p) => p.path === `/push/${order.id}`).length)
      .toBe(1);
    const delivered = push.received.find((p) => p.path === `/push/${order.id}`)!;
    expect(delivered.payload).toEqual({
      title: 'Your order is ready!',
      body: `Order #${order.orderNumber} is ready for pickup. Please come to the counter.`,
      orderId: order.id,
    });
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivered.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    expect(delivered.headers.ttl).toBe('3600');
    expect(delivered.headers.urgency).toBe('high');
    // The JWT is for the push service's origin.
    const jwt = String(delivered.headers.authorization).slice('vapid t='.length).split(',')[0]!;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
      aud: string;
      sub: string;
    };
    expect(claims.aud).toBe(push.url);
    expect(claims.sub).toBe('mailto:hello@smokeandbun.example');
  });

  it('sends nothing for other kitchen steps, and deletes subscriptions the push service says are gone', async () => {
    const { order, cookie } = await ownedOrder({ kitchenStatus: 'pending', status: 'pending' });
    const kept = push.subscriber(`/push/kept-${order.id}`);
    await subscribe(order.id, { endpoint: kept.endpoint, keys: kept.keys }, cookie);
    await subscribe(order.id, { endpoint: `${push.url}/push/x/gone`, keys: kept.keys }, cookie);
    await subscribe(order.id, { endpoint: `${push.url}/push/y/missing`, keys: kept.keys }, cookie);

    await setKitchen(order.id, 'started');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(push.received.some((p) => p.path === `/push/kept-${order.id}`)).toBe(false);

    await setKitchen(order.id, 'ready');
    await expect
      .poll(() => push.received.some((p) => p.path === `/push/kept-${order.id}`))
      .toBe(true);
    await expect
      .poll(async () => (await endpointsOf(order.id)).map((e) => e.replace(push.url, '')))
      .toEqual([`/push/kept-${order.id}`]);
  });

  it('refuses malformed subscriptions and unknown orders with 4xx', async () => {
    const { order, cookie } = await ownedOrder();
    for (const body of [
      {},
      { endpoint: 'not a url', keys: KEYS },
      { endpoint: 'https://x.test/1' },
    ]) {
      const response = await subscribe(order.id, body, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    const unknown = await subscribe(
      crypto.randomUUID(),
      { endpoint: 'https://x.test/2', keys: KEYS },
      cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await subscribe('nope', { endpoint: 'https://x.test/3', keys: KEYS }, cookie)).statusCode,
    ).toBe(400);
  });
});

describe('who may subscribe (DESIGN.md departure 12)', () => {
  it('the browser that placed the order, through the real checkout', async () => {
    const placed = await placeOrderThroughCheckout(t.app);
    const phone = push.subscriber(`/push/placed-${placed.orderId}`);
    const response = await subscribe(
      placed.orderId,
      { endpoint: phone.endpoint, keys: phone.keys },
      placed.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ subscribed: true });
    expect(await endpointsOf(placed.orderId)).toEqual([phone.endpoint]);
  });

  it('not a stranger: no cookie, another browser’s cookie, or an order no browser placed', async () => {
    const placed = await placeOrderThroughCheckout(t.app);
    const other = await placeOrderThroughCheckout(t.app);
    const counterOrder = await createOrder(t.db, { placedByTokenHash: null });
    const phone = push.subscriber(`/push/stranger-${placed.orderId}`);
    const body = { endpoint: phone.endpoint, keys: phone.keys };
    for (const [orderId, cookie] of [
      [placed.orderId, undefined],
      [placed.orderId, other.cookie],
      [placed.orderId, `${ORDER_TOKEN_COOKIE}=${'A'.repeat(43)}`],
      [counterOrder.id, other.cookie],
    ] as const) {
      const response = await subscribe(orderId, body, cookie);
      expect(response.statusCode, `${orderId} ${cookie}`).toBe(403);
      expect(response.json()).toEqual({
        error: 'Only the browser that placed this order can be notified about it.',
      });
    }
    expect(await endpointsOf(placed.orderId)).toEqual([]);
    expect(await endpointsOf(counterOrder.id)).toEqual([]);
  });
});

describe('where the server may push', () => {
  it.each([
    ['https://127.0.0.1/push', 'endpoint: must be on a public host, not a private address'],
    [
      'https://169.254.169.254/latest/meta-data/',
      'endpoint: must be on a public host, not a private address',
    ],
    ['https://10.0.0.1/push', 'endpoint: must be on a public host, not a private address'],
    ['https://[::1]/push', 'endpoint: must be on a public host, not a private address'],
    [
      'https://[::ffff:169.254.169.254]/push',
      'endpoint: must be on a public host, not a private address',
    ],
    ['https://[fd00:ec2::254]/push', 'endpoint: must be on a public host, not a private address'],
    ['http://example.com/push', 'endpoint: must be an https address'],
    // A name is resolved: localhost answers 127.0.0.1.
    ['https://localhost/push', 'endpoint: must be on a public host, not a private address'],
    // The test's permission covers the fake service's own address and port only.
    ['http://127.0.0.1:1/push', 'endpoint: must be an https address'],
  ])('refuses %s with 400 naming the endpoint', async (endpoint, message) => {
    const { order, cookie } = await ownedOrder();
    const response = await subscribe(order.id, { endpoint, keys: KEYS }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, fields: { endpoint: message.slice(10) } });
    expect(await endpointsOf(order.id)).toEqual([]);
  });

  it('a default-configured app refuses the fake service on 127.0.0.1, and does not send to it', async () => {
    const { order, cookie } = await ownedOrder({ kitchenStatus: 'started', status: 'preparing' });
    const phone = push.subscriber(`/push/strict-${order.id}`);
    gate.close();
    try {
      const refused = await subscribe(
        order.id,
        { endpoint: phone.endpoint, keys: phone.keys },
        cookie,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ endpoint: 'must be an https address' });

      // A subscription stored before these rules (or on an address now refused) is checked
      // again when sending, and nothing goes out.
      await t.db
        .insert(pushSubscriptions)
        .values({ orderId: order.id, endpoint: phone.endpoint, ...phone.keys });
      expect((await setKitchen(order.id, 'ready')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(push.received.some((p) => p.path === `/push/strict-${order.id}`)).toBe(false);
    } finally {
      gate.allow(push.url);
    }
    // The control: with the permission back, the same subscription is sent to.
    expect((await setKitchen(order.id, 'done')).statusCode).toBe(200);
    expect((await setKitchen(order.id, 'ready')).statusCode).toBe(200);
    await expect
      .poll(() => push.received.some((p) => p.path === `/push/strict-${order.id}`))
      .toBe(true);
  });
});
