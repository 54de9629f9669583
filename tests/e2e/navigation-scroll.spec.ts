/**
 * A new page opens at its top while back and forward return to where the page was scrolled
 * (react-router's ScrollRestoration), and every route names itself in the tab
 * ("Checkout · Smoke & Bun", "Menu Editor · Admin Panel").
 */
import { seedCart } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => window.scrollY);

test('the checkout opens at its top; back returns to where the menu was scrolled', async ({
  page,
}) => {
  await seedCart(page);
  await page.goto('/');
  await expect(page.getByTestId('menu-grid')).toBeVisible();
  await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();

  // Well down the menu, not at its very end (the page must be able to come back to it).
  const target = await page.evaluate(() =>
    Math.round(Math.min(1200, (document.documentElement.scrollHeight - window.innerHeight) / 2)),
  );
  expect(target).toBeGreaterThan(300);
  await page.evaluate((y) => window.scrollTo(0, y), target);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(target - 5);

  await page.getByRole('button', { name: /^Cart, / }).click();
  await page
    .getByRole('dialog', { name: 'Your Order' })
    .getByRole('button', { name: 'Proceed to Checkout' })
    .click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await expect(page.getByLabel('First name')).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('menu-grid')).toBeVisible();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(target - 50);
  expect(await scrollY(page)).toBeLessThan(target + 50);

  // Forward again: the checkout as it was left, at its top.
  await page.goForward();
  await expect(page).toHaveURL('/checkout');
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('every public route has its own title, with the shop name', async ({ page, request }) => {
  const shop = ((await (await request.get('/api/shop-info')).json()) as { name: string }).name;
  expect(shop).toBeTruthy();
  for (const [path, title] of [
    ['/', `${shop} · Order for pickup`],
    ['/checkout', `Checkout · ${shop}`],
    ['/order-confirmation', `Order Confirmation · ${shop}`],
    ['/track', `Track Your Order · ${shop}`],
    ['/table', `Table Ordering · ${shop}`],
    ['/login', `Admin Login · ${shop}`],
    ['/staff-login', `Staff Login · ${shop}`],
    ['/kitchen-login', `Kitchen Login · ${shop}`],
    ['/no/such/page', `Page Not Found · ${shop}`],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('every back-office screen has its own title', async ({ page }) => {
  await logInAsAdmin(page);
  await expect(page).toHaveTitle('Admin Panel');

  const nav = page.getByRole('navigation', { name: 'Back office' });
  for (const [link, title] of [
    ['Menu Editor', 'Menu Editor · Admin Panel'],
    ['QR Codes', 'QR Codes · Admin Panel'],
    ['Calendar', 'Order Calendar · Admin Panel'],
    ['POS', 'Admin POS · Admin Panel'],
    ['Staff', 'Staff · Admin Panel'],
    ['Delivery Platforms', 'Delivery Platforms · Admin Panel'],
    ['Printers', 'Printers · Admin Panel'],
    ['Shop Hours', 'Shop Hours · Admin Panel'],
    ['Settings', 'Shop Settings · Admin Panel'],
    ['Test Alerts', 'Test Alerts · Admin Panel'],
    ['Dashboard', 'Admin Panel'],
  ] as const) {
    // On a phone the screens are behind the navigation's menu button (it names the screen).
    const menu = nav.getByRole('button', { name: /^Menu/ });
    if (await menu.isVisible()) await menu.click();
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page, link).toHaveTitle(title);
  }

  // The screens outside the admin's navigation, which the admin may open too.
  for (const [path, title] of [
    ['/kitchen', 'Kitchen Display'],
    ['/staff-pos', 'Staff POS'],
    ['/cash-up', 'Cash-up · POS'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});
