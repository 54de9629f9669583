import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '#server/db/schema.ts';
import { trackedByNumberSchema } from '#shared/orders/order.schema.ts';
import { createTestApp, useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import {
  PLACING_CUSTOMER,
  placeOrderThroughCheckout,
} from '../../../../tests/factories/placed-orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { hashOrderToken } from './order-token.ts';

const t = useTestApp({ seed: 'demo' });

let clientCounter = 0;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: `10.1.0.${++clientCounter % 250}` });

describe('GET /api/orders/:id', () => {
  it('returns the order for the confirmation page with money as 2-decimal strings', async () => {
    const order = await createOrder(t.db, {
      customerFirstName: 'Jaan',
      customerLastName: 'Tamm',
      customerEmail: 'jaan@example.com',
      customerPhone: '+372 5550 0199',
      specialInstructions: 'Ring the bell',
      items: [
        {
          name: 'Classic Smash Burger',
          basePriceCents: 1090,
          unitPriceCents: 1240,
          quantity: 2,
          totalPriceCents: 2480,
          sauce: 'Truffle Mayo',
          addOns: [
            { name: 'Bacon', priceCents: 100 },
            { name: 'Crispy Onions', priceCents: 50 },
          ],
          specialInstructions: 'no pickles',
        },
      ],
    });
    const response = await get(`/api/orders/${order.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'pending',
      type: 'pickup',
      paymentMethod: 'viva-wallet',
      total: '24.80',
      subtotal: '24.80',
      deliveryFee: '0.00',
      // Asked without the placing browser's cookie: no name, no notes, contact details masked
      // (docs/decisions/020).
      customer: {
        firstName: '•••',
        lastName: '',
        email: 'j•••@e•••.com',
        phone: '•••• 0199',
        customerNumber: null,
      },
      deliveryAddress: null,
      specialInstructions: null,
    });
    expect(body.items).toEqual([
      expect.objectContaining({
        name: 'Classic Smash Burger',
        quantity: 2,
        price: '12.40',
        totalPrice: '24.80',
        customizations: {
          sauce: 'Truffle Mayo',
          addOns: ['Bacon', 'Crispy Onions'],
          specialInstructions: null,
        },
      }),
    ]);
  });

  it('answers 404 JSON for an unknown or malformed id, never 500', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '1', 'x'.repeat(90)]) {
      const response = await get(`/api/orders/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: 'Order not found.' });
    }
    // Fastify refuses over-long paths itself (414); still a 4xx, not a crash.
    const tooLong = (await get(`/api/orders/${'x'.repeat(500)}`)).statusCode;
    expect(tooLong).toBeGreaterThanOrEqual(400);
    expect(tooLong).toBeLessThan(500);
  });
});

