/**
 * The webhook inbox cannot be used to fill the database (decision 017, "Webhook inbox"): a
 * disabled platform stores nothing, rejected calls keep a bounded record (a count and the last
 * 20), one address is limited per minute, and a signed event that can never be processed (a NUL
 * byte, an absurd amount) fails once, listed in the inbox, instead of being retried. A NUL byte
 * in a webhook body is a 400, never a 500.
 */
import { createHmac } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outboundJobs, platformEvents } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { startFakeWolt, type FakeWolt } from '../../../../tests/fakes/fake-wolt.ts';

const WOLT_SECRET = 'wolt-webhook-secret-0123456789abcdef';
const BOLT_SECRET = 'bolt-webhook-secret-fedcba9876543210';
/** Pinned figures (docs/operations.md "Limits"), not read from the code under test. */
const REJECTED_KEPT = 20;
const REJECTED_BODY_PREFIX = 200;
const WEBHOOK_REQUESTS_PER_MINUTE = 120;

let testDatabase: TestDatabase;
let t: TestApp;
let wolt: FakeWolt;
let admin: string;

beforeAll(async () => {
  wolt = await startFakeWolt();
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, {
    seed: 'demo',
    env: { WOLT_API_URL: wolt.url },
    clockStart: new Date(),
  });
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await wolt?.close();
});

const woltSign = (body: string | Buffer) =>
  createHmac('sha256', WOLT_SECRET).update(body).digest('hex');
const boltSign = (body: string | Buffer) =>
  createHmac('sha256', BOLT_SECRET).update(body).digest('base64');

/** About 2 KB of made-up JSON, as the flood sent. */
const junk = (n: number) => JSON.stringify({ id: `junk-${n}`, padding: 'x'.repeat(2_000) });

const post = (
  url: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
  remoteAddress = '198.51.100.1',
) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });

const eventRows = async () => (await t.db.select({ n: count() }).from(platformEvents))[0]!.n;

async function settle() {
  for (let round = 0; round < 5; round += 1) {
    await t.db
      .update(outboundJobs)
      .set({ nextAttemptAt: new Date(0) })
      .where(sql`${outboundJobs.doneAt} is null`);
    await t.app.orderEvents.flush();
  }
}

async function inbox(status?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/delivery-platforms/events${status ? `?status=${status}` : ''}`,
    headers: { cookie: admin },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { events: Record<string, unknown>[] }).events;
}

describe('a disabled platform stores nothing', () => {
  it('300 unsigned posts of 2 KB from 10 addresses to disabled Wolt and Bolt add no row', async () => {
    const before = await eventRows();
    const paths = ['/api/webhooks/wolt', '/api/webhooks/bolt', '/api/webhooks/bolt/sendNewOrder'];
    for (let n = 0; n < 300; n += 1) {
      const response = await post(paths[n % 3]!, junk(n), {}, `198.51.100.${10 + (n % 10)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: expect.stringMatching(/^(Wolt|Bolt Food) orders are not enabled/),
      });
    }
    expect(await eventRows()).toBe(before);
  });
});

