/**
 * The books add up on every screen (decision 012, update 2026-11-25; docs/operations.md
 * "Running the day"): every counter cash sale belongs to a drawer session, a deleted cash sale
 * is a void line, and test orders are counted by one rule everywhere. One day, kept by hand as
 * a literal ledger below, is read back from the dashboard, the calendar (day, month, year), the
 * Z report and the CSV export; on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cashDrawerSessions, orders } from '#server/db/schema.ts';
import type { CashDrawerSession, ZReport } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';

const t = useTestApp({ seed: 'demo' });
let staff: string;
let admin: string;

const KATI = {
  firstName: 'Kati',
  lastName: 'Karu',
  email: 'kati.karu@example.com',
  phone: '+372 5550 1234',
};

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }) },
    remoteAddress: nextClient(),
    ...(payload ? { payload } : {}),
  });
}

const sell = (
  items: { menuItemId: string; quantity: number }[],
  options: { cashReceived?: string; admin?: boolean; cashDrawer?: string } = {},
) =>
  call('POST', options.admin ? '/api/admin/orders' : '/api/orders', options.admin ? admin : staff, {
    paymentMethod: 'cash',
    items,
    ...(options.cashReceived ? { cashReceived: options.cashReceived } : {}),
    ...(options.admin ? { customer: KATI } : {}),
    ...(options.cashDrawer ? { cashDrawer: options.cashDrawer } : {}),
  });

const sessionOf = (response: { json: () => unknown }) =>
  (response.json() as { session: CashDrawerSession }).session;

const orderCount = async () => (await t.db.select({ id: orders.id }).from(orders)).length;

beforeAll(async () => {
  staff = await signIn(t.db, await createStaffUser(t.db, { role: 'staff', name: 'Pat Counter' }));
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin', name: 'Ada Owner' }));
});

/** The day, as the shop made it; each test below checks one screen against the ledger. */
interface Day {
  refused: Reply;
  refusedAdmin: Reply;
  staffChoice: Reply;
  ordersAfterRefusals: number;
  early: Reply;
  opened: Reply;
  s2: Reply;
  voided: Reply;
  beforeDelete: CashDrawerSession;
  deleted: Reply;
  running: CashDrawerSession;
  closed: Reply;
  late: Reply;
}
type Reply = Awaited<ReturnType<typeof call>>;
let day: Day;
const rawDay: Partial<Day> = {};

/*
 * The ledger, by hand:
 *   before the drawer: a staff cash sale and an admin one without a choice, refused (nothing
 *     stored); the admin's 2 x Classic Smash Burger 21.80 (paid 30.00, change 8.20) for the
 *     day's next session;
 *   the drawer opens with 100.00 and takes it: 100.00 + 30.00 - 8.20 = 121.80;
 *   Cola 2.90 + Classic Fries 3.90 = 6.80 (paid 10.00, change 3.20): 128.60;
 *   Classic Smash Burger 10.90 paid exactly (139.50), then deleted "Rang up twice": 128.60;
 *   a card order on the website 10.90, a Wolt order 10.90, an unpaid website order 10.90, and a
 *     test order (10.90) on each of website, table, counter, Wolt and Bolt;
 *   in the books: 21.80 + 6.80 + 10.90 + 10.90 = 50.40 (4 paid orders); orders 4 + the unpaid
 *     one = 5; pending (kitchen) the 2 counter sales + the unpaid one = 3; customers Kati = 1;
 *     test orders not counted 5; void #(the burger) 10.90; counted 128.60, difference 0.00.
 */
