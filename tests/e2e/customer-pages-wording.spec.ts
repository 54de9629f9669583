/**
 * The customer pages say things once, plainly and the same way everywhere: a paid order is
 * not "awaiting confirmation" under "Order Confirmed"; a closed or paused shop is said at the
 * top of /checkout; a failed payment stays on the page after its toast; one date and time
 * format; Order Again keeps the pictures; the shop's name fits the phone's top bar.
 */
import type { Page } from '@playwright/test';
import { CUSTOMER, createPaidOrder, seedCart, storedCartLines } from './checkout-support.ts';
import { expect as baseExpect, test, type ApiMenuItem } from './fixtures.ts';

// Pages load their screens lazily; on a busy two-core machine that can take more than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const toasts = (page: Page) =>
  page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

test('a paid order reads Order Confirmed and In the Queue, never Awaiting Confirmation', async ({
  page,
  request,
}) => {
  const order = await createPaidOrder(request);
  await page.goto(`/order-confirmation?orderId=${order.id}`);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  const status = page.getByRole('region', { name: 'Order Status' });
  await expect(status).toContainText('In the Queue');
  await expect(page.getByText(/awaiting confirmation/i)).toHaveCount(0);
});

test('one date and time format on the confirmation page, /track and Track Your Meal', async ({
  page,
}) => {
  // Placed from this browser: Track Your Meal lists only the orders it placed (decision 020).
  const order = await createPaidOrder(page.request);
  // "24 Nov 2026, 18:05": day, short month, year, 24-hour clock.
  const format = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/;

  await page.goto(`/order-confirmation?orderId=${order.id}`);
  const placed = page.getByText(/^Placed /);
  await expect(placed).toBeVisible();
  const onConfirmation = (await placed.textContent())!.replace(/^Placed /, '');
  expect(onConfirmation).toMatch(format);

  await page.goto('/track');
  await page.getByLabel('Order number').fill(String(order.orderNumber));
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  const tracked = page.getByRole('article', { name: `Order #${order.orderNumber}` });
  await expect(tracked.getByText(/^Placed /)).toHaveText(`Placed ${onConfirmation}`);

  await page.goto('/');
  await page.getByRole('button', { name: 'Track Your Meal' }).click();
  await page.getByLabel('Email address').fill(CUSTOMER.email);
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  const listed = page.getByRole('listitem', { name: `Order #${order.orderNumber}` });
  await expect(listed.locator('time')).toHaveText(onConfirmation);
});

test('Order Again puts the items back in the cart with their pictures', async ({
  page,
  request,
}) => {
  const menu = (await (await request.get('/api/menu/items')).json()) as ApiMenuItem[];
  const order = await createPaidOrder(request);
  await page.goto(`/order-confirmation?orderId=${order.id}`);
  await page.getByRole('button', { name: 'Order Again' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Order' });
  await expect(cart).toBeVisible();

  const lines = await storedCartLines(page);
  expect(lines.map((line) => line.name).sort()).toEqual(
    order.items.map((item) => item.name).sort(),
  );
  for (const line of lines) {
    const picture = menu.find((item) => item.id === line.menuItemId)!.image;
    expect(picture, `${line.name} has a picture on the menu`).toBeTruthy();
    expect(line.image).toBe(picture);
  }
  // And the cart shows them.
  await expect(cart.locator('img')).toHaveCount(lines.length);
});

test.describe('a closed or paused shop is said at the top of /checkout', () => {
  async function withShopStatus(page: Page, change: (status: Record<string, unknown>) => void) {
    await page.route('**/api/shop-status', async (route) => {
      const response = await route.fetch();
      const status = (await response.json()) as Record<string, unknown>;
      change(status);
      await route.fulfill({ response, json: status });
    });
  }

  /** In the first screenful and above the Checkout heading. */
  async function expectAtTheTop(page: Page, message: string | RegExp) {
    const notice = page.getByText(message).first();
    await expect(notice).toBeVisible();
    const box = (await notice.boundingBox())!;
    const heading = (await page.getByRole('heading', { name: 'Checkout' }).boundingBox())!;
    expect(box.y).toBeLessThan(heading.y);
    expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height);
  }

  test('closed', async ({ page }) => {
    await withShopStatus(page, (status) => {
      status.isOpen = false;
    });
    await seedCart(page);
    await page.goto('/checkout');
    await expectAtTheTop(page, "Sorry, we're currently closed.");
    await expect(page.getByRole('button', { name: 'Shop Closed - Cannot Order' })).toBeDisabled();
  });

  test('paused', async ({ page }) => {
    await withShopStatus(page, (status) => {
      status.onlineOrdering = {
        ...(status.onlineOrdering as object),
        paused: true,
        resumesAt: null,
      };
    });
    await seedCart(page);
    await page.goto('/checkout');
    await expectAtTheTop(page, /not taking online orders/i);
  });
});

test('a failed payment leaves its message on the page after the toast has gone', async ({
  page,
}) => {
  await page.clock.install();
  await seedCart(page);
  await page.goto('/checkout?payment=failed');
  await expect(toasts(page)).toContainText('Payment Failed');
  const notice = page.getByTestId('payment-notice');
  await expect(notice).toContainText('Payment Failed');
  await expect(notice).toContainText('There was an issue processing your payment.');
  // The toast's 5000 ms pass; the message stays until the customer closes it.
  await page.clock.runFor(6000);
  await expect(toasts(page)).toHaveCount(0);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(notice).toHaveCount(0);
});

for (const width of [360, 390]) {
  test(`the shop's name is not cut off in the phone top bar at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const info = (await (await page.request.get('/api/shop-info')).json()) as { name: string };
    for (const path of ['/', '/track', '/checkout']) {
      await page.goto(path);
      const name = page.getByRole('banner').getByRole('link', { name: `${info.name} home` });
      await expect(name).toContainText(info.name);
      const clipped = await name
        .getByText(info.name, { exact: true })
        .evaluate(
          (element) =>
            element.scrollWidth > element.clientWidth ||
            element.scrollHeight > element.clientHeight,
        );
      expect(clipped, `the name is cut off on ${path}`).toBe(false);
    }
  });
}
