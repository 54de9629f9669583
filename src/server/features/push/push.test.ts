import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, vapidKeys } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import {
  startFakePushService,
  type FakePushService,
} from '../../../../tests/fakes/fake-push-service.ts';

const t = useTestApp({ seed: 'demo' });
let push: FakePushService;
let kitchen: string;

beforeAll(async () => {
  push = await startFakePushService();
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
});
afterAll(async () => {
  await push?.close();
});

const subscribe = (orderId: string, subscription: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/push-subscription`,
    payload: subscription,
  });

const setKitchen = (orderId: string, kitchenStatus: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie: kitchen },
    payload: { kitchenStatus },
  });

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
    const order = await createOrder(t.db, { kitchenStatus: 'started', status: 'preparing' });
    const phone = push.subscriber(`/push/${order.id}`);
    expect(
      (await subscribe(order.id, { endpoint: phone.endpoint, keys: phone.keys })).statusCode,
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
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const kept = push.subscriber(`/push/kept-${order.id}`);
    await subscribe(order.id, { endpoint: kept.endpoint, keys: kept.keys });
    await subscribe(order.id, { endpoint: `${push.url}/push/x/gone`, keys: kept.keys });
    await subscribe(order.id, { endpoint: `${push.url}/push/y/missing`, keys: kept.keys });

    await setKitchen(order.id, 'started');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(push.received.some((p) => p.path === `/push/kept-${order.id}`)).toBe(false);

    await setKitchen(order.id, 'ready');
    await expect
      .poll(() => push.received.some((p) => p.path === `/push/kept-${order.id}`))
      .toBe(true);
    await expect
      .poll(async () =>
        (
          await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.orderId, order.id))
        ).map((row) => row.endpoint.replace(push.url, '')),
      )
      .toEqual([`/push/kept-${order.id}`]);
  });

  it('refuses malformed subscriptions and unknown orders with 4xx', async () => {
    const order = await createOrder(t.db);
    for (const body of [
      {},
      { endpoint: 'not a url', keys: { p256dh: 'a', auth: 'b' } },
      { endpoint: 'https://x.test/1' },
    ]) {
      const response = await subscribe(order.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    const unknown = await subscribe(crypto.randomUUID(), {
      endpoint: 'https://x.test/2',
      keys: { p256dh: 'a', auth: 'b' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await subscribe('nope', { endpoint: 'https://x.test/3', keys: { p256dh: 'a', auth: 'b' } }))
        .statusCode,
    ).toBe(400);
  });
});