describe('contact details on GET /api/orders/:id (DESIGN.md departure 12)', () => {
  const readOrder = (orderId: string, cookie?: string) =>
    get(`/api/orders/${orderId}`, cookie ? { cookie } : {});
  const MASKED = {
    firstName: '•••',
    lastName: '',
    email: 'j•••@e•••.com',
    phone: '•••• 0199',
    customerNumber: null,
  };
  const FULL = {
    firstName: 'Jaan',
    lastName: 'Tamm',
    email: 'jaan.tamm@example.com',
    phone: '+372 5550 0199',
  };

  it('the browser that placed the order sees them in full; another browser sees them masked', async () => {
    const placed = await placeOrderThroughCheckout(t.app);
    expect(PLACING_CUSTOMER).toMatchObject(FULL);

    const own = await readOrder(placed.orderId, placed.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().customer).toEqual({ ...FULL, customerNumber: expect.any(Number) });

    const withoutCookie = await readOrder(placed.orderId);
    expect(withoutCookie.json().customer).toEqual(MASKED);
    // Another browser has a token of its own: it is not this order's.
    const other = await placeOrderThroughCheckout(t.app);
    const otherBrowser = await readOrder(placed.orderId, other.cookie);
    expect(otherBrowser.json().customer).toEqual(MASKED);
    expect(otherBrowser.body).not.toContain('jaan.tamm');
    expect(otherBrowser.body).not.toContain('5550');
    // A made-up cookie is nobody's.
    const forged = await readOrder(placed.orderId, `order_token=${'A'.repeat(43)}`);
    expect(forged.json().customer).toEqual(MASKED);
    // The rest of the order reads the same for everyone.
    const { customer: _own, ...ownRest } = own.json();
    const { customer: _other, ...otherRest } = otherBrowser.json();
    expect(otherRest).toEqual(ownRest);
  });

  it('keeps only the hash of the token, on the payment and on the order', async () => {
    const placed = await placeOrderThroughCheckout(t.app);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, order!.paymentId!));
    expect(order!.placedByTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(order!.placedByTokenHash).toBe(hashOrderToken(placed.orderToken));
    expect(payment!.placedByTokenHash).toBe(order!.placedByTokenHash);
    expect(order!.placedByTokenHash).not.toContain(placed.orderToken);
  });

  it('a browser that already has a token keeps it for its next orders, and sees both', async () => {
    const first = await placeOrderThroughCheckout(t.app);
    const second = await placeOrderThroughCheckout(t.app, { cookie: first.cookie });
    expect(second.orderToken).toBe(first.orderToken);
    for (const orderId of [first.orderId, second.orderId]) {
      expect((await readOrder(orderId, first.cookie)).json().customer.email).toBe(
        'jaan.tamm@example.com',
      );
    }
  });

  it('a retry with the same Idempotency-Key after a lost answer gets the same token', async () => {
    const key = crypto.randomUUID();
    const placed = await placeOrderThroughCheckout(t.app, { idempotencyKey: key });
    // The first answer (and its cookie) never arrived; the browser retries without a cookie.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      headers: { 'idempotency-key': key },
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
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.cookies.find((c) => c.name === 'order_token')?.value).toBe(placed.orderToken);
  });

  it('sets the cookie http-only, SameSite=Lax, for the whole site, for 90 days', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      payload: {},
    });
    // Even a refused checkout hands out the token; it is worth nothing without an order.
    const cookie = response.cookies.find((c) => c.name === 'order_token');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 7_776_000,
    });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // PUBLIC_URL is http here, and the request came over http.
    expect(cookie!.secure).toBeUndefined();

    const httpsShop = await createTestApp(t.database, {
      env: { PUBLIC_URL: 'https://shop.example' },
    });
    try {
      const secure = await httpsShop.app.inject({
        method: 'POST',
        url: '/api/viva-wallet/create-payment',
        payload: {},
      });
      expect(secure.cookies.find((c) => c.name === 'order_token')).toMatchObject({
        secure: true,
        httpOnly: true,
      });
    } finally {
      await httpsShop.close();
    }
  });

  it('a signed-in owner sees them in full; kitchen and counter sessions see the name, not the contact details', async () => {
    const placed = await placeOrderThroughCheckout(t.app);
    const admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
    expect((await readOrder(placed.orderId, admin)).json().customer).toMatchObject(FULL);
    // Their own screens show the name and the notes; a card sale's receipt prints the notes.
    for (const role of ['kitchen', 'cashier'] as const) {
      const session = await signIn(t.db, await createStaffUser(t.db, { role }));
      expect((await readOrder(placed.orderId, session)).json().customer, role).toEqual({
        ...MASKED,
        firstName: 'Jaan',
        lastName: 'T.',
      });
    }
  });
});

