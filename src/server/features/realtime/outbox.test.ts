/**
 * Events that cannot be lost (decision 008): an order change and its event (and the ready push
 * it owes) commit together; the dispatcher delivers them in sequence order, also after a process
 * died before delivering; the push goes out once, also with two instances, and is retried with
 * back-off; a socket that reconnects gets exactly what it missed.
 */
import type WebSocket from 'ws';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, outboundJobs, pushSubscriptions } from '#server/db/schema.ts';
import type { AppInstance } from '#server/http/types.ts';
import type { Db } from '#server/db/client.ts';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import {
  startFakePushService,
  type FakePushService,
  fakePushGate,
} from '../../../../tests/fakes/fake-push-service.ts';
import { recordOrderEvent } from './outbox.ts';
import { MAX_REPLAYED_EVENTS } from './realtime.routes.ts';

/** Lets every app here push to the fake service on http://127.0.0.1 (the real check refuses it). */
const gate = fakePushGate();
const checkPushEndpoint = gate.check;
const t = useTestApp({ seed: 'demo', checkPushEndpoint });
let kitchen: string;
let push: FakePushService;

beforeAll(async () => {
  push = await startFakePushService();
  gate.allow(push.url);
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
});
afterAll(async () => {
  await push?.close();
});

const setKitchen = (app: AppInstance, orderId: string, kitchenStatus: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie: kitchen },
    payload: { kitchenStatus },
  });

const eventsOf = (orderId: string, db: Db = t.db) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.sequence));

/** The order's push jobs (a ready order with an e-mail also owes one e-mail job, decision 018). */
const jobsOf = (orderId: string, db: Db = t.db) =>
  db
    .select()
    .from(outboundJobs)
    .where(and(eq(outboundJobs.orderId, orderId), eq(outboundJobs.kind, 'push-ready')));

/** A paid order in the kitchen with one subscribed phone on the fake push service. */
async function orderWithPhone(db: Db = t.db) {
  const order = await createOrder(db, { kitchenStatus: 'started', status: 'preparing' });
  const phone = push.subscriber(`/push/outbox-${order.id}`);
  await db.insert(pushSubscriptions).values({
    orderId: order.id,
    endpoint: phone.endpoint,
    p256dh: phone.keys.p256dh,
    auth: phone.keys.auth,
  });
  return { order, path: `/push/outbox-${order.id}` };
}

const pushesTo = (path: string) => push.received.filter((p) => p.path === path).length;

/** A kitchen screen's socket with an inbox. */
async function staffSocket(app: AppInstance, cookie: string = kitchen) {
  const inbox: Record<string, unknown>[] = [];
  const socket: WebSocket = await app.injectWS(
    '/ws',
    { headers: { cookie } },
    {
      onInit: (ws) => ws.on('message', (data) => inbox.push(JSON.parse(String(data)))),
    },
  );
  await expect.poll(() => inbox.some((m) => m.type === 'hello')).toBe(true);
  return { socket, inbox };
}

describe('recording', () => {
  it('writes the event with the change, and nothing when the change is refused', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    expect((await setKitchen(t.app, order.id, 'started')).statusCode).toBe(200);
    const refused = await setKitchen(t.app, order.id, 'done');
    expect(refused.statusCode).toBe(409);
    const rows = await eventsOf(order.id);
    expect(rows.map((row) => row.event)).toEqual([
      {
        change: 'updated',
        orderId: order.id,
        orderNumber: order.orderNumber,
        status: 'preparing',
        kitchenStatus: 'started',
        kitchenEstimatedTime: null,
      },
    ]);
  });

  it('rolls back with its transaction', async () => {
    const order = await createOrder(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await recordOrderEvent(tx, {
          change: 'updated',
          orderId: order.id,
          orderNumber: order.orderNumber,
          status: 'pending',
          kitchenStatus: 'pending',
          kitchenEstimatedTime: null,
        });
        throw new Error('the change failed after its event was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it('numbers events in commit order, and marks each once it is fanned out', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    for (const step of ['started', 'ready', 'done']) {
      expect((await setKitchen(t.app, order.id, step)).statusCode).toBe(200);
    }
    await t.app.orderEvents.flush();
    const rows = await eventsOf(order.id);
    expect(rows.map((row) => row.event.kitchenStatus)).toEqual(['started', 'ready', 'done']);
    const numbers = rows.map((row) => row.sequence);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(rows.every((row) => row.fannedOutAt !== null)).toBe(true);
  });
});

