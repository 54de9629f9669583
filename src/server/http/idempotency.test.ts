/**
 * Idempotency-Key on order-creating calls (DESIGN.md departure 14, http/idempotency.ts): the
 * same key with the same request gives one result and the same answer, also 10 at once and
 * across two app instances; with another request a 409.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, orders, payments } from '#server/db/schema.ts';
import { createTestApp, useTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { itRaces } from '../../../tests/setup/concurrency.ts';
import { createTestDatabase } from '../../../tests/setup/test-database.ts';
import { createStaffUser, nextClient, signIn } from '../../../tests/factories/staff.ts';
import { openCashDrawer } from '../../../tests/factories/cash-drawer.ts';

const t = useTestApp({ seed: 'demo' });

let failFirst = true;
let flakyCalls = 0;
let limitedCalls = 0;
let flaky: TestApp;
beforeAll(async () => {
  flaky = await createTestApp(t.database, {
    beforeReady: (app) => {
      // Not under /api, so the access table does not govern it.
      app.post('/test/flaky', { config: { idempotent: true } }, async (_request, reply) => {
        flakyCalls += 1;
        if (failFirst) {
          failFirst = false;
          return reply.code(503).send({ error: 'try again' });
        }
        return { call: flakyCalls };
      });
      app.post('/test/limited', { config: { idempotent: true } }, async (_request, reply) => {
        limitedCalls += 1;
        if (limitedCalls === 1) return reply.code(429).send({ error: 'slow down' });
        return { call: limitedCalls };
      });
    },
  });
});
afterAll(async () => {
  await flaky?.close();
});

const checkout = (items = [{ menuItemId: 'cola', quantity: 1 }]) => ({
  customerEmail: 'ann@example.com',
  customerName: 'Ann Smith',
  customerPhone: '+372 5550 0000',
  orderData: { items },
});

const createPayment = (key: string | undefined, body: object = checkout(), app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: body,
    remoteAddress: nextClient(),
  });

const paymentCount = async () => (await t.db.select({ n: count() }).from(payments))[0]!.n;

describe('Idempotency-Key', () => {
  it('answers the same key and request with the first answer, making one payment', async () => {
    const key = randomUUID();
    const before = await paymentCount();
    const first = await createPayment(key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createPayment(key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentCount()).toBe(before + 1);
  });

  itRaces('gives 10 concurrent requests with one key one payment and the same answer', async () => {
    const key = randomUUID();
    const before = await paymentCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => createPayment(key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const bodies = new Set(answers.map((answer) => answer.body));
    expect(bodies.size).toBe(1);
    expect(await paymentCount()).toBe(before + 1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed']).length).toBe(9);
  });

  it('refuses a used key with a different request (409), making nothing', async () => {
    const key = randomUUID();
    expect((await createPayment(key)).statusCode).toBe(200);
    const before = await paymentCount();
    const other = await createPayment(key, checkout([{ menuItemId: 'cola', quantity: 2 }]));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      error: 'This Idempotency-Key was already used for a different request.',
    });
    expect(await paymentCount()).toBe(before);
  });

  it('works as the spec describes without a key (each call is its own)', async () => {
    const before = await paymentCount();
    expect((await createPayment(undefined)).statusCode).toBe(200);
    expect((await createPayment(undefined)).statusCode).toBe(200);
    expect(await paymentCount()).toBe(before + 2);
  });

  it.each(['not-a-uuid', '', '1234'])('refuses the key %j with a 400', async (key) => {
    const before = await paymentCount();
    const response = await createPayment(key);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Idempotency-Key must be a UUID, made once per attempt.');
    expect(await paymentCount()).toBe(before);
  });

  it('is shared by app instances on one database', async () => {
    const other = await createTestApp(t.database);
    try {
      const key = randomUUID();
      const before = await paymentCount();
      const first = await createPayment(key);
      const second = await createPayment(key, checkout(), other.app);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await paymentCount()).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('does not keep a 5xx answer: the retry with the same key runs again', async () => {
    const key = randomUUID();
    const post = () =>
      flaky.app.inject({
        method: 'POST',
        url: '/test/flaky',
        headers: { 'idempotency-key': key },
        payload: { a: 1 },
      });
    expect((await post()).statusCode).toBe(503);
    const retry = await post();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ call: 2 });
    const replay = await post();
    expect(replay.json()).toEqual({ call: 2 });
    expect(flakyCalls).toBe(2);
  });

  it('does not keep a 429 answer: the retry with the same key runs again', async () => {
    const key = randomUUID();
    const post = () =>
      flaky.app.inject({
        method: 'POST',
        url: '/test/limited',
        headers: { 'idempotency-key': key },
        payload: { a: 1 },
      });
    expect((await post()).statusCode).toBe(429);
    const retry = await post();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ call: 2 });
    expect(limitedCalls).toBe(2);
  });

  it('lets a request take over a claim left by one that died, and keeps answers a day', async () => {
    const abandoned = randomUUID();
    const kept = randomUUID();
    const route = 'POST /api/viva-wallet/create-payment';
    await t.db.insert(idempotencyKeys).values([
      // Claimed two minutes ago, never answered: the process died.
      { route, key: abandoned, requestHash: 'x', createdAt: sql`now() - interval '2 minutes'` },
      // Answered 23 hours ago: still replayed.
      {
        route,
        key: kept,
        requestHash: 'y',
        statusCode: 200,
        responseBody: '{"kept":true}',
        createdAt: sql`now() - interval '23 hours'`,
        completedAt: new Date(),
      },
    ]);
    const before = await paymentCount();
    const takeover = await createPayment(abandoned);
    expect(takeover.statusCode, takeover.body).toBe(200);
    expect(await paymentCount()).toBe(before + 1);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, kept));
    expect(row?.responseBody).toBe('{"kept":true}');
  });
});

/**
 * The key is kept with the order it made (decision 007): whatever happens to the claim (its
 * process killed between the order's commit and the answer's, the 48 h sweep), a retry with
 * the key answers with that order, and one account's key never answers another's.
 */
