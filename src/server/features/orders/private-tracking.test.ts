/**
 * Customers are private (docs/decisions/020-private-tracking.md): an e-mail alone tells
 * nobody who is a customer, an order's id or number shows a stranger no name and no notes, the
 * log holds no e-mail or phone, and a deleted order is not tracked. Each as an outsider tries
 * it, against an app that sends e-mail to a fake SMTP server on loopback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { outboundJobs } from '#server/db/schema.ts';
import { ensureBaseData } from '#server/db/seed/seed.ts';
import type { AppInstance } from '#server/http/types.ts';
import { testEnv } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import {
  PLACING_CUSTOMER,
  placeOrderThroughCheckout,
} from '../../../../tests/factories/placed-orders.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import {
  startFakeSmtpServer,
  type FakeSmtpServer,
} from '../../../../tests/fakes/fake-smtp-server.ts';
import { hashOrderToken } from './order-token.ts';

let smtp: FakeSmtpServer;
let testDatabase: TestDatabase;
let app: AppInstance;
let dataDir: string;
let admin: string;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  testDatabase = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-private-'));
  await ensureBaseData(testDatabase.database.db, { demo: true });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp({
    config: loadConfig(
      testEnv(dataDir, { SMTP_URL: smtp.url, MAIL_FROM: 'Smoke & Bun <orders@shop.test>' }),
    ),
    database: testDatabase.database,
    // The default level (LOG_LEVEL's default, config.ts).
    logger: { level: 'info', stream },
  });
  await app.ready();
  admin = await signIn(
    testDatabase.database.db,
    await createStaffUser(testDatabase.database.db, { role: 'admin' }),
  );
});
afterAll(async () => {
  await app?.close();
  await testDatabase?.destroy();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url,
    remoteAddress: nextClient(),
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** A browser's order token and the Cookie header that sends it. */
function newBrowser() {
  const token = randomBytes(32).toString('base64url');
  return { tokenHash: hashOrderToken(token), cookie: `order_token=${token}` };
}

const linksMailsTo = (address: string) =>
  smtp.to(address).filter((mail) => mail.subject.startsWith('Your orders at'));

