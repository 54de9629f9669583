/**
 * The total cap on tracking (DESIGN.md departure 12): many addresses together cannot walk the
 * orders either. Its own file, so its used-up allowance stays out of the other tests.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TRACKING_TOTAL_PER_MINUTE } from './orders.routes.ts';

const t = useTestApp({ seed: 'demo' });

let clientCounter = 0;
/** Every request from an address no other request used: the per-address limit never bites. */
const fromNewAddress = (url: string) => {
  clientCounter += 1;
  const address = `10.3.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`;
  return t.app.inject({ method: 'GET', url, remoteAddress: address });
};

const ROUTES = [
  (i: number) => `/api/orders/track/${200000 + i}`,
  (i: number) => `/api/orders/track-by-email/walker${i}%40example.com`,
  // Not a UUID: answered without the database, and still counted.
  (i: number) => `/api/orders/not-an-order-${i}`,
];

describe('tracking in total, across every address', () => {
  it(`answers 429 to everyone after ${TRACKING_TOTAL_PER_MINUTE} look-ups a minute`, async () => {
    expect(TRACKING_TOTAL_PER_MINUTE).toBe(600);
    for (let i = 0; i < 600; i += 1) {
      const response = await fromNewAddress(ROUTES[i % ROUTES.length]!(i));
      expect(response.statusCode, `request ${i}`).toBeLessThan(429);
    }
    // Each tracking route is refused now, for a client that never asked before.
    for (const [index, route] of ROUTES.entries()) {
      const refused = await fromNewAddress(route(1000 + index));
      expect(refused.statusCode, route(0)).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Too many tracking requests. Please wait a minute and try again.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Other calls are not tracking and go on.
    expect((await fromNewAddress('/api/shop-status')).statusCode).toBe(200);
  });
});
