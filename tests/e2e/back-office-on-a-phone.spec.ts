/**
 * The back office on a phone (390x844): the navigation names the screen you are on and opens
 * a list of every screen, instead of a sideways bar that hides the current tab off screen;
 * every signed-in screen has Logout in view.
 */
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

// Pages load their screens lazily; on a busy two-core machine that can take more than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Every screen of the admin navigation, written out by hand. */
const SCREENS = [
  'Dashboard',
  'Menu Editor',
  'QR Codes',
  'Calendar',
  'POS',
  'Staff',
  'Delivery Platforms',
  'Printers',
  'Shop Hours',
  'Settings',
  'Test Alerts',
  'Homepage',
];

/** Entirely on screen, not scrolled or clipped out of view sideways. */
async function expectOnScreen(page: Page, box: { x: number; width: number } | null) {
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the admin navigation on a phone: a menu button naming the screen, a list of them all', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await page.goto('/shop-hours');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const menu = nav.getByRole('button', { name: /Menu/ });
  // Where you are, in view, without opening anything.
  await expect(menu).toHaveText(/Shop Hours/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expectOnScreen(page, await menu.boundingBox());
  await expect(nav.getByRole('link')).toHaveCount(0);

  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const links = nav.getByRole('link');
  await expect(links).toHaveText(SCREENS);
  for (const link of await links.all()) await expectOnScreen(page, await link.boundingBox());
  await expect(nav.getByRole('link', { name: 'Shop Hours' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await nav.getByRole('link', { name: 'Calendar' }).tap();
  await expect(page).toHaveURL('/calendar');
  await expect(menu).toHaveText(/Calendar/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link')).toHaveCount(0);
});

test('every signed-in screen has Logout in view on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page);
  for (const path of [
    '/admin',
    '/menu-management',
    '/qr-codes',
    '/calendar',
    '/pos',
    '/staff-management',
    '/shop-hours',
    '/settings',
    '/notification-test',
    '/staff-pos',
    '/cash-up',
    '/kitchen',
  ]) {
    await page.goto(path);
    const logout = page.getByRole('button', { name: 'Logout' });
    await expect(logout, `Logout on ${path}`).toBeVisible();
    await expect(logout, `Logout on ${path}`).toBeInViewport();
  }
  // And it works: the kitchen's Logout ends the session.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/admin');
  await expect(page).toHaveURL('/login');
});
