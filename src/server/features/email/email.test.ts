/**
 * Receipt and "ready" e-mails (decision 018), against a real SMTP server on loopback: one of
 * each per order through the real checkout and kitchen, also when the process died after the
 * commit, also when the server refuses a first try, also after the mail server was down for two
 * days; what they say; nothing without SMTP_URL, and a checkout hint that promises no receipt
 * then.
 */
import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundJobs } from '#server/db/schema.ts';
import type { Db } from '#server/db/client.ts';
import type { AppInstance } from '#server/http/types.ts';
import type { OrderCustomer } from '#shared/checkout/checkout.schema.ts';
import { checkoutEmailHint } from '#shared/settings/checkout-email-hint.ts';
import type { ShopInfo } from '#shared/settings/settings.schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createMenuItem } from '../../../../tests/factories/menu.ts';
import {
  PLACING_CUSTOMER,
  placeOrderThroughCheckout,
} from '../../../../tests/factories/placed-orders.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import {
  startFakeSmtpServer,
  type FakeSmtpServer,
  type ReceivedMail,
} from '../../../../tests/fakes/fake-smtp-server.ts';
import { placeOrder, placePlatformOrder } from '../orders/place-order.ts';

const MAIL_FROM = 'Smoke & Bun <orders@shop.test>';

let smtp: FakeSmtpServer;
let testDatabase: TestDatabase;
let t: TestApp;
let kitchen: string;

/** An app whose e-mails go to the fake SMTP server. */
const withSmtp = (
  database: TestDatabase['database'],
  options: Parameters<typeof createTestApp>[1] = {},
) =>
  createTestApp(database, {
    ...options,
    env: { SMTP_URL: smtp.url, MAIL_FROM, ...options.env },
  });

beforeAll(async () => {
  smtp = await startFakeSmtpServer({ user: 'shop', pass: 's3cret/+' });
  testDatabase = await createTestDatabase();
  t = await withSmtp(testDatabase.database, { seed: 'demo' });
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
});
afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await smtp?.close();
});

const mailsOf = (orderId: string, kind: 'email-receipt' | 'email-ready') =>
  smtp.received.filter((mail) => mail.messageId === `<${kind}.${orderId}@shop.test>`);

const jobsOf = (orderId: string, kind: 'email-receipt' | 'email-ready', db: Db = t.db) =>
  db
    .select()
    .from(outboundJobs)
    .where(and(eq(outboundJobs.orderId, orderId), eq(outboundJobs.kind, kind)));

