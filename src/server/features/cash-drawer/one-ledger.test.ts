/**
 * One literal ledger on every screen (decision 012, update 2026-11-25; decision 021; docs/
 * operations.md "Running the day"): one day built through the real routes (a fake Viva on
 * loopback), then every figure of the dashboard, the calendar (day, month, year), the Z report
 * and both CSV exports read against the table below, kept by hand. PGlite and PostgreSQL.
 *
 * Tuesday 2026-02-17, Europe/Tallinn (UTC+2); times are local.
 *  key    time   channel  method       amount  what
 *  early  08:00  counter  cash         21.80   admin, 2 × Classic Smash Burger, next session
 *                                              (30.00 handed over, 8.20 change)
 *  -      09:00  drawer opens, float 100.00; it takes `early`
 *  s2     10:00  counter  cash          6.80   Cola + Classic Fries (10.00 over, 3.20 change)
 *  voided 10:30  counter  cash         10.90   Classic Smash Burger, deleted 10:45 "Rang up twice"
 *  card   11:00  website  card (Viva)  23.40   2 × Burger 8.90 + 1 × Fries 5.60
 *  wolt   11:30  Wolt     platform     18.00   Platter
 *  test1  12:00  website  card (TEST)  10.90   not in the books
 *  test2  12:15  Wolt     platform     10.90   Wolt Test Order, not in the books
 *  unpaid 12:30  website  card         10.90   payment pending, not in the books
 *  s3     12:45  counter  cash         10.90   Classic Smash Burger (20.00 over, 9.10 change)
 *  r1     13:00  refund   card          8.90   1 × Burger of `card`, sent to Viva as 890
 *  r2     14:00  refund   cash         10.90   the whole of `s3`, a pay-out of the drawer
 *  r3     15:00  refund   platform     18.00   Wolt cancels `wolt`
 *  -      18:00  drawer closes, counted 128.60
 *
 * By hand:
 *  in the books: early 21.80 + s2 6.80 + s3 10.90 + card 23.40 + wolt 18.00 = 80.90, 5 orders
 *    cash 3 / 39.50, card 1 / 23.40, platform 1 / 18.00; counter 3 / 39.50, website 1 / 23.40,
 *    Wolt 1 / 18.00
 *  refunds 8.90 + 10.90 + 18.00 = 37.80; net 80.90 − 37.80 = 43.10 (the day, February, 2026)
 *  drawer: cash sales 30.00 + 10.00 + 20.00 = 60.00 in, change 8.20 + 3.20 + 9.10 = 20.50 out,
 *    pay-outs 10.90: expected 100.00 + 60.00 − 20.50 − 10.90 = 128.60, difference 0.00
 *  voids: `voided` 10.90; taken before opening: `early` 21.80; test orders excluded: 2
 *  pending (kitchen): early, s2, unpaid = 3 (s3 was cancelled by its whole refund)
 *  calendar by source and by method, net of refunds (the Z report's are gross sales):
 *    counter/cash 3 / 28.60, website/card 2 (with unpaid) / 14.50, Wolt/platform 1 / 0.00
 *  orders CSV: 8 rows (the deleted sale is not listed), in_the_books yes 5 rows summing 80.90
 *  refunds CSV: 3 rows summing 37.80
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashDrawerMovements,
  cashDrawerSessions,
  orders,
  outboundJobs,
  payments,
  refunds,
} from '#server/db/schema.ts';
import type { Db } from '#server/db/client.ts';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import type { ZReport } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createOrder, type OrderOverrides } from '../../../../tests/factories/orders.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { startFakeViva, type FakeViva, vivaEnv } from '../../../../tests/fakes/fake-viva.ts';
import { cancelByPlatform } from '../delivery-platforms/platform-orders.service.ts';

/** A website card order paid through (the fake) Viva, as refunds.test.ts makes one. */
async function cardOrder(db: Db, items: NonNullable<OrderOverrides['items']>) {
  const totalCents = items.reduce((sum, item) => sum + item.totalPriceCents, 0);
  const orderCode = String(9_100_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e9)));
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
  // Served already: not pending on the dashboard.
  return createOrder(db, { items, paymentMethod: 'viva-wallet', paymentId, status: 'completed' });
}

