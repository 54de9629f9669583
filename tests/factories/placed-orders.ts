/**
 * An order placed the way a browser places it: POST /api/viva-wallet/create-payment with the
 * payment simulator, then Pay on the simulator's page. The browser's `order_token` cookie comes
 * back with it, for tests of what only the placing browser may see or do.
 */
import { expect } from 'vitest';
import { ORDER_TOKEN_COOKIE } from '#server/features/orders/order-token.ts';
import type { AppInstance } from '#server/http/types.ts';
import { nextClient } from './staff.ts';

export const PLACING_CUSTOMER = {
  firstName: 'Jaan',
  lastName: 'Tamm',
  email: 'jaan.tamm@example.com',
  phone: '+372 5550 0199',
} as const;

export interface PlacedOrder {
  orderId: string;
  /** The token the browser got, and the Cookie header that sends it. */
  orderToken: string;
  cookie: string;
}

export async function placeOrderThroughCheckout(
  app: AppInstance,
  options: { cookie?: string; idempotencyKey?: string } = {},
): Promise<PlacedOrder> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const created = await app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    headers,
    payload: {
      amount: 10.9,
      customerEmail: PLACING_CUSTOMER.email,
      customerName: `${PLACING_CUSTOMER.firstName} ${PLACING_CUSTOMER.lastName}`,
      customerPhone: PLACING_CUSTOMER.phone,
      contactless: false,
      orderData: {
        type: 'pickup',
        orderSource: 'website',
        items: [{ menuItemId: 'classic-smash-burger', quantity: 1 }],
        paymentMethod: 'viva-wallet',
        deliveryAddress: null,
        customer: PLACING_CUSTOMER,
      },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderToken = created.cookies.find((c) => c.name === ORDER_TOKEN_COOKIE)?.value;
  expect(orderToken, 'the checkout sets the order_token cookie').toBeTruthy();
  const { paymentUrl } = created.json<{ paymentUrl: string }>();
  const paid = await app.inject({
    method: 'POST',
    url: new URL(paymentUrl, 'http://shop.test').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(paid.statusCode, paid.body).toBe(303);
  const orderId = new URL(String(paid.headers.location), 'http://x').searchParams.get('orderId');
  expect(orderId).toBeTruthy();
  return {
    orderId: orderId!,
    orderToken: orderToken!,
    cookie: `${ORDER_TOKEN_COOKIE}=${orderToken}`,
  };
}
