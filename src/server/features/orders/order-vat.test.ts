/**
 * VAT per rate on every output (DESIGN.md departure 15, decision 022), through the API on the
 * demo menu's Greek rates: food 13 %; drinks 13 % take-away, 24 % at a table; water 13 % both
 * (its own rates). Every expected figure was worked by hand: net = gross / (1 + rate), half
 * away from zero, per rate on each order's total; VAT = gross - net.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cashDrawerSessions, categories, orders, settings } from '#server/db/schema.ts';
import type { ZReport } from '#shared/cash-drawer/cash-drawer.schema.ts';
import type { MonthlyStats } from '#shared/calendar/calendar.schema.ts';
import type { Order } from '#shared/orders/order.schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { receiptEmail } from '../email/email-content.ts';
import { placeOrder, type OrderRequest } from './place-order.ts';

const t = useTestApp({ seed: 'demo' });
let staff: string;
let admin: string;

beforeAll(async () => {
  staff = await signIn(t.db, await createStaffUser(t.db, { role: 'staff', name: 'Pat Counter' }));
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin', name: 'Ada Owner' }));
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { cookie?: string; payload?: unknown; key?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.key) headers['idempotency-key'] = options.key;
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: nextClient(),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

const line = (menuItemId: string, quantity = 1) => ({
  menuItemId,
  quantity,
  customizations: { addOns: [] },
});

/** Through the one order pipeline (the same storeOrder every channel uses). */
async function place(request: Partial<OrderRequest>, status: 'paid' | 'pending' = 'paid') {
  const placed = await placeOrder(
    t.db,
    { source: 'website', type: 'pickup', lines: [], customer: null, ...request },
    { method: 'viva-wallet', status, now: t.clock.now() },
  );
  return placed.id;
}
/** Take-away: burger 10.90 + cola 2.90, all at 13 %. */
const takeAway = () => place({ lines: [line('classic-smash-burger'), line('cola')] });
/** At table 4: burger 10.90 and water 1.90 at 13 %, cola 2.90 at 24 %. */
const atTable = () =>
  place({
    source: 'table',
    type: 'dine-in',
    tableNumber: '4',
    lines: [line('classic-smash-burger'), line('cola'), line('water')],
  });

