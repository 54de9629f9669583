/**
 * The Order Calendar's month and year on a scripted calendar (Europe/Tallinn): the first and
 * last evenings of October 2026 and the end of summer time on the 25th (two 03:30s). Every
 * expected figure is worked out by hand below.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo', clockStart: '2026-11-05T10:00:00Z' });
let admin: string;

const line = (cents: number) => ({
  name: 'Classic Smash Burger',
  basePriceCents: cents,
  unitPriceCents: cents,
  quantity: 1,
  totalPriceCents: cents,
});

beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  const at = (iso: string) => new Date(iso);
  // O1: 1 Oct 00:05 local (UTC+3) -> October. Paid, website, 10.90.
  await createOrder(t.db, { createdAt: at('2026-09-30T21:05:00Z'), items: [line(1090)] });
  // O2: 30 Sep 23:55 local -> September. Paid, 20.00.
  await createOrder(t.db, { createdAt: at('2026-09-30T20:55:00Z'), items: [line(2000)] });
  // O3: 25 Oct 03:30 EEST -> October. Paid, counter, cash, 6.50.
  await createOrder(t.db, {
    createdAt: at('2026-10-25T00:30:00Z'),
    orderSource: 'pos',
    paymentMethod: 'cash',
    items: [line(650)],
  });
  // O4: 25 Oct 03:30 EET (an hour later) -> October. Unpaid, website, 13.00.
  await createOrder(t.db, {
    createdAt: at('2026-10-25T01:30:00Z'),
    paymentStatus: 'pending',
    items: [line(1300)],
  });
  // O5: 31 Oct 23:30 local (UTC+2) -> October. Paid, table, 21.80.
  await createOrder(t.db, {
    createdAt: at('2026-10-31T21:30:00Z'),
    orderSource: 'table',
    type: 'dine-in',
    tableNumber: '4',
    items: [line(2180)],
  });
  // O6: 1 Nov 00:10 local -> November. Paid, 54.50.
  await createOrder(t.db, { createdAt: at('2026-10-31T22:10:00Z'), items: [line(5450)] });
  // O7: 15 Oct, paid 99.00 but deleted: counts nowhere.
  await createOrder(t.db, {
    createdAt: at('2026-10-15T12:00:00Z'),
    deletedAt: at('2026-10-15T13:00:00Z'),
    deletedReason: 'test',
    items: [line(9900)],
  });
  // O8: 10 Oct 2025: last year's October. Paid, 30.00.
  await createOrder(t.db, { createdAt: at('2025-10-10T12:00:00Z'), items: [line(3000)] });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });

describe('GET /api/admin/stats/monthly/:year/:month', () => {
  it('October 2026, by the shop calendar', async () => {
    const response = await get('/api/admin/stats/monthly/2026/10');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      year: 2026,
      month: 10,
      totalOrders: 4,
      paidOrders: 3,
      totalRevenue: '39.20',
      testOrdersNotCounted: 0,
      days: [
        { date: '2026-10-01', orders: 1, paidOrders: 1, revenue: '10.90', testOrdersNotCounted: 0 },
        { date: '2026-10-25', orders: 2, paidOrders: 1, revenue: '6.50', testOrdersNotCounted: 0 },
        { date: '2026-10-31', orders: 1, paidOrders: 1, revenue: '21.80', testOrdersNotCounted: 0 },
      ],
      lastYear: { totalOrders: 1, paidOrders: 1, totalRevenue: '30.00', testOrdersNotCounted: 0 },
      bySource: [
        { key: 'website', orders: 2, revenue: '10.90' },
        { key: 'pos', orders: 1, revenue: '6.50' },
        { key: 'table', orders: 1, revenue: '21.80' },
      ],
      byPaymentMethod: [
        { key: 'viva-wallet', orders: 3, revenue: '32.70' },
        { key: 'cash', orders: 1, revenue: '6.50' },
      ],
      // Decision 022: each paid order at 13 % (lines stored before VAT got 13 %), rounded as
      // its receipt: 10.90 = 9.65 + 1.25, 6.50 = 5.75 + 0.75, 21.80 = 19.29 + 2.51.
      vat: [{ rate: 13, net: '34.69', vat: '4.51', gross: '39.20' }],
    });
  });

  it('November 2026 starts at local midnight; an empty month is zeros', async () => {
    expect((await get('/api/admin/stats/monthly/2026/11')).json()).toMatchObject({
      totalOrders: 1,
      totalRevenue: '54.50',
      days: [
        { date: '2026-11-01', orders: 1, paidOrders: 1, revenue: '54.50', testOrdersNotCounted: 0 },
      ],
    });
    expect((await get('/api/admin/stats/monthly/2026/2')).json()).toMatchObject({
      totalOrders: 0,
      paidOrders: 0,
      totalRevenue: '0.00',
      days: [],
      bySource: [],
    });
  });

  it.each([
    ['/api/admin/stats/monthly/2026/13', /month from 1 to 12/],
    ['/api/admin/stats/monthly/2026/0', /month from 1 to 12/],
    ['/api/admin/stats/monthly/abc/10', /year/],
    ['/api/admin/stats/yearly/1999', /year from 2000/],
  ])('%s is a 400 with a message', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
  });
});

describe('GET /api/admin/stats/yearly/:year', () => {
  it('2026 by month', async () => {
    expect((await get('/api/admin/stats/yearly/2026')).json()).toEqual({
      year: 2026,
      totalOrders: 6,
      paidOrders: 5,
      totalRevenue: '113.70',
      testOrdersNotCounted: 0,
      months: [
        { month: 9, totalOrders: 1, paidOrders: 1, totalRevenue: '20.00', testOrdersNotCounted: 0 },
        {
          month: 10,
          totalOrders: 4,
          paidOrders: 3,
          totalRevenue: '39.20',
          testOrdersNotCounted: 0,
        },
        {
          month: 11,
          totalOrders: 1,
          paidOrders: 1,
          totalRevenue: '54.50',
          testOrdersNotCounted: 0,
        },
      ],
    });
  });
});
