/**
 * VAT per rate in the books is sales less refunds, on the day each refund was made (decision
 * 022's note of 2026-11-25, decision 021). One literal day, 2026-04-14, one drawer session:
 *   A: cash 13.00 = Moussaka 10.00 at 13 % + Beer 3.00 at 24 %
 *   B: cash 12.50 = 2 × Souvlaki 4.50 (9.00) at 13 % + Coffee 3.50 at 24 %
 *   refund of the Beer on A (a line refund): 3.00 at 24 % -> net 2.42, VAT 0.58
 *   refund of 4.99 on B (amount only): 4.99 × 9/12.5 = 3.5928 (floor 3.59, remainder 350),
 *     4.99 × 3.5/12.5 = 1.3972 (floor 1.39, remainder 900): the cent to 24 % -> 3.59 and 1.40;
 *     3.59 / 1.13 = 3.177.. -> net 3.18, VAT 0.41; 1.40 / 1.24 = 1.129.. -> 1.13, VAT 0.27
 * Sales: 13 % net 8.85 + 7.96 = 16.81, VAT 1.15 + 1.04 = 2.19, gross 19.00;
 *        24 % net 2.42 + 2.82 = 5.24, VAT 0.58 + 0.68 = 1.26, gross 6.50.
 * Refunds: 13 % 3.18 / 0.41 / 3.59; 24 % 2.42 + 1.13 = 3.55 / 0.58 + 0.27 = 0.85 / 4.40.
 * The books: 13 % 13.63 / 1.78 / 15.41; 24 % 1.69 / 0.41 / 2.10 (total 17.51 = 25.50 - 7.99).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDrawerSessions, orderItems, orders, refunds } from '#server/db/schema.ts';
import type { ZReport } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';

let testDatabase: TestDatabase;
let t: TestApp;
let admin: string;
let session = '';

const line = (name: string, quantity: number, unit: number, vatRateBp: number) => ({
  name,
  basePriceCents: unit,
  unitPriceCents: unit,
  quantity,
  totalPriceCents: unit * quantity,
  vatRateBp,
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: admin, 'idempotency-key': randomUUID() },
    payload,
  });

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  expect(response.statusCode, response.body).toBe(200);
  return (url.includes('.csv') ? response.body : response.json()) as T;
};

const at = (iso: string) => sql`${iso}::timestamptz`;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, { seed: 'demo' });
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }), t.clock.now());
  const db = t.db;

  const open = await post('/api/pos/cash-drawer/open', { float: '50.00' });
  expect(open.statusCode, open.body).toBe(201);
  session = open.json().session.id;
  const cashSale = (items: ReturnType<typeof line>[], cents: number) =>
    createOrder(db, {
      orderSource: 'pos',
      cashDrawerSessionId: session,
      paymentMethod: 'cash',
      cashReceivedCents: cents,
      changeCents: 0,
      items,
    });
  const a = await cashSale([line('Moussaka', 1, 1000, 1300), line('Beer', 1, 300, 2400)], 1300);
  const b = await cashSale([line('Souvlaki', 2, 450, 1300), line('Coffee', 1, 350, 2400)], 1250);
  const [beer] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, a.id), eq(orderItems.name, 'Beer')));
  const lineRefund = await post(`/api/admin/orders/${a.id}/refunds`, {
    reason: 'Beer was warm',
    lines: [{ orderItemId: beer!.id, quantity: 1 }],
  });
  expect(lineRefund.statusCode, lineRefund.body).toBe(201);
  expect(lineRefund.json()).toMatchObject({ amount: '3.00', state: 'done' });
  const amountRefund = await post(`/api/admin/orders/${b.id}/refunds`, {
    reason: 'Long wait',
    amount: '4.99',
  });
  expect(amountRefund.statusCode, amountRefund.body).toBe(201);
  // 50.00 + 13.00 + 12.50 - 3.00 - 4.99
  const close = await post('/api/pos/cash-drawer/close', { counted: '67.51' });
  expect(close.statusCode, close.body).toBe(200);

  // The day was 2026-04-14.
  await db
    .update(cashDrawerSessions)
    .set({ openedAt: at('2026-04-14T07:00:00Z'), closedAt: at('2026-04-14T18:00:00Z') })
    .where(eq(cashDrawerSessions.id, session));
  await db
    .update(orders)
    .set({ createdAt: at('2026-04-14T08:00:00Z') })
    .where(eq(orders.id, a.id));
  await db
    .update(orders)
    .set({ createdAt: at('2026-04-14T08:30:00Z') })
    .where(eq(orders.id, b.id));
  await db
    .update(refunds)
    .set({ createdAt: at('2026-04-14T10:00:00Z') })
    .where(eq(refunds.orderId, a.id));
  await db
    .update(refunds)
    .set({ createdAt: at('2026-04-14T11:00:00Z') })
    .where(eq(refunds.orderId, b.id));
  expect(
    await db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, [a.id, b.id])),
  ).toHaveLength(2);
});

afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
});

const BOOKS = [
  { rate: 13, net: '13.63', vat: '1.78', gross: '15.41' },
  { rate: 24, net: '1.69', vat: '0.41', gross: '2.10' },
];

describe('VAT per rate: sales less refunds, on the day of the refund', () => {
  it('Z report: the session’s sales less its refunds, per rate', async () => {
    const report = await get<ZReport>(`/api/pos/cash-drawer/sessions/${session}/report`);
    expect(report.sales).toBe('25.50');
    expect(report.refundsTotal).toBe('7.99');
    expect(report.netSales).toBe('17.51');
    expect(report.vat).toEqual(BOOKS);
  });

  it('calendar month: April 2026 the same', async () => {
    const month = await get<{ totalRevenue: string; vat: unknown }>(
      '/api/admin/stats/monthly/2026/4',
    );
    expect(month.totalRevenue).toBe('17.51');
    expect(month.vat).toEqual(BOOKS);
  });

  it('refunds CSV: net, VAT and gross per rate of each refund', async () => {
    const csv = await get<string>('/api/admin/export/refunds.csv?from=2026-04-14&to=2026-04-14');
    const rows = csv
      .trim()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(rows[0]!.slice(12)).toEqual([
      'net_13',
      'vat_13',
      'gross_13',
      'net_24',
      'vat_24',
      'gross_24',
    ]);
    expect(rows.slice(1).map((row) => [row[7], row[9], ...row.slice(12)])).toEqual([
      ['3.00', 'Beer was warm', '', '', '', '2.42', '0.58', '3.00'],
      ['4.99', 'Long wait', '3.18', '0.41', '3.59', '1.13', '0.27', '1.40'],
    ]);
  });
});

/**
 * 2026-05-20, its own session: C cash 13.00 = Moussaka 10.00 at 13 % + Beer 3.00 at 24 %; the Beer
 * is refunded (3.00 at 24 %), then the rest of the order (10.00, no lines): the rest is the
 * receipt less the Beer, all 13 %, not 10.00 spread over both rates (7.69 / 2.31). The day's VAT
 * per rate is nothing at either rate.
 */
