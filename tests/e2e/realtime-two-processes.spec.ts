/**
 * Live updates across instances (docs/architecture.md "Live updates"): a kitchen change made
 * through process A reaches a WebSocket client of process B when both run on the same PostgreSQL
 * (events travel by LISTEN/NOTIFY, not in memory).
 */
import pg from 'pg';
import WebSocket from 'ws';
import { expect, test } from '@playwright/test';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';

test('a kitchen change through process A reaches a socket on process B', async () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set (CI sets it)');
  test.setTimeout(180_000);
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `e2e_fanout_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const env = { DATABASE_URL: url.toString(), ADMIN_PASSWORD: 'fan-out-admin-pw' };
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  try {
    a = spawnServer({ ...env, PORT: runPort(12) });
    await waitForHealthy(a);
    b = spawnServer({ ...env, PORT: runPort(13) });
    await waitForHealthy(b);

    // A customer pays on A.
    const created = await fetch(`${a.baseUrl}/api/viva-wallet/create-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerEmail: 'fanout@example.com',
        customerName: 'Fan Out',
        customerPhone: '+372 5000 0001',
        orderData: { items: [{ menuItemId: 'cola', quantity: 1 }] },
      }),
    });
    const { paymentUrl } = (await created.json()) as { paymentUrl: string };
    const paid = await fetch(`${a.baseUrl}${paymentUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    const orderId = new URL(paid.headers.get('location')!, a.baseUrl).searchParams.get('orderId')!;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    // The customer's page is served by B.
    const socket = new WebSocket(`${b.baseUrl.replace('http', 'ws')}/ws`);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data) =>
      messages.push(JSON.parse(String(data)) as Record<string, unknown>),
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'subscribe', orderId }));
    socket.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => messages.some((message) => message.type === 'pong')).toBe(true);

    // The kitchen works on A.
    const login = await fetch(`${a.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'fan-out-admin-pw' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const changed = await fetch(`${a.baseUrl}/api/admin/orders/${orderId}/kitchen-status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ kitchenStatus: 'started', estimatedTime: 20 }),
    });
    expect(changed.status).toBe(200);

    // The socket may first hear the order's creation if its delivery was still on the way.
    await expect
      .poll(
        () =>
          messages.find(
            (message) => message.type === 'statusUpdate' && message.kitchenStatus === 'started',
          ),
        { timeout: 5000 },
      )
      .toEqual({
        type: 'statusUpdate',
        orderId,
        status: 'preparing',
        kitchenStatus: 'started',
        kitchenEstimatedTime: 20,
        // Its number in the event outbox (decision 008).
        sequence: expect.any(Number),
      });
    socket.close();
  } finally {
    await a?.stop();
    await b?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
