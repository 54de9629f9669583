/**
 * Install and offline use (spec customer-site §4, §9): the web manifest with icons made here, and
 * /sw.js at root scope keeping the app shell and the last menu so the storefront opens offline.
 */
import { expect, test, testOnWorkerServer as plainTest } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });
plainTest.use({ serviceWorkers: 'allow' });

test('the manifest names the app and its icons load', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

// Offline, the browser logs every request the worker cannot answer (pictures never seen,
// the session check): those are expected here, so this test watches for page errors only.
plainTest(
  'the service worker controls the storefront, which then opens offline with the last menu',
  async ({ page, context }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/');
    await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
    // A second load goes through the worker, which keeps the shell and the menu.
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Menu', exact: true })).toBeVisible();
      await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();
      await page.getByRole('button', { name: 'Burgers' }).click();
      await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    expect(pageErrors).toEqual([]);
  },
);

plainTest(
  'one visit is enough: the storefront then opens offline with the menu',
  async ({ page, context }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/');
    await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();
    // The worker installs during this first visit; nothing is loaded a second time online.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Menu', exact: true })).toBeVisible();
      await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    expect(pageErrors).toEqual([]);
  },
);
