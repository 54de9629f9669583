/**
 * No 500 from the counter's input, and a ceiling on a counter sale like the website's
 * (docs/operations.md "Limits"): cash received is at most 100,000.00 €; a counter sale (cash at
 * POST /api/orders and /api/admin/orders, card through create-payment) is at most
 * `max_counter_order_total`, 2,000.00 € unless the owner changes it.
 */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { WALK_IN_CUSTOMER } from '#shared/pos/pos.schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { openCashDrawer } from '../../../../tests/factories/cash-drawer.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';

const t = useTestApp({ seed: 'demo' });
let staffCookie: string;
let adminCookie: string;

beforeAll(async () => {
  // Every counter cash sale needs an open drawer (decision 012, update 2026-11-25).
  await openCashDrawer(t.db, await createStaffUser(t.db, { role: 'staff' }));
  staffCookie = await signIn(t.db, await createStaffUser(t.db, { role: 'staff' }));
  adminCookie = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
});

/** Classic Smash Burger, 10.90 € in the demo menu. */
const burgers = (quantity: number) => ({
  menuItemId: 'classic-smash-burger',
  name: 'Classic Smash Burger',
  quantity,
  customizations: {},
});
/** 50 lines of 99 burgers: 4,950 × 10.90 € = 53,955.00 €, the sale that was accepted. */
const HUGE_SALE = Array.from({ length: 50 }, () => burgers(99));
const ADMIN_CUSTOMER = {
  firstName: 'Liis',
  lastName: 'Lepp',
  email: 'liis.counter@example.com',
  phone: '+372 5550 7777',
};

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

function sell(
  body: Record<string, unknown>,
  { url = '/api/orders', cookie = staffCookie }: { url?: string; cookie?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextClient(),
    headers: { cookie, 'idempotency-key': randomUUID() },
    payload: { paymentMethod: 'cash', items: [burgers(1)], ...body },
  });
}

describe('cash received has an upper bound', () => {
  for (const cashReceived of [30000000, 1e300, '1e300', '30000000.00', -5, 'lots']) {
    it(`cashReceived ${JSON.stringify(cashReceived)} is a 400 naming the field`, async () => {
      const before = await orderCount();
      const response = await sell({ cashReceived });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(
        /^cashReceived: .*(0 to 100000|not an amount)/,
      );
      expect(await orderCount()).toBe(before);
    });
  }

  it('100,000.00 € handed over for a burger is a sale with its change', async () => {
    const response = await sell({ cashReceived: 100000 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ total: '10.90', change: '99989.10' });
  });

  it('the informational amounts a client sends are bounded too', async () => {
    for (const field of ['subtotal', 'total', 'deliveryFee']) {
      const response = await sell({ [field]: 1e300 });
      expect(response.statusCode, `${field} ${response.body}`).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
    }
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      remoteAddress: nextClient(),
      payload: {
        amount: 1e300,
        customerEmail: 'ann@example.com',
        customerName: 'Ann Smith',
        customerPhone: '+372 5550 0000',
        orderData: { type: 'pickup', items: [{ ...burgers(1), price: 1e300 }] },
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(400);
  });
});

describe('a counter sale has a ceiling (max_counter_order_total, 2,000.00 € by default)', () => {
  it('the 53,955.00 € cash sale is refused at the staff and the admin POS, with what to do', async () => {
    const before = await orderCount();
    const staff = await sell({ items: HUGE_SALE, cashReceived: 53955 });
    expect(staff.statusCode, staff.body).toBe(400);
    expect(staff.json()).toEqual({
      error:
        'A counter sale can be at most €2,000.00 (this one is €53,955.00). Split it, or ask the owner to raise the counter limit.',
    });
    const admin = await sell(
      { items: HUGE_SALE, cashReceived: 53955, customer: ADMIN_CUSTOMER },
      { url: '/api/admin/orders', cookie: adminCookie },
    );
    expect(admin.statusCode, admin.body).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('up to the ceiling a counter sale goes through, above the website ceiling of 300.00 € too', async () => {
    // 40 × 10.90 = 436.00 €: more than a website order may be, a normal counter catering sale.
    const response = await sell({ items: [burgers(40)], cashReceived: 500 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ total: '436.00', change: '64.00' });
  });

  it('the owner sets the ceiling; a counter card payment keeps to it too', async () => {
    await setSetting(t.db, 'max_counter_order_total', '400');
    try {
      const cash = await sell({ items: [burgers(40)], cashReceived: 500 });
      expect(cash.statusCode).toBe(400);
      expect(cash.json<{ error: string }>().error).toMatch(/at most €400\.00/);
      const card = (quantity: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/viva-wallet/create-payment',
          remoteAddress: nextClient(),
          headers: { cookie: staffCookie },
          payload: {
            customerEmail: WALK_IN_CUSTOMER.email,
            customerName: WALK_IN_CUSTOMER.name,
            customerPhone: WALK_IN_CUSTOMER.phone,
            contactless: true,
            orderData: { type: 'pickup', orderSource: 'pos', items: [burgers(quantity)] },
          },
        });
      // 36 × 10.90 = 392.40 €: above the website's 300.00 €, within the counter's 400.00 €.
      expect((await card(36)).statusCode).toBe(200);
      const over = await card(40);
      expect(over.statusCode).toBe(400);
      expect(over.json<{ error: string }>().error).toMatch(
        /^A counter sale can be at most €400\.00/,
      );
    } finally {
      await setSetting(t.db, 'max_counter_order_total', '2000');
    }
  });

  it('the setting takes 1 to 100000 euro', async () => {
    for (const [value, status] of [
      ['2500', 200],
      ['0', 400],
      ['100001', 400],
      ['lots', 400],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/max_counter_order_total',
        headers: { cookie: adminCookie },
        payload: { value },
      });
      expect(response.statusCode, `${value} ${response.body}`).toBe(status);
    }
    await setSetting(t.db, 'max_counter_order_total', '2000');
  });
});
