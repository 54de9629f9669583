/**
 * Kitchen Display (spec back-office §4, §8, §9; DESIGN.md departure 6): a paid order reaches the
 * open kitchen screen over the socket, faster than the 5 s poll could bring it, and goes through
 * start (20 min), ready, done, Clear All and Recall.
 */
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { createPaidOrder } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';

async function openKitchenAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/admin');
  await page.goto('/kitchen');
  await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
  // The socket is open before the customer pays: what follows is the live path.
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

const column = (page: Page, title: 'New' | 'In progress' | 'Ready' | 'Done') =>
  page.getByRole('region', { name: new RegExp(`^${title}\\b`) });

const isKitchenList = (url: string) => new URL(url).pathname === '/api/kitchen/orders';

test('a paid order appears live on the kitchen display and goes through every kitchen step', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await openKitchenAsAdmin(page);

  // The customer is someone else: their own browser context, no staff cookie.
  const customer = await browser.newContext();
  try {
    // Pay right after a poll: the next poll is 5 s away, so only the socket can show it within 2 s.
    await page.waitForResponse((response) => isKitchenList(response.url()));
    const polledAt = Date.now();
    const order = await createPaidOrder(customer.request);
    const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
    await expect(card).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - polledAt, 'shown before the 5 s poll could run').toBeLessThan(5_000);

    // New, highlighted, with what the kitchen needs to cook it.
    await expect(
      column(page, 'New').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
    await expect(card.getByText('NEW', { exact: true })).toBeVisible();
    await expect(card).toContainText('Classic Smash Burger');
    await expect(card).toContainText('Spicy BBQ');
    await expect(card).toContainText('Extra Cheese');
    await expect(card).toContainText('No pickles');
    await expect(card).toContainText('Website');
    await expect(card).toContainText('Pickup');
    await expect(card.getByRole('button', { name: 'Mark Ready' })).toHaveCount(0);

    // Start, then 20 minutes: touching the card ends the highlight.
    await card.getByRole('button', { name: 'Start Order' }).click();
    await expect(
      column(page, 'In progress').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
    await expect(card.getByText('NEW', { exact: true })).toHaveCount(0);
    // Started without choosing, the estimate is what the customer was promised: the minutes
    // left of the checkout's quote (decision 026).
    await expect
      .poll(async () => {
        const read = await customer.request.get(`/api/orders/${order.id}`);
        return ((await read.json()) as { kitchenEstimatedTime: number | null })
          .kitchenEstimatedTime;
      })
      .toBeGreaterThan(0);
    // Then the kitchen chooses 20 (a compact card first unfolds its choices).
    const folded = card.getByRole('button', { name: /^Est\. \d+ min$/ });
    if ((await card.getAttribute('data-density')) === 'compact') {
      await expect(folded).toBeVisible();
      await folded.click();
    }
    const twenty = card.getByRole('button', { name: '20 min', exact: true });
    await twenty.click();
    await expect(card).toContainText('Est. 20 min');
    // A normal card keeps the choices with 20 pressed; a compact one (the shared kitchen holds
    // the other specs' orders too, decision 024) folds them into "Est. 20 min".
    if ((await card.getAttribute('data-density')) !== 'compact') {
      await expect(twenty).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(card.getByRole('button', { name: 'Start Order' })).toHaveCount(0);
    const started = await customer.request.get(`/api/orders/${order.id}`);
    expect(((await started.json()) as { status: string }).status).toBe('preparing');

    await card.getByRole('button', { name: 'Mark Ready' }).click();
    await expect(
      column(page, 'Ready').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: '20 min', exact: true })).toHaveCount(0);

    await card.getByRole('button', { name: 'Mark Done' }).click();
    await expect(
      column(page, 'Done').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();

    // Clear All asks first (decision 024): Keep them changes nothing.
    await page.getByRole('button', { name: 'Clear All' }).click();
    const confirm = page.getByRole('dialog', { name: /^Clear \d+ done orders?\?$/ });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep them' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();
    // Confirmed: gone from the display, still there for the admin.
    await page.getByRole('button', { name: 'Clear All' }).click();
    await confirm.getByRole('button', { name: /^Clear \d+$/ }).click();
    await expect(page.getByText('Orders Cleared')).toBeVisible();
    await expect(card).toHaveCount(0);
    const kept = await page.request.get(`/api/orders/${order.id}`);
    expect(kept.ok()).toBe(true);
    expect(((await kept.json()) as { status: string }).status).toBe('completed');

    // Nothing done left: the spec's 'No Orders' toast.
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByText('No Orders', { exact: true })).toBeVisible();
    await expect(page.getByText('No done orders to clear')).toBeVisible();

    // Recall undoes the mistake: back in Ready, and the toast names it.
    await page.getByRole('button', { name: 'Recall' }).click();
    await expect(page.getByText(`Order #${order.orderNumber} is back in Ready`)).toBeVisible();
    await expect(
      column(page, 'Ready').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
  } finally {
    await customer.close();
  }
});

test('the kitchen display shows a live clock and a connection indicator', async ({ page }) => {
  await openKitchenAsAdmin(page);
  const clock = page.getByLabel('Current time');
  await expect(clock).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  const first = await clock.textContent();
  // It ticks every second; a busy machine may be late to show the next one.
  await expect(clock).not.toHaveText(first ?? '', { timeout: 10_000 });
});
