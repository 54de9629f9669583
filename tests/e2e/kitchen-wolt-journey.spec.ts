/**
 * A Wolt order from the webhook to the kitchen and back (decision 017; integrations.md §2):
 * a fake Wolt on loopback notifies the built server, signed; the kitchen display shows the order
 * with its accept countdown and a chime that repeats until Accept; Accept reaches the fake as
 * accept, Mark Ready as ready, Mark Done as delivered, once each; a CANCELED on another order
 * shows on its card with Dismiss; a server killed between Accept and the call sends it after
 * the restart. Its own servers: their Wolt settings must not reach other specs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { stepAndSeeMore } from './kitchen-support.ts';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';
import { startFakeWolt, type FakeWolt } from '../fakes/fake-wolt.ts';

const PASSWORD = 'wolt-journey-admin-password';
const SECRET = 'wolt-journey-webhook-secret-5a8c';
let server: ServerProcess;
let wolt: FakeWolt;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  wolt = await startFakeWolt();
  server = spawnServer({
    PORT: runPort(23),
    ADMIN_PASSWORD: PASSWORD,
    LOGIN_REQUESTS_PER_MINUTE: '1000',
    WOLT_API_URL: wolt.url,
  });
  await waitForHealthy(server);
});
test.afterAll(async () => {
  await server?.stop();
  await wolt?.close();
});

async function openKitchen(page: Page) {
  // Every chime the page plays is counted (the browser may not have a sound device).
  await page.addInitScript(() => {
    const counted = window as unknown as { chimes: number };
    counted.chimes = 0;
    HTMLMediaElement.prototype.play = function play() {
      counted.chimes += 1;
      return Promise.resolve();
    };
  });
  const login = await page.request.post(`${server.baseUrl}/api/auth/login`, {
    data: { password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const settings = {
    wolt_enabled: 'true',
    wolt_api_key: wolt.apiKey,
    wolt_venue_id: 'venue-1',
    wolt_webhook_secret: SECRET,
  };
  for (const [key, value] of Object.entries(settings)) {
    const saved = await page.request.post(`${server.baseUrl}/api/admin/settings`, {
      data: { key, value, description: key },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  // The page's time is the test's where it steps it (the chime's repeats); it runs on meanwhile.
  await page.clock.install();
  await page.goto(`${server.baseUrl}/kitchen`);
  await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

const chimes = (page: Page) =>
  page.evaluate(() => (window as unknown as { chimes: number }).chimes);

const cardOf = (page: Page, woltNumber: string) =>
  page.getByRole('article').filter({ hasText: `#${woltNumber}` });

test('a Wolt order: countdown and repeating chime until Accept; each step reaches Wolt once', async ({
  page,
}) => {
  test.slow();
  await openKitchen(page);
  const orderId = wolt.addOrder({ order_number: '4711', created_at: new Date().toISOString() });
  const webhook = `${server.baseUrl}/api/webhooks/wolt`;
  expect(await wolt.notify(webhook, SECRET, orderId, 'CREATED')).toBe(200);
  // Wolt re-sends: still one card.
  expect(await wolt.notify(webhook, SECRET, orderId, 'CREATED')).toBe(200);

  const card = cardOf(page, '4711');
  await expect(card).toHaveCount(1, { timeout: 10_000 });
  await expect(card.getByText('Wolt', { exact: true })).toBeVisible();
  const timer = card.getByRole('timer');
  await expect(timer).toHaveText(/^Accept within [0-2]:[0-5]\d$/);

  // The chime repeats (every 3 s) while the order waits.
  for (let repeat = 0; repeat < 2; repeat += 1)
    await stepAndSeeMore(page, 3_000, () => chimes(page));

  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(card.getByRole('timer')).toHaveCount(0);
  await expect.poll(() => wolt.succeeded('accept', orderId), { timeout: 10_000 }).toBe(1);
  // Accepted: the chime stops repeating.
  const afterAccept = await chimes(page);
  await page.clock.runFor(6_000);
  expect(await chimes(page)).toBe(afterAccept);

  await card.getByRole('button', { name: 'Mark Ready' }).click();
  await expect.poll(() => wolt.succeeded('ready', orderId), { timeout: 10_000 }).toBe(1);
  await card.getByRole('button', { name: 'Mark Done' }).click();
  await expect.poll(() => wolt.succeeded('delivered', orderId), { timeout: 10_000 }).toBe(1);
  expect(
    wolt.calls.filter((call) => call.orderId === orderId).map((call) => [call.action, call.status]),
  ).toEqual([
    ['accept', 202],
    ['ready', 202],
    ['delivered', 202],
  ]);
});

test('Wolt cancels an order: its card says so, with Dismiss', async ({ page }) => {
  test.slow();
  await openKitchen(page);
  const orderId = wolt.addOrder({ order_number: '4712', created_at: new Date().toISOString() });
  const webhook = `${server.baseUrl}/api/webhooks/wolt`;
  expect(await wolt.notify(webhook, SECRET, orderId, 'CREATED')).toBe(200);
  const card = cardOf(page, '4712');
  await expect(card).toHaveCount(1, { timeout: 10_000 });

  wolt.setStatus(orderId, 'rejected');
  expect(await wolt.notify(webhook, SECRET, orderId, 'CANCELED')).toBe(200);
  await expect(card.getByText('CANCELLED BY WOLT')).toBeVisible({ timeout: 10_000 });
  await expect(card.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(card).toHaveCount(0);
  // Nothing was sent to Wolt for it.
  expect(wolt.calls.filter((call) => call.orderId === orderId)).toEqual([]);
});

test('a forged notification makes no card', async ({ page }) => {
  await openKitchen(page);
  const orderId = wolt.addOrder({ order_number: '4713' });
  const status = await wolt.notify(
    `${server.baseUrl}/api/webhooks/wolt`,
    'a-guess',
    orderId,
    'CREATED',
  );
  expect(status).toBe(400);
  // A true notification sent after it shows its card; by then the forged one would have too.
  const genuine = wolt.addOrder({ order_number: '4715', created_at: new Date().toISOString() });
  expect(await wolt.notify(`${server.baseUrl}/api/webhooks/wolt`, SECRET, genuine, 'CREATED')).toBe(
    200,
  );
  await expect(cardOf(page, '4715')).toHaveCount(1, { timeout: 10_000 });
  await expect(cardOf(page, '4713')).toHaveCount(0);
});

test("a kill between the kitchen's Accept and the call: the accept reaches Wolt once, after the restart", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-wolt-crash-'));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    LOGIN_REQUESTS_PER_MINUTE: '1000',
    WOLT_API_URL: wolt.url,
  };
  const servers: ServerProcess[] = [];
  const start = async (port: string, extra: Record<string, string> = {}) => {
    const started = spawnServer({ ...env, ...extra, PORT: port });
    servers.push(started);
    await waitForHealthy(started);
    const login = await request.post(`${started.baseUrl}/api/auth/login`, {
      data: { password: PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);
    return started;
  };
  try {
    // 1. A running shop takes the Wolt order.
    const first = await start(runPort(24));
    for (const [key, value] of Object.entries({
      wolt_enabled: 'true',
      wolt_api_key: wolt.apiKey,
      wolt_venue_id: 'venue-1',
      wolt_webhook_secret: SECRET,
    })) {
      const saved = await request.post(`${first.baseUrl}/api/admin/settings`, {
        data: { key, value, description: key },
      });
      expect(saved.ok()).toBe(true);
    }
    const orderId = wolt.addOrder({ order_number: '4714', created_at: new Date().toISOString() });
    expect(
      await wolt.notify(`${first.baseUrl}/api/webhooks/wolt`, SECRET, orderId, 'CREATED'),
    ).toBe(200);
    let ourId = '';
    await expect
      .poll(
        async () => {
          const list = (await (
            await request.get(`${first.baseUrl}/api/kitchen/orders`)
          ).json()) as { id: string; platform?: { externalNumber: string | null } | null }[];
          ourId = list.find((order) => order.platform?.externalNumber === '4714')?.id ?? '';
          return ourId;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    first.child.kill('SIGKILL');
    await first.exited;

    // 2. The kitchen taps Accept on a process that commits but dies before any call goes out.
    const second = await start(runPort(25), { NODE_ENV: 'test', PAUSE_ORDER_EVENTS: 'true' });
    const accepted = await request.put(
      `${second.baseUrl}/api/admin/orders/${ourId}/kitchen-status`,
      {
        data: { kitchenStatus: 'started', estimatedTime: 20 },
      },
    );
    expect(accepted.ok(), await accepted.text()).toBe(true);
    second.child.kill('SIGKILL');
    await second.exited;
    expect(wolt.calls.filter((call) => call.orderId === orderId)).toEqual([]);

    // 3. The restart sends it, once.
    await start(runPort(26));
    await expect.poll(() => wolt.succeeded('accept', orderId), { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(
      wolt.calls.filter((call) => call.orderId === orderId).map((call) => call.action),
    ).toEqual(['accept']);
  } finally {
    for (const started of servers) await started.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