beforeAll(async () => {
  const d = rawDay;
  // Built step by step with no assertion, so each claim below fails on its own.
  d.refused = await sell([{ menuItemId: 'cola', quantity: 1 }], { cashReceived: '5.00' });
  d.refusedAdmin = await sell([{ menuItemId: 'cola', quantity: 1 }], { admin: true });
  d.staffChoice = await sell([{ menuItemId: 'cola', quantity: 1 }], { cashDrawer: 'next-session' });
  d.ordersAfterRefusals = await orderCount();
  // Whatever the old code stored from those is gone, so the ledger below holds on any code.
  await t.db.delete(orders);
  d.early = await sell([{ menuItemId: 'classic-smash-burger', quantity: 2 }], {
    admin: true,
    cashReceived: '30.00',
    cashDrawer: 'next-session',
  });
  d.opened = await call('POST', '/api/pos/cash-drawer/open', staff, { float: '100.00' });
  d.s2 = await sell(
    [
      { menuItemId: 'cola', quantity: 1 },
      { menuItemId: 'classic-fries', quantity: 1 },
    ],
    { cashReceived: '10.00' },
  );
  d.voided = await sell([{ menuItemId: 'classic-smash-burger', quantity: 1 }]);
  d.beforeDelete = sessionOf(await call('GET', '/api/pos/cash-drawer', staff));
  d.deleted = await call(
    'DELETE',
    `/api/admin/orders/${(d.voided.json() as { id: string }).id}`,
    admin,
    {
      reason: 'Rang up twice',
    },
  );
  // Served already: not pending on the dashboard.
  await createOrder(t.db, {
    paymentMethod: 'viva-wallet',
    orderSource: 'website',
    status: 'completed',
  });
  await createOrder(t.db, {
    paymentMethod: 'platform',
    orderSource: 'wolt',
    externalId: 'w-1',
    status: 'completed',
  });
  await createOrder(t.db, {
    paymentMethod: 'viva-wallet',
    orderSource: 'website',
    paymentStatus: 'pending',
    status: 'pending',
  });
  for (const [orderSource, paymentMethod] of [
    ['website', 'viva-wallet'],
    ['table', 'viva-wallet'],
    ['pos', 'viva-wallet'],
    ['wolt', 'platform'],
    ['bolt', 'platform'],
  ] as const) {
    await createOrder(t.db, {
      orderSource,
      paymentMethod,
      isTest: true,
      status: 'pending',
      externalId: paymentMethod === 'platform' ? `TEST-${orderSource}` : null,
    });
  }
  d.running = sessionOf(await call('GET', '/api/pos/cash-drawer', staff));
  d.closed = await call('POST', '/api/pos/cash-drawer/close', staff, { counted: '128.60' });
  d.late = await sell([{ menuItemId: 'cola', quantity: 1 }]);
  day = d as Day;
});

const sessionId = () => sessionOf(day.opened).id;
const zReport = async () =>
  (
    await call('GET', `/api/pos/cash-drawer/sessions/${sessionId()}/report`, staff)
  ).json() as ZReport;
/** The shop's day of the database's clock (the one that stamps the orders). */
const today = async () => (await zReport()).businessDate;

describe('every cash sale belongs to a drawer session', () => {
  it('refuses a cash sale with no drawer open: 409 naming the drawer, nothing stored', () => {
    expect(day.refused.statusCode, day.refused.body).toBe(409);
    expect(day.refused.json()).toEqual({
      error: 'Open the cash drawer before taking cash: no drawer is open.',
    });
    expect(day.refusedAdmin.statusCode, day.refusedAdmin.body).toBe(409);
    // Only the admin may choose the next session.
    expect(day.staffChoice.statusCode, day.staffChoice.body).toBe(403);
    expect(day.ordersAfterRefusals).toBe(0);
  });

  it("puts the admin's next-session sale into the next drawer opened that day", async () => {
    expect(day.early.statusCode, day.early.body).toBe(201);
    expect(day.early.json()).toMatchObject({ total: '21.80', change: '8.20' });
    expect(day.opened.statusCode, day.opened.body).toBe(201);
    expect(sessionOf(day.opened)).toMatchObject({ cashSalesCount: 1, expectedCash: '121.80' });
    const earlyNumber = (day.early.json() as { orderNumber: number }).orderNumber;
    const [row] = await t.db
      .select({ session: orders.cashDrawerSessionId, next: orders.cashDrawerNextSession })
      .from(orders)
      .where(eq(orders.orderNumber, earlyNumber));
    expect(row).toEqual({ session: sessionId(), next: true });
    expect((await zReport()).takenBeforeOpening).toEqual([
      expect.objectContaining({ orderNumber: earlyNumber, total: '21.80' }),
    ]);
  });

  it('refuses a sale after the close: it would be in no drawer', () => {
    expect(day.late.statusCode, day.late.body).toBe(409);
  });
});

describe('a deleted cash sale', () => {
  it('leaves the expected cash and is a void line on the Z report', async () => {
    expect(day.voided.json()).toMatchObject({ total: '10.90' });
    expect(day.beforeDelete.expectedCash).toBe('139.50');
    expect(day.deleted.statusCode, day.deleted.body).toBe(200);
    expect(day.running).toMatchObject({
      cashSalesCount: 2,
      cashSales: '40.00',
      changeGiven: '11.40',
      expectedCash: '128.60',
    });
    expect(sessionOf(day.closed)).toMatchObject({ expectedCash: '128.60', difference: '0.00' });
    expect((await zReport()).voids).toEqual([
      expect.objectContaining({
        orderNumber: (day.voided.json() as { orderNumber: number }).orderNumber,
        total: '10.90',
        paymentMethod: 'cash',
        reason: 'Rang up twice',
        afterClose: false,
      }),
    ]);
  });
});

