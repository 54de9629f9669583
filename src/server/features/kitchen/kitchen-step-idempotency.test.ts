/**
 * A kitchen display that lost its connection sends its queued taps when it is back, each with
 * the Idempotency-Key it got when tapped (decision 024). A tap whose answer was lost on the way
 * is sent again with the same key: the step is applied once, one order event is recorded (so
 * one notification, one platform call, one "ready" push), and the repeat gets the first answer.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });
let kitchen: string;

beforeAll(async () => {
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
});

const step = (orderId: string, body: object, key?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie: kitchen, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const eventsOf = async (orderId: string) =>
  (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map(
    (row) => row.event.kitchenStatus,
  );

describe('a kitchen step sent again with its key', () => {
  it('Start and Ready, each sent three times with its own key: applied once each', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const startKey = crypto.randomUUID();
    const readyKey = crypto.randomUUID();
    const started = await step(order.id, { kitchenStatus: 'started' }, startKey);
    expect(started.statusCode, started.body).toBe(200);
    t.clock.set(new Date(Date.now() + 60_000).toISOString());
    for (let i = 0; i < 2; i += 1) {
      const again = await step(order.id, { kitchenStatus: 'started' }, startKey);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(started.json());
    }
    const ready = await step(order.id, { kitchenStatus: 'ready' }, readyKey);
    expect(ready.statusCode, ready.body).toBe(200);
    // The Start repeated after Ready is still the first answer, and does not take the order back.
    const lateStart = await step(order.id, { kitchenStatus: 'started' }, startKey);
    expect(lateStart.statusCode).toBe(200);
    expect(lateStart.json()).toMatchObject({ kitchenStatus: 'started' });
    for (let i = 0; i < 2; i += 1) {
      expect((await step(order.id, { kitchenStatus: 'ready' }, readyKey)).statusCode).toBe(200);
    }

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.kitchenStatus).toBe('ready');
    expect(await eventsOf(order.id)).toEqual(['started', 'ready']);
  });

  it('the same tap sent five times at once: one change, one event', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'started', status: 'preparing' });
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => step(order.id, { kitchenStatus: 'ready' }, key)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed']).length).toBe(4);
    expect(await eventsOf(order.id)).toEqual(['ready']);
  });

  it('without a key a repeat is the state table’s: ready twice is a 409, no second event', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'started', status: 'preparing' });
    expect((await step(order.id, { kitchenStatus: 'ready' })).statusCode).toBe(200);
    expect((await step(order.id, { kitchenStatus: 'ready' })).statusCode).toBe(409);
    expect(await eventsOf(order.id)).toEqual(['ready']);
  });

  it('the key of one tap used for another step is refused (409), not applied', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const key = crypto.randomUUID();
    expect((await step(order.id, { kitchenStatus: 'started' }, key)).statusCode).toBe(200);
    expect((await step(order.id, { kitchenStatus: 'ready' }, key)).statusCode).toBe(409);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.kitchenStatus).toBe('started');
  });
});
