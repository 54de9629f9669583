/**
 * The Notification Test page (spec back-office §2, §4, §8, §9). The browser's Notification
 * constructor is watched (the real one still runs) so the tests can count what was shown.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';
import { shownNotifications, watchNotifications } from './notifications-watch.ts';

async function openTestPage(page: Page) {
  await logInAsAdmin(page);
  await page.goto('/notification-test');
  await expect(page.getByRole('heading', { name: 'Notification Test', level: 1 })).toBeVisible();
}

test.describe('with notifications allowed', () => {
  test.use({ permissions: ['notifications'] });

  test('the tests notify, flash and fill the log, and Clear empties it', async ({
    page,
    context,
  }) => {
    await watchNotifications(context);
    await openTestPage(page);

    await expect(page.getByTestId('notification-permission')).toHaveText('Granted');
    await expect(page.getByRole('button', { name: 'Request Permission' })).toHaveCount(0);

    const results = page.getByRole('list', { name: 'Test results' });
    const entries = results.getByRole('listitem');
    const clear = page.getByRole('button', { name: 'Clear' });
    await expect(entries).toHaveCount(0);
    await expect(clear).toBeDisabled();

    await page.getByRole('button', { name: 'Basic Notification' }).click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Basic Notification');
    await expect(entries.first()).toContainText('Granted');
    await expect(entries.first().locator('time')).toHaveAttribute('datetime', /\d{4}-\d\d-\d\dT/);
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);

    // The flash shows for half a second: an observer notes it, so a busy machine, where the
    // assertion's polling can fall between two looks, still sees it.
    await page.evaluate(() => {
      const seen = document.documentElement;
      new MutationObserver((records, observer) => {
        const added = records.flatMap((record) => Array.from(record.addedNodes));
        if (
          added.some((node) => node instanceof HTMLElement && node.dataset.testid === 'ready-flash')
        ) {
          seen.dataset.flashSeen = 'yes';
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Order Ready Alert' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-flash-seen', 'yes');
    await expect(entries).toHaveCount(2);
    // Newest first.
    await expect(entries.first()).toContainText('Order Ready Alert');
    await expect(entries.first()).toContainText('Granted');
    await expect(entries.first()).toContainText('TEST-12345');
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(2);
    const [, orderReady] = await shownNotifications(page);
    expect(orderReady?.title).toBe('Your order is ready!');
    expect(orderReady?.body).toContain('-12345');
    await expect(page.getByTestId('ready-flash')).toHaveCount(0);

    await expect(clear).toBeEnabled();
    await clear.click();
    await expect(entries).toHaveCount(0);
    await expect(page.getByText('No tests run yet.')).toBeVisible();
    await expect(clear).toBeDisabled();
  });

  test('Test Everything fires the four alerts on the spec’s schedule', async ({
    page,
    context,
  }) => {
    await watchNotifications(context);
    await openTestPage(page);
    const entries = page.getByRole('list', { name: 'Test results' }).getByRole('listitem');
    const everything = page.getByRole('button', { name: 'Test Everything' });

    await everything.click();
    await expect(everything).toBeDisabled();
    // Nothing before 1 s.
    expect(await shownNotifications(page)).toHaveLength(0);
    await expect(entries).toHaveCount(4, { timeout: 6_000 });
    await expect(everything).toBeEnabled();
    await expect(entries.nth(0)).toContainText('Rapid Notification 2');
    await expect(entries.nth(1)).toContainText('Rapid Notification 1');
    await expect(entries.nth(2)).toContainText('Order Ready Alert');
    await expect(entries.nth(3)).toContainText('Basic Notification');
    for (let index = 0; index < 4; index += 1) {
      await expect(entries.nth(index)).toContainText('Granted');
    }
    const titles = (await shownNotifications(page)).map((shown) => shown.title);
    expect(titles).toEqual([
      'Test notification',
      'Your order is ready!',
      'Rapid notification 1',
      'Rapid notification 2',
    ]);
  });
});

test('without the permission the page offers to ask for it', async ({ page, context }) => {
  // A browser without vibration (most computers).
  await context.addInitScript(() => {
    delete (Navigator.prototype as Partial<Navigator>).vibrate;
  });
  await openTestPage(page);
  await expect(page.getByTestId('notification-permission')).toHaveText(/^(Not Asked|Denied)$/);
  await expect(page.getByRole('button', { name: 'Request Permission' })).toBeVisible();

  // A basic notification cannot be shown, and the log says why.
  await page.getByRole('button', { name: 'Basic Notification' }).click();
  const entry = page.getByRole('list', { name: 'Test results' }).getByRole('listitem').first();
  await expect(entry).toContainText('Basic Notification');
  await expect(entry).toContainText('Denied');

  await page.getByRole('button', { name: 'Vibration Only' }).click();
  const vibration = page.getByRole('list', { name: 'Test results' }).getByRole('listitem').first();
  await expect(vibration).toContainText('Vibration Only');
  await expect(vibration).toContainText('Not supported');
  await expect(vibration).toContainText('Vibration not supported');
});
