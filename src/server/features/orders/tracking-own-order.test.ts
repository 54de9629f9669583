/**
 * Tracking limits that a stranger cannot spend for everyone (docs/decisions/020): strangers'
 * look-ups are limited per address, and by number also in total, but the browser that placed
 * an order (its order_token cookie) reads the order, its /track look-up and its status stream
 * whatever anyone else sends. Over real HTTP from several loopback addresses.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  placeOrderThroughCheckout,
  type PlacedOrder,
} from '../../../../tests/factories/placed-orders.ts';

const t = useTestApp({ seed: 'demo' });
let port: number;
let placed: PlacedOrder;
let orderNumber: number;
const agents = new Map<string, http.Agent>();

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  port = address.port;
  placed = await placeOrderThroughCheckout(t.app);
  const own = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${placed.orderId}`,
    headers: { cookie: placed.cookie },
  });
  orderNumber = own.json().orderNumber;
});
afterAll(() => {
  for (const agent of agents.values()) agent.destroy();
  t.app.server.closeAllConnections();
});

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * GET over HTTP from a loopback address of this machine (127.0.0.0/8 is all loopback on
 * Linux). A stream's body is not read: its status and type are the answer.
 */
function get(path: string, from: string, cookie?: string): Promise<Answer> {
  let agent = agents.get(from);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.set(from, agent);
  }
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        localAddress: from,
        agent: path.endsWith('/events') ? false : agent,
        headers: cookie ? { cookie } : {},
        timeout: 5_000,
      },
      (response) => {
        const contentType = String(response.headers['content-type'] ?? '');
        if (contentType.startsWith('text/event-stream')) {
          resolve({ status: response.statusCode!, contentType, body: '' });
          response.destroy();
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, contentType, body }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out: ${path}`)));
    request.on('error', reject);
  });
}

/** Six addresses of one attacker (a few machines, or one with several addresses). */
const ATTACKERS = [
  '127.0.0.11',
  '127.0.0.12',
  '127.0.0.13',
  '127.0.0.14',
  '127.0.0.15',
  '127.0.0.16',
];
/** Per address and minute: made-up ids just under the per-address 120, numbers past the 20. */
const MADE_UP_IDS_EACH = 110;
const MADE_UP_NUMBERS_EACH = 25;

describe('a stranger cannot spend the tracking allowance of the customer following an order', () => {
  it('after 660 made-up ids and 150 made-up numbers from 6 addresses, the placing browser still reads its order, its /track look-up and its stream', async () => {
    const refusedStrangers: number[] = [];
    for (const from of ATTACKERS) {
      for (let i = 0; i < MADE_UP_IDS_EACH; i += 1) {
        const answer = await get(`/api/orders/${crypto.randomUUID()}`, from);
        expect([404, 429]).toContain(answer.status);
      }
      for (let i = 0; i < MADE_UP_NUMBERS_EACH; i += 1) {
        const answer = await get(`/api/orders/track/${700000 + i}`, from);
        if (answer.status === 429) refusedStrangers.push(i);
        else expect(answer.status).toBe(404);
      }
    }
    // Each attacker address used up its own allowance for look-ups by number (20 a minute).
    expect(refusedStrangers.length).toBeGreaterThanOrEqual(ATTACKERS.length * 5);
    const stranger = await get(`/api/orders/track/${orderNumber}`, ATTACKERS[0]!);
    expect(stranger.status).toBe(429);

    // The placing browser, from a fresh address and from one the attacker used (one Wi-Fi):
    for (const from of ['127.0.0.20', ATTACKERS[0]!]) {
      const order = await get(`/api/orders/${placed.orderId}`, from, placed.cookie);
      expect(order.status, `${from}: ${order.body}`).toBe(200);
      expect(JSON.parse(order.body).customer.lastName).toBe('Tamm');
      const tracked = await get(`/api/orders/track/${orderNumber}`, from, placed.cookie);
      expect(tracked.status, `${from}: ${tracked.body}`).toBe(200);
      expect(JSON.parse(tracked.body).orderNumber).toBe(orderNumber);
      const stream = await get(`/api/orders/track/${orderNumber}/events`, from, placed.cookie);
      expect(stream.status, `${from}: ${stream.body}`).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
    }
    // Someone the customer gave the link to (no cookie) reads it too: an id cannot be guessed,
    // so made-up ids from elsewhere never count against it.
    expect((await get(`/api/orders/${placed.orderId}`, '127.0.0.21')).status).toBe(200);
  }, 180_000); // 810 requests: seconds on an idle machine, 37 s beside the e2e tests on CI.
});
