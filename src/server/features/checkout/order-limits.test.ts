/**
 * Safe by default: the shop's ceilings on one line's quantity and one order's total
 * (settings max_line_quantity, max_order_total) refuse an order before any payment starts.
 */
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createMenuItem } from '../../../../tests/factories/menu.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });

let brisketId: string;
beforeAll(async () => {
  const brisket = await createMenuItem(t.db, { name: 'Whole Brisket', basePriceCents: 2_000 });
  brisketId = brisket.id;
});

const createPayment = (items: { menuItemId: string; quantity: number }[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    payload: {
      customerEmail: 'ann@example.com',
      customerName: 'Ann Smith',
      customerPhone: '+372 5550 0000',
      orderData: { items },
    },
  });

const paymentCount = async () => (await t.db.select({ n: count() }).from(payments))[0]!.n;

describe('order ceilings', () => {
  it('takes up to 30 of one item by default and refuses 31, saying what to do', async () => {
    expect((await createPayment([{ menuItemId: 'cola', quantity: 30 }])).statusCode).toBe(200);
    const before = await paymentCount();
    const refused = await createPayment([{ menuItemId: 'cola', quantity: 31 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'You can order at most 30 × "Cola 0.5 l" online. For more, please call us on +372 5555 0199.',
    );
    expect(await paymentCount()).toBe(before);
  });

  it('takes an order of €300.00 by default and refuses €300.01 or more', async () => {
    // 15 × €20.00 = €300.00 exactly.
    expect((await createPayment([{ menuItemId: brisketId, quantity: 15 }])).statusCode).toBe(200);
    const before = await paymentCount();
    const refused = await createPayment([
      { menuItemId: brisketId, quantity: 15 },
      { menuItemId: 'cola', quantity: 1 },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'Online orders can be at most €300.00. For a bigger order, please call us on +372 5555 0199.',
    );
    expect(await paymentCount()).toBe(before);
  });

  it('follows the settings the owner sets', async () => {
    const admin = await createStaffUser(t.db, { role: 'admin' });
    const cookie = await signIn(t.db, admin, t.clock.now());
    const put = (key: string, value: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/settings/${key}`,
        headers: { cookie },
        payload: { value },
      });
    expect((await put('max_line_quantity', '5')).statusCode).toBe(200);
    expect((await put('max_order_total', '1000')).statusCode).toBe(200);
    expect((await createPayment([{ menuItemId: 'cola', quantity: 6 }])).statusCode).toBe(400);
    expect((await createPayment([{ menuItemId: brisketId, quantity: 5 }])).statusCode).toBe(200);
    for (const [key, value] of [
      ['max_line_quantity', '0'],
      ['max_line_quantity', '100'],
      ['max_line_quantity', '2.5'],
      ['max_order_total', 'lots'],
      ['max_order_total', '0'],
    ]) {
      const response = await put(key!, value!);
      expect(response.statusCode, `${key}=${value}`).toBe(400);
    }
    await setSetting(t.db, 'max_line_quantity', '30');
    await setSetting(t.db, 'max_order_total', '300');
  });
});
