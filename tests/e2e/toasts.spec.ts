/**
 * The spec's notification toasts (customer-site §9 and its constants): one at a time, 5000 ms,
 * a swipe right of 50 px dismisses (49 px does not), F8 reaches them, at most 420 px wide.
 * Adding a drink (not customizable) shows "Added to Cart".
 */
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { createPaidOrder } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { showCategory, tapCard } from './menu-support.ts';

const toasts = (page: Page) =>
  page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

async function openDrinks(page: Page) {
  await page.goto('/');
  await showCategory(page, 'Drinks');
}

/** Drags the toast to the right by `distance` px with the mouse, in small steps. */
async function swipeRight(page: Page, distance: number) {
  const box = (await toasts(page).first().boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + distance, y, { steps: 10 });
  await page.mouse.up();
}

test('one toast at a time: a new one replaces the one showing', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-22T12:00:00Z') });
  await openDrinks(page);
  // Time stands still, so the first toast cannot simply run out.
  await page.clock.pauseAt(new Date('2026-11-22T12:01:00Z'));
  await tapCard(page, 'Cola 0.5 l');
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('1× Cola 0.5 l');
  await tapCard(page, 'Homemade Lemonade');
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('1× Homemade Lemonade');
  const width = (await toasts(page).first().boundingBox())!.width;
  expect(width).toBeLessThanOrEqual(420);
});

test('a swipe right of 49 px leaves the toast, 50 px dismisses it', async ({ page }) => {
  await openDrinks(page);
  await tapCard(page, 'Cola 0.5 l');
  await expect(toasts(page)).toHaveCount(1);

  await swipeRight(page, 49);
  await expect(toasts(page)).toHaveCount(1);
  // It springs back to where it was.
  await expect
    .poll(() =>
      toasts(page)
        .first()
        .evaluate((element) => getComputedStyle(element).transform),
    )
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);

  await swipeRight(page, 50);
  await expect(toasts(page)).toHaveCount(0);
});

test('a toast stays 5000 ms, longer while pointed at, and closes with its button', async ({
  page,
}) => {
  await page.clock.install({ time: new Date('2026-11-22T12:00:00Z') });
  await openDrinks(page);
  // From here the page's time moves only when the test says so.
  await page.clock.pauseAt(new Date('2026-11-22T12:01:00Z'));
  await tapCard(page, 'Cola 0.5 l');
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(4_900);
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(toasts(page)).toHaveCount(0);

  // Pointed at, it waits for the customer to read it.
  await tapCard(page, 'Cola 0.5 l');
  await toasts(page).first().hover();
  await page.clock.runFor(10_000);
  await expect(toasts(page)).toHaveCount(1);
  await toasts(page).first().getByRole('button', { name: 'Close notification' }).click();
  await expect(toasts(page)).toHaveCount(0);
});

test('F8 moves the keyboard focus to the toasts', async ({ page }) => {
  await openDrinks(page);
  await tapCard(page, 'Cola 0.5 l');
  await expect(toasts(page)).toHaveCount(1);
  await page.keyboard.press('F8');
  await expect(
    page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('list'),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(toasts(page).getByRole('button', { name: 'Close notification' })).toBeFocused();
});

test('on a phone a toast never covers a dialog’s buttons: Order Complete’s View order status takes the tap', async ({
  page,
}) => {
  const order = await createPaidOrder(page.request);
  // Back from the payment page: the Order Complete sheet and the Payment Successful toast.
  await page.goto(`/checkout?payment=success&orderId=${order.id}`);
  const dialog = page.getByRole('dialog', { name: 'Order Complete' });
  // The page loads its screen lazily: slow on a busy machine.
  await expect(dialog.getByTestId('order-number')).toHaveText(`#${order.orderNumber}`, {
    timeout: 15_000,
  });
  await expect(toasts(page)).toContainText('Payment Successful');

  const toast = (await toasts(page).first().boundingBox())!;
  const viewStatus = dialog.getByRole('link', { name: 'View order status' });
  for (const button of [viewStatus, dialog.getByRole('button', { name: 'Continue' })]) {
    const box = (await button.boundingBox())!;
    const apart =
      box.y >= toast.y + toast.height ||
      toast.y >= box.y + box.height ||
      box.x >= toast.x + toast.width ||
      toast.x >= box.x + box.width;
    expect(apart, `the toast covers ${await button.textContent()}`).toBe(true);
  }
  // What a finger on the button's middle touches is the button.
  expect(
    await viewStatus.evaluate((link) => {
      const { x, y, width, height } = link.getBoundingClientRect();
      return link.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    }),
  ).toBe(true);
  await expect(toasts(page)).toHaveCount(1);
  await viewStatus.tap();
  await expect(page).toHaveURL(`/order-confirmation?orderId=${order.id}`);
});

test('on a phone a toast never covers a sheet’s title or close button', async ({ page }) => {
  // A tall sheet (the menu editor's item form reaches its full height) and a toast over it.
  await page.goto('/login');
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/admin');
  await page.goto('/menu-management');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add Menu Item' });
  await sheet.getByRole('button', { name: 'Create item' }).click();
  await expect(toasts(page)).toContainText('Please fill in all required fields');

  const toast = (await toasts(page).first().boundingBox())!;
  const sheetBox = (await sheet.boundingBox())!;
  // The sheet is as tall as a sheet gets (its form scrolls), and starts below the toast.
  expect(sheetBox.y).toBeGreaterThanOrEqual(toast.y + toast.height);
  for (const part of [
    sheet.getByRole('heading', { name: 'Add Menu Item' }),
    sheet.getByRole('button', { name: 'Close', exact: true }),
  ]) {
    const box = (await part.boundingBox())!;
    const apart =
      box.y >= toast.y + toast.height ||
      toast.y >= box.y + box.height ||
      box.x >= toast.x + toast.width ||
      toast.x >= box.x + box.width;
    expect(apart, `the toast covers ${await part.textContent()}`).toBe(true);
  }
  await page.screenshot({ path: test.info().outputPath('toast-over-sheet.png') });
  // The close button takes the tap.
  await sheet.getByRole('button', { name: 'Close', exact: true }).tap();
  await expect(sheet).toBeHidden();
});