const setKitchen = (app: AppInstance, orderId: string, kitchenStatus: string, cookie = kitchen) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/kitchen-status`,
    headers: { cookie },
    payload: { kitchenStatus },
  });

/** Lets every due job run, twice over: nothing is left for a later poll to send. */
async function deliverAll(app: AppInstance = t.app) {
  await app.orderEvents.flush();
  await app.orderEvents.flush();
}

/** Lets due jobs run, then reads the job's outcome: for `expect.poll`, once its back-off has passed. */
async function outcomeOnceDelivered(orderId: string, kind: 'email-receipt' | 'email-ready') {
  await deliverAll();
  return (await jobsOf(orderId, kind))[0]?.outcome;
}

/** Pays a checkout through the payment simulator, as a browser does; answers the order's id. */
async function pay(
  app: AppInstance,
  orderData: Record<string, unknown>,
  customer: OrderCustomer = PLACING_CUSTOMER,
) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      customerEmail: customer.email,
      customerName: `${customer.firstName} ${customer.lastName}`,
      customerPhone: customer.phone,
      contactless: false,
      orderData: { paymentMethod: 'viva-wallet', deliveryAddress: null, customer, ...orderData },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const paid = await app.inject({
    method: 'POST',
    url: new URL(created.json<{ paymentUrl: string }>().paymentUrl, 'http://shop.test').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(paid.statusCode, paid.body).toBe(303);
  return new URL(String(paid.headers.location), 'http://x').searchParams.get('orderId')!;
}

const orderNumberOf = async (app: AppInstance, orderId: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/orders/${orderId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ orderNumber: number }>().orderNumber;
};

describe('with SMTP configured', () => {
  it('sends one receipt when the card payment makes the order, and one "ready" however often it is ready', async () => {
    const { orderId } = await placeOrderThroughCheckout(t.app);
    await deliverAll();
    const [receipt, ...more] = mailsOf(orderId, 'email-receipt');
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({
      from: 'orders@shop.test',
      to: [PLACING_CUSTOMER.email],
    });
    expect(receipt!.headers.get('from')).toBe('"Smoke & Bun" <orders@shop.test>');
    expect(mailsOf(orderId, 'email-ready')).toEqual([]);

    for (const step of ['started', 'ready']) {
      expect((await setKitchen(t.app, orderId, step)).statusCode).toBe(200);
    }
    await deliverAll();
    expect(mailsOf(orderId, 'email-ready')).toHaveLength(1);

    // Picked up, then Recall brings the order back as ready: no second "ready" e-mail.
    expect((await setKitchen(t.app, orderId, 'done')).statusCode).toBe(200);
    const recalled = await t.app.inject({
      method: 'POST',
      url: '/api/kitchen/orders/recall',
      headers: { cookie: kitchen },
    });
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json<{ id: string; kitchenStatus: string }>()).toMatchObject({
      id: orderId,
      kitchenStatus: 'ready',
    });
    expect((await setKitchen(t.app, orderId, 'done')).statusCode).toBe(200);
    expect((await setKitchen(t.app, orderId, 'ready')).statusCode).toBe(200);
    await deliverAll();

    expect(mailsOf(orderId, 'email-receipt')).toHaveLength(1);
    expect(mailsOf(orderId, 'email-ready')).toHaveLength(1);
    expect((await jobsOf(orderId, 'email-receipt')).map((job) => job.outcome)).toEqual(['sent']);
    expect((await jobsOf(orderId, 'email-ready')).map((job) => job.outcome)).toEqual(['sent']);
  });

  it('says what was bought, for how much, where, and links the order; typed text is escaped', async () => {
    const item = await createMenuItem(t.db, {
      name: '<script>alert("x")</script> Burger',
      basePriceCents: 1250,
      customizable: false,
    });
    const customer = {
      ...PLACING_CUSTOMER,
      firstName: '<b>Ann</b>',
      email: 'ann.receipt@example.com',
    };
    const orderId = await pay(
      t.app,
      {
        type: 'pickup',
        orderSource: 'website',
        items: [
          {
            menuItemId: 'classic-smash-burger',
            quantity: 2,
            customizations: { sauce: 'Truffle Mayo', addOns: ['Bacon', 'Crispy Onions'] },
          },
          { menuItemId: item.id, quantity: 1 },
        ],
        specialInstructions: 'No onions & <no> pickles',
      },
      customer,
    );
    const orderNumber = await orderNumberOf(t.app, orderId);
    await deliverAll();
    const [receipt] = mailsOf(orderId, 'email-receipt') as [ReceivedMail];
    expect(receipt.subject).toBe(`Receipt for your order #${orderNumber} · Smoke & Bun`);
    const text = receipt.text
      .replace(/^Paid .*$/m, 'Paid <when>')
      .replace(/^Ready around \d\d:\d\d$/m, 'Ready around <when>');
    expect(text).toBe(
      [
        'Hi <b>Ann</b>,',
        '',
        'Thank you for your order at Smoke & Bun. It is paid, and the kitchen has it.',
        '',
        `Order #${orderNumber}`,
        'Paid <when>',
        // As soon as possible: the time its quote gives (decision 026; email-content.test.ts).
        'Ready around <when>',
        'Test order: paid through the payment simulator, no money was taken.',
        '',
        '2 × Classic Smash Burger  €24.80',
        '    Sauce: Truffle Mayo · Add-ons: Bacon, Crispy Onions',
        '1 × <script>alert("x")</script> Burger  €12.50',
        '',
        'Subtotal: €37.30',
        'Total: €37.30',
        '',
        // Decision 022: both lines at 13 % (the burger's category; the new item has none, so
        // the shop's default take-away rate): 37.30 / 1.13 = 33.01.
        'Prices include VAT:',
        'VAT 13 %: net €33.01, VAT €4.29, gross €37.30',
        '',
        'Your note: No onions & <no> pickles',
        '',
        'Pick it up at: Telliskivi 60a, Tallinn',
        `Follow your order: http://shop.test/order-confirmation/${orderId}`,
        '',
        'Smoke & Bun',
        'Telliskivi 60a, Tallinn',
        '+372 5555 0199',
        '',
      ].join('\n'),
    );
    // The HTML: the same facts, every typed text escaped.
    expect(receipt.html).toContain('<p>Hi &lt;b&gt;Ann&lt;/b&gt;,</p>');
    expect(receipt.html).toContain('1 × &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Burger');
    expect(receipt.html).toContain('Your note: No onions &amp; &lt;no&gt; pickles');
    expect(receipt.html).toContain('Thank you for your order at Smoke &amp; Bun.');
    expect(receipt.html).toContain('<strong>€37.30</strong>');
    expect(receipt.html).toContain(
      `<a href="http://shop.test/order-confirmation/${orderId}">Follow your order</a>`,
    );
    expect(receipt.html).not.toContain('<script>');
    expect(receipt.html).not.toContain('<b>Ann');

    expect((await setKitchen(t.app, orderId, 'started')).statusCode).toBe(200);
    expect((await setKitchen(t.app, orderId, 'ready')).statusCode).toBe(200);
    await deliverAll();
    const [ready] = mailsOf(orderId, 'email-ready') as [ReceivedMail];
    expect(ready.subject).toBe(`Order #${orderNumber} is ready for pickup`);
    expect(ready.text).toBe(
      [
        'Hi <b>Ann</b>,',
        '',
        `Your order #${orderNumber} is ready. Pick it up at:`,
        'Telliskivi 60a, Tallinn',
        '',
        `Follow your order: http://shop.test/order-confirmation/${orderId}`,
        '',
        'Smoke & Bun',
        'Telliskivi 60a, Tallinn',
        '+372 5555 0199',
        '',
      ].join('\n'),
    );
    expect(ready.html).toContain(`Order #${orderNumber} is ready for pickup</h1>`);
    expect(ready.html).not.toContain('<b>Ann');
  });

  it('sends a table order its receipt, and no "ready for pickup": it is brought to the table', async () => {
    const orderId = await pay(t.app, {
      type: 'dine-in',
      orderSource: 'table',
      tableNumber: '4',
      items: [{ menuItemId: 'cola', quantity: 1 }],
    });
    for (const step of ['started', 'ready']) {
      expect((await setKitchen(t.app, orderId, step)).statusCode).toBe(200);
    }
    await deliverAll();
    const [receipt, ...more] = mailsOf(orderId, 'email-receipt');
    expect(more).toEqual([]);
    expect(receipt!.text).toContain('\nWe bring it to table 4.\n');
    expect(mailsOf(orderId, 'email-ready')).toEqual([]);
    expect(await jobsOf(orderId, 'email-ready')).toEqual([]);
  });

  it('sends a counter cash sale with an e-mail its receipt; Wolt and Bolt orders get none', async () => {
    const sale = await placeOrder(
      t.db,
      {
        source: 'pos',
        type: 'pickup',
        lines: [{ menuItemId: 'cola', quantity: 1, customizations: { addOns: [] } }],
        customer: { ...PLACING_CUSTOMER, email: 'counter@example.com' },
      },
      { method: 'cash', status: 'paid', now: t.clock.now() },
      t.app.orderEvents,
    );
    const platform = await placePlatformOrder(
      t.db,
      {
        source: 'wolt',
        externalId: `wolt-${randomUUID()}`,
        type: 'pickup',
        lines: [{ name: 'Cola', quantity: 1, unitPriceCents: 300 }],
        customer: { ...PLACING_CUSTOMER, email: 'platform@example.com' },
      },
      t.app.orderEvents,
    );
    expect((await setKitchen(t.app, platform.id, 'started')).statusCode).toBe(200);
    expect((await setKitchen(t.app, platform.id, 'ready')).statusCode).toBe(200);
    await deliverAll();
    expect(mailsOf(sale.id, 'email-receipt').map((mail) => mail.to)).toEqual([
      ['counter@example.com'],
    ]);
    expect(smtp.to('platform@example.com')).toEqual([]);
    expect(await jobsOf(platform.id, 'email-receipt')).toEqual([]);
    expect(await jobsOf(platform.id, 'email-ready')).toEqual([]);
  });

  it('tries again after a temporary refusal (451 to the message) and delivers once', async () => {
    smtp.failNext('data', 451, 1);
    const before = Date.now();
    const { orderId } = await placeOrderThroughCheckout(t.app);
    await deliverAll();
    const [waiting] = await jobsOf(orderId, 'email-receipt');
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null });
    expect(waiting!.outcome).toMatch(/^retry: .*451/);
    // The dispatcher's first retry waits 2 s (decision 008).
    expect(waiting!.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(1_900);
    expect(mailsOf(orderId, 'email-receipt')).toEqual([]);

    // Once the back-off has passed (a runner that claimed the job first leaves it marked retry
    // until its run ends).
    await expect.poll(() => outcomeOnceDelivered(orderId, 'email-receipt')).toBe('sent');
    expect(mailsOf(orderId, 'email-receipt')).toHaveLength(1);
    expect(await jobsOf(orderId, 'email-receipt')).toMatchObject([
      { attempts: 2, outcome: 'sent' },
    ]);
  });

  it('gives up at once on a permanent refusal (550 no such mailbox)', async () => {
    smtp.failNext('rcpt', 550, 1);
    const { orderId } = await placeOrderThroughCheckout(t.app);
    await deliverAll();
    const [job] = await jobsOf(orderId, 'email-receipt');
    expect(job!.doneAt).not.toBeNull();
    expect(job!.outcome).toMatch(/^refused: .*550/);
    expect(job!.attempts).toBe(1);
    expect(mailsOf(orderId, 'email-receipt')).toEqual([]);
  });

  it('sends no "ready" that could only go after the order was picked up', async () => {
    const { orderId } = await placeOrderThroughCheckout(t.app);
    await deliverAll();
    expect(mailsOf(orderId, 'email-receipt')).toHaveLength(1);
    smtp.failNext('rcpt', 451, 1);
    for (const step of ['started', 'ready']) {
      expect((await setKitchen(t.app, orderId, step)).statusCode).toBe(200);
    }
    await deliverAll();
    expect((await jobsOf(orderId, 'email-ready'))[0]!.outcome).toMatch(/^retry: .*451/);
    expect((await setKitchen(t.app, orderId, 'done')).statusCode).toBe(200);

    await expect.poll(() => outcomeOnceDelivered(orderId, 'email-ready')).toBe('skipped');
    expect(await jobsOf(orderId, 'email-ready')).toMatchObject([
      { attempts: 2, outcome: 'skipped' },
    ]);
    expect(mailsOf(orderId, 'email-ready')).toEqual([]);
  });

  it('sends the same message again, same Message-ID, when the server took it but the job was not marked', async () => {
    const { orderId } = await placeOrderThroughCheckout(t.app);
    await deliverAll();
    expect(mailsOf(orderId, 'email-receipt')).toHaveLength(1);
    // What a crash between the server's "250 OK" and the job's mark leaves, once the lease ran
    // out: the job is due again, with no outcome.
    await t.db
      .update(outboundJobs)
      .set({ doneAt: null, outcome: null, nextAttemptAt: new Date() })
      .where(and(eq(outboundJobs.orderId, orderId), eq(outboundJobs.kind, 'email-receipt')));
    await deliverAll();
    // At least once (decision 018): the mailbox gets it twice under one Message-ID, which
    // mail systems that deduplicate show once.
    const copies = mailsOf(orderId, 'email-receipt');
    expect(copies).toHaveLength(2);
    expect(copies.map((mail) => mail.messageId)).toEqual([
      `<email-receipt.${orderId}@shop.test>`,
      `<email-receipt.${orderId}@shop.test>`,
    ]);
    expect(copies[1]!.text).toBe(copies[0]!.text);
  });

  it('tells the storefront that e-mail is on, so the checkout promises a receipt', async () => {
    const info = (await t.app.inject({ method: 'GET', url: '/api/shop-info' })).json<ShopInfo>();
    expect(info.emailReceipts).toBe(true);
    expect(checkoutEmailHint(info.emailReceipts)).toBe('For your receipt and order updates.');
  });
});