describe('test orders on every channel, the same on every screen', () => {
  it('Z report', async () => {
    const z = await zReport();
    expect(z).toMatchObject({ orderCount: 4, sales: '50.40', testOrdersExcluded: 5 });
    expect(z.byPaymentMethod.filter((row) => row.orders > 0)).toEqual([
      expect.objectContaining({ key: 'viva-wallet', orders: 1, total: '10.90' }),
      expect.objectContaining({ key: 'cash', orders: 2, total: '28.60' }),
      expect.objectContaining({ key: 'platform', orders: 1, total: '10.90' }),
    ]);
  });

  it('dashboard', async () => {
    const date = await today();
    expect((await call('GET', `/api/admin/stats/${date}`, admin)).json()).toMatchObject({
      todayOrders: 5,
      todayRevenue: '50.40',
      pendingOrders: 3,
      totalCustomers: 1,
      testOrdersNotCounted: 5,
    });
    const items = (await call('GET', `/api/admin/item-sales/${date}`, admin)).json() as {
      revenue: string;
    }[];
    expect(items.reduce((sum, item) => sum + Math.round(Number(item.revenue) * 100), 0)).toBe(5040);
  });

  it('calendar: the day, the month, the year', async () => {
    const date = await today();
    const [year, month] = date.split('-').map(Number) as [number, number];
    const totals = {
      totalOrders: 5,
      paidOrders: 4,
      totalRevenue: '50.40',
      testOrdersNotCounted: 5,
    };
    const monthly = (await call('GET', `/api/admin/stats/monthly/${year}/${month}`, admin)).json();
    expect(monthly).toMatchObject(totals);
    expect(monthly.days).toEqual([
      { date, orders: 5, paidOrders: 4, revenue: '50.40', testOrdersNotCounted: 5 },
    ]);
    // By source: the table and Bolt had test orders only, so they are not listed.
    expect(monthly.bySource).toEqual([
      { key: 'pos', orders: 2, revenue: '28.60' },
      { key: 'website', orders: 2, revenue: '10.90' },
      { key: 'wolt', orders: 1, revenue: '10.90' },
    ]);
    const yearly = (await call('GET', `/api/admin/stats/yearly/${year}`, admin)).json();
    expect(yearly).toMatchObject(totals);
    expect(yearly.months).toEqual([{ month, ...totals }]);
  });

  it('CSV export: every order listed, the books column sums to the same figure', async () => {
    const date = await today();
    const csv = await call('GET', `/api/admin/export/orders.csv?from=${date}&to=${date}`, admin);
    // No cell of this day holds a comma or a quote, so a split reads it.
    const [header, ...lines] = csv.body
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const rows = lines.map((cells) =>
      Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])),
    );
    expect(rows).toHaveLength(10);
    const inBooks = rows.filter((row) => row.in_the_books === 'yes');
    expect(inBooks).toHaveLength(4);
    expect(inBooks.reduce((sum, row) => sum + Math.round(Number(row.total) * 100), 0)).toBe(5040);
    expect(rows.filter((row) => row.test === 'yes' && row.in_the_books === 'no')).toHaveLength(5);
  });
});

describe('a sale and a close at the same moment', () => {
  itRaces('puts the sale in the closed drawer or refuses it, never between', async () => {
    // Whatever the test before left open is closed first.
    await t.db
      .update(cashDrawerSessions)
      .set({ closedAt: new Date(), countedCents: 0, expectedCents: 0 })
      .where(isNull(cashDrawerSessions.closedAt));
    for (let round = 0; round < 6; round += 1) {
      const opened = await call('POST', '/api/pos/cash-drawer/open', staff, { float: '0.00' });
      expect(opened.statusCode, opened.body).toBe(201);
      const { id } = sessionOf(opened);
      const [sale, closed] = await Promise.all([
        sell([{ menuItemId: 'cola', quantity: 1 }], { cashReceived: '2.90' }),
        call('POST', '/api/pos/cash-drawer/close', staff, { counted: '0.00' }),
      ]);
      expect(closed.statusCode, closed.body).toBe(200);
      const frozen = sessionOf(closed);
      if (sale.statusCode === 201) {
        const saleId = (sale.json() as { id: string }).id;
        const [row] = await t.db
          .select({ session: orders.cashDrawerSessionId })
          .from(orders)
          .where(eq(orders.id, saleId));
        expect(row?.session).toBe(id);
        expect(frozen.expectedCash).toBe('2.90');
      } else {
        expect(sale.statusCode, sale.body).toBe(409);
        expect(frozen.expectedCash).toBe('0.00');
      }
    }
  });
});
