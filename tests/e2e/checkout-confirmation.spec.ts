import { randomUUID } from 'node:crypto';
import { CUSTOMER, createPaidOrder, storedCartLines } from './checkout-support.ts';
import { expect, failedResource, test } from './fixtures.ts';

test.describe('order confirmation page', () => {
  test('an unknown order id shows Order Not Found with a way back', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(failedResource(404));
    await page.goto(`/order-confirmation?orderId=${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Return to Menu' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('no order id at all shows Order Not Found without asking the server', async ({ page }) => {
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/orders/')) asked = true;
    });
    await page.goto('/order-confirmation');
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
    expect(asked).toBe(false);
  });

  test('shows the order by query parameter and by path segment', async ({ page }) => {
    // Placed from this browser (its order_token cookie): it sees its own details in full.
    const order = await createPaidOrder(page.request);
    for (const path of [
      `/order-confirmation?orderId=${order.id}`,
      `/order-confirmation/${order.id}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
      await expect(page.getByTestId('order-number')).toHaveText(`#${order.orderNumber}`);
      const status = page.getByRole('region', { name: 'Order Status' });
      // A fresh paid order waits for the kitchen (spec §4: pending is yellow).
      await expect(status.locator('[data-tone]')).toHaveText('In the Queue', {
        ignoreCase: true,
      });
      await expect(status.locator('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
      await expect(status).toContainText('Your order is in queue and will be prepared shortly.');
      const customer = page.getByRole('region', { name: 'Customer Information' });
      await expect(customer).toContainText(`${CUSTOMER.firstName} ${CUSTOMER.lastName}`);
      await expect(customer).toContainText(CUSTOMER.email);
      await expect(customer).toContainText(CUSTOMER.phone);
      const items = page.getByRole('region', { name: 'Order Items' });
      await expect(items.getByRole('listitem')).toHaveCount(order.items.length);
      await expect(items).toContainText(`Total€${order.total}`);
      await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeVisible();
    }
  });

  test('another browser with the link sees the order but not the person: no name, no notes, contact details masked', async ({
    page,
    request,
  }) => {
    // Placed from `request`, another browser than the page's (docs/decisions/020).
    const order = await createPaidOrder(request);
    await page.goto(`/order-confirmation/${order.id}`);
    await expect(page.getByTestId('order-number')).toHaveText(`#${order.orderNumber}`);
    const customer = page.getByRole('region', { name: 'Customer Information' });
    await expect(customer).toContainText('•••');
    await expect(customer).not.toContainText(CUSTOMER.firstName);
    await expect(customer).not.toContainText(CUSTOMER.lastName);
    await expect(customer).not.toContainText(CUSTOMER.email);
    await expect(customer).not.toContainText(CUSTOMER.phone);
    const items = page.getByRole('region', { name: 'Order Items' });
    await expect(items.getByRole('listitem')).toHaveCount(order.items.length);
    await expect(items).not.toContainText('No pickles');
  });

  test('Print Receipt prints, and the printout hides the buttons and the top bar', async ({
    page,
    request,
  }) => {
    const order = await createPaidOrder(request);
    await page.goto(`/order-confirmation?orderId=${order.id}`);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print Receipt' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Order Again' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Back to Menu' })).toBeHidden();
    await expect(page.getByTestId('order-number')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order Items' })).toBeVisible();
  });

  test('Order Again puts the same items back in the cart and opens it on the menu', async ({
    page,
  }) => {
    // Placed from this browser: its line notes are its own to order again.
    const order = await createPaidOrder(page.request);
    await page.goto(`/order-confirmation?orderId=${order.id}`);
    await page.getByRole('button', { name: 'Order Again' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    const lines = await storedCartLines(page);
    expect(
      lines.map(({ name, quantity, price, customizations, menuItemId }) => ({
        name,
        quantity,
        price,
        customizations,
        menuItemId,
      })),
    ).toEqual([
      {
        menuItemId: 'classic-smash-burger',
        name: 'Classic Smash Burger',
        quantity: 2,
        price: 11.9,
        customizations: {
          sauce: 'Spicy BBQ',
          addOns: ['Extra Cheese'],
          specialInstructions: 'No pickles',
        },
      },
      {
        menuItemId: 'coleslaw',
        name: 'Creamy Coleslaw',
        quantity: 1,
        price: 3.5,
        customizations: { sauce: null, addOns: [] },
      },
    ]);
    for (const [index, line] of lines.entries()) {
      expect(line.id).toMatch(new RegExp(`^${line.menuItemId}-\\d+-${index}$`));
    }
  });
});
