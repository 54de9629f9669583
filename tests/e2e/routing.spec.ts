import { expect, test } from './fixtures.ts';

test('an unknown path shows Page Not Found', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to menu' }).click();
  await expect(page).toHaveURL('/');
});

for (const [protectedPath, loginPath, loginTitle] of [
  ['/admin', '/login', 'Admin Login'],
  ['/menu-management', '/login', 'Admin Login'],
  ['/staff-management', '/login', 'Admin Login'],
  ['/settings', '/login', 'Admin Login'],
  ['/staff-pos', '/staff-login', 'Staff Login'],
  ['/kitchen', '/kitchen-login', 'Kitchen Login'],
] as const) {
  test(`${protectedPath} sends a stranger to ${loginPath}`, async ({ page }) => {
    await page.goto(protectedPath);
    await expect(page).toHaveURL(loginPath);
    await expect(page.getByRole('heading', { name: loginTitle })).toBeVisible();
  });
}

test('the storefront downloads none of the back office code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByTestId('menu-grid')).toBeVisible();
  // `notification-test`: the back office's page; the customer's order-ready alerts are the
  // `notifications` feature's public entry (its chunk's name), which the storefront uses.
  const backOffice = scripts.filter((src) =>
    /(admin|kitchen|staff|pos|menu-editor|calendar|qr-codes|delivery|shop-hours|notification-test)/.test(
      src,
    ),
  );
  expect(backOffice).toEqual([]);
});

test('unknown API paths answer 404 JSON, not the app', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: 'Not found: GET /api/does-not-exist' });
});

test('/ is written with its styles and the hero preload; other pages without the hero', async ({
  request,
}) => {
  const home = await (await request.get('/')).text();
  const checkout = await (await request.get('/checkout')).text();
  for (const page of [home, checkout]) {
    // The first paint waits for no stylesheet request (decision 016).
    expect(page).toMatch(/<style>[^<]*\.font-display/);
    expect(page).not.toMatch(/<link rel="stylesheet"/);
  }
  expect(home).toMatch(/<link\s+rel="preload"\s+as="image"/);
  expect(checkout).not.toMatch(/as="image"/);
});

test('/, /track and /checkout arrive with their first screen written in, inert, and start the app after it', async ({
  request,
}) => {
  // Decision 016, "Prerendered first screen": the text a phone paints before any script runs.
  const pages = {
    '/': ['Pickup only · Pay by card', 'Menu'],
    '/track': ['Track Your Order'],
    '/checkout': ['Almost there. Tell us who the order is for, then pay by card.'],
  };
  for (const [url, texts] of Object.entries(pages)) {
    const page = await (await request.get(url)).text();
    const root =
      /<div id="root"><div inert aria-hidden="true" data-prerendered="">(.*)<\/div><\/div>/s.exec(
        page,
      );
    expect(root, url).not.toBeNull();
    for (const text of texts) expect(root![1], url).toContain(text);
    // Nothing in it a test or a script could take for the live app.
    expect(root![1], url).not.toContain('data-testid');
    // The boot script, not the app: the app is named for it and fetched after the first paint.
    expect(page, url).toMatch(/<meta name="app-script" content="\/assets\/index-[^"]+\.js">/);
    expect(page, url).toMatch(/<script type="module" src="\/assets\/boot-[^"]+\.js"><\/script>/);
    expect(page, url).not.toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
  }
  // Any other page: an empty root and the app at once.
  const admin = await (await request.get('/admin')).text();
  expect(admin).toContain('<div id="root"></div>');
  expect(admin).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);
  expect(admin).not.toContain('app-script');
});

for (const url of ['/', '/track', '/checkout']) {
  test(`${url}: the app is fetched after the first paint and replaces the written screen with the live one`, async ({
    page,
  }) => {
    await page.goto(url);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    // The live page: a heading a screen reader finds (the written one is hidden from it).
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // boot.js asked for the app only once the written screen had been painted.
    const times = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      app:
        performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime ?? null,
    }));
    expect(times.paint, 'first contentful paint').not.toBeNull();
    expect(times.app, "the app's script").not.toBeNull();
    expect(times.app!).toBeGreaterThanOrEqual(times.paint!);
  });
}

test('/track: once the app has taken over, its form looks an order up', async ({ page }) => {
  await page.goto('/track');
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await page.getByLabel('Order number').fill('999999');
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(page.getByText('Order #999999 not found')).toBeVisible();
});