describe('a process killed right after the commits', () => {
  // A database of its own: no other app may deliver what the dead process left.
  let database: TestDatabase;
  let dead: TestApp;
  let restarted: TestApp;
  afterAll(async () => {
    await dead?.close();
    await restarted?.close();
    await database?.destroy();
  });

  it('sends nothing; the restarted process sends exactly one receipt and one "ready"', async () => {
    database = await createTestDatabase();
    const db = database.database.db;
    // Records but never delivers: what a kill right after each commit leaves.
    dead = await withSmtp(database.database, { seed: 'demo', dispatcher: { deliver: false } });
    const cook = await signIn(db, await createStaffUser(db, { role: 'kitchen' }));
    const { orderId } = await placeOrderThroughCheckout(dead.app);
    for (const step of ['started', 'ready']) {
      expect((await setKitchen(dead.app, orderId, step, cook)).statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await jobsOf(orderId, 'email-receipt', db)).map((job) => job.doneAt)).toEqual([null]);
    expect((await jobsOf(orderId, 'email-ready', db)).map((job) => job.doneAt)).toEqual([null]);
    expect(mailsOf(orderId, 'email-receipt')).toEqual([]);
    await dead.close();

    restarted = await withSmtp(database.database);
    await expect.poll(() => mailsOf(orderId, 'email-ready').length).toBe(1);
    await expect.poll(() => mailsOf(orderId, 'email-receipt').length).toBe(1);
    await deliverAll(restarted.app);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsOf(orderId, 'email-receipt')).toHaveLength(1);
    expect(mailsOf(orderId, 'email-ready')).toHaveLength(1);
    expect((await jobsOf(orderId, 'email-receipt', db)).map((job) => job.outcome)).toEqual([
      'sent',
    ]);
  });
});