describe('an e-mail alone tells nobody who is a customer', () => {
  it('answers the same for a customer and a stranger, e-mails the links to the address, and lists orders only to the browser that placed them', async () => {
    const placed = await placeOrderThroughCheckout(app);
    const customer = encodeURIComponent(PLACING_CUSTOMER.email.toUpperCase());
    const nobody = encodeURIComponent('nobody.here@example.com');

    const known = await get(`/api/orders/track-by-email/${customer}`);
    const unknown = await get(`/api/orders/track-by-email/${nobody}`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(known.json()).toEqual({ emailed: true, orders: [] });
    expect(unknown.body).toBe(known.body);
    expect(known.body).not.toContain(placed.orderId);

    // The links went to the address itself, and to nobody else.
    await expect
      .poll(async () => {
        await app.orderEvents.flush();
        return linksMailsTo(PLACING_CUSTOMER.email).length;
      })
      .toBe(1);
    const [mail] = linksMailsTo(PLACING_CUSTOMER.email);
    expect(mail!.text).toContain(`http://shop.test/order-confirmation/${placed.orderId}`);
    expect(linksMailsTo('nobody.here@example.com')).toEqual([]);

    // Asking again within 15 minutes sends no second e-mail (no flooding a customer's inbox).
    expect((await get(`/api/orders/track-by-email/${customer}`)).statusCode).toBe(200);
    await app.orderEvents.flush();
    const jobs = await testDatabase.database.db
      .select()
      .from(outboundJobs)
      .where(eq(outboundJobs.kind, 'email-order-links'));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({});

    // The browser that placed the order sees it listed.
    const own = await get(`/api/orders/track-by-email/${customer}`, placed.cookie);
    expect(own.json().orders.map((order: { id: string }) => order.id)).toEqual([placed.orderId]);
  });
});

describe('an order id or number shows a stranger no name and no notes', () => {
  it('names and notes go only to the browser holding the order token, and to the owner', async () => {
    const browser = newBrowser();
    const order = await createOrder(testDatabase.database.db, {
      customerFirstName: 'Liisbet',
      customerLastName: 'Kuusk',
      customerEmail: 'liisbet.kuusk@example.com',
      customerPhone: '+372 5123 4567',
      specialInstructions: 'Gate code 4411',
      placedByTokenHash: browser.tokenHash,
      items: [
        {
          name: 'Classic Smash Burger',
          basePriceCents: 1090,
          unitPriceCents: 1090,
          quantity: 1,
          totalPriceCents: 1090,
          specialInstructions: 'Liisbet: no onions, flat 12',
        },
      ],
    });
    const personal = ['Liisbet', 'Kuusk', 'liisbet.kuusk', '372 5123', 'Gate code', 'flat 12'];

    const stranger = await get(`/api/orders/${order.id}`);
    expect(stranger.statusCode).toBe(200);
    for (const text of personal) expect(stranger.body, text).not.toContain(text);
    expect(stranger.json().customer).toEqual({
      firstName: '•••',
      lastName: '',
      email: 'l•••@e•••.com',
      phone: '•••• 4567',
      customerNumber: null,
    });
    expect(stranger.json().specialInstructions).toBeNull();
    expect(stranger.json().items[0].customizations.specialInstructions).toBeNull();
    const byNumber = await get(`/api/orders/track/${order.orderNumber}`);
    expect(byNumber.statusCode).toBe(200);
    for (const text of personal) expect(byNumber.body, text).not.toContain(text);

    for (const reader of [browser.cookie, admin]) {
      const full = (await get(`/api/orders/${order.id}`, reader)).json();
      expect(full.customer).toMatchObject({ firstName: 'Liisbet', lastName: 'Kuusk' });
      expect(full.specialInstructions).toBe('Gate code 4411');
      expect(full.items[0].customizations.specialInstructions).toBe('Liisbet: no onions, flat 12');
    }
  });
});

describe('a deleted order is not tracked', () => {
  it('answers 404 as for an unknown order on every tracking route, to strangers and to its browser', async () => {
    const browser = newBrowser();
    const order = await createOrder(testDatabase.database.db, {
      customerEmail: 'deleted.later@example.com',
      placedByTokenHash: browser.tokenHash,
    });
    expect((await get(`/api/orders/track/${order.orderNumber}`)).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${order.id}`,
      headers: { cookie: admin },
      payload: { reason: 'Entered twice by mistake' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    for (const cookie of [undefined, browser.cookie]) {
      const byId = await get(`/api/orders/${order.id}`, cookie);
      expect(byId.statusCode).toBe(404);
      expect(byId.json()).toEqual({ error: 'Order not found.' });
      const byNumber = await get(`/api/orders/track/${order.orderNumber}`, cookie);
      expect(byNumber.statusCode).toBe(404);
      expect(byNumber.json()).toEqual({ error: `Order #${order.orderNumber} not found` });
      const stream = await get(`/api/orders/track/${order.orderNumber}/events`, cookie);
      expect(stream.statusCode).toBe(404);
    }
    const byEmail = await get(
      `/api/orders/track-by-email/${encodeURIComponent('deleted.later@example.com')}`,
      browser.cookie,
    );
    expect(byEmail.json().orders).toEqual([]);
    // And no links e-mail names it.
    const links = await testDatabase.database.db
      .select()
      .from(outboundJobs)
      .where(and(eq(outboundJobs.kind, 'email-order-links'), eq(outboundJobs.orderId, order.id)));
    expect(links).toEqual([]);
  });
});

describe('no e-mail or phone in the log', () => {
  it('logs the Track Your Meal request without its address, at the default level', async () => {
    logLines.length = 0;
    await get(`/api/orders/track-by-email/${encodeURIComponent('log.reader@example.com')}`);
    await get('/api/orders/track-by-email/log.reader@example.com');
    const written = logLines.join('');
    expect(written).toContain('/api/orders/track-by-email/[redacted]');
    expect(written).not.toContain('log.reader');
  });

  it('logs a failed query without its parameters, and scrubs any address or phone number', () => {
    logLines.length = 0;
    const failed = new DrizzleQueryError(
      'insert into "orders" ("customer_first_name", "customer_email", "customer_phone") values ($1, $2, $3)',
      ['Liisbet', 'liisbet.kuusk@example.com', '+372 5123 4567'],
      Object.assign(new Error('null value in column "x" violates not-null constraint'), {
        detail: 'Failing row contains (Liisbet, Kuusk, +372 5123 4567).',
      }),
    );
    app.log.error({ err: failed }, 'unhandled error');
    app.log.warn({ to: 'someone@example.com' }, 'SMTP refused someone@example.com, +372 5123 4567');
    const written = logLines.join('');
    expect(written).toContain('Failed query: insert into');
    for (const text of ['Liisbet', 'Kuusk', 'liisbet.kuusk', 'someone@', '5123 4567']) {
      expect(written, text).not.toContain(text);
    }
  });
});
