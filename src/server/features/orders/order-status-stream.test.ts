/**
 * The /track page's live status (DESIGN.md departure 11): a stream per order number that says
 * each kitchen step, Recall included, with nothing personal in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });
let base: string;
let kitchen: string;

beforeAll(async () => {
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => {
  t.app.server.closeAllConnections();
});

/** Opens the stream and collects its `status` events. */
async function follow(orderNumber: number) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/orders/track/${orderNumber}/events`, {
    signal: controller.signal,
  });
  const events: unknown[] = [];
  let text = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          const lines = block.split('\n');
          if (!lines.includes('event: status')) continue;
          const data = lines.find((line) => line.startsWith('data: '))!.slice('data: '.length);
          events.push(JSON.parse(data));
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  const waitFor = async (count: number) => {
    const deadline = Date.now() + 3000;
    while (events.length < count) {
      if (Date.now() > deadline) throw new Error(`got ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const stop = async () => {
    controller.abort();
    await reading;
  };
  /** Resolves when the server ends the stream; rejects after 3 s. */
  const ended = () =>
    Promise.race([
      reading,
      new Promise((_resolve, reject) =>
        setTimeout(() => reject(new Error('the stream did not end')), 3000).unref(),
      ),
    ]);
  return { response, events, waitFor, stop, ended };
}

const kitchenAction = (method: 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: kitchen }, ...(payload ? { payload } : {}) });

describe('GET /api/orders/track/:orderNumber/events', () => {
  it('says each kitchen step of that order, Recall included, and nothing of other orders', async () => {
    const mine = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const other = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const stream = await follow(mine.orderNumber);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const setKitchen = (orderId: string, body: object) =>
      kitchenAction('PUT', `/api/admin/orders/${orderId}/kitchen-status`, body);
    await setKitchen(other.id, { kitchenStatus: 'started' });
    await setKitchen(mine.id, { kitchenStatus: 'started', estimatedTime: 20 });
    await stream.waitFor(1);
    await setKitchen(mine.id, { kitchenStatus: 'ready' });
    await setKitchen(mine.id, { kitchenStatus: 'done' });
    await stream.waitFor(3);
    const recall = await kitchenAction('POST', '/api/kitchen/orders/recall');
    expect(recall.statusCode).toBe(200);
    await stream.waitFor(4);
    await stream.stop();

    expect(stream.events).toEqual([
      { status: 'preparing', kitchenStatus: 'started', kitchenEstimatedTime: 20 },
      { status: 'ready', kitchenStatus: 'ready', kitchenEstimatedTime: 20 },
      { status: 'completed', kitchenStatus: 'done', kitchenEstimatedTime: 20 },
      { status: 'ready', kitchenStatus: 'ready', kitchenEstimatedTime: 20 },
    ]);
  });

  it('answers 404 for an order number that does not exist, as the look-up does', async () => {
    const response = await fetch(`${base}/api/orders/track/987654321/events`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Order #987654321 not found' });
  });

  it('ends when the order is deleted; the number then answers 404 like an unknown one', async () => {
    const admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const stream = await follow(order.orderNumber);
    expect(stream.response.status).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${order.id}`,
      headers: { cookie: admin },
      payload: { reason: 'Entered twice by mistake' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await stream.ended();
    expect(stream.events).toEqual([]);
    const again = await fetch(`${base}/api/orders/track/${order.orderNumber}/events`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: `Order #${order.orderNumber} not found` });
  });

  it('lets one address hold only a few streams at once', async () => {
    const order = await createOrder(t.db, { kitchenStatus: 'pending', status: 'pending' });
    const open = [];
    for (let i = 0; i < 6; i += 1) open.push(await follow(order.orderNumber));
    expect(open.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = await fetch(`${base}/api/orders/track/${order.orderNumber}/events`);
    expect(refused.status).toBe(429);
    await Promise.all(open.map((stream) => stream.stop()));
    // A closed stream frees its place.
    await expect
      .poll(async () => {
        const again = await follow(order.orderNumber);
        await again.stop();
        return again.response.status;
      })
      .toBe(200);
  });
});
