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
  const backOffice = scripts.filter((src) =>
    /(admin|kitchen|staff|pos|menu-editor|calendar|qr-codes|delivery|shop-hours|notification)/.test(
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