describe('GET /api/orders/track-by-email/:email', () => {
  it("lists the e-mail's orders in any case, newest first, only to the browser that placed them", async () => {
    const token = 'B'.repeat(43);
    const placedHere = { placedByTokenHash: hashOrderToken(token) };
    const older = await createOrder(t.db, {
      ...placedHere,
      customerEmail: 'Track.Me@Example.com',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    const newer = await createOrder(t.db, {
      ...placedHere,
      customerEmail: 'track.me@example.com',
      createdAt: new Date('2026-01-02T10:00:00Z'),
      status: 'preparing',
      kitchenEstimatedTime: 20,
    });
    // Same address, placed from another browser: not listed here.
    await createOrder(t.db, { customerEmail: 'track.me@example.com' });
    await createOrder(t.db, { ...placedHere, customerEmail: 'someone.else@example.com' });

    const url = `/api/orders/track-by-email/${encodeURIComponent('TRACK.me@example.COM')}`;
    const response = await get(url, { cookie: `order_token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    // This app sends no e-mail (no SMTP_URL): the answer says so, whatever the address.
    expect(body.emailed).toBe(false);
    expect(body.orders.map((order: { id: string }) => order.id)).toEqual([newer.id, older.id]);
    expect(body.orders[0]).toEqual({
      id: newer.id,
      orderNumber: newer.orderNumber,
      createdAt: '2026-01-02T10:00:00.000Z',
      status: 'preparing',
      items: [{ quantity: 1, name: 'Classic Smash Burger' }],
      total: '10.90',
      kitchenEstimatedTime: 20,
    });
    // Without the cookie: the answer of an address that has no orders.
    expect((await get(url)).json()).toEqual({ emailed: false, orders: [] });
  });

  it('answers the same for an e-mail without orders, and 400 for a malformed one', async () => {
    const none = await get('/api/orders/track-by-email/nobody%40example.com');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ emailed: false, orders: [] });
    const bad = await get('/api/orders/track-by-email/not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Valid email is required');
  });
});

describe('GET /api/orders/track/:orderNumber', () => {
  it('returns the tracked order with kitchen progress and payment status', async () => {
    const startedAt = new Date('2026-03-03T12:00:00Z');
    const order = await createOrder(t.db, {
      status: 'preparing',
      kitchenStatus: 'started',
      kitchenStartedAt: startedAt,
      kitchenEstimatedTime: 20,
    });
    const response = await get(`/api/orders/track/${order.orderNumber}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      orderNumber: order.orderNumber,
      status: 'preparing',
      kitchenStatus: 'started',
      kitchenStartedAt: '2026-03-03T12:00:00.000Z',
      kitchenEstimatedTime: 20,
      kitchenReadyAt: null,
      pickupAt: null,
      quotedMinutes: null,
      createdAt: order.createdAt.toISOString(),
      items: [{ name: 'Classic Smash Burger', quantity: 1 }],
      total: '10.90',
      paymentStatus: 'paid',
    });
  });

  it('shows no personal data: exactly these keys, nothing of the customer', async () => {
    const order = await createOrder(t.db, {
      customerFirstName: 'Privaatne',
      customerLastName: 'Isik',
      customerEmail: 'privaatne.isik@example.com',
      customerPhone: '+372 5123 4567',
      specialInstructions: 'Call me on arrival',
    });
    const response = await get(`/api/orders/track/${order.orderNumber}`);
    expect(response.statusCode).toBe(200);
    const keys = [
      'createdAt',
      'items',
      'kitchenEstimatedTime',
      'kitchenReadyAt',
      'kitchenStartedAt',
      'kitchenStatus',
      'orderNumber',
      'paymentStatus',
      'pickupAt',
      'quotedMinutes',
      'status',
      'total',
    ];
    expect(Object.keys(response.json()).sort()).toEqual(keys);
    expect(Object.keys(trackedByNumberSchema.shape).sort()).toEqual(keys);
    expect(Object.keys(response.json().items[0]).sort()).toEqual(['name', 'quantity']);
    for (const personal of ['Privaatne', 'Isik', 'privaatne.isik', '4567', 'Call me', order.id]) {
      expect(response.body).not.toContain(personal);
    }
  });

  it('answers 404 for an unknown number and 400 for something that is not a number', async () => {
    const unknown = await get('/api/orders/track/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Order #999999 not found' });
    for (const bad of ['abc', '12a', '-5', '1.5', '9'.repeat(12)]) {
      const response = await get(`/api/orders/track/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toContain('Order number must be a number');
    }
  });
});

describe('tracking is rate-limited per client', () => {
  for (const [route, url, max, address] of [
    ['by number', (i: number) => `/api/orders/track/${100000 + i}`, 20, '192.0.2.77'],
    [
      'by e-mail',
      (i: number) => `/api/orders/track-by-email/harvest${i}%40example.com`,
      20,
      '192.0.2.78',
    ],
    // The confirmation page re-reads its order at each kitchen step: more room, still a cap.
    ['by id', () => `/api/orders/${crypto.randomUUID()}`, 120, '192.0.2.79'],
  ] as const) {
    it(`${route}: answers 429 with a message after ${max} look-ups a minute from one address`, async () => {
      const from = (path: string) =>
        t.app.inject({ method: 'GET', url: path, remoteAddress: address });
      for (let i = 0; i < max; i += 1) {
        expect((await from(url(i))).statusCode).toBeLessThan(429);
      }
      const limited = await from(url(max));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: 'Too many tracking requests. Please wait a minute and try again.',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      expect((await get(url(max + 1))).statusCode).toBeLessThan(429);
    });
  }
});
