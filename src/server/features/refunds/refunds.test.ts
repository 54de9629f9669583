/**
 * Refunds and voids (decision 021) against a fake Viva on loopback, and the books: one literal
 * ledger of two days, asserted on every screen's figure (dashboard, calendar month and year,
 * Z reports, CSV, Order Details).
 *
 * Day 1, 2026-03-10 (Europe/Tallinn), drawer A (float 100.00):
 *   #1 cash at the counter 12.50 (20.00 handed over, 7.50 change)
 *   #2 card (Viva) 23.40 = 2 × Burger 8.90 + 1 × Fries 5.60
 *   #3 cash at the counter 9.80
 *   #4 Wolt 18.00
 *   sales 63.70; cash expected 100.00 + 12.50 + 9.80 = 122.30, counted 122.30.
 * Day 2, 2026-03-11, drawer B (float 50.00):
 *   #5 cash at the counter 7.20
 *   #6 card (Viva) 45.00
 *   refund of 1 × Burger on #2 (card, partial): 8.90, sent to Viva as amount=890
 *   refund of the whole of #1 (cash): 12.50, a pay-out of drawer B
 *   Wolt cancels #4: 18.00, no money moved by us
 *   sales 52.20, refunds 39.40, net 12.80; cash expected 50.00 + 7.20 − 12.50 = 44.70.
 * Dashboard revenue: day 1 63.70, day 2 12.80. March 2026: 76.50. Year 2026: 76.50.
 * Drawer A's closed Z report still says sales 63.70, no refunds, expected 122.30.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDrawerSessions, orders, outboundJobs, payments, refunds } from '#server/db/schema.ts';
import type { Db } from '#server/db/client.ts';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import type { ZReport } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createOrder, type OrderOverrides } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { startFakeViva, type FakeViva, vivaEnv } from '../../../../tests/fakes/fake-viva.ts';
import {
  startFakeSmtpServer,
  type FakeSmtpServer,
} from '../../../../tests/fakes/fake-smtp-server.ts';
import { cancelByPlatform } from '../delivery-platforms/platform-orders.service.ts';

let viva: FakeViva;
let testDatabase: TestDatabase;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  viva = await startFakeViva();
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, { seed: 'demo', env: vivaEnv(viva) });
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }), t.clock.now());
});

afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await viva?.close();
});

const BURGER = { name: 'Burger', basePriceCents: 890, unitPriceCents: 890 };
const FRIES = { name: 'Fries', basePriceCents: 560, unitPriceCents: 560 };

/** A card order paid through (the fake) Viva: its payment row carries Viva's transaction id. */
async function cardOrder(db: Db, items: NonNullable<OrderOverrides['items']>) {
  const totalCents = items.reduce((sum, item) => sum + item.totalPriceCents, 0);
  const orderCode = String(9_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e9)));
  const paymentId = randomUUID();
  viva.orders.set(orderCode, { amount: totalCents, merchantTrns: paymentId });
  const transactionId = viva.completePayment(orderCode);
  await db.insert(payments).values({
    id: paymentId,
    provider: 'viva',
    status: 'paid',
    amountCents: totalCents,
    providerReference: orderCode,
    providerTransactionId: transactionId,
    orderData: {} as never,
  });
  const order = await createOrder(db, { items, paymentMethod: 'viva-wallet', paymentId });
  return { order, transactionId };
}

/** A counter cash sale, in its drawer session as every cash sale is (decision 012). */
const cashSale = (db: Db, session: string, cents: number, received: number) =>
  createOrder(db, {
    orderSource: 'pos',
    cashDrawerSessionId: session,
    paymentMethod: 'cash',
    cashReceivedCents: received,
    changeCents: received - cents,
    items: [
      {
        name: 'Meal',
        basePriceCents: cents,
        unitPriceCents: cents,
        quantity: 1,
        totalPriceCents: cents,
      },
    ],
  });

const refund = (orderId: string, body: Record<string, unknown>, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie: admin, 'idempotency-key': key },
    payload: body,
  });

