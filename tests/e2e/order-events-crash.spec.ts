/**
 * Decision 008, the crash test: a server killed (SIGKILL) after an order and a kitchen change
 * were committed but before their events went out delivers them after the restart, and a
 * kitchen socket sees them. The first server records events without delivering them
 * (PAUSE_ORDER_EVENTS, test only), which is the state a kill right after each commit leaves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { expect, test } from '@playwright/test';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';

const ADMIN_PASSWORD = 'crash-admin-password';

async function payForOrder(baseUrl: string): Promise<string> {
  const created = await fetch(`${baseUrl}/api/viva-wallet/create-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customerEmail: 'crash@example.com',
      customerName: 'Crash Test',
      customerPhone: '+372 5000 0002',
      orderData: { items: [{ menuItemId: 'cola', quantity: 1 }] },
    }),
  });
  expect(created.status).toBe(200);
  const { paymentUrl } = (await created.json()) as { paymentUrl: string };
  const paid = await fetch(`${baseUrl}${paymentUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=pay',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return new URL(paid.headers.get('location')!, baseUrl).searchParams.get('orderId')!;
}

test('events committed before a SIGKILL are delivered after the restart', async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-crash-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'test', ADMIN_PASSWORD };
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  try {
    first = spawnServer({ ...env, PORT: runPort(18), PAUSE_ORDER_EVENTS: 'true' });
    await waitForHealthy(first);
    const orderId = await payForOrder(first.baseUrl);
    const login = await fetch(`${first.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const started = await fetch(`${first.baseUrl}/api/admin/orders/${orderId}/kitchen-status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ kitchenStatus: 'started', estimatedTime: 20 }),
    });
    expect(started.status).toBe(200);

    // Killed with both changes committed and neither event delivered.
    first.child.kill('SIGKILL');
    await first.exited;

    second = spawnServer({ ...env, PORT: runPort(19) });
    await waitForHealthy(second);
    // The kitchen display reconnecting to the restarted server asks for everything it has not
    // seen; only events the restarted server delivered are replayed.
    const socket = new WebSocket(`${second.baseUrl.replace('http', 'ws')}/ws`, {
      headers: { cookie },
    });
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await expect
      .poll(() => messages.some((m) => m.type === 'hello' && m.role === 'staff'))
      .toBe(true);
    await expect
      .poll(
        () => {
          socket.send(JSON.stringify({ type: 'resume', after: 0 }));
          return messages.filter((m) => m.type === 'orderChanged' && m.orderId === orderId).length;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const seen = messages.filter((m) => m.type === 'orderChanged' && m.orderId === orderId);
    expect(seen.slice(0, 2).map((m) => m.change)).toEqual(['created', 'updated']);
    socket.close();
  } finally {
    await first?.stop();
    await second?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