/** A loopback port nobody listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('a mail server that is down for a long time (decision 018 "Retried through a long outage")', () => {
  const HOUR = 3_600_000;
  const FIVE_MINUTES = 5 * 60_000;
  let database: TestDatabase;
  let outage: TestApp;
  let late: FakeSmtpServer | undefined;
  /** The dispatcher's clock runs this far ahead of the real one: the outage's time, not waited. */
  let aheadMs = 0;
  const dispatcherNow = () => new Date(Date.now() + aheadMs);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await outage?.close();
    await late?.close();
    await database?.destroy();
  });

  /** An app on the shared outage database whose SMTP_URL names a port with no server. */
  const appMailingTo = (port: number) =>
    createTestApp(database.database, {
      seed: 'demo',
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM },
      dispatcher: { now: dispatcherNow },
    });

  const receiptJob = async (db: Db, orderId: string) => {
    const [job] = await jobsOf(orderId, 'email-receipt', db);
    return job!;
  };

  it('keeps trying, at most 5 minutes apart, for 47 hours; the server comes up and exactly one receipt arrives', async () => {
    const port = await closedPort();
    aheadMs = 0;
    outage = await appMailingTo(port);
    const db = database.database.db;
    const { orderId } = await placeOrderThroughCheckout(outage.app);
    await deliverAll(outage.app);
    expect(await receiptJob(db, orderId)).toMatchObject({ attempts: 1, doneAt: null });
    expect((await receiptJob(db, orderId)).outcome).toMatch(/^retry: .*ECONNREFUSED/);

    // The first hour five minutes at a time, then six hours at a time: every step finds the job
    // due again (no wait longer than 5 minutes), tried, refused, and not given up.
    let tries = 1;
    while (aheadMs < 47 * HOUR) {
      aheadMs += aheadMs < HOUR ? FIVE_MINUTES : 6 * HOUR;
      await deliverAll(outage.app);
      tries += 1;
      const job = await receiptJob(db, orderId);
      expect(job, `${aheadMs / HOUR} hours into the outage`).toMatchObject({
        attempts: tries,
        doneAt: null,
      });
      expect(job.outcome).toMatch(/^retry: .*ECONNREFUSED/);
      expect(job.nextAttemptAt.getTime() - dispatcherNow().getTime()).toBeLessThanOrEqual(
        FIVE_MINUTES,
      );
    }
    expect(tries).toBeGreaterThan(10);
    expect(mailsOf(orderId, 'email-receipt')).toEqual([]);

    // The mail server comes back where SMTP_URL points.
    late = await startFakeSmtpServer({ port });
    aheadMs += FIVE_MINUTES;
    await deliverAll(outage.app);
    aheadMs += HOUR;
    await deliverAll(outage.app);
    const delivered = late.received.filter(
      (mail) => mail.messageId === `<email-receipt.${orderId}@shop.test>`,
    );
    expect(delivered.map((mail) => mail.to)).toEqual([[PLACING_CUSTOMER.email]]);
    expect(await receiptJob(db, orderId)).toMatchObject({ attempts: tries + 1, outcome: 'sent' });
  });

  it('gives an e-mail up only when a try fails 72 hours after it was recorded', async () => {
    await outage?.close();
    aheadMs = 0;
    outage = await appMailingTo(await closedPort());
    const db = database.database.db;
    const { orderId } = await placeOrderThroughCheckout(outage.app);
    await deliverAll(outage.app);
    aheadMs = 71 * HOUR;
    await deliverAll(outage.app);
    expect(await receiptJob(db, orderId)).toMatchObject({ attempts: 2, doneAt: null });
    aheadMs = 72 * HOUR + FIVE_MINUTES;
    await deliverAll(outage.app);
    const job = await receiptJob(db, orderId);
    expect(job.attempts).toBe(3);
    expect(job.doneAt).not.toBeNull();
    expect(job.outcome).toMatch(/^given up: .*ECONNREFUSED/);
  });
});

