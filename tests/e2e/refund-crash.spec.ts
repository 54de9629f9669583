/**
 * Decision 021, the crash test: a card refund double-tapped (one Idempotency-Key) on a server
 * killed (SIGKILL) after the refund was committed but before the outbox called the provider is
 * sent to Viva exactly once after the restart. Viva is the fake on loopback; the database is
 * PostgreSQL when TEST_DATABASE_URL names one (a fresh database made for the run), else the
 * embedded one. The first server records without delivering (PAUSE_ORDER_EVENTS, test only),
 * which is the state a kill right after the commit leaves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { startFakeViva, type FakeViva, vivaEnv } from '../fakes/fake-viva.ts';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';

const ADMIN_PASSWORD = 'refund-crash-admin-password';

/** A fresh PostgreSQL database for this run, or null for the embedded one. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `refund_crash_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

test('a double-tapped card refund killed before the provider call is sent once after the restart', async () => {
  test.setTimeout(150_000);
  const viva: FakeViva = await startFakeViva();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-refund-crash-'));
  const postgres = await freshPostgres();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ADMIN_PASSWORD,
    ...vivaEnv(viva),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  try {
    first = spawnServer({ ...env, PORT: runPort(41), PAUSE_ORDER_EVENTS: 'true' });
    await waitForHealthy(first);
    const base = first.baseUrl;

    // A paid card order: checkout, the customer pays at (the fake) Viva, returns.
    const created = await fetch(`${base}/api/viva-wallet/create-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        customerEmail: 'refund-crash@example.com',
        customerName: 'Crash Test',
        customerPhone: '+372 5000 0003',
        orderData: { items: [{ menuItemId: 'cola', quantity: 2 }] },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { paymentUrl } = (await created.json()) as { paymentUrl: string };
    const orderCode = new URL(paymentUrl).searchParams.get('ref')!;
    const transactionId = viva.completePayment(orderCode);
    const paid = await fetch(`${base}/api/viva-wallet/return?t=${transactionId}&s=${orderCode}`, {
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const orderId = new URL(paid.headers.get('location')!, base).searchParams.get('orderId')!;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const saleCents = Number(viva.orders.get(orderCode)!.amount);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    // The double tap: the same click twice, one key.
    const key = randomUUID();
    const tap = () =>
      fetch(`${base}/api/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
        body: JSON.stringify({ reason: 'Crash test', amount: '1.00' }),
      });
    const [one, two] = await Promise.all([tap(), tap()]);
    expect([one.status, two.status]).toEqual([201, 201]);
    const [a, b] = (await Promise.all([one.json(), two.json()])) as { id: string }[];
    expect(b!.id).toBe(a!.id);

    // Killed with the refund committed and Viva not yet called.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(viva.refunds).toEqual([]);

    second = spawnServer({ ...env, PORT: runPort(42) });
    await waitForHealthy(second);
    const stateOf = async () => {
      const orders = (await (
        await fetch(`${second!.baseUrl}/api/admin/orders`, { headers: { cookie } })
      ).json()) as { id: string; refunds: { state: string }[] }[];
      return orders.find((order) => order.id === orderId)?.refunds.map((r) => r.state);
    };
    await expect.poll(stateOf, { timeout: 20_000 }).toEqual(['done']);
    expect(viva.refunds).toEqual([{ transactionId, amountCents: 100 }]);
    expect(saleCents).toBeGreaterThan(100);
  } finally {
    await first?.stop();
    await second?.stop();
    await viva.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
});
