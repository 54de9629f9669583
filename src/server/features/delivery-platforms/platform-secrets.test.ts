/**
 * DESIGN.md departure 7: the platforms' API keys and webhook secrets never leave the server in
 * full, in any answer of any call the back office and the kitchen make, nor in a log line,
 * even at trace level and when calls to the platform fail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { ensureBaseData } from '#server/db/seed/seed.ts';
import { outboundJobs } from '#server/db/schema.ts';
import type { AppInstance } from '#server/http/types.ts';
import { testEnv } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { startFakeWolt, type FakeWolt } from '../../../../tests/fakes/fake-wolt.ts';

const SECRETS = {
  wolt_api_key: 'WOLT-KEY-never-show-5f1c2a',
  wolt_webhook_secret: 'WOLT-HOOK-never-show-9d3e7b',
  bolt_api_key: 'BOLT-KEY-never-show-1a2b3c',
  bolt_webhook_secret: 'BOLT-HOOK-never-show-4d5e6f',
};

let testDatabase: TestDatabase;
let app: AppInstance;
let wolt: FakeWolt;
let admin: string;
let kitchen: string;
let dataDir: string;
const logLines: string[] = [];
const answers: string[] = [];

beforeAll(async () => {
  wolt = await startFakeWolt('the-key-wolt-expects');
  testDatabase = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-secrets-'));
  await ensureBaseData(testDatabase.database.db, { demo: true });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp({
    config: loadConfig(testEnv(dataDir, { WOLT_API_URL: wolt.url })),
    database: testDatabase.database,
    logger: { level: 'trace', stream },
  });
  await app.ready();
  admin = await signIn(
    testDatabase.database.db,
    await createStaffUser(testDatabase.database.db, { role: 'admin' }),
  );
  kitchen = await signIn(
    testDatabase.database.db,
    await createStaffUser(testDatabase.database.db, { role: 'kitchen' }),
  );
});
afterAll(async () => {
  await app?.close();
  await testDatabase?.destroy();
  await wolt?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  cookie = admin,
) {
  const response = await app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
  answers.push(`${method} ${url} ${response.statusCode} ${response.body}`);
  return response;
}

describe('platform secrets', () => {
  it('are saved, but every answer and log line holds at most their last four characters', async () => {
    const settings = {
      ...SECRETS,
      wolt_venue_id: 'venue-1',
      wolt_enabled: 'true',
      bolt_restaurant_id: '789',
      bolt_integrator_id: 'integrator-7',
      bolt_enabled: 'true',
    };
    for (const [key, value] of Object.entries(settings)) {
      const saved = await call('POST', '/api/admin/settings', { key, value, description: key });
      expect(saved.statusCode, key).toBe(200);
    }
    // Saved for real: a webhook signed with the secret is taken.
    const externalId = wolt.addOrder();
    const notification = wolt.notification(SECRETS.wolt_webhook_secret, externalId, 'CREATED');
    const hook = await app.inject({
      method: 'POST',
      url: '/api/webhooks/wolt',
      headers: notification.headers,
      payload: notification.body,
    });
    expect(hook.statusCode).toBe(200);
    const forged = wolt.notification('guess', externalId, 'CREATED');
    await app.inject({
      method: 'POST',
      url: '/api/webhooks/wolt',
      headers: forged.headers,
      payload: forged.body,
    });
    // Wolt refuses our key (the fake expects another): the failure is shown and logged.
    for (let round = 0; round < 3; round += 1) {
      await testDatabase.database.db
        .update(outboundJobs)
        .set({ nextAttemptAt: new Date(0) })
        .where(isNull(outboundJobs.doneAt));
      await app.orderEvents.flush();
    }
    const testOrder = await call('POST', '/api/test/create-delivery-order', { platform: 'wolt' });
    expect(testOrder.statusCode).toBe(200);
    const testOrderId = (testOrder.json() as { orderId: string }).orderId;
    await call(
      'PUT',
      `/api/admin/orders/${testOrderId}/kitchen-status`,
      { kitchenStatus: 'started' },
      kitchen,
    );
    await call('POST', '/api/test-webhook/wolt');
    await call('POST', '/api/test-webhook/bolt');

    const listed = await call('GET', '/api/admin/settings');
    const byKey = new Map(
      (listed.json() as { key: string; value: string; isSet: boolean }[]).map((s) => [s.key, s]),
    );
    expect(byKey.get('wolt_api_key')).toMatchObject({ value: '••••••••1c2a', isSet: true });
    expect(byKey.get('bolt_webhook_secret')).toMatchObject({ value: '••••••••5e6f', isSet: true });
    for (const key of Object.keys(SECRETS)) await call('GET', `/api/admin/settings/${key}`);
    await call('GET', '/api/webhook-info');
    await call('GET', '/api/admin/delivery-platforms/status');
    await call('GET', '/api/admin/delivery-platforms/events');
    await call('GET', '/api/kitchen/orders', undefined, kitchen);
    await call('GET', '/api/admin/orders', undefined, admin);
    await call('GET', '/api/shop-info');

    expect(answers.length).toBeGreaterThan(15);
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of Object.values(SECRETS)) {
      for (const answer of answers) expect(answer, answer.slice(0, 80)).not.toContain(secret);
      for (const line of logLines) expect(line).not.toContain(secret);
    }
  });
});
