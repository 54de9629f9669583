/**
 * Every page, the storefront's and the back office's, at a phone's width and a laptop's,
 * passes an axe scan without a serious or critical violation (DESIGN.md "tests":
 * @axe-core/playwright), and so do the dialogs a customer or the admin works in: the item and
 * Track Your Meal dialogs, the Order Complete sheet after paying, the dashboard's Order Details
 * and Delete Order. A Track Your Meal result's READY FOR PICKUP badge, which no page scan sees in
 * its Ready state, has a contrast check of its own.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CUSTOMER, createPaidOrder, seedCart, setKitchenStatus } from './checkout-support.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';
import { settledForAxe } from './animations-settled.ts';
import { revealFooter } from './storefront-footer.ts';

// Pages load their screens lazily; on a busy two-core machine that can take more than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** The serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page, state: string): Promise<string[]> {
  // What a person reads once it has settled.
  await settledForAxe(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${state}: ${violation.id} (${violation.impact}) ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Opens a page and waits until its heading is there and nothing is loading. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, {
    timeout: 15_000,
  });
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test(`the customer pages have no serious or critical axe violation (${name})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const found: string[] = [];
      const order = await createPaidOrder(request);

      await open(page, '/', /^Menu$/i);
      // The footer loads as the reader nears it: the scan covers it too.
      await revealFooter(page);
      found.push(...(await seriousViolations(page, '/')));
      await page
        .getByRole('button', { name: /Classic Smash Burger/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await seriousViolations(page, '/ item dialog')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Track Your Meal' }).click();
      await expect(page.getByRole('dialog', { name: 'Track Your Meal' })).toBeVisible();
      found.push(...(await seriousViolations(page, '/ track dialog')));
      await page.keyboard.press('Escape');

      await seedCart(page);
      await open(page, '/checkout', /^Checkout$/i);
      found.push(...(await seriousViolations(page, '/checkout')));

      // Back from the payment page: the Order Complete sheet over the checkout (customer-site §2
      // "Order Complete").
      await page.goto(`/checkout?payment=success&orderId=${order.id}`);
      await expect(
        page.getByRole('dialog', { name: 'Order Complete' }).getByTestId('order-number'),
      ).toHaveText(`#${order.orderNumber}`, { timeout: 15_000 });
      found.push(...(await seriousViolations(page, '/checkout Order Complete sheet')));

      await open(page, `/order-confirmation?orderId=${order.id}`, 'Order Confirmed');
      found.push(...(await seriousViolations(page, '/order-confirmation')));

      await open(page, '/track', 'Track Your Order');
      await page.getByLabel('Order number').fill(String(order.orderNumber));
      await page.getByRole('button', { name: 'Track', exact: true }).click();
      await expect(
        page.getByRole('heading', { name: `Order #${order.orderNumber}` }),
      ).toBeVisible();
      found.push(...(await seriousViolations(page, '/track')));

      await open(page, '/table?table=1', /^Menu$/i);
      found.push(...(await seriousViolations(page, '/table?table=1')));

      for (const [path, heading] of [
        ['/login', /Admin/i],
        ['/staff-login', /Staff/i],
        ['/kitchen-login', /Kitchen/i],
        ['/no-such-page', 'Page Not Found'],
      ] as const) {
        await open(page, path, heading);
        found.push(...(await seriousViolations(page, path)));
      }

      expect(found).toEqual([]);
    });

    test(`the back office has no serious or critical axe violation (${name})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const found: string[] = [];
      // Today's dashboard lists at least this order, whose dialogs are scanned below.
      const order = await createPaidOrder(request);
      await logInAsAdmin(page);
      for (const [path, heading] of [
        ['/admin', /Dashboard|Orders/i],
        ['/menu-management', /Menu/i],
        ['/qr-codes', /QR/i],
        ['/calendar', /Calendar/i],
        ['/pos', /POS|Point of Sale|Menu/i],
        ['/staff-management', /Staff/i],
        ['/shop-hours', /Hours/i],
        ['/settings', 'Shop Settings'],
        ['/notification-test', /Notification|Alert/i],
        ['/staff-pos', /POS|Point of Sale|Menu/i],
        ['/cash-up', /Cash/i],
        ['/kitchen', /Kitchen/i],
        ['/delivery-platforms', 'Delivery Platform Management'],
        ['/printers', 'Printers'],
      ] as const) {
        await open(page, path, heading);
        found.push(...(await seriousViolations(page, path)));
      }

      // The dashboard's dialogs (Delete Order is opened and cancelled: other specs share the
      // server's orders).
      await open(page, '/admin', /Dashboard|Orders/i);
      await page.getByRole('button', { name: `View order #${order.orderNumber}` }).click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await expect(details).toContainText(`#${order.orderNumber}`);
      found.push(...(await seriousViolations(page, '/admin Order Details')));
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
      await page.getByRole('button', { name: `Delete order #${order.orderNumber}` }).click();
      const deleting = page.getByRole('alertdialog', { name: 'Delete Order' });
      await expect(deleting).toBeVisible();
      found.push(...(await seriousViolations(page, '/admin Delete Order')));
      await deleting.getByRole('button', { name: 'Cancel' }).click();
      await expect(deleting).toBeHidden();

      expect(found).toEqual([]);
    });
  });
}

test('closing the item dialog with Escape puts the focus back on the item card', async ({
  page,
}) => {
  await open(page, '/', /^Menu$/i);
  const card = page.getByRole('button', { name: /Classic Smash Burger/ }).first();
  // A keyboard user: focus the card and press Enter.
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The focus is in the dialog (the page under it is hidden from the accessibility tree).
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();
});

for (const { opener, dialogName } of [
  { opener: /^Cart, /, dialogName: 'Your Order' },
  { opener: 'Track Your Meal', dialogName: 'Track Your Meal' },
] as const) {
  test(`closing ${dialogName} with Escape puts the focus back on the button that opened it`, async ({
    page,
  }) => {
    // A cart with lines: the cart button shows it, and the dialog is Your Order.
    await seedCart(page);
    await open(page, '/', /^Menu$/i);
    const button = page.getByRole('button', { name: opener }).first();
    // A keyboard user: focus the button and press Enter.
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });
}

test('the READY FOR PICKUP badge of a Track Your Meal result meets WCAG AA contrast (white on green-700, 4.9:1)', async ({
  page,
  request,
}) => {
  // Placed from this browser: Track Your Meal lists only its own orders (decision 020).
  const order = await createPaidOrder(page.request);
  await setKitchenStatus(request, order.id, 'started');
  await setKitchenStatus(request, order.id, 'ready');

  await open(page, '/', /^Menu$/i);
  await page.getByRole('button', { name: 'Track Your Meal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Track Your Meal' });
  await dialog.getByLabel('Email address').fill(CUSTOMER.email);
  await dialog.getByRole('button', { name: 'Track', exact: true }).click();
  const result = dialog.getByRole('listitem', { name: `Order #${order.orderNumber}` });
  await expect(result).toHaveAttribute('data-status', 'ready');
  const badge = result.getByText('Ready for Pickup', { exact: true });
  await expect(badge).toBeVisible();
  // The dialog fades in: measure the colours once it is fully shown.
  await expect(dialog).toHaveCSS('opacity', '1');

  await result.scrollIntoViewIfNeeded();

  const { violations, passes } = await new AxeBuilder({ page })
    .include(`li[aria-label="Order #${order.orderNumber}"]`)
    .withRules(['color-contrast'])
    .analyze();
  const described = (nodes: { html: string; failureSummary?: string | undefined }[]) =>
    nodes.map((node) => `${node.html} ${node.failureSummary ?? ''}`);
  expect(described(violations.flatMap((rule) => rule.nodes))).toEqual([]);
  // The badge itself was measured (not left "incomplete"), and passed.
  expect(
    passes
      .flatMap((rule) => rule.nodes)
      .some((node) => node.html.startsWith('<span') && node.html.includes('>Ready for Pickup<')),
  ).toBe(true);
});
