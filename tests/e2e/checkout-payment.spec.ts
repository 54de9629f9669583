import {
  CUSTOMER,
  SAMPLE_CART,
  SAMPLE_CART_TOTAL,
  fillCustomer,
  seedCart,
  storedCartLines,
  type ApiOrder,
} from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** From the checkout form to the simulator's card page. */
async function goToPaymentPage(page: Page) {
  await seedCart(page);
  await page.goto('/checkout');
  await fillCustomer(page);
  await page.getByRole('button', { name: `Place Order · ${SAMPLE_CART_TOTAL}` }).click();
  await expect(page).toHaveURL(/\/payments\/simulator\//);
}

test.describe('paying and coming back', () => {
  test('Pay: the dialog shows the real order number, the cart is emptied, the URL is clean', async ({
    page,
    request,
    context,
  }) => {
    await goToPaymentPage(page);
    // Read the return URL as it arrives: the page cleans it back to /checkout at once.
    let returnUrl: URL | undefined;
    const back = page.waitForURL((url) => {
      if (url.pathname === '/checkout' && url.searchParams.get('payment') === 'success')
        returnUrl = url;
      return returnUrl !== undefined;
    });
    await page.getByRole('button', { name: /^Pay / }).click();
    await back;
    const orderId = returnUrl!.searchParams.get('orderId')!;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    const dialog = page.getByRole('dialog', { name: 'Order Complete' });
    await expect(dialog).toBeVisible();
    const order = (await (await request.get(`/api/orders/${orderId}`)).json()) as ApiOrder;
    await expect(dialog.getByTestId('order-number')).toHaveText(`#${order.orderNumber}`);
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Payment Successful' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedCartLines(page)).toEqual([]);
    // Once paid, the customer's details are no longer kept in the tab.
    expect(await page.evaluate(() => sessionStorage.getItem('checkout-customer'))).toBeNull();

    // Copy puts the number on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: /Copy/ }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      String(order.orderNumber),
    );

    // A reload neither shows the dialog nor toasts again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    expect(order.total).toBe(SAMPLE_CART_TOTAL.replace('€', ''));
  });

  test('View order status opens the confirmation with the items', async ({ page }) => {
    await goToPaymentPage(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Complete' });
    const number = await dialog.getByTestId('order-number').textContent();
    expect(number).toMatch(/^#\d+$/);
    await dialog.getByRole('link', { name: 'View order status' }).click();

    await expect(page).toHaveURL(/\/order-confirmation\?orderId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(number!);
    const items = page.getByRole('list', { name: 'Order items' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('2 × Classic Smash Burger');
    await expect(items.nth(0)).toContainText('Spicy BBQ');
    await expect(items.nth(0)).toContainText('€23.80');
    await expect(items.nth(1)).toContainText('1 × Creamy Coleslaw');
    await expect(page.getByRole('region', { name: 'Customer Information' })).toContainText(
      `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
    );
  });

  test('Continue in the dialog goes back to the home page', async ({ page }) => {
    await goToPaymentPage(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page
      .getByRole('dialog', { name: 'Order Complete' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Cancel on the payment page keeps the cart', async ({ page }) => {
    await goToPaymentPage(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const toast = page.getByRole('listitem').filter({ hasText: 'Payment Cancelled' });
    await expect(toast).toContainText('Your payment was cancelled. Your cart has been preserved.');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(
      page.getByRole('button', { name: `Place Order · ${SAMPLE_CART_TOTAL}` }),
    ).toBeVisible();
    // The customer's details came back too: nothing to type again.
    await expect(page.getByLabel('First name')).toHaveValue(CUSTOMER.firstName);
    await expect(page.getByLabel('Email')).toHaveValue(CUSTOMER.email);
    await expect(page.getByLabel('Phone')).toHaveValue(CUSTOMER.phone);
    expect((await storedCartLines(page)).map((line) => line.id)).toEqual(
      SAMPLE_CART.map((line) => line.id),
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Decline on the payment page shows Payment Failed and keeps the cart', async ({ page }) => {
    await goToPaymentPage(page);
    await page.getByRole('button', { name: 'Decline' }).click();
    const toast = page.getByRole('listitem').filter({ hasText: 'Payment Failed' });
    await expect(toast).toContainText(
      'There was an issue processing your payment. Please try again.',
    );
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedCartLines(page)).toHaveLength(SAMPLE_CART.length);
  });

  test('payment=expired says the time ran out and keeps the cart', async ({ page }) => {
    await seedCart(page);
    await page.goto('/checkout?payment=expired');
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Payment Time Ran Out' }),
    ).toContainText('Your payment time ran out. Please place your order again.');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(
      page.getByRole('button', { name: `Place Order · ${SAMPLE_CART_TOTAL}` }),
    ).toBeVisible();
  });

  test('payment=error shows Payment Failed too', async ({ page }) => {
    await seedCart(page);
    await page.goto('/checkout?payment=error');
    await expect(page.getByRole('listitem').filter({ hasText: 'Payment Failed' })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
  });
});

test.describe('a retry never starts a second checkout', () => {
  test('a tap again after a dropped answer sends the same Idempotency-Key and gets the first payment back', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/net::ERR_CONNECTION_RESET .*\/api\/viva-wallet\/create-payment/);
    await seedCart(page);
    await page.goto('/checkout');
    await fillCustomer(page);
    const seen: { key: string | null; paymentUrl: string; replayed: string | null }[] = [];
    await page.route('**/api/viva-wallet/create-payment', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { paymentUrl: string };
      seen.push({
        key: route.request().headers()['idempotency-key'] ?? null,
        paymentUrl: body.paymentUrl,
        replayed: response.headers()['idempotent-replayed'] ?? null,
      });
      // The first answer is lost on the way back, as on a weak mobile connection.
      if (seen.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response });
    });
    const placeOrder = page.getByRole('button', { name: `Place Order · ${SAMPLE_CART_TOTAL}` });
    await placeOrder.click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Order Failed' })).toBeVisible();
    await placeOrder.click();
    await expect(page).toHaveURL(/\/payments\/simulator\//);

    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(seen[1]!.key).toBe(seen[0]!.key);
    expect(seen[0]!.replayed).toBeNull();
    expect(seen[1]!.replayed).toBe('true');
    expect(seen[1]!.paymentUrl).toBe(seen[0]!.paymentUrl);
    expect(new URL(page.url()).pathname).toBe(seen[0]!.paymentUrl);
  });
});
