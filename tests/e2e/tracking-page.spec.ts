import { createPaidOrder } from './checkout-support.ts';
import { expect, failedResource, test } from './fixtures.ts';

test.describe('order tracking page', () => {
  test('Track is disabled and asks nothing while the number is blank', async ({ page }) => {
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/orders/track')) asked = true;
    });
    await page.goto('/track');
    const input = page.getByLabel('Order number');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    const track = page.getByRole('button', { name: 'Track', exact: true });
    await expect(track).toBeDisabled();
    await input.fill('   ');
    await expect(track).toBeDisabled();
    await input.press('Enter');
    await input.fill('12');
    await expect(track).toBeEnabled();
    await input.fill('');
    await expect(track).toBeDisabled();
    expect(asked).toBe(false);
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown number says it was not found', async ({ page, expectedConsoleErrors }) => {
    expectedConsoleErrors.push(failedResource(404));
    await page.goto('/track');
    await page.getByLabel('Order number').fill('987654321');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Order #987654321 not found');
    await expect(alert).toContainText('Please check your order number and try again.');
  });

  test('a real number shows the order, its progress, total and payment', async ({
    page,
    request,
  }) => {
    const order = await createPaidOrder(request);
    await page.goto('/track');
    await page.getByLabel('Order number').fill(` ${order.orderNumber} `);
    // Enter submits as well as the button.
    await page.getByLabel('Order number').press('Enter');

    const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
    await expect(card).toBeVisible();
    const status = card.getByRole('region', { name: 'Order status' });
    await expect(status.locator('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
    await expect(status).toContainText('Your order is in queue and will be prepared shortly.');
    const progress = card.getByRole('list', { name: 'Kitchen progress' }).getByRole('listitem');
    await expect(progress).toHaveText([/In queue/, /Preparing/, /Ready/, /Done/]);
    await expect(progress.nth(0)).toHaveAttribute('aria-current', 'step');
    await expect(card).toContainText('2 × Classic Smash Burger');
    await expect(card).toContainText('1 × Creamy Coleslaw');
    await expect(card).toContainText(`Total€${order.total}`);
    await expect(card.getByText('Payment: paid')).toHaveAttribute('data-tone', 'green');
    await expect(card).toContainText('Placed ');
  });

  test('a preparing order shows the kitchen step, estimate and ready time', async ({ page }) => {
    // Moving an order through the kitchen needs the kitchen screens (not built yet), so this one
    // answer is given here, in the contract's shape.
    const startedAt = new Date('2030-01-01T12:00:00Z');
    await page.route('**/api/orders/track/4242', (route) =>
      route.fulfill({
        json: {
          orderNumber: 4242,
          status: 'preparing',
          kitchenStatus: 'started',
          kitchenStartedAt: startedAt.toISOString(),
          kitchenEstimatedTime: 15,
          kitchenReadyAt: null,
          createdAt: '2030-01-01T11:58:00Z',
          items: [{ name: 'Smoked Ribs', quantity: 1 }],
          total: '18.50',
          paymentStatus: 'pending',
        },
      }),
    );
    await page.goto('/track');
    await page.getByLabel('Order number').fill('4242');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    const card = page.getByRole('article', { name: 'Order #4242' });
    const status = card.getByRole('region', { name: 'Order status' });
    await expect(status).toContainText('Being Prepared', { ignoreCase: true });
    await expect(status.locator('[data-tone]')).toHaveAttribute('data-tone', 'blue');
    await expect(status).toContainText('Your order is being prepared!');
    await expect(status).toContainText('Estimated time: 15 minutes.');
    const progress = card.getByRole('list', { name: 'Kitchen progress' }).getByRole('listitem');
    await expect(progress.nth(1)).toHaveAttribute('aria-current', 'step');
    const readyAt = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, {
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(new Date(new Date(iso).getTime() + 15 * 60_000)),
      startedAt.toISOString(),
    );
    await expect(card.locator('time')).toHaveText(readyAt);
    await expect(card.getByText('Payment: pending')).toHaveAttribute('data-tone', 'yellow');
  });
});