const readOrder = async (id: string) => {
  const response = await call('GET', `/api/orders/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Order>();
};

describe('the calendar month and the CSV give totals per rate', () => {
  beforeAll(async () => {
    const ids = [
      await takeAway(),
      await atTable(),
      await place({ lines: [line('cola')] }, 'pending'),
    ];
    // Moved to a day of their own: 10 March 2025, 12:00 in Tallinn (the demo's time zone).
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2025-03-10T10:00:00Z') })
      .where(inArray(orders.id, ids));
  });

  it('the month: 13 % 23.54 + 3.06 = 26.60 and 24 % 2.34 + 0.56 = 2.90 (the unpaid order counts nowhere)', async () => {
    const response = await call('GET', '/api/admin/stats/monthly/2025/3', { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const month = response.json<MonthlyStats>();
    expect(month.totalRevenue).toBe('29.50');
    expect(month.vat).toEqual([
      { rate: 13, net: '23.54', vat: '3.06', gross: '26.60' },
      { rate: 24, net: '2.34', vat: '0.56', gross: '2.90' },
    ]);
  });

  it('the orders CSV: net, VAT and gross columns per rate, filled on the orders in revenue', async () => {
    const response = await call(
      'GET',
      '/api/admin/export/orders.csv?from=2025-03-10&to=2025-03-10',
      {
        cookie: admin,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = response.body
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(header!.slice(-6)).toEqual([
      'net_13',
      'vat_13',
      'gross_13',
      'net_24',
      'vat_24',
      'gross_24',
    ]);
    expect(rows.map((row) => [row[4], row[16], ...row.slice(-6)])).toEqual([
      ['pickup', '13.80', '12.21', '1.59', '13.80', '', '', ''],
      ['dine-in', '15.70', '11.33', '1.47', '12.80', '2.34', '0.56', '2.90'],
      ['pickup', '2.90', '', '', '', '', '', ''],
    ]);
  });

  it("the order-lines CSV says each line's rate", async () => {
    const response = await call(
      'GET',
      '/api/admin/export/order-lines.csv?from=2025-03-10&to=2025-03-10',
      { cookie: admin },
    );
    const [header, ...rows] = response.body
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(header!.at(-1)).toBe('vat_rate');
    expect(rows.map((row) => [row[3], row.at(-1)])).toEqual([
      ['Classic Smash Burger', '13'],
      ['Cola 0.5 l', '13'],
      ['Classic Smash Burger', '13'],
      ['Cola 0.5 l', '24'],
      ['Still Water 0.5 l', '13'],
      ['Cola 0.5 l', '13'],
    ]);
  });
});

describe('GET /api/orders/:id carries vat', () => {
  it('a take-away order: 13.80 at 13 % is 12.21 net and 1.59 VAT', async () => {
    expect((await readOrder(await takeAway())).vat).toEqual([
      { rate: 13, net: '12.21', vat: '1.59', gross: '13.80' },
    ]);
  });

  it('a table order uses the eat-in rates: the cola at 24 %, the water keeps its own 13 %', async () => {
    const order = await readOrder(await atTable());
    expect(order.total).toBe('15.70');
    expect(order.vat).toEqual([
      { rate: 13, net: '11.33', vat: '1.47', gross: '12.80' },
      { rate: 24, net: '2.34', vat: '0.56', gross: '2.90' },
    ]);
  });
});

describe('the counter sale and the Z report', () => {
  it('the cash sale answers its vat, and the report adds the orders per rate', async () => {
    await t.db
      .update(cashDrawerSessions)
      .set({ closedAt: new Date(), countedCents: 0, expectedCents: 0 })
      .where(eq(cashDrawerSessions.closedAt, cashDrawerSessions.closedAt));
    const opened = await call('POST', '/api/pos/cash-drawer/open', {
      cookie: staff,
      payload: { float: '50.00' },
      key: randomUUID(),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const sessionId = opened.json<{ session: { id: string } }>().session.id;
    const sell = async (items: ReturnType<typeof line>[]) => {
      const response = await call('POST', '/api/orders', {
        cookie: staff,
        key: randomUUID(),
        payload: { paymentMethod: 'cash', items },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ vat: unknown }>();
    };
    // Two burgers and a cola, 24.70; then a lemonade, 3.90: all take-away at 13 %.
    expect((await sell([line('classic-smash-burger', 2), line('cola')])).vat).toEqual([
      { rate: 13, net: '21.86', vat: '2.84', gross: '24.70' },
    ]);
    expect((await sell([line('lemonade')])).vat).toEqual([
      { rate: 13, net: '3.45', vat: '0.45', gross: '3.90' },
    ]);
    const response = await call('GET', `/api/pos/cash-drawer/sessions/${sessionId}/report`, {
      cookie: staff,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<ZReport>();
    expect(report.sales).toBe('28.60');
    expect(report.vat).toEqual([{ rate: 13, net: '25.31', vat: '3.29', gross: '28.60' }]);
  });
});

describe('the Menu Editor sets the rates', () => {
  it('lists each category with its rates; a new one takes the shop defaults', async () => {
    const listed = await call('GET', '/api/admin/menu/categories', { cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ id: string }[]>().find((c) => c.id === 'drinks')).toMatchObject({
      vatTakeAway: 13,
      vatEatIn: 24,
    });
    expect((await call('GET', '/api/admin/menu/categories')).statusCode).toBe(401);
    await t.db
      .insert(settings)
      .values({ key: 'vat_default_eat_in', value: '24' })
      .onConflictDoUpdate({ target: settings.key, set: { value: '24' } });
    const coffee = await call('POST', '/api/menu/categories', {
      cookie: admin,
      payload: { id: 'coffee', name: 'Coffee', icon: '☕' },
    });
    expect(coffee.statusCode, coffee.body).toBe(201);
    expect(coffee.json()).toMatchObject({ vatTakeAway: 13, vatEatIn: 24 });
    const reduced = await call('POST', '/api/menu/categories', {
      cookie: admin,
      payload: { id: 'books', name: 'Books', icon: '📚', vatTakeAway: 5.5, vatEatIn: 5.5 },
    });
    expect(reduced.json()).toMatchObject({ vatTakeAway: 5.5, vatEatIn: 5.5 });
  });

  it('refuses a rate that is not a percentage with 400 naming the field', async () => {
    for (const vatEatIn of [101, -1, 13.005, '13']) {
      const response = await call('POST', '/api/menu/categories', {
        cookie: admin,
        payload: { id: 'bad-rate', name: 'Bad', icon: '❌', vatEatIn },
      });
      expect(response.statusCode, String(vatEatIn)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/VAT rate|vatEatIn/);
    }
  });

  it('a rate changed after the order leaves its VAT as it was (the line keeps its rate)', async () => {
    const before = await atTable();
    const [drinks] = await t.db.select().from(categories).where(eq(categories.id, 'drinks'));
    const changed = await call('PUT', '/api/menu/categories/drinks', {
      cookie: admin,
      payload: { name: drinks!.name, icon: drinks!.icon, vatTakeAway: 13, vatEatIn: 10 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ vatTakeAway: 13, vatEatIn: 10 });
    expect((await readOrder(before)).vat).toEqual([
      { rate: 13, net: '11.33', vat: '1.47', gross: '12.80' },
      { rate: 24, net: '2.34', vat: '0.56', gross: '2.90' },
    ]);
    // A new order takes the new rate: the cola 2.90 at 10 % is 2.64 net.
    const after = await place({
      source: 'table',
      type: 'dine-in',
      tableNumber: '2',
      lines: [line('cola')],
    });
    expect((await readOrder(after)).vat).toEqual([
      { rate: 10, net: '2.64', vat: '0.26', gross: '2.90' },
    ]);
  });
});

describe('the receipt e-mail', () => {
  it('lists net, VAT and gross per rate under the total', () => {
    const lines = [
      { name: 'Classic Smash Burger', price: 1090, rate: 1300 },
      { name: 'Cola 0.5 l', price: 290, rate: 2400 },
      { name: 'Still Water 0.5 l', price: 190, rate: 1300 },
    ].map(({ name, price, rate }) => ({
      name,
      quantity: 1,
      totalPriceCents: price,
      sauce: null,
      bread: null,
      addOns: [],
      specialInstructions: null,
      discount: null,
      vatRateBp: rate,
    }));
    const email = receiptEmail({
      shop: { name: 'Smoke & Bun', address: 'Telliskivi 60a, Tallinn', phone: '' },
      order: {
        orderNumber: 1042,
        customerFirstName: 'Mari',
        type: 'dine-in',
        tableNumber: '4',
        subtotalCents: 1570,
        discountCents: 0,
        deliveryFeeCents: 0,
        totalCents: 1570,
        specialInstructions: null,
        isTest: false,
        createdAt: new Date('2026-06-12T15:05:00Z'),
      },
      lines,
      confirmationUrl: 'https://shop.test/order-confirmation/x',
      timeZone: 'Europe/Tallinn',
    });
    expect(email.text).toContain(
      [
        'Total: €15.70',
        '',
        'Prices include VAT:',
        'VAT 13 %: net €11.33, VAT €1.47, gross €12.80',
        'VAT 24 %: net €2.34, VAT €0.56, gross €2.90',
      ].join('\n'),
    );
    expect(email.html).toContain(
      '<tr><td>24 %</td><td style="text-align:right">€2.34</td><td style="text-align:right">€0.56</td><td style="text-align:right">€2.90</td></tr>',
    );
  });
});