/** Waits (bounded) until the outbox has no provider refund left undone. */
async function outboxSettled() {
  for (let tries = 0; tries < 50; tries += 1) {
    await t.app.orderEvents.flush();
    const [open] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboundJobs)
      .where(sql`${outboundJobs.doneAt} is null and ${outboundJobs.kind} = 'provider-refund'`);
    if ((open?.n ?? 0) === 0) return;
  }
  throw new Error('provider-refund jobs still open');
}

const DAY = '2026-02-17';
let viva: FakeViva;
let testDatabase: TestDatabase;
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  viva = await startFakeViva();
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, { seed: 'demo', env: vivaEnv(viva) });
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }), t.clock.now());
  staff = await signIn(
    t.db,
    await createStaffUser(t.db, { role: 'staff', name: 'Pat Counter' }),
    t.clock.now(),
  );
});

afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await viva?.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }) },
    remoteAddress: nextClient(),
    ...(payload ? { payload } : {}),
  });
}

async function get<T>(url: string): Promise<T> {
  const response = await call('GET', url, admin);
  expect(response.statusCode, response.body).toBe(200);
  return (url.includes('.csv') ? response.body : response.json()) as T;
}

async function sell(items: [string, number][], cashReceived: string, asAdmin = false) {
  const response = await call(
    'POST',
    asAdmin ? '/api/admin/orders' : '/api/orders',
    asAdmin ? admin : staff,
    {
      paymentMethod: 'cash',
      items: items.map(([menuItemId, quantity]) => ({ menuItemId, quantity })),
      cashReceived,
      ...(asAdmin
        ? {
            cashDrawer: 'next-session',
            customer: {
              firstName: 'Kati',
              lastName: 'Karu',
              email: 'kati@example.com',
              phone: '+372 5550 1234',
            },
          }
        : {}),
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const at = (local: string) => sql`${`${DAY}T${local}:00+02:00`}::timestamptz`;
const line = (name: string, cents: number, quantity = 1) => ({
  name,
  basePriceCents: cents,
  unitPriceCents: cents,
  quantity,
  totalPriceCents: cents * quantity,
});
/** The sum of a CSV column over some rows, in cents (no cell of this day holds a comma). */
function csvRows(body: string) {
  const [header, ...lines] = body
    .trim()
    .split('\r\n')
    .map((text) => text.split(','));
  return lines.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}
const cents = (rows: Record<string, string>[], column: string) =>
  rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);

const ids: Record<string, string> = {};
let session = '';

beforeAll(async () => {
  const db = t.db;
  ids.early = await sell([['classic-smash-burger', 2]], '30.00', true);
  const opened = await call('POST', '/api/pos/cash-drawer/open', staff, { float: '100.00' });
  expect(opened.statusCode, opened.body).toBe(201);
  session = (opened.json() as { session: { id: string } }).session.id;
  ids.s2 = await sell(
    [
      ['cola', 1],
      ['classic-fries', 1],
    ],
    '10.00',
  );
  ids.voided = await sell([['classic-smash-burger', 1]], '10.90');
  const deleted = await call('DELETE', `/api/admin/orders/${ids.voided}`, admin, {
    reason: 'Rang up twice',
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  ids.card = (await cardOrder(db, [line('Burger', 890, 2), line('Fries', 560)])).id;
  const platform = { paymentMethod: 'platform', externalId: 'wolt-one-ledger' } as const;
  ids.wolt = (
    await createOrder(db, {
      ...platform,
      orderSource: 'wolt',
      status: 'completed',
      items: [line('Platter', 1800)],
    })
  ).id;
  ids.test1 = (
    await createOrder(db, {
      orderSource: 'website',
      paymentMethod: 'viva-wallet',
      isTest: true,
      items: [line('Burger', 1090)],
    })
  ).id;
  ids.test2 = (
    await createOrder(db, {
      orderSource: 'wolt',
      paymentMethod: 'platform',
      externalId: 'TEST-wolt',
      isTest: true,
      items: [line('Burger', 1090)],
    })
  ).id;
  ids.unpaid = (
    await createOrder(db, {
      orderSource: 'website',
      paymentMethod: 'viva-wallet',
      paymentStatus: 'pending',
      status: 'pending',
      items: [line('Burger', 1090)],
    })
  ).id;
  ids.s3 = await sell([['classic-smash-burger', 1]], '20.00');

  const today = await get<AdminOrder[]>('/api/admin/orders');
  const burger = today.find((o) => o.id === ids.card)!.items.find((i) => i.name === 'Burger')!;
  const r1 = await call('POST', `/api/admin/orders/${ids.card}/refunds`, admin, {
    reason: 'Burger was cold',
    lines: [{ orderItemId: burger.id, quantity: 1 }],
  });
  expect(r1.statusCode, r1.body).toBe(201);
  const r2 = await call('POST', `/api/admin/orders/${ids.s3}/refunds`, admin, {
    reason: 'Wrong order',
  });
  expect(r2.statusCode, r2.body).toBe(201);
  await cancelByPlatform(db, 'wolt', 'wolt-one-ledger', new Date());
  await outboxSettled();
  const closed = await call('POST', '/api/pos/cash-drawer/close', staff, { counted: '128.60' });
  expect(closed.statusCode, closed.body).toBe(200);

  // Made in real time; moved to the ledger's literal instants.
  await db
    .update(cashDrawerSessions)
    .set({ openedAt: at('09:00'), closedAt: at('18:00') })
    .where(eq(cashDrawerSessions.id, session));
  await db
    .update(cashDrawerMovements)
    .set({ createdAt: at('14:00') })
    .where(eq(cashDrawerMovements.sessionId, session));
  const times: Record<string, string> = {
    early: '08:00',
    s2: '10:00',
    voided: '10:30',
    card: '11:00',
    wolt: '11:30',
    test1: '12:00',
    test2: '12:15',
    unpaid: '12:30',
    s3: '12:45',
  };
  for (const [key, time] of Object.entries(times)) {
    await db
      .update(orders)
      .set({ createdAt: at(time) })
      .where(eq(orders.id, ids[key]!));
  }
  await db
    .update(orders)
    .set({ deletedAt: at('10:45') })
    .where(eq(orders.id, ids.voided!));
  const refundTimes: Record<string, string> = { card: '13:00', s3: '14:00', wolt: '15:00' };
  for (const [key, time] of Object.entries(refundTimes)) {
    await db
      .update(refunds)
      .set({ createdAt: at(time) })
      .where(eq(refunds.orderId, ids[key]!));
  }
});

describe(`the ledger of ${DAY} on every screen`, () => {
  it('Viva got the partial refund once, for 8.90', () => {
    expect(viva.refunds.map((r) => r.amountCents)).toEqual([890]);
  });

  it('dashboard: orders, revenue net of refunds, pending, test orders not counted', async () => {
    expect(await get(`/api/admin/stats/${DAY}`)).toMatchObject({
      todayOrders: 6,
      todayRevenue: '43.10',
      pendingOrders: 3,
      testOrdersNotCounted: 2,
    });
  });

  it('calendar: the day, February and 2026, by source and by method', async () => {
    const totals = {
      totalOrders: 6,
      paidOrders: 5,
      totalRevenue: '43.10',
      testOrdersNotCounted: 2,
    };
    const month = await get<Record<string, unknown>>('/api/admin/stats/monthly/2026/2');
    expect(month).toMatchObject(totals);
    expect(month.days).toEqual([
      expect.objectContaining({
        date: DAY,
        orders: 6,
        paidOrders: 5,
        revenue: '43.10',
        testOrdersNotCounted: 2,
      }),
    ]);
    // Net of the day's refunds; the website's count holds the unpaid order.
    expect(month.bySource).toEqual([
      { key: 'pos', orders: 3, revenue: '28.60' },
      { key: 'website', orders: 2, revenue: '14.50' },
      { key: 'wolt', orders: 1, revenue: '0.00' },
    ]);
    expect(month.byPaymentMethod).toEqual([
      { key: 'cash', orders: 3, revenue: '28.60' },
      { key: 'viva-wallet', orders: 2, revenue: '14.50' },
      { key: 'platform', orders: 1, revenue: '0.00' },
    ]);
    const year = await get<Record<string, unknown>>('/api/admin/stats/yearly/2026');
    expect(year).toMatchObject(totals);
    expect(year.months).toEqual([expect.objectContaining({ month: 2, ...totals })]);
  });

  it('Z report: sales, refunds, net, the drawer, voids, taken before opening', async () => {
    const z = await get<ZReport>(`/api/pos/cash-drawer/sessions/${session}/report`);
    expect(z).toMatchObject({
      businessDate: DAY,
      orderCount: 5,
      sales: '80.90',
      refundsTotal: '37.80',
      netSales: '43.10',
      testOrdersExcluded: 2,
    });
    expect(
      z.byPaymentMethod.filter((row) => row.orders > 0).map((r) => [r.key, r.orders, r.total]),
    ).toEqual([
      ['viva-wallet', 1, '23.40'],
      ['cash', 3, '39.50'],
      ['platform', 1, '18.00'],
    ]);
    expect(
      z.bySource.filter((row) => row.orders > 0).map((r) => [r.key, r.orders, r.total]),
    ).toEqual([
      ['website', 1, '23.40'],
      ['pos', 3, '39.50'],
      ['wolt', 1, '18.00'],
    ]);
    expect(z.refunds.map((r) => [r.method, r.amount, r.state])).toEqual([
      ['card', '8.90', 'done'],
      ['cash', '10.90', 'done'],
      ['platform', '18.00', 'done'],
    ]);
    expect(z.session).toMatchObject({
      float: '100.00',
      cashSalesCount: 3,
      cashSales: '60.00',
      changeGiven: '20.50',
      payOuts: '10.90',
      expectedCash: '128.60',
      counted: '128.60',
      difference: '0.00',
    });
    expect(z.voids.map((v) => [v.total, v.paymentMethod, v.reason, v.afterClose])).toEqual([
      ['10.90', 'cash', 'Rang up twice', false],
    ]);
    expect(z.takenBeforeOpening.map((o) => o.total)).toEqual(['21.80']);
  });

  it('orders CSV: the in_the_books rows sum to 80.90; refunds CSV: 37.80', async () => {
    const rows = csvRows(await get<string>(`/api/admin/export/orders.csv?from=${DAY}&to=${DAY}`));
    expect(rows).toHaveLength(8);
    const inBooks = rows.filter((row) => row.in_the_books === 'yes');
    expect(inBooks).toHaveLength(5);
    expect(cents(inBooks, 'total')).toBe(8090);
    expect(rows.filter((row) => row.test === 'yes').length).toBe(2);
    const refundRows = csvRows(
      await get<string>(`/api/admin/export/refunds.csv?from=${DAY}&to=${DAY}`),
    );
    expect(refundRows.map((r) => [r.refund_time, r.refund_method, r.amount])).toEqual([
      ['13:00', 'card', '8.90'],
      ['14:00', 'cash', '10.90'],
      ['15:00', 'platform', '18.00'],
    ]);
    expect(cents(refundRows, 'amount')).toBe(3780);
  });
});
