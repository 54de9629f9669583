/**
 * Idempotency-Key on order-creating calls (DESIGN.md departure 14, http/idempotency.ts): the
 * same key with the same request gives one result and the same answer, also 10 at once and
 * across two app instances; with another request a 409.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, payments } from '#server/db/schema.ts';
import { createTestApp, useTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { itRaces } from '../../../tests/setup/concurrency.ts';
import { nextClient } from '../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });

let failFirst = true;
let flakyCalls = 0;
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