describe('a process that dies between the commit and the delivery', () => {
  // A database of its own: no other app may deliver what the dead process left.
  let testDatabase: TestDatabase;
  let dead: TestApp;
  let restarted: TestApp;
  afterAll(async () => {
    await dead?.close();
    await restarted?.close();
    await testDatabase?.destroy();
  });

  it('delivers after the restart: the kitchen socket hears it, the phone gets one push', async () => {
    testDatabase = await createTestDatabase();
    const db = testDatabase.database.db;
    // A process that records but never delivers: what a crash right after the commit leaves.
    dead = await createTestApp(testDatabase.database, {
      seed: 'base',
      dispatcher: { deliver: false },
      checkPushEndpoint,
    });
    const cook = await signIn(db, await createStaffUser(db, { role: 'kitchen' }));
    const { order, path } = await orderWithPhone(db);
    const ready = await dead.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/kitchen-status`,
      headers: { cookie: cook },
      payload: { kitchenStatus: 'ready' },
    });
    expect(ready.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await eventsOf(order.id, db)).map((row) => row.fannedOutAt)).toEqual([null]);
    expect((await jobsOf(order.id, db)).map((job) => job.doneAt)).toEqual([null]);
    expect(pushesTo(path)).toBe(0);
    await dead.close();

    // The restart: a new process on the same database, with a kitchen screen connected.
    restarted = await createTestApp(testDatabase.database, {
      dispatcher: { deliver: false },
      checkPushEndpoint,
    });
    const screen = await staffSocket(restarted.app, cook);
    restarted.app.orderEvents.resumeDelivery();
    await expect
      .poll(() => screen.inbox.some((m) => m.type === 'orderChanged' && m.orderId === order.id))
      .toBe(true);
    await expect.poll(() => pushesTo(path)).toBe(1);
    await restarted.app.orderEvents.flush();
    expect((await jobsOf(order.id, db)).map((job) => job.outcome)).toEqual(['sent']);
    expect((await eventsOf(order.id, db)).every((row) => row.fannedOutAt !== null)).toBe(true);
    expect(pushesTo(path)).toBe(1);
    screen.socket.close();
  });
});

describe('outbound work', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp(t.database, { checkPushEndpoint });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('sends the ready push once while two instances dispatch', async () => {
    const { order, path } = await orderWithPhone();
    expect((await setKitchen(t.app, order.id, 'ready')).statusCode).toBe(200);
    await Promise.all([
      t.app.orderEvents.flush(),
      second.app.orderEvents.flush(),
      t.app.orderEvents.flush(),
      second.app.orderEvents.flush(),
    ]);
    await expect.poll(() => pushesTo(path)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushesTo(path)).toBe(1);
  });

  it('retries a push the service could not take, with back-off, then marks it sent', async () => {
    const { order, path } = await orderWithPhone();
    push.failNext(path, 503, 1);
    const before = Date.now();
    expect((await setKitchen(t.app, order.id, 'ready')).statusCode).toBe(200);
    // The first attempt may be the other instance's (its runner claims due jobs too): until that
    // run ends, the job reads as claimed (attempt 1, no outcome yet).
    await expect
      .poll(async () => {
        await t.app.orderEvents.flush();
        return (await jobsOf(order.id))[0]?.outcome;
      })
      .toBe('retry');
    const [waiting] = await jobsOf(order.id);
    expect(waiting).toMatchObject({ attempts: 1, outcome: 'retry', doneAt: null });
    // The first retry waits 2 s.
    expect(waiting!.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(1_900);
    await t.app.orderEvents.flush();
    // Within the back-off nothing is sent (a machine too busy to flush within 2 s proves nothing).
    if (Date.now() < waiting!.nextAttemptAt.getTime()) expect(pushesTo(path)).toBe(0);

    // Once the back-off has passed: either instance's runner, or this flush, sends it. A job
    // another runner has claimed reads as attempt 2 still marked retry until that run ends.
    await expect
      .poll(async () => {
        await t.app.orderEvents.flush();
        return (await jobsOf(order.id))[0]?.outcome;
      })
      .toBe('sent');
    const [done] = await jobsOf(order.id);
    expect(done).toMatchObject({ attempts: 2, outcome: 'sent' });
    expect(pushesTo(path)).toBe(1);
  });
});

describe('a socket that reconnects', () => {
  it('gets exactly the three kitchen changes it missed, in order', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const first = await staffSocket(t.app);
    await setKitchen(t.app, order.id, 'started');
    await expect.poll(() => first.inbox.filter((m) => m.type === 'orderChanged').length).toBe(1);
    const lastSeen = Number(first.inbox.find((m) => m.type === 'orderChanged')!.sequence);
    first.socket.close();

    // Ready, done, and back to ready (the kitchen's step back from done).
    for (const step of ['ready', 'done', 'ready']) {
      expect((await setKitchen(t.app, order.id, step)).statusCode).toBe(200);
    }
    await t.app.orderEvents.flush();
    const missed = (await eventsOf(order.id)).slice(1).map((row) => row.sequence);
    expect(missed).toHaveLength(3);

    const again = await staffSocket(t.app);
    again.socket.send(JSON.stringify({ type: 'resume', after: lastSeen }));
    await expect.poll(() => again.inbox.filter((m) => m.type === 'orderChanged').length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const replayed = again.inbox.filter((m) => m.type === 'orderChanged');
    expect(replayed.map((m) => m.sequence)).toEqual(missed);
    expect((await eventsOf(order.id)).slice(1).map((row) => row.event.kitchenStatus)).toEqual([
      'ready',
      'done',
      'ready',
    ]);
    expect(replayed.every((m) => m.orderId === order.id)).toBe(true);
    again.socket.close();
  });

  it('is told to refetch when it missed more than are replayed', async () => {
    const order = await createOrder(t.db);
    const [newest] = await t.db
      .select({ sequence: orderEvents.sequence })
      .from(orderEvents)
      .orderBy(desc(orderEvents.sequence))
      .limit(1);
    const last = newest?.sequence ?? 0;
    await t.db.insert(orderEvents).values(
      Array.from({ length: MAX_REPLAYED_EVENTS + 1 }, () => ({
        orderId: order.id,
        fannedOutAt: new Date(),
        event: {
          change: 'updated' as const,
          orderId: order.id,
          orderNumber: order.orderNumber,
          status: 'pending' as const,
          kitchenStatus: 'pending' as const,
          kitchenEstimatedTime: null,
        },
      })),
    );
    const socket = await staffSocket(t.app);
    socket.socket.send(JSON.stringify({ type: 'resume', after: last }));
    await expect.poll(() => socket.inbox.some((m) => m.type === 'refetch')).toBe(true);
    expect(socket.inbox.filter((m) => m.type === 'orderChanged')).toEqual([]);
    socket.socket.close();
  });
});
