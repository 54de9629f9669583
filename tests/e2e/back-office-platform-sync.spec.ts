/**
 * Sold out in the back office reaches Wolt by itself, and the menu goes there from the
 * delivery-platforms page (decision 027 and its amendment): a fake Wolt on loopback stands for
 * Wolt; an item marked sold out in the Menu Editor arrives there and the status panel says when;
 * Preview says that Wolt's menu call replaces the whole menu, Push menu sends it, and Check now
 * reads Wolt back and finds nothing different; a change made on Wolt's side shows there and on
 * the dashboard, and Fix mends it. Its own server: its Wolt settings must not reach other specs.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';
import { runPort, spawnServer, waitForHealthy, type ServerProcess } from './server-process.ts';
import { startFakeWolt, type FakeWolt } from '../fakes/fake-wolt.ts';

const PASSWORD = 'platform-sync-admin-password';
const ITEM = 'Classic Smash Burger';
let server: ServerProcess;
let wolt: FakeWolt;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  wolt = await startFakeWolt();
  server = spawnServer({
    PORT: runPort(27),
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

async function connectWolt(page: Page) {
  await logInAsAdmin(page, { baseUrl: server.baseUrl, password: PASSWORD, landing: null });
  for (const [key, value] of Object.entries({
    wolt_enabled: 'true',
    wolt_api_key: wolt.apiKey,
    wolt_venue_id: 'venue-1',
    wolt_webhook_secret: 'platform-sync-webhook-secret',
  })) {
    const saved = await page.request.post(`${server.baseUrl}/api/admin/settings`, {
      data: { key, value, description: key },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
}

test('a sold-out mark shows as sent to Wolt; the menu pushed, read back, the same', async ({
  page,
}) => {
  test.slow();
  await connectWolt(page);

  await page.goto(`${server.baseUrl}/menu-management`);
  await expect(page.getByRole('heading', { name: 'Menu Editor' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Menu items' }).getByRole('row').filter({
    hasText: ITEM,
  });
  await row.getByRole('button', { name: `Sold out options for ${ITEM}` }).click();
  const soldOut = page.getByRole('dialog', { name: 'Sold out' });
  await soldOut.getByLabel('Until I turn it back on', { exact: true }).check();
  await soldOut.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toContainText('Sold out · until turned back on');
  await expect
    .poll(() => wolt.enabled('items', 'classic-smash-burger'), { timeout: 20_000 })
    .toBe(false);

  await page.goto(`${server.baseUrl}/delivery-platforms`);
  const woltStatus = page.getByRole('list', { name: 'Platforms' }).getByRole('listitem', {
    name: 'Wolt',
  });
  await expect(woltStatus).toContainText('Sold-out marks last sent:');
  await expect(woltStatus).not.toContainText('Sold-out marks last sent: none yet');
  await expect(woltStatus).toContainText('Menu last sent: none yet');

  const woltMenu = page.getByLabel('Wolt menu', { exact: true });
  await woltMenu.getByRole('button', { name: 'Preview menu for Wolt' }).click();
  const preview = woltMenu.getByLabel('What changes on Wolt');
  await expect(preview).toContainText('Wolt replaces its whole menu with this one');
  await expect(preview).toContainText(`New ${ITEM}: €10.90, sold out`);
  await preview.getByRole('button', { name: 'Push menu to Wolt' }).click();
  await expect.poll(() => wolt.menu() !== undefined, { timeout: 20_000 }).toBe(true);
  await expect(woltStatus).not.toContainText('Menu last sent: none yet', { timeout: 20_000 });

  await woltStatus.getByRole('button', { name: 'Check now' }).click();
  await expect(woltStatus).toContainText('Wolt shows what we sell.');

  // A change on Wolt's side: the burger on sale there. Check now shows it, Fix mends it.
  wolt.setEnabled('items', 'classic-smash-burger', true);
  await woltStatus.getByRole('button', { name: 'Check now' }).click();
  await expect(woltStatus.getByRole('list', { name: 'Differences on Wolt' })).toContainText(
    `${ITEM}: on sale on Wolt, sold out here`,
  );
  // The dashboard says so too, with the way to the page.
  await page.goto(`${server.baseUrl}/admin`);
  const notice = page.getByRole('region', { name: 'Delivery platforms differ' });
  await expect(notice).toContainText(`${ITEM} on sale there, sold out here`);
  await notice.getByRole('link', { name: 'Open Delivery Platforms to fix it' }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/delivery-platforms`);
  await woltStatus.getByRole('button', { name: 'Fix: send ours to Wolt' }).click();
  await expect
    .poll(() => wolt.enabled('items', 'classic-smash-burger'), { timeout: 20_000 })
    .toBe(false);
  await woltStatus.getByRole('button', { name: 'Check now' }).click();
  await expect(woltStatus).toContainText('Wolt shows what we sell.');
});
