/**
 * Test mode (DESIGN.md "payments"): the e2e server runs the payment simulator, so every
 * screen (storefront, checkout, kitchen, admin) shows the ribbon, it hides nothing that can be
 * tapped, and an order paid on the simulator says it is a test on the confirmation page and on
 * the kitchen card. A shop with a real provider shows no ribbon.
 */
import type { Locator, Page } from '@playwright/test';
import { createPaidOrder, seedCart } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

const RIBBON_TEXT = 'Test mode - payments are simulated';
const ribbon = (page: Page) => page.getByRole('note').filter({ hasText: RIBBON_TEXT });

/** The ribbon shows, at the bottom edge, over the full width. */
async function expectRibbon(page: Page) {
  await expect(ribbon(page)).toBeVisible();
  const box = (await ribbon(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBe(viewport.width);
  expect(Math.round(box.y + box.height)).toBe(viewport.height);
}

/** `element` ends above the ribbon's top edge. */
async function expectAboveRibbon(page: Page, element: Locator) {
  // By id: an open dialog hides the rest of the page from the accessibility tree.
  const ribbonTop = (await page.locator('#test-mode-ribbon').boundingBox())!.y;
  const box = (await element.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(ribbonTop);
}

test.describe('on a phone', () => {
  test('the storefront shows the ribbon and keeps the cart button above it', async ({ page }) => {
    await seedCart(page);
    await page.goto('/');
    await expectRibbon(page);
    const cart = page.getByRole('button', { name: /view cart/i }).last();
    await expect(cart).toBeVisible();
    await expectAboveRibbon(page, cart);
  });

  test('a dish dialog keeps its Add to Cart button above the ribbon', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('menu-grid').getByRole('article').first().click();
    const add = page.getByRole('dialog').getByRole('button', { name: /add to cart/i });
    await expect(add).toBeVisible();
    await expectAboveRibbon(page, add);
  });

  test('the checkout shows the ribbon and its last button can be scrolled above it', async ({
    page,
  }) => {
    await seedCart(page);
    await page.goto('/checkout');
    await expectRibbon(page);
    // The checkout's code may still be loading (the ribbon shows over the spinner): scroll the
    // page once it is there.
    const pay = page.getByRole('button', { name: /^Place Order/ }).last();
    await expect(pay).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(pay).toBeVisible();
    await expectAboveRibbon(page, pay);
  });

  test('an order paid on the simulator says it is a test order', async ({ page }) => {
    const order = await createPaidOrder(page.request);
    await page.goto(`/order-confirmation?orderId=${order.id}`);
    await expect(page.getByTestId('order-number')).toHaveText(`#${order.orderNumber}`);
    await expect(
      page.getByText('Test order: the payment was simulated and no card was charged.'),
    ).toBeVisible();
    await expectRibbon(page);
  });

  test('a shop with a real payment provider shows no ribbon', async ({ page, request }) => {
    // Every read of it (the page reads it again when its socket is greeted, use-live-menu.ts).
    const info = (await (await request.get('/api/shop-info')).json()) as Record<string, unknown>;
    await page.route('**/api/shop-info', (route) =>
      route.fulfill({ json: { ...info, paymentsSimulated: false } }),
    );
    await page.goto('/');
    await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(RIBBON_TEXT)).toHaveCount(0);
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the admin dashboard and the kitchen show the ribbon; a test order carries TEST', async ({
    page,
    browser,
  }) => {
    await logInAsAdmin(page);
    await expectRibbon(page);

    const customer = await browser.newContext();
    try {
      const order = await createPaidOrder(customer.request);
      await page.goto('/kitchen');
      await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
      await expectRibbon(page);
      const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
      await expect(card.getByText('TEST', { exact: true })).toBeVisible();
    } finally {
      await customer.close();
    }
  });
});
