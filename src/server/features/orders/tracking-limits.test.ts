/**
 * The total cap on strangers' look-ups by number (tracking-limits.ts, docs/decisions/020):
 * many addresses together cannot walk the order numbers, and the browser that placed an order
 * is not refused by it. Its own file, so its used-up allowance stays out of the other tests.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { placeOrderThroughCheckout } from '../../../../tests/factories/placed-orders.ts';

const t = useTestApp({ seed: 'demo' });

let clientCounter = 0;
/** Every request from an address no other request used: the per-address limit never bites. */
const fromNewAddress = (url: string, cookie?: string) => {
  clientCounter += 1;
  const address = `10.3.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`;
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: address,
    ...(cookie ? { headers: { cookie } } : {}),
  });
};

describe('strangers tracking by number, across every address', () => {
  it('answers 429 to strangers after 600 look-ups by number a minute, never to the placing browser', async () => {
    const placed = await placeOrderThroughCheckout(t.app);
    const orderNumber = (
      await fromNewAddress(`/api/orders/${placed.orderId}`, placed.cookie)
    ).json().orderNumber;

    for (let i = 0; i < 600; i += 1) {
      const response = await fromNewAddress(`/api/orders/track/${200000 + i}`);
      expect(response.statusCode, `request ${i}`).toBe(404);
    }
    // A stranger is refused now, whether the number exists or not: the 429 says nothing.
    for (const number of [orderNumber, 201000]) {
      const refused = await fromNewAddress(`/api/orders/track/${number}`);
      expect(refused.statusCode, String(number)).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Too many tracking requests. Please wait a minute and try again.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // The placing browser follows its order as before.
    const own = await fromNewAddress(`/api/orders/track/${orderNumber}`, placed.cookie);
    expect(own.statusCode).toBe(200);
    // Reads by id and look-ups by e-mail are not in this total (an id cannot be guessed; an
    // e-mail alone shows nothing).
    expect((await fromNewAddress(`/api/orders/${placed.orderId}`)).statusCode).toBe(200);
    expect((await fromNewAddress(`/api/orders/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(
      (await fromNewAddress('/api/orders/track-by-email/someone%40example.com')).statusCode,
    ).toBe(200);
    // Other calls are not tracking and go on.
    expect((await fromNewAddress('/api/shop-status')).statusCode).toBe(200);
  });
});
