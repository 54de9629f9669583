import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';

const t = useTestApp({ seed: 'demo' });

let clientCounter = 0;
const get = (url: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress: `10.1.0.${++clientCounter % 250}` });

describe('GET /api/orders/:id', () => {
  it('returns the order for the confirmation page with money as 2-decimal strings', async () => {
    const order = await createOrder(t.db, {
      customerFirstName: 'Jaan',
      customerLastName: 'Tamm',
      customerEmail: 'jaan@example.com',
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
      status: 'paid',
      type: 'pickup',
      paymentMethod: 'viva-wallet',
      total: '24.80',
      subtotal: '24.80',
      deliveryFee: '0.00',
      customer: { firstName: 'Jaan', lastName: 'Tamm', email: 'jaan@example.com' },
      deliveryAddress: null,
      specialInstructions: 'Ring the bell',
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
          specialInstructions: 'no pickles',
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

describe('GET /api/orders/track-by-email/:email', () => {
  it('finds the orders of an e-mail in any case, newest first, without personal data', async () => {
    const older = await createOrder(t.db, {
      customerEmail: 'Track.Me@Example.com',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    const newer = await createOrder(t.db, {
      customerEmail: 'track.me@example.com',
      createdAt: new Date('2026-01-02T10:00:00Z'),
      status: 'preparing',
      kitchenEstimatedTime: 20,
    });
    await createOrder(t.db, { customerEmail: 'someone.else@example.com' });

    const response = await get(
      `/api/orders/track-by-email/${encodeURIComponent('TRACK.me@example.COM')}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>[];
    expect(body.map((order) => order.id)).toEqual([newer.id, older.id]);
    expect(body[0]).toEqual({
      id: newer.id,
      orderNumber: newer.orderNumber,
      createdAt: '2026-01-02T10:00:00.000Z',
      status: 'preparing',
      items: [{ quantity: 1, name: 'Classic Smash Burger' }],
      total: '10.90',
      kitchenEstimatedTime: 20,
    });
  });

  it('answers an empty list for an e-mail without orders, and 400 for a malformed one', async () => {
    const none = await get('/api/orders/track-by-email/nobody%40example.com');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
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
      createdAt: order.createdAt.toISOString(),
      items: [{ name: 'Classic Smash Burger', quantity: 1 }],
      total: '10.90',
      paymentStatus: 'paid',
    });
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
  for (const [route, url] of [
    ['by number', (i: number) => `/api/orders/track/${100000 + i}`],
    ['by e-mail', (i: number) => `/api/orders/track-by-email/harvest${i}%40example.com`],
  ] as const) {
    it(`${route}: answers 429 with a message after 20 look-ups a minute from one address`, async () => {
      const address = route === 'by number' ? '192.0.2.77' : '192.0.2.78';
      const from = (path: string) =>
        t.app.inject({ method: 'GET', url: path, remoteAddress: address });
      for (let i = 0; i < 20; i += 1) {
        expect((await from(url(i))).statusCode).toBeLessThan(429);
      }
      const limited = await from(url(20));
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/rate limit/i);
      // Another client is not affected.
      expect((await get(url(21))).statusCode).toBeLessThan(429);
    });
  }
});
