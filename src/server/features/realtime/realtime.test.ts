/**
 * /ws: customers hear only their own order; staff hear every change; garbage closes
 * only the socket that sent it; events cross app instances through the database.
 */
import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { useTestApp, createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { testDatabaseKind } from '../../../../tests/setup/test-database.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import type { AppInstance } from '#server/http/types.ts';

const t = useTestApp({ seed: 'demo' });
let kitchen: string;

beforeAll(async () => {
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
});

/** A socket with a message inbox the test can wait on. */
async function connect(app: AppInstance, cookie?: string) {
  const inbox: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let closed!: Promise<number>;
  // Listen from the start: the server greets before the open event reaches the test.
  const socket: WebSocket = await app.injectWS('/ws', cookie ? { headers: { cookie } } : {}, {
    onInit: (ws) => {
      ws.on('message', (data) => {
        inbox.push(JSON.parse(String(data)) as Record<string, unknown>);
        waiters.splice(0).forEach((wake) => wake());
      });
      closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    },
  });
  const next = async (match: (message: Record<string, unknown>) => boolean, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = inbox.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching message; got ${JSON.stringify(inbox)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  await next((message) => message.type === 'hello');
  return { socket, inbox, next, closed };
}

const setKitchen = (app: AppInstance, orderId: string, body: object) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie: kitchen },
    payload: body,
  });

describe('customer sockets', () => {
  it('a subscriber gets statusUpdate for its order only', async () => {
    const mine = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const other = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const customer = await connect(t.app);
    customer.socket.send(JSON.stringify({ type: 'subscribe', orderId: mine.id }));
    // Let the subscription land before the change.
    customer.socket.send(JSON.stringify({ type: 'ping' }));
    await customer.next((message) => message.type === 'pong');

    await setKitchen(t.app, other.id, { kitchenStatus: 'started' });
    await setKitchen(t.app, mine.id, { kitchenStatus: 'started', estimatedTime: 20 });
    const update = await customer.next((message) => message.type === 'statusUpdate');
    expect(update).toEqual({
      type: 'statusUpdate',
      orderId: mine.id,
      status: 'preparing',
      kitchenStatus: 'started',
      kitchenEstimatedTime: 20,
      // Its number in the event outbox (decision 008), for a resume after a reconnect.
      sequence: expect.any(Number),
    });
    expect(customer.inbox.filter((message) => message.orderId === other.id)).toEqual([]);
    expect(customer.inbox.some((message) => message.type === 'orderChanged')).toBe(false);
    customer.socket.close();
  });

  it('garbage closes that socket with 1008, and the server keeps serving others', async () => {
    for (const garbage of [
      'not json',
      '{"type":"subscribe","orderId":"nope"}',
      '{"type":"hack"}',
      'x'.repeat(3000),
    ]) {
      const bad = await connect(t.app);
      bad.socket.send(garbage);
      expect(await bad.closed).toBe(1008);
    }
    const good = await connect(t.app);
    good.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await good.next((message) => message.type === 'pong')).toEqual({ type: 'pong' });
    good.socket.close();
    expect((await t.app.inject({ method: 'GET', url: '/api/shop-status' })).statusCode).toBe(200);
  });
});

describe('staff sockets', () => {
  it('a kitchen socket (session cookie) hears new paid orders and kitchen changes; a stranger does not', async () => {
    const staff = await connect(t.app, kitchen);
    expect(staff.inbox[0]).toEqual({ type: 'hello', role: 'staff' });
    const stranger = await connect(t.app);
    expect(stranger.inbox[0]).toEqual({ type: 'hello', role: 'customer' });

    // A customer pays in the simulator: the kitchen hears of the new order.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      payload: {
        customerEmail: 'live@example.com',
        customerName: 'Live Customer',
        customerPhone: '+372 5000 0000',
        orderData: { items: [{ menuItemId: 'cola', quantity: 1 }] },
      },
    });
    const { paymentUrl } = created.json() as { paymentUrl: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: paymentUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    const orderId = new URL(paid.headers.location as string, 'http://x').searchParams.get(
      'orderId',
    );
    expect(
      await staff.next(
        (message) => message.type === 'orderChanged' && message.change === 'created',
      ),
    ).toMatchObject({
      orderId,
    });

    await setKitchen(t.app, orderId!, { kitchenStatus: 'started' });
    await staff.next(
      (message) =>
        message.type === 'orderChanged' &&
        message.change === 'updated' &&
        message.orderId === orderId,
    );
    expect(stranger.inbox.filter((message) => message.type === 'orderChanged')).toEqual([]);
    staff.socket.close();
    stranger.socket.close();
  });
});

describe('fan-out across app instances', () => {
  let second: TestApp | undefined;
  let secondDatabase: Database | undefined;

  beforeAll(async () => {
    // On PostgreSQL the second app opens its own connections, as a second process would.
    // On PGlite (one process by design) it shares the embedded database.
    secondDatabase =
      testDatabaseKind() === 'postgres'
        ? await openDatabase({ databaseUrl: t.testDatabase.url!, maxConnections: 2 })
        : t.database;
    second = await createTestApp(secondDatabase);
  });
  afterAll(async () => {
    await second?.close();
    if (secondDatabase && secondDatabase !== t.database) await secondDatabase.close();
  });

  it('a kitchen change made through app A reaches a socket of app B', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const listener = await connect(second!.app);
    listener.socket.send(JSON.stringify({ type: 'subscribe', orderId: order.id }));
    listener.socket.send(JSON.stringify({ type: 'ping' }));
    await listener.next((message) => message.type === 'pong');

    expect((await setKitchen(t.app, order.id, { kitchenStatus: 'started' })).statusCode).toBe(200);
    expect(await listener.next((message) => message.type === 'statusUpdate')).toMatchObject({
      orderId: order.id,
      status: 'preparing',
    });
    listener.socket.close();
  });
});