describe('Idempotency-Key kept with the order', () => {
  let cashier: { id: string; cookie: string };
  let otherCashier: { id: string; cookie: string };
  beforeAll(async () => {
    const first = await createStaffUser(t.db, { role: 'staff' });
    const second = await createStaffUser(t.db, { role: 'staff' });
    cashier = { id: first.id, cookie: await signIn(t.db, first) };
    otherCashier = { id: second.id, cookie: await signIn(t.db, second) };
    // Every counter cash sale belongs to an open drawer (decision 012).
    await openCashDrawer(t.db, { id: first.id, name: 'Cashier' });
  });

  const SALE = {
    paymentMethod: 'cash',
    cashReceived: 20,
    items: [{ menuItemId: 'cola', name: 'Cola', quantity: 2, customizations: { addOns: [] } }],
  };
  const sell = (key: string, cookie: string, body: object = SALE) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, 'idempotency-key': key },
      payload: body,
      remoteAddress: nextClient(),
    });
  const ordersOf = (staffId: string) =>
    t.db.select({ id: orders.id }).from(orders).where(eq(orders.takenByStaffId, staffId));

  it('answers a retry with the order a killed process made, after its claim was released', async () => {
    const key = randomUUID();
    const before = (await ordersOf(cashier.id)).length;
    const first = await sell(key, cashier.cookie);
    expect(first.statusCode, first.body).toBe(201);
    // The process died after the order committed and before the answer was stored: the
    // claim is left unanswered, and its lease (and the old 60 s) ran out long ago.
    await t.db.execute(sql`
      update idempotency_keys
         set status_code = null, response_body = null, content_type = null, completed_at = null,
             created_at = now() - interval '2 minutes', claimed_until = now() - interval '1 minute'
       where key = ${key}`);
    const retry = await sell(key, cashier.cookie);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await ordersOf(cashier.id)).length).toBe(before + 1);
    // Its answer is kept again: the next retry is a plain replay.
    const replay = await sell(key, cashier.cookie);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
  });

  it('answers a retry after the sweep deleted the key with the order it made', async () => {
    const key = randomUUID();
    const before = (await ordersOf(cashier.id)).length;
    const first = await sell(key, cashier.cookie);
    expect(first.statusCode, first.body).toBe(201);
    // 48 h later the sweep has deleted the key (an offline outbox sends the sale again).
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const retry = await sell(key, cashier.cookie);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await ordersOf(cashier.id)).length).toBe(before + 1);

    // The key sent again for another sale is refused, also after the sweep.
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const other = await sell(key, cashier.cookie, { ...SALE, cashReceived: 50 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      error: 'This Idempotency-Key was already used for a different request.',
    });
    expect((await ordersOf(cashier.id)).length).toBe(before + 1);
  });

  it("never answers one account's key with another account's sale", async () => {
    const key = randomUUID();
    const first = await sell(key, cashier.cookie);
    expect(first.statusCode, first.body).toBe(201);
    const otherBefore = (await ordersOf(otherCashier.id)).length;

    // While the key is kept: the other account gets a 409, not the first sale's answer.
    const sameKey = await sell(key, otherCashier.cookie);
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.body).not.toContain(first.json<{ id: string }>().id);

    // After the sweep: the other account's key is its own; its sale is its own order.
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const afterSweep = await sell(key, otherCashier.cookie);
    expect(afterSweep.statusCode, afterSweep.body).toBe(201);
    expect(afterSweep.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
    expect((await ordersOf(otherCashier.id)).length).toBe(otherBefore + 1);
    // And the first account's retry still finds its own sale.
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const mine = await sell(key, cashier.cookie);
    expect(mine.json()).toEqual(first.json());
  });
});

describe('Idempotency-Key claims are leases', () => {
  it('never takes over a claim whose request is alive, however long it has run', async () => {
    let selects = 0;
    const database = await createTestDatabase({
      onStatement: (text) => {
        if (/^select .* from "idempotency_keys"/i.test(text)) selects += 1;
      },
    });
    let calls = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = await createTestApp(database.database, {
      beforeReady: (app) => {
        app.post('/test/slow', { config: { idempotent: true } }, async () => {
          calls += 1;
          const call = calls;
          await held;
          return { call };
        });
      },
    });
    try {
      const key = randomUUID();
      const post = () =>
        slow.app.inject({
          method: 'POST',
          url: '/test/slow',
          headers: { 'idempotency-key': key },
          payload: { a: 1 },
        });
      const first = post();
      await vi.waitFor(async () => {
        const [row] = await database.db
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, key));
        if (!row) throw new Error('not claimed yet');
      });
      // Claimed two minutes ago and still running (it renews its lease).
      await database.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(idempotencyKeys.key, key));
      selects = 0;
      const second = post();
      // The second has looked at the claim twice (so it tried to release it once), or it
      // took the claim over and ran.
      await vi.waitFor(
        () => {
          if (selects < 2 && calls < 2) throw new Error('the second has not looked yet');
        },
        { timeout: 5_000 },
      );
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(calls).toBe(1);
      expect(a.json()).toEqual({ call: 1 });
      expect(b.json()).toEqual({ call: 1 });
      expect(b.headers['idempotent-replayed']).toBe('true');
    } finally {
      release();
      await slow.close();
      await database.destroy();
    }
  });
});