const drawer = (path: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pos/cash-drawer/${path}`,
    headers: { cookie: admin, 'idempotency-key': randomUUID() },
    payload,
  });

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  expect(response.statusCode, response.body).toBe(200);
  return (url.includes('.csv') ? response.body : response.json()) as T;
};

/** Waits (bounded) until the outbox has no due job left undone. */
async function outboxSettled(db: Db = t.db) {
  for (let tries = 0; tries < 50; tries += 1) {
    await t.app.orderEvents.flush();
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboundJobs)
      .where(sql`${outboundJobs.doneAt} is null and ${outboundJobs.kind} = 'provider-refund'`);
    if ((open?.n ?? 0) === 0) return;
  }
  throw new Error('provider-refund jobs still open');
}

/** Moves rows to literal instants (the ledger's days), after they were made in real time. */
const at = (iso: string) => sql`${iso}::timestamptz`;

describe('the books: one literal ledger on every screen', () => {
  const ids: Record<string, string> = {};
  let sessionA = '';
  let sessionB = '';
  let burgerLine = '';

  beforeAll(async () => {
    const db = t.db;
    // Day 1, drawer A.
    const openA = await drawer('open', { float: '100.00' });
    expect(openA.statusCode, openA.body).toBe(201);
    sessionA = openA.json().session.id;
    ids.o1 = (await cashSale(db, sessionA, 1250, 2000)).id;
    const card = await cardOrder(db, [
      { ...BURGER, quantity: 2, totalPriceCents: 1780 },
      { ...FRIES, quantity: 1, totalPriceCents: 560 },
    ]);
    ids.o2 = card.order.id;
    ids.o3 = (await cashSale(db, sessionA, 980, 980)).id;
    ids.o4 = (
      await createOrder(db, {
        orderSource: 'wolt',
        paymentMethod: 'platform',
        externalId: 'wolt-ledger-4',
        items: [
          {
            name: 'Platter',
            basePriceCents: 1800,
            unitPriceCents: 1800,
            quantity: 1,
            totalPriceCents: 1800,
          },
        ],
      })
    ).id;
    const closeA = await drawer('close', { counted: '122.30' });
    expect(closeA.statusCode, closeA.body).toBe(200);
    // Day 1 was 2026-03-10.
    await db
      .update(cashDrawerSessions)
      .set({ openedAt: at('2026-03-10T07:00:00Z'), closedAt: at('2026-03-10T18:00:00Z') })
      .where(eq(cashDrawerSessions.id, sessionA));
    for (const [index, key] of ['o1', 'o2', 'o3', 'o4'].entries()) {
      await db
        .update(orders)
        .set({ createdAt: at(`2026-03-10T1${index}:00:00Z`) })
        .where(eq(orders.id, ids[key]!));
    }

    // Day 2, drawer B.
    const openB = await drawer('open', { float: '50.00' });
    expect(openB.statusCode, openB.body).toBe(201);
    sessionB = openB.json().session.id;
    ids.o5 = (await cashSale(db, sessionB, 720, 720)).id;
    ids.o6 = (
      await cardOrder(db, [
        {
          name: 'Feast',
          basePriceCents: 4500,
          unitPriceCents: 4500,
          quantity: 1,
          totalPriceCents: 4500,
        },
      ])
    ).order.id;

    const details = await get<AdminOrder[]>('/api/admin/orders');
    burgerLine = details
      .find((order) => order.id === ids.o2)!
      .items.find((item) => item.name === 'Burger')!.id;
    const partial = await refund(ids.o2!, {
      reason: 'Burger was cold',
      lines: [{ orderItemId: burgerLine, quantity: 1 }],
    });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json()).toMatchObject({ amount: '8.90', state: 'requested', method: 'card' });
    ids.r1 = partial.json().id;
    const cash = await refund(ids.o1!, { reason: 'Wrong order' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json()).toMatchObject({ amount: '12.50', state: 'done', method: 'cash' });
    ids.r2 = cash.json().id;
    await cancelByPlatform(db, 'wolt', 'wolt-ledger-4', new Date());
    await outboxSettled();
    const closeB = await drawer('close', { counted: '44.70' });
    expect(closeB.statusCode, closeB.body).toBe(200);

    // Day 2 was 2026-03-11.
    await db
      .update(cashDrawerSessions)
      .set({ openedAt: at('2026-03-11T07:00:00Z'), closedAt: at('2026-03-11T18:00:00Z') })
      .where(eq(cashDrawerSessions.id, sessionB));
    await db
      .update(orders)
      .set({ createdAt: at('2026-03-11T08:00:00Z') })
      .where(eq(orders.id, ids.o5!));
    await db
      .update(orders)
      .set({ createdAt: at('2026-03-11T08:30:00Z') })
      .where(eq(orders.id, ids.o6!));
    const made = await db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, [ids.o1!, ids.o2!, ids.o4!]));
    expect(made).toHaveLength(3);
    const hour = { [ids.o2!]: '09', [ids.o1!]: '10', [ids.o4!]: '11' };
    for (const row of made) {
      await db
        .update(refunds)
        .set({ createdAt: at(`2026-03-11T${hour[row.orderId]}:00:00Z`) })
        .where(eq(refunds.id, row.id));
    }
  });

  it('sends the partial card refund to Viva once, for 8.90 of that transaction', async () => {
    const [payment] = await t.db.select().from(payments).where(eq(payments.amountCents, 2340));
    expect(
      viva.refunds.filter((call) => call.transactionId === payment!.providerTransactionId),
    ).toEqual([{ transactionId: payment!.providerTransactionId, amountCents: 890 }]);
  });

  it('dashboard revenue: 63.70 on day 1 and 12.80 on day 2', async () => {
    expect((await get<{ todayRevenue: string }>('/api/admin/stats/2026-03-10')).todayRevenue).toBe(
      '63.70',
    );
    expect((await get<{ todayRevenue: string }>('/api/admin/stats/2026-03-11')).todayRevenue).toBe(
      '12.80',
    );
  });

  it('calendar: March 76.50 (63.70 and 12.80 by day), the year 76.50', async () => {
    const month = await get<{ totalRevenue: string; days: { date: string; revenue: string }[] }>(
      '/api/admin/stats/monthly/2026/3',
    );
    expect(month.totalRevenue).toBe('76.50');
    expect(month.days.map((day) => [day.date, day.revenue])).toEqual([
      ['2026-03-10', '63.70'],
      ['2026-03-11', '12.80'],
    ]);
    const year = await get<{
      totalRevenue: string;
      months: { month: number; totalRevenue: string }[];
    }>('/api/admin/stats/yearly/2026');
    expect(year.totalRevenue).toBe('76.50');
    expect(year.months).toEqual([expect.objectContaining({ month: 3, totalRevenue: '76.50' })]);
  });

  it("Z reports: day 2 has the three refunds (net 12.80); day 1's closed report is unchanged", async () => {
    const day2 = await get<ZReport>(`/api/pos/cash-drawer/sessions/${sessionB}/report`);
    expect(day2.sales).toBe('52.20');
    expect(day2.refundsTotal).toBe('39.40');
    expect(day2.netSales).toBe('12.80');
    expect(day2.refunds.map((r) => [r.method, r.amount, r.state])).toEqual([
      ['card', '8.90', 'done'],
      ['cash', '12.50', 'done'],
      ['platform', '18.00', 'done'],
    ]);
    expect(day2.session).toMatchObject({
      payOuts: '12.50',
      expectedCash: '44.70',
      difference: '0.00',
    });
    const day1 = await get<ZReport>(`/api/pos/cash-drawer/sessions/${sessionA}/report`);
    expect(day1.sales).toBe('63.70');
    expect(day1.refunds).toEqual([]);
    expect(day1.netSales).toBe('63.70');
    expect(day1.session).toMatchObject({ expectedCash: '122.30', payOuts: '0.00' });
  });

  it('CSV: each refund on the day it was made, linked to its sale of day 1', async () => {
    const csv = await get<string>('/api/admin/export/refunds.csv?from=2026-03-10&to=2026-03-11');
    const rows = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual([
      'refund_date',
      'refund_time',
      'order_number',
      'sale_date',
      'source',
      'payment_method',
      'refund_method',
      'amount',
      'state',
      'reason',
      'lines',
      'by',
      // Every line of this ledger is at the default 13 % (decision 022).
      'net_13',
      'vat_13',
      'gross_13',
    ]);
    const numbers = await t.db.select({ id: orders.id, n: orders.orderNumber }).from(orders);
    const numberOf = (id: string) => String(numbers.find((row) => row.id === id)!.n);
    expect(rows.slice(1).map((row) => row.slice(0, 10))).toEqual([
      [
        '2026-03-11',
        '11:00',
        numberOf(ids.o2!),
        '2026-03-10',
        'website',
        'viva-wallet',
        'card',
        '8.90',
        'done',
        'Burger was cold',
      ],
      [
        '2026-03-11',
        '12:00',
        numberOf(ids.o1!),
        '2026-03-10',
        'pos',
        'cash',
        'cash',
        '12.50',
        'done',
        'Wrong order',
      ],
      [
        '2026-03-11',
        '13:00',
        numberOf(ids.o4!),
        '2026-03-10',
        'wolt',
        'platform',
        'platform',
        '18.00',
        'done',
        'Cancelled on Wolt',
      ],
    ]);
    expect(rows[1]![10]).toBe('1× Burger');
    // Per rate, as the orders CSV (decision 022, note of 2026-11-25): 8.90 / 1.13 -> 7.88,
    // 12.50 / 1.13 -> 11.06, 18.00 / 1.13 -> 15.93.
    expect(rows.slice(1).map((row) => row.slice(12))).toEqual([
      ['7.88', '1.02', '8.90'],
      ['11.06', '1.44', '12.50'],
      ['15.93', '2.07', '18.00'],
    ]);
  });

  it('Order Details: refundedTotal and the refunds; a whole refund voids the order', async () => {
    const day1 = await get<AdminOrder[]>('/api/admin/orders/2026-03-10');
    const byId = new Map(day1.map((order) => [order.id, order]));
    expect(byId.get(ids.o2!)).toMatchObject({
      total: '23.40',
      refundedTotal: '8.90',
      // A partial refund leaves the order's status as it was (the factory's pending).
      status: 'pending',
      refunds: [
        expect.objectContaining({
          amount: '8.90',
          reason: 'Burger was cold',
          state: 'done',
          providerMessage: null,
          lines: [{ orderItemId: burgerLine, name: 'Burger', quantity: 1 }],
          by: expect.stringContaining('Test'),
        }),
      ],
    });
    expect(byId.get(ids.o1!)).toMatchObject({ refundedTotal: '12.50', status: 'cancelled' });
    expect(byId.get(ids.o4!)).toMatchObject({ refundedTotal: '18.00', status: 'cancelled' });
    expect(byId.get(ids.o3!)).toMatchObject({ refundedTotal: '0.00', refunds: [] });
  });

  it('never more than was paid less earlier refunds', async () => {
    // #2 has 23.40 − 8.90 = 14.50 left; one Burger left of two.
    const tooMuch = await refund(ids.o2!, { reason: 'x', amount: '14.51' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toBe(
      'Only €14.50 is left to refund on this order, so a refund of €14.51 is not possible.',
    );
    const tooMany = await refund(ids.o2!, {
      reason: 'x',
      lines: [{ orderItemId: burgerLine, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error).toBe('Only 1 × Burger is left to refund.');
    const again = await refund(ids.o1!, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already refunded in full/);
    const platform = await refund(ids.o4!, { reason: 'x' });
    expect(platform.statusCode).toBe(409);
  });

  it('a cash refund with no drawer open is refused, naming the drawer', async () => {
    const response = await refund(ids.o3!, { reason: 'No drawer' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/No cash drawer is open/);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, ids.o3!))).toEqual([]);
  });

  it("a refund Viva refuses is failed with Viva's message and counts nowhere", async () => {
    const { order } = await cardOrder(t.db, [{ ...FRIES, quantity: 1, totalPriceCents: 560 }]);
    viva.failRefunds(403, 1, 'Refunds are not allowed on this account');
    const response = await refund(order.id, { reason: 'Try' });
    expect(response.statusCode).toBe(201);
    await outboxSettled();
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ state: 'failed' });
    expect(row!.providerMessage).toBe(
      'Viva refused the refund (403): Refunds are not allowed on this account',
    );
    const [view] = (await get<AdminOrder[]>('/api/admin/orders')).filter((o) => o.id === order.id);
    expect(view).toMatchObject({
      refundedTotal: '0.00',
      refunds: [expect.objectContaining({ state: 'failed' })],
    });
  });
});

describe('a double tap and a crash before the provider call', () => {
  // Its own database: no other app's dispatcher (the file's own app) may take the refund job
  // between the crash and the restart.
  let own: TestDatabase;
  beforeAll(async () => {
    own = await createTestDatabase();
  });
  afterAll(async () => {
    await own?.destroy();
  });

  it('one refund row; after the restart Viva is called exactly once', async () => {
    // The first process records the refund and its job but dies before the dispatcher runs
    // (the state a kill -9 right after the commit leaves, decision 008).
    const dead = await createTestApp(own.database, {
      seed: 'demo',
      env: vivaEnv(viva),
      dispatcher: { deliver: false },
    });
    const owner = await signIn(
      own.db,
      await createStaffUser(own.db, { role: 'admin' }),
      dead.clock.now(),
    );
    const { order, transactionId } = await cardOrder(own.db, [
      { ...BURGER, quantity: 3, totalPriceCents: 2670 },
    ]);
    const key = randomUUID();
    const tap = () =>
      dead.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        headers: { cookie: owner, 'idempotency-key': key },
        payload: { reason: 'Double tap', amount: '10.00' },
      });
    const [first, second] = await Promise.all([tap(), tap()]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).toBe(first.json().id);
    await dead.close();
    expect(await own.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(
      1,
    );
    expect(viva.refunds.filter((call) => call.transactionId === transactionId)).toEqual([]);

    // The restart: a new process on the same database sends it, once.
    const restarted = await createTestApp(own.database, { env: vivaEnv(viva) });
    try {
      for (let tries = 0; tries < 50; tries += 1) {
        await restarted.app.orderEvents.flush();
        const [row] = await own.db.select().from(refunds).where(eq(refunds.orderId, order.id));
        if (row?.state !== 'requested') break;
      }
      await restarted.app.orderEvents.flush();
      expect(viva.refunds.filter((call) => call.transactionId === transactionId)).toEqual([
        { transactionId, amountCents: 1000 },
      ]);
      const [row] = await own.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(row).toMatchObject({ state: 'done', amountCents: 1000 });
    } finally {
      await restarted.close();
    }
  });
});

describe('the void as the kitchen and the customer see it, with SMTP', () => {
  // Its own database: no other app's dispatcher (without SMTP) may take the e-mail job.
  let smtp: FakeSmtpServer;
  let own: TestDatabase;
  let mailer: TestApp;
  let owner: string;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    own = await createTestDatabase();
    mailer = await createTestApp(own.database, {
      seed: 'demo',
      env: { ...vivaEnv(viva), SMTP_URL: smtp.url, MAIL_FROM: 'Shop <orders@shop.test>' },
    });
    owner = await signIn(
      mailer.db,
      await createStaffUser(mailer.db, { role: 'admin' }),
      mailer.clock.now(),
    );
  });
  afterAll(async () => {
    await mailer?.close();
    await own?.destroy();
    await smtp?.close();
  });

  it('a whole card refund: VOID on the kitchen display, the page says refunded, one e-mail', async () => {
    const { order } = await cardOrder(mailer.db, [
      { ...FRIES, quantity: 2, totalPriceCents: 1120 },
    ]);
    const made = await mailer.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: { cookie: owner, 'idempotency-key': randomUUID() },
      payload: { reason: 'Closed early' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ amount: '11.20', state: 'requested' });
    for (let tries = 0; tries < 50 && smtp.to('mari@example.com').length === 0; tries += 1) {
      await mailer.app.orderEvents.flush();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const mails = smtp
      .to('mari@example.com')
      .filter((mail) => mail.subject.includes(`#${order.orderNumber}`));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Order #${order.orderNumber} was cancelled and refunded`,
    ]);
    expect(mails[0]!.text).toContain('€11.20 is on its way back to your card');
    expect(mails[0]!.text).toContain('Reason: Closed early');

    const kitchenView = await mailer.app.inject({
      method: 'GET',
      url: '/api/kitchen/orders',
      headers: { cookie: owner },
    });
    expect(kitchenView.json().find((card: { id: string }) => card.id === order.id)).toMatchObject({
      status: 'cancelled',
    });
    const page = await mailer.app.inject({ method: 'GET', url: `/api/orders/${order.id}` });
    expect(page.json()).toMatchObject({
      status: 'cancelled',
      total: '11.20',
      refundedTotal: '11.20',
    });
  });
});