describe('the rest of an order after a line refund', () => {
  let sessionC = '';

  beforeAll(async () => {
    const db = t.db;
    const open = await post('/api/pos/cash-drawer/open', { float: '50.00' });
    expect(open.statusCode, open.body).toBe(201);
    sessionC = open.json().session.id;
    const c = await createOrder(db, {
      orderSource: 'pos',
      cashDrawerSessionId: sessionC,
      paymentMethod: 'cash',
      cashReceivedCents: 1300,
      changeCents: 0,
      items: [line('Moussaka', 1, 1000, 1300), line('Beer', 1, 300, 2400)],
    });
    const [beer] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, c.id), eq(orderItems.name, 'Beer')));
    const first = await post(`/api/admin/orders/${c.id}/refunds`, {
      reason: 'Beer was warm',
      lines: [{ orderItemId: beer!.id, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const rest = await post(`/api/admin/orders/${c.id}/refunds`, { reason: 'Left' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ amount: '10.00' });
    const close = await post('/api/pos/cash-drawer/close', { counted: '50.00' });
    expect(close.statusCode, close.body).toBe(200);
    await db
      .update(cashDrawerSessions)
      .set({ openedAt: at('2026-05-20T07:00:00Z'), closedAt: at('2026-05-20T18:00:00Z') })
      .where(eq(cashDrawerSessions.id, sessionC));
    await db
      .update(orders)
      .set({ createdAt: at('2026-05-20T08:00:00Z') })
      .where(eq(orders.id, c.id));
    await db
      .update(refunds)
      .set({
        createdAt: sql`case when ${refunds.amountCents} = 300 then ${at('2026-05-20T10:00:00Z')} else ${at('2026-05-20T11:00:00Z')} end`,
      })
      .where(eq(refunds.orderId, c.id));
  });

  it('Z report and May: no VAT left at any rate', async () => {
    const report = await get<ZReport>(`/api/pos/cash-drawer/sessions/${sessionC}/report`);
    expect(report.netSales).toBe('0.00');
    expect(report.vat).toEqual([]);
    const month = await get<{ totalRevenue: string; vat: unknown }>(
      '/api/admin/stats/monthly/2026/5',
    );
    expect(month.totalRevenue).toBe('0.00');
    expect(month.vat).toEqual([]);
  });
});
