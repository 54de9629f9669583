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

describe('a day whose books add up on every screen', () => {
  it('refuses cash with no drawer, keeps the next-session sale, voids, and counts tests once', async () => {
    // 1. Staff sells cash with no drawer open: refused, naming the drawer; nothing stored.
    const refused = await sell([{ menuItemId: 'cola', quantity: 1 }], { cashReceived: '5.00' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Open the cash drawer before taking cash: no drawer is open.',
    });
    // The admin's POS too, without the explicit choice.
    const refusedAdmin = await sell([{ menuItemId: 'cola', quantity: 1 }], { admin: true });
    expect(refusedAdmin.statusCode, refusedAdmin.body).toBe(409);
    // Staff may not choose the next session.
    const staffChoice = await sell([{ menuItemId: 'cola', quantity: 1 }], {
      cashDrawer: 'next-session',
    });
    expect(staffChoice.statusCode, staffChoice.body).toBe(403);
    expect(await orderCount()).toBe(0);

    // 2. The admin takes 2 x Classic Smash Burger 21.80 (paid 30.00, change 8.20) for the
    // day's next session.
    const early = await sell([{ menuItemId: 'classic-smash-burger', quantity: 2 }], {
      admin: true,
      cashReceived: '30.00',
      cashDrawer: 'next-session',
    });
    expect(early.statusCode, early.body).toBe(201);
    expect(early.json()).toMatchObject({ total: '21.80', change: '8.20' });
    const earlyNumber = (early.json() as { orderNumber: number }).orderNumber;

    // 3. The drawer opens with 100.00; it takes the early sale.
    const opened = await call('POST', '/api/pos/cash-drawer/open', staff, { float: '100.00' });
    expect(opened.statusCode, opened.body).toBe(201);
    const { id } = sessionOf(opened);
    expect(sessionOf(opened)).toMatchObject({ cashSalesCount: 1, expectedCash: '121.80' });

    // 4. Cola 2.90 + Classic Fries 3.90 = 6.80, paid 10.00, change 3.20.
    const s2 = await sell(
      [
        { menuItemId: 'cola', quantity: 1 },
        { menuItemId: 'classic-fries', quantity: 1 },
      ],
      { cashReceived: '10.00' },
    );
    expect(s2.json()).toMatchObject({ total: '6.80', change: '3.20' });
    // 5. Classic Smash Burger 10.90 paid exactly, then deleted: a void.
    const voided = await sell([{ menuItemId: 'classic-smash-burger', quantity: 1 }]);
    const voidedOrder = voided.json() as { id: string; orderNumber: number; total: string };
    expect(voidedOrder.total).toBe('10.90');
    const beforeDelete = sessionOf(await call('GET', '/api/pos/cash-drawer', staff));
    expect(beforeDelete.expectedCash).toBe('139.50');
    const deleted = await call('DELETE', `/api/admin/orders/${voidedOrder.id}`, admin, {
      reason: 'Rang up twice',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // 6. Other channels: a real card order on the website 10.90, a real Wolt order 10.90, an
    // unpaid website order 10.90, and a test order on every channel (10.90 each).
    await createOrder(t.db, { paymentMethod: 'viva-wallet', orderSource: 'website' });
    await createOrder(t.db, { paymentMethod: 'platform', orderSource: 'wolt', externalId: 'w-1' });
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

    // The ledger, by hand:
    //   in the books: cash 21.80 + 6.80, card 10.90, Wolt 10.90 = 50.40 (4 paid orders);
    //   orders: those 4 + the unpaid one = 5; pending (kitchen): 2 counter sales + unpaid = 3;
    //   customers: Kati = 1; test orders not counted: 5; void: #voided 10.90.
    //   drawer: 100.00 + received 40.00 - change 11.40 = 128.60.
    const running = sessionOf(await call('GET', '/api/pos/cash-drawer', staff));
    expect(running).toMatchObject({
      cashSalesCount: 2,
      cashSales: '40.00',
      changeGiven: '11.40',
      expectedCash: '128.60',
    });
    const closed = await call('POST', '/api/pos/cash-drawer/close', staff, { counted: '128.60' });
    expect(sessionOf(closed)).toMatchObject({ expectedCash: '128.60', difference: '0.00' });

    // A sale after the close: refused, it would be in no drawer.
    const late = await sell([{ menuItemId: 'cola', quantity: 1 }]);
    expect(late.statusCode).toBe(409);

    // Z report.
    const z = (
      await call('GET', `/api/pos/cash-drawer/sessions/${id}/report`, staff)
    ).json() as ZReport;
    expect(z).toMatchObject({ orderCount: 4, sales: '50.40', testOrdersExcluded: 5 });
    expect(z.byPaymentMethod.filter((row) => row.orders > 0)).toEqual([
      expect.objectContaining({ key: 'viva-wallet', orders: 1, total: '10.90' }),
      expect.objectContaining({ key: 'cash', orders: 2, total: '28.60' }),
      expect.objectContaining({ key: 'platform', orders: 1, total: '10.90' }),
    ]);
    expect(z.takenBeforeOpening).toEqual([
      expect.objectContaining({ orderNumber: earlyNumber, total: '21.80' }),
    ]);
    expect(z.voids).toEqual([
      expect.objectContaining({
        orderNumber: voidedOrder.orderNumber,
        total: '10.90',
        paymentMethod: 'cash',
        reason: 'Rang up twice',
        afterClose: false,
      }),
    ]);

    // Dashboard.
    // The shop's day of the database's clock (the one that stamps the orders).
    const today = z.businessDate;
    const stats = (await call('GET', `/api/admin/stats/${today}`, admin)).json() as Record<
      string,
      unknown
    >;
    expect(stats).toMatchObject({
      todayOrders: 5,
      todayRevenue: '50.40',
      pendingOrders: 3,
      totalCustomers: 1,
      testOrdersNotCounted: 5,
    });
    const items = (await call('GET', `/api/admin/item-sales/${today}`, admin)).json() as {
      revenue: string;
    }[];
    expect(items.reduce((sum, item) => sum + Math.round(Number(item.revenue) * 100), 0)).toBe(5040);

    // Calendar: the day (in the month), the month, the year.
    const [year, month] = today.split('-').map(Number) as [number, number];
    const monthly = (await call('GET', `/api/admin/stats/monthly/${year}/${month}`, admin)).json();
    const totals = {
      totalOrders: 5,
      paidOrders: 4,
      totalRevenue: '50.40',
      testOrdersNotCounted: 5,
    };
    expect(monthly).toMatchObject(totals);
    expect(monthly.days).toEqual([
      { date: today, orders: 5, paidOrders: 4, revenue: '50.40', testOrdersNotCounted: 5 },
    ]);
    const yearly = (await call('GET', `/api/admin/stats/yearly/${year}`, admin)).json();
    expect(yearly).toMatchObject(totals);
    expect(yearly.months).toEqual([{ month, ...totals }]);

    // CSV: every order listed (tests marked), the books column sums to the same 50.40.
    const csv = await call('GET', `/api/admin/export/orders.csv?from=${today}&to=${today}`, admin);
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

    // The early sale is linked to the session.
    const [earlyRow] = await t.db
      .select({ session: orders.cashDrawerSessionId, next: orders.cashDrawerNextSession })
      .from(orders)
      .where(eq(orders.orderNumber, earlyNumber));
    expect(earlyRow).toEqual({ session: id, next: true });
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