describe('an enabled platform', () => {
  beforeAll(async () => {
    await setSetting(t.db, 'wolt_enabled', 'true');
    await setSetting(t.db, 'wolt_api_key', wolt.apiKey);
    await setSetting(t.db, 'wolt_venue_id', 'venue-1');
    await setSetting(t.db, 'wolt_webhook_secret', WOLT_SECRET);
    await setSetting(t.db, 'bolt_enabled', 'true');
    await setSetting(t.db, 'bolt_api_key', 'bolt-api-secret');
    await setSetting(t.db, 'bolt_integrator_id', 'integrator-1');
    await setSetting(t.db, 'bolt_restaurant_id', '789');
    await setSetting(t.db, 'bolt_webhook_secret', BOLT_SECRET);
    await setSetting(t.db, 'bolt_webhook_auth', 'hmac');
  });

  it('keeps a bounded record of rejected calls: the count, and the last 20 with address and time', async () => {
    const sizeBefore = await t.db.execute<{ bytes: string }>(
      sql`select coalesce(sum(octet_length(body)), 0) as bytes from platform_events`,
    );
    for (let n = 0; n < 200; n += 1) {
      const response = await post(
        '/api/webhooks/wolt',
        junk(n),
        { 'wolt-signature': 'f'.repeat(64) },
        `198.51.100.${30 + (n % 10)}`,
      );
      expect(response.statusCode).toBe(400);
    }
    const rejected = await t.db
      .select()
      .from(platformEvents)
      .where(and(eq(platformEvents.platform, 'wolt'), eq(platformEvents.status, 'rejected')));
    expect(rejected.length).toBe(REJECTED_KEPT);
    expect(Math.max(...rejected.map((row) => row.body.length))).toBeLessThanOrEqual(
      REJECTED_BODY_PREFIX,
    );
    const sizeAfter = await t.db.execute<{ bytes: string }>(
      sql`select coalesce(sum(octet_length(body)), 0) as bytes from platform_events`,
    );
    const rowsOf = (result: unknown) => (result as { rows: { bytes: string }[] }).rows[0]!.bytes;
    expect(Number(rowsOf(sizeAfter)) - Number(rowsOf(sizeBefore))).toBeLessThanOrEqual(
      REJECTED_KEPT * REJECTED_BODY_PREFIX,
    );

    const listed = (await inbox('rejected')).filter((event) => event.platform === 'wolt');
    expect(listed).toHaveLength(REJECTED_KEPT);
    expect(listed[0]).toMatchObject({
      remoteAddress: expect.stringMatching(/^198\.51\.100\.3\d$/),
      error: 'WOLT-SIGNATURE does not match the body',
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/delivery-platforms/status',
      headers: { cookie: admin },
    });
    const woltStatus = (
      status.json() as { platforms: { platform: string; rejectedCalls: number }[] }
    ).platforms.find((platform) => platform.platform === 'wolt');
    expect(woltStatus?.rejectedCalls).toBe(200);
  });

  itRaces(
    '60 forged calls at once leave the record bounded; the next one trims it to the last 20',
    async () => {
      const rejectedRows = async () =>
        (
          await t.db
            .select({ n: count() })
            .from(platformEvents)
            .where(and(eq(platformEvents.platform, 'bolt'), eq(platformEvents.status, 'rejected')))
        )[0]!.n;
      const forged = (n: number) =>
        post(
          '/api/webhooks/bolt',
          junk(n),
          { 'x-server-authorization-hmac-sha256': 'bm90LWEtc2lnbmF0dXJl' },
          `198.51.100.${60 + (n % 20)}`,
        );
      const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => forged(n)));
      expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
      // Each transaction trims what it can see: at most one row more per call in flight.
      expect(await rejectedRows()).toBeLessThanOrEqual(60);
      expect((await forged(999)).statusCode).toBe(400);
      expect(await rejectedRows()).toBe(REJECTED_KEPT);
    },
  );

  it(`answers 429 to an address past ${WEBHOOK_REQUESTS_PER_MINUTE} webhook calls a minute; another address still gets through`, async () => {
    const address = '198.51.100.99';
    for (let n = 0; n < WEBHOOK_REQUESTS_PER_MINUTE; n += 1) {
      expect((await post('/api/webhooks/wolt', junk(n), {}, address)).statusCode).toBe(400);
    }
    const limited = await post('/api/webhooks/wolt', junk(0), {}, address);
    expect(limited.statusCode).toBe(429);
    expect((await post('/api/webhooks/wolt', junk(0), {}, '198.51.100.98')).statusCode).toBe(400);
  });

  it('a NUL byte in the raw body of each platform route is a 400, signed or not, never a 500', async () => {
    const body = Buffer.from('{"id":"nul-1","type":"order.notification"\u0000}', 'utf8');
    const cases: { url: string; headers: Record<string, string> }[] = [
      { url: '/api/webhooks/wolt', headers: { 'wolt-signature': woltSign(body) } },
      { url: '/api/webhooks/wolt', headers: {} },
      {
        url: '/api/webhooks/bolt',
        headers: { 'x-server-authorization-hmac-sha256': boltSign(body) },
      },
      {
        url: '/api/webhooks/bolt/sendNewOrder',
        headers: { 'x-server-authorization-hmac-sha256': boltSign(body) },
      },
      { url: '/api/webhooks/bolt', headers: {} },
    ];
    for (const { url, headers } of cases) {
      const response = await post(url, body, headers, '198.51.100.200');
      expect.soft(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(400);
      expect.soft(response.json()).toEqual({ error: expect.any(String) });
    }
  });

  async function jobOf(eventId: number) {
    const rows = await t.db
      .select()
      .from(outboundJobs)
      .where(
        sql`${outboundJobs.kind} = 'platform-event' and ${outboundJobs.payload}->>'eventId' = ${String(eventId)}`,
      );
    return rows;
  }

  it('a signed Wolt order that cannot be stored (a NUL in a name, an amount of 1e300) fails after one try and is listed', async () => {
    const nulName = wolt.addOrder({ consumer_name: 'Mal\u0000lory' });
    const absurd = wolt.addOrder({
      items: [
        {
          id: 'i1',
          count: 1,
          name: 'Brisket Sandwich',
          item_price: { unit_price: { amount: 1e300, currency: 'EUR' } },
        },
      ],
    });
    const ids: number[] = [];
    for (const externalId of [nulName, absurd]) {
      const { body, headers } = wolt.notification(WOLT_SECRET, externalId, 'CREATED');
      const response = await post('/api/webhooks/wolt', body, headers, '198.51.100.201');
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await t.db
        .select({ id: platformEvents.id })
        .from(platformEvents)
        .where(eq(platformEvents.externalOrderId, externalId));
      ids.push(row!.id);
    }
    await settle();
    for (const [index, eventId] of ids.entries()) {
      const [event] = await t.db
        .select()
        .from(platformEvents)
        .where(eq(platformEvents.id, eventId));
      expect(event?.status).toBe('failed');
      expect(event?.error).toMatch(index === 0 ? /control character/ : /amount|price/i);
      expect(event?.error).not.toMatch(/retrying/);
      const jobs = await jobOf(eventId);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ attempts: 1 });
      expect(jobs[0]!.doneAt).not.toBeNull();
    }
    const listed = await inbox('failed');
    expect(listed.map((event) => event.id)).toEqual(expect.arrayContaining(ids));
    const placed = await t.db
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.externalId} in (${nulName}, ${absurd})`);
    expect(placed[0]!.n).toBe(0);
  });

  it('a signed Bolt order with an escaped NUL or a unit price of 1e300 fails once, and is listed', async () => {
    const bodies = [
      JSON.stringify({
        event: 'sendNewOrder',
        order_id: 'bolt-nul-1',
        provider_id: 789,
        items: [{ name: 'Pulled Pork Bun\u0000', quantity: 1, unit_price: 9.9 }],
      }),
      `{"event":"sendNewOrder","order_id":"bolt-huge-1","provider_id":789,"items":[{"name":"Pulled Pork Bun","quantity":1,"unit_price":1e300}]}`,
    ];
    const ids: number[] = [];
    for (const body of bodies) {
      const response = await post(
        '/api/webhooks/bolt',
        body,
        { 'x-server-authorization-hmac-sha256': boltSign(body) },
        '198.51.100.202',
      );
      expect(response.statusCode, response.body).toBeLessThan(500);
      const [row] = await t.db
        .select({ id: platformEvents.id, status: platformEvents.status })
        .from(platformEvents)
        .where(eq(platformEvents.platform, 'bolt'))
        .orderBy(sql`${platformEvents.id} desc`)
        .limit(1);
      ids.push(row!.id);
    }
    await settle();
    for (const eventId of ids) {
      const [event] = await t.db
        .select()
        .from(platformEvents)
        .where(eq(platformEvents.id, eventId));
      expect(event?.status).toBe('failed');
      expect(event?.error).not.toMatch(/retrying/);
      const jobs = await jobOf(eventId);
      expect(jobs.length).toBeLessThanOrEqual(1);
      if (jobs[0]) {
        expect(jobs[0]).toMatchObject({ attempts: 1 });
        expect(jobs[0].doneAt).not.toBeNull();
      }
    }
    const listed = await inbox('failed');
    expect(listed.map((event) => event.id)).toEqual(expect.arrayContaining(ids));
  });
});
