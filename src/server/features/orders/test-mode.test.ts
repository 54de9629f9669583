/**
 * Test mode (DESIGN.md "payments"): while the payment simulator is on, the storefront is told
 * so (every screen shows the ribbon) and every order it makes is marked test, on the
 * confirmation page and on the kitchen display. An order that came in otherwise is not.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { placeOrderThroughCheckout } from '../../../../tests/factories/placed-orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });
let kitchen: string;

beforeAll(async () => {
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
});

async function kitchenCard(orderId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/kitchen/orders',
    headers: { cookie: kitchen },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ id: string; isTest: boolean }[]>().find((o) => o.id === orderId);
}

describe('while the payment simulator is on', () => {
  it('GET /api/shop-info says payments are simulated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shop-info' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ paymentsSimulated: true });
  });

  it('an order paid on the simulator is stored, shown and sent to the kitchen as test', async () => {
    const placed = await placeOrderThroughCheckout(t.app);
    const [row] = await t.db
      .select({ isTest: orders.isTest })
      .from(orders)
      .where(eq(orders.id, placed.orderId));
    expect(row).toEqual({ isTest: true });

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.orderId}`,
      headers: { cookie: placed.cookie },
    });
    expect(view.json()).toMatchObject({ isTest: true });
    expect(await kitchenCard(placed.orderId)).toMatchObject({ isTest: true });
  });

  it('an order that did not come through the simulator is not test', async () => {
    const order = await createOrder(t.db, { paymentStatus: 'paid' });
    const view = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}` });
    expect(view.json()).toMatchObject({ isTest: false });
    expect(await kitchenCard(order.id)).toMatchObject({ isTest: false });
  });
});
