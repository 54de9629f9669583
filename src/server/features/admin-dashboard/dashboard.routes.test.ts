/**
 * The dashboard's day on a scripted calendar (shop time zone Europe/Tallinn): orders around
 * local midnight and across the end of summer time (2026-10-25 04:00 EEST -> 03:00 EET, a
 * 25-hour day). Every expected figure is worked out by hand below, not by the code.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, orders, payments } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo', clockStart: '2026-10-25T10:00:00Z' });
let admin: string;
let adminName: string;
const ids: Record<string, string> = {};

const burger = (quantity: number) => ({
  name: 'Classic Smash Burger',
  basePriceCents: 1090,
  unitPriceCents: 1090,
  quantity,
  totalPriceCents: 1090 * quantity,
});
const fries = (quantity: number) => ({
  name: 'Loaded Fries',
  basePriceCents: 650,
  unitPriceCents: 650,
  quantity,
  totalPriceCents: 650 * quantity,
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });

beforeAll(async () => {
  const account = await createStaffUser(t.db, { role: 'admin', name: 'Owner Olga' });
  adminName = account.name;
  admin = await signIn(t.db, account);
  const [liis, mart] = await t.db
    .insert(customers)
    .values([
      {
        firstName: 'Liis',
        lastName: 'Tamm',
        email: 'liis.tamm@example.ee',
        phone: '+372 5111 2222',
      },
      { firstName: 'Mart', lastName: 'Kask', email: 'mart@example.ee', phone: '+372 5333 4444' },
    ])
    .returning();
  const liisFields = {
    customerId: liis!.id,
    customerFirstName: 'Liis',
    customerLastName: 'Tamm',
    customerEmail: 'liis.tamm@example.ee',
    customerPhone: '+372 5111 2222',
  };
  const martFields = {
    customerId: mart!.id,
    customerFirstName: 'Mart',
    customerLastName: 'Kask',
    customerEmail: 'mart@example.ee',
    customerPhone: '+372 5333 4444',
  };
  ids.liis = liis!.id;
  // The card payment behind A remembers the order as priced, the customer included.
  const [payment] = await t.db
    .insert(payments)
    .values({
      provider: 'simulator',
      status: 'paid',
      amountCents: 1090,
      orderData: {
        customer: {
          firstName: 'Liis',
          lastName: 'Tamm',
          email: 'liis.tamm@example.ee',
          phone: '+372 5111 2222',
        },
        lines: [],
      } as never,
    })
    .returning();
  // A: 24 Oct 23:59 local (EEST, UTC+3): the 24th.
  ids.a = (
    await createOrder(t.db, {
      paymentId: payment!.id,
      createdAt: new Date('2026-10-24T20:59:00Z'),
      status: 'completed',
      items: [burger(1)],
      ...liisFields,
    })
  ).id;
  // B: 25 Oct 00:01 local: the 25th. Paid, 2 burgers + 1 fries = 28.30, pending.
  ids.b = (
    await createOrder(t.db, {
      createdAt: new Date('2026-10-24T21:01:00Z'),
      status: 'pending',
      items: [burger(2), fries(1)],
      ...martFields,
    })
  ).id;
  // C: 03:30 EEST (the first 03:30): unpaid, pending. Counts as an order, not as revenue.
  ids.c = (
    await createOrder(t.db, {
      createdAt: new Date('2026-10-25T00:30:00Z'),
      status: 'pending',
      paymentStatus: 'pending',
      items: [fries(2)],
      ...liisFields,
    })
  ).id;
  // D: 03:30 EET (the second 03:30, an hour later): paid, ready, 3 fries = 19.50.
  ids.d = (
    await createOrder(t.db, {
      createdAt: new Date('2026-10-25T01:30:00Z'),
      status: 'ready',
      items: [fries(3)],
      ...liisFields,
    })
  ).id;
  // E: 25 Oct 23:59 local (EET, UTC+2): paid walk-in without a customer record, completed.
  ids.e = (
    await createOrder(t.db, {
      createdAt: new Date('2026-10-25T21:59:00Z'),
      status: 'completed',
      orderSource: 'pos',
      paymentMethod: 'cash',
      items: [burger(1)],
      customerFirstName: 'Walk-in',
      customerLastName: '',
      customerEmail: '',
      customerPhone: '',
    })
  ).id;
  // F: 26 Oct 00:00 local: the 26th.
  ids.f = (
    await createOrder(t.db, {
      createdAt: new Date('2026-10-25T22:00:00Z'),
      status: 'pending',
      items: [burger(5)],
      ...martFields,
    })
  ).id;
});

describe('the day in the shop time zone', () => {
  // Hand-computed:
  // 24th: A only -> 1 order, 10.90 revenue, 0 pending, 1 customer (Liis); burger x1.
  // 25th: B, C, D, E -> 4 orders; revenue B 28.30 + D 19.50 + E 10.90 = 58.70 (C unpaid);
  //   pending B, C, D (pending, pending, ready) = 3; customers Mart, Liis = 2 (E has none);
  //   item sales of paid B, D, E: burger 2+1 = 3 for 32.70, fries 1+3 = 4 for 26.00.
  // 26th: F -> 1 order, 54.50.
  it.each([
    ['2026-10-24', { todayOrders: 1, todayRevenue: '10.90', pendingOrders: 0, totalCustomers: 1 }],
    ['2026-10-25', { todayOrders: 4, todayRevenue: '58.70', pendingOrders: 3, totalCustomers: 2 }],
    ['2026-10-26', { todayOrders: 1, todayRevenue: '54.50', pendingOrders: 1, totalCustomers: 1 }],
    ['2026-10-23', { todayOrders: 0, todayRevenue: '0.00', pendingOrders: 0, totalCustomers: 0 }],
  ])('stats for %s', async (date, expected) => {
    const response = await get(`/api/admin/stats/${date}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ date, ...expected, testOrdersNotCounted: 0 });
  });

  it('GET /api/admin/stats is today on the shop clock (10:00Z on the 25th is the 25th)', async () => {
    expect((await get('/api/admin/stats')).json()).toMatchObject({
      date: '2026-10-25',
      todayOrders: 4,
    });
    // 22:30Z on the 25th is 00:30 on the 26th in Tallinn.
    t.clock.set('2026-10-25T22:30:00Z');
    expect((await get('/api/admin/stats')).json()).toMatchObject({ date: '2026-10-26' });
    t.clock.set('2026-10-25T10:00:00Z');
  });

  it('item sales of the 25th and the 24th', async () => {
    expect((await get('/api/admin/item-sales/2026-10-25')).json()).toEqual([
      { itemName: 'Loaded Fries', quantity: 4, revenue: '26.00' },
      { itemName: 'Classic Smash Burger', quantity: 3, revenue: '32.70' },
    ]);
    expect((await get('/api/admin/item-sales/2026-10-24')).json()).toEqual([
      { itemName: 'Classic Smash Burger', quantity: 1, revenue: '10.90' },
    ]);
    expect((await get('/api/admin/item-sales')).json()).toHaveLength(2);
  });

  it("the day's orders, newest first, with lines and the order numbers of E, D, C, B", async () => {
    const response = await get('/api/admin/orders/2026-10-25');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as { id: string; items: unknown[]; total: string }[];
    expect(list.map((order) => order.id)).toEqual([ids.e, ids.d, ids.c, ids.b]);
    expect(list[3]).toMatchObject({ total: '28.30', items: [{ quantity: 2 }, { quantity: 1 }] });
  });

  it("one order of the day's list, as the list shows it: ?order=<id>; none for another day's", async () => {
    const day = (await get('/api/admin/orders/2026-10-25')).json() as { id: string }[];
    const one = await get(`/api/admin/orders/2026-10-25?order=${ids.c}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(day.filter((order) => order.id === ids.c));
    expect(one.json()).toHaveLength(1);
    // A, on the 24th, is not in the 25th's list.
    expect((await get(`/api/admin/orders/2026-10-25?order=${ids.a}`)).json()).toEqual([]);
    expect((await get(`/api/admin/orders/2026-10-24?order=${ids.a}`)).json()).toMatchObject([
      { id: ids.a },
    ]);
    const refused = await get('/api/admin/orders/2026-10-25?order=not-an-id');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('order: must be an order id');
  });

  it('refuses a date that does not exist, with a message', async () => {
    const response = await get('/api/admin/stats/2026-02-30');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/date/i);
  });
});

describe('delete keeps the books', () => {
  it('a deleted order leaves the stats and the day list, and stays in the deleted list and the audit', async () => {
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${ids.d}`,
      headers: { cookie: admin },
      payload: {},
    });
    expect(refused.statusCode).toBe(400);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${ids.d}`,
      headers: { cookie: admin },
      payload: { reason: 'Entered twice by mistake' },
    });
    expect(response.statusCode, response.body).toBe(200);
    // 25th without D: 3 orders, 58.70 - 19.50 = 39.20, pending B and C = 2, customers still 2 (C is Liis).
    expect((await get('/api/admin/stats/2026-10-25')).json()).toEqual({
      date: '2026-10-25',
      todayOrders: 3,
      todayRevenue: '39.20',
      pendingOrders: 2,
      testOrdersNotCounted: 0,
      totalCustomers: 2,
    });
    const day = (await get('/api/admin/orders/2026-10-25')).json() as { id: string }[];
    expect(day.map((order) => order.id)).not.toContain(ids.d);
    // Asked for alone: gone from the day's list, there in the deleted one.
    expect((await get(`/api/admin/orders/2026-10-25?order=${ids.d}`)).json()).toEqual([]);
    expect(
      (await get(`/api/admin/orders/2026-10-25?deleted=true&order=${ids.d}`)).json(),
    ).toMatchObject([{ id: ids.d }]);
    const deleted = (await get('/api/admin/orders/2026-10-25?deleted=true')).json();
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({
      id: ids.d,
      deletion: { deletedBy: adminName, reason: 'Entered twice by mistake' },
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, ids.d!));
    expect(row!.totalCents).toBe(1950);
    const audit = (await get('/api/admin/audit-log')).json();
    expect(audit[0]).toMatchObject({
      actor: adminName,
      action: 'order.deleted',
      subject: `Order #${row!.orderNumber}`,
    });
    expect(audit[0].detail).toContain('Entered twice by mistake');
    // Twice is a conflict, not a second entry.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${ids.d}`,
      headers: { cookie: admin },
      payload: { reason: 'Entered twice by mistake' },
    });
    expect(again.statusCode).toBe(409);
    // The kitchen no longer lists it.
    const kitchen = (await get('/api/kitchen/orders')).json() as { id: string }[];
    expect(kitchen.map((order) => order.id)).not.toContain(ids.d);
  });

  it('erasing a customer removes the name, e-mail and phone from every table and keeps the revenue', async () => {
    const before = (await get('/api/admin/stats/2026-10-24')).json();
    const listed = (await get('/api/admin/customers')).json() as {
      id: string;
      orderCount: number;
    }[];
    expect(listed.find((customer) => customer.id === ids.liis)).toMatchObject({ orderCount: 2 });

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/customers/${ids.liis}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await get('/api/admin/stats/2026-10-24')).json()).toEqual(before);
    const after = (await get('/api/admin/customers')).json() as { id: string }[];
    expect(after.map((customer) => customer.id)).not.toContain(ids.liis);

    // Search every text and json column of every table for the person.
    const columns = (await t.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying', 'json')
    `)) as unknown as { rows: { table_name: string; column_name: string }[] };
    const rows = 'rows' in columns ? columns.rows : (columns as never);
    expect(rows.length).toBeGreaterThan(20);
    for (const needle of ['Liis', 'Tamm', 'liis.tamm@example.ee', '5111 2222']) {
      for (const { table_name, column_name } of rows) {
        const found = (await t.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${'%' + needle + '%'}`,
        )) as unknown as { rows: { n: number }[] };
        expect(found.rows[0]!.n, `${needle} in ${table_name}.${column_name}`).toBe(0);
      }
    }
    // The amounts and lines stay.
    const [a] = await t.db.select().from(orders).where(eq(orders.id, ids.a!));
    expect(a).toMatchObject({ totalCents: 1090, customerFirstName: 'Erased', customerEmail: '' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.erased'));
    expect(entry!.subject).toMatch(/^Customer C-\d{4}$/);
  });
});

describe('payment status', () => {
  it('marks an unpaid order paid: it joins the revenue and the kitchen', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${ids.c}/payment`,
      headers: { cookie: admin },
      payload: { paymentStatus: 'paid' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ paymentStatus: 'paid' });
    // 39.20 + C (2 fries, 13.00) = 52.20
    expect((await get('/api/admin/stats/2026-10-25')).json()).toMatchObject({
      todayRevenue: '52.20',
    });
    const kitchen = (await get('/api/kitchen/orders')).json() as { id: string }[];
    expect(kitchen.map((order) => order.id)).toContain(ids.c);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${ids.c}/payment`,
      headers: { cookie: admin },
      payload: { paymentStatus: 'free' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  it('one row per order and one per line, local times, decimals', async () => {
    const response = await get('/api/admin/export/orders.csv?from=2026-10-24&to=2026-10-25');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-10-24-to-2026-10-25.csv"',
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'order_number,date,time,source,type,table,status,payment_method,payment_status,customer_first_name,customer_last_name,customer_email,customer_phone,subtotal,discount,delivery_fee,total,taken_by,test,in_the_books,net_13,vat_13,gross_13',
    );
    // A, B, C, E (D deleted, F on the 26th), oldest first; local dates and times.
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 3).join(' '))).toEqual([
      '2026-10-24 23:59',
      '2026-10-25 00:01',
      '2026-10-25 03:30',
      '2026-10-25 23:59',
    ]);
    expect(lines[2]).toContain(',Mart,Kask,mart@example.ee,');
    expect(lines[2]).toContain(',28.30,0.00,0.00,28.30,');
    // Decision 022: 28.30 at 13 % is 25.04 net and 3.26 VAT.
    expect(lines[2]).toMatch(/,25\.04,3\.26,28\.30$/);

    const orderLines = await get('/api/admin/export/order-lines.csv?from=2026-10-25&to=2026-10-25');
    const rows = orderLines.body.trim().split('\r\n');
    // B has 2 lines, C 1, E 1.
    expect(rows).toHaveLength(1 + 4);
    expect(rows[1]).toMatch(
      /^\d+,2026-10-25,00:01,Classic Smash Burger,2,10.90,10.90,,,,,,21.80,,13$/,
    );
  });

  it('refuses a backwards range', async () => {
    const response = await get('/api/admin/export/orders.csv?from=2026-10-25&to=2026-10-24');
    expect(response.statusCode).toBe(400);
  });
});
