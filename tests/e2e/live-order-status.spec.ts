/**
 * Live order status (spec customer-site §4, DESIGN.md departure 11): a customer keeps the
 * confirmation page open while the kitchen works the order in another browser context. Each step
 * reaches the customer by its stream, without a reload, and the ready alert fires (notification
 * and screen flash).
 */
import type { Page } from '@playwright/test';
import { createPaidOrder } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';
import { shownNotifications, watchNotifications } from './notifications-watch.ts';

test('the customer sees Being Prepared, Ready for Pickup and DONE live, with the ready alert', async ({
  browser,
  page: kitchen,
  request,
}) => {
  test.setTimeout(90_000);
  // The customer has allowed notifications. Their Notification constructor is watched (the
  // real one still runs) so the test can see what was shown.
  const customerContext = await browser.newContext({ permissions: ['notifications'] });
  await watchNotifications(customerContext);
  await customerContext.addInitScript(() => {
    // The screen flash is on screen for half a second: record when it comes and goes, so the
    // check does not depend on catching it while it shows.
    const flashes: { shownAt: number; goneAt?: number }[] = [];
    (window as unknown as { __flashes: typeof flashes }).__flashes = flashes;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.dataset.testid === 'ready-flash') {
            flashes.push({ shownAt: performance.now() });
          }
        }
        for (const node of record.removedNodes) {
          const last = flashes.at(-1);
          if (node instanceof HTMLElement && node.dataset.testid === 'ready-flash' && last) {
            last.goneAt = performance.now();
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const customer: Page = await customerContext.newPage();
  const problems: string[] = [];
  customer.on('pageerror', (error) => problems.push(error.message));

  // The kitchen is open and live.
  await logInAsAdmin(kitchen);
  await kitchen.goto('/kitchen');
  await expect(kitchen.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // The customer pays and keeps the confirmation page open.
  const order = await createPaidOrder(request);
  await customer.goto(`/order-confirmation?orderId=${order.id}`);
  await expect(customer.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(customer.getByText('In the Queue').first()).toBeVisible();

  // The kitchen display shows it without a reload.
  const card = kitchen.getByRole('article', { name: `Order #${order.orderNumber}` });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Start Order' }).click();
  await card.getByRole('button', { name: '20 min' }).click();
  // The customer's page hears it on its stream (it polls only while the stream is down, every
  // 15 s: decision 019); how soon a change reaches a socket is `npm run bench:ws`'s to measure.
  await expect(customer.getByText('Being Prepared').first()).toBeVisible({ timeout: 10_000 });
  await expect(customer.getByText('Estimated time: 20 minutes.')).toBeVisible({ timeout: 10_000 });

  await card.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(customer.getByText('Ready for Pickup').first()).toBeVisible({ timeout: 10_000 });
  // The ready alert: the screen flash and a notification that needs interaction.
  const flashes = () =>
    customer.evaluate(
      () => (window as unknown as { __flashes: { shownAt: number; goneAt?: number }[] }).__flashes,
    );
  await expect.poll(async () => (await flashes()).length).toBe(1);
  await expect.poll(async () => (await flashes())[0]?.goneAt).toBeDefined();
  const [flash] = await flashes();
  // 0.5 s; a loaded machine records its start late, so the span can read shorter than it was.
  expect(flash!.goneAt! - flash!.shownAt).toBeGreaterThanOrEqual(350);
  expect(flash!.goneAt! - flash!.shownAt).toBeLessThan(1500);
  await expect
    .poll(() => shownNotifications(customer))
    .toEqual([
      {
        title: 'Your order is ready!',
        body: `Order #${order.orderNumber} is ready for pickup. Please come to the counter.`,
        requireInteraction: true,
      },
    ]);

  await card.getByRole('button', { name: 'Mark Done' }).click();
  await expect(customer.getByText('DONE', { exact: true }).first()).toBeVisible({
    timeout: 10_000,
  });

  expect(problems).toEqual([]);
  await customerContext.close();
});