describe('without SMTP_URL', () => {
  let database: TestDatabase;
  let plain: TestApp;
  afterAll(async () => {
    await plain?.close();
    await database?.destroy();
  });

  it('sends nothing: the jobs end as skipped, and the checkout promises no receipt', async () => {
    database = await createTestDatabase();
    plain = await createTestApp(database.database, { seed: 'demo' });
    const db = database.database.db;
    const cook = await signIn(db, await createStaffUser(db, { role: 'kitchen' }));
    const before = smtp.received.length;
    const { orderId } = await placeOrderThroughCheckout(plain.app);
    for (const step of ['started', 'ready']) {
      expect((await setKitchen(plain.app, orderId, step, cook)).statusCode).toBe(200);
    }
    await deliverAll(plain.app);
    expect((await jobsOf(orderId, 'email-receipt', db)).map((job) => job.outcome)).toEqual([
      'skipped',
    ]);
    expect((await jobsOf(orderId, 'email-ready', db)).map((job) => job.outcome)).toEqual([
      'skipped',
    ]);
    expect(smtp.received.length).toBe(before);

    const info = (
      await plain.app.inject({ method: 'GET', url: '/api/shop-info' })
    ).json<ShopInfo>();
    expect(info.emailReceipts).toBe(false);
    expect(checkoutEmailHint(info.emailReceipts)).toBe('So we can reach you about your order.');
  });
});
