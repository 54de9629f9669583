import {
  CUSTOMER,
  SAMPLE_CART,
  SAMPLE_CART_TOTAL,
  fillCustomer,
  seedCart,
} from './checkout-support.ts';
import { expect, failedResource, test } from './fixtures.ts';

test.describe('checkout page', () => {
  test('an empty cart says so and leads back to the menu', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Place Order/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Return to Menu' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the order summary, the fixed notices and the total on Place Order', async ({
    page,
  }) => {
    await seedCart(page);
    await page.goto('/checkout');
    await expect(
      page.getByRole('button', { name: `Place Order · ${SAMPLE_CART_TOTAL}` }),
    ).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Pickup Order' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Card Payment' })).toBeVisible();
    await expect(page.getByLabel('Special instructions')).toBeVisible();

    const lines = page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('2 × Classic Smash Burger');
    await expect(lines.nth(0)).toContainText('Spicy BBQ');
    await expect(lines.nth(0)).toContainText('Extra Cheese');
    await expect(lines.nth(0)).toContainText('No pickles');
    await expect(lines.nth(0)).toContainText('€23.80');
    await expect(lines.nth(1)).toContainText('1 × Creamy Coleslaw');
    await expect(lines.nth(1)).toContainText('€3.50');

    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText(`Subtotal${SAMPLE_CART_TOTAL}`);
    await expect(summary).toContainText(`Total${SAMPLE_CART_TOTAL}`);
    // Pickup only: the delivery fee is 0 and so not shown.
    await expect(summary).not.toContainText('Delivery fee');
  });

  test('the empty form shows each message once, and each clears as its field is fixed', async ({
    page,
  }) => {
    await seedCart(page);
    await page.goto('/checkout');
    const messages = {
      'First name': 'First name is required',
      'Last name': 'Last name is required',
      Email: 'Valid email is required',
      Phone: 'Phone number is required',
    } as const;

    // Nothing is shown before the first submit.
    await page.getByLabel('First name').fill('x');
    await page.getByLabel('First name').fill('');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('button', { name: /Place Order/ }).click();
    for (const [label, message] of Object.entries(messages)) {
      await expect(page.getByText(message, { exact: true })).toHaveCount(1);
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    }
    await expect(page.getByRole('alert')).toHaveCount(4);
    // Nothing was sent: the browser is still here.
    await expect(page).toHaveURL(/\/checkout$/);

    // After a submit, validation runs on every change.
    await page.getByLabel('First name').fill(CUSTOMER.firstName);
    await expect(page.getByText(messages['First name'])).toHaveCount(0);
    await page.getByLabel('Last name').fill(CUSTOMER.lastName);
    await expect(page.getByText(messages['Last name'])).toHaveCount(0);
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText(messages.Email)).toHaveCount(1);
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await expect(page.getByText(messages.Email)).toHaveCount(0);
    await page.getByLabel('Phone').fill(CUSTOMER.phone);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Place Order sends the order payload and goes to the payment page', async ({ page }) => {
    await seedCart(page);
    await page.goto('/checkout');
    await fillCustomer(page);
    await page.getByLabel('Special instructions').fill('  Extra napkins  ');
    const sent = page.waitForRequest('**/api/viva-wallet/create-payment');
    await page.getByRole('button', { name: /Place Order/ }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      amount: 27.3,
      customerEmail: CUSTOMER.email,
      customerName: `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
      customerPhone: CUSTOMER.phone,
      contactless: false,
      orderData: {
        type: 'pickup',
        orderSource: 'website',
        items: SAMPLE_CART.map((line) => ({
          menuItemId: line.menuItemId,
          name: line.name,
          quantity: line.quantity,
          price: line.price,
          customizations: line.customizations,
        })),
        subtotal: '27.30',
        deliveryFee: '0.00',
        total: '27.30',
        paymentMethod: 'viva-wallet',
        deliveryAddress: null,
        specialInstructions: 'Extra napkins',
        customer: CUSTOMER,
      },
    });
    await expect(page).toHaveURL(/\/payments\/simulator\//);
    await expect(page.getByTestId('amount')).toHaveText(SAMPLE_CART_TOTAL);
  });

  test('a refused order shows Order Failed with the server message and keeps the form', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(failedResource(400));
    await seedCart(page, [
      {
        ...SAMPLE_CART[1]!,
        id: 'retired-1',
        menuItemId: 'retired-special',
        name: 'Retired Special',
      },
    ]);
    await page.goto('/checkout');
    await fillCustomer(page);
    await page.getByRole('button', { name: /Place Order/ }).click();
    const toast = page.getByRole('listitem').filter({ hasText: 'Order Failed' });
    await expect(toast).toContainText('"Retired Special" is not on the menu any more.');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('button', { name: /Place Order/ })).toBeEnabled();
    await expect(page.getByLabel('First name')).toHaveValue(CUSTOMER.firstName);
  });

  test('a shop that closed meanwhile: the server refuses, and the page shows it closed', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(failedResource(409));
    // The shop closes between loading the page and pressing Place Order.
    let open = true;
    await page.route('**/api/shop-status', (route) =>
      route.fulfill({
        json: {
          isOpen: open,
          todayHours: { shift1: { open: '09:00', close: '15:00' } },
          currentTime: open ? '14:59' : '15:00',
          today: 'tuesday',
          timeZone: 'Europe/Tallinn',
        },
      }),
    );
    await page.route('**/api/viva-wallet/create-payment', (route) => {
      open = false;
      return route.fulfill({
        status: 409,
        json: { error: 'Sorry, the shop is closed. Orders cannot be paid for right now.' },
      });
    });
    await seedCart(page);
    await page.goto('/checkout');
    await fillCustomer(page);
    await page.getByRole('button', { name: /Place Order/ }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Order Failed' })).toContainText(
      'Sorry, the shop is closed. Orders cannot be paid for right now.',
    );
    await expect(page.getByRole('button', { name: 'Shop Closed - Cannot Order' })).toBeDisabled();
  });

  test('an answer without a payment page says so', async ({ page }) => {
    // Only the payment answer is replaced: the real server always sends a paymentUrl.
    await page.route('**/api/viva-wallet/create-payment', (route) =>
      route.fulfill({
        json: { paymentId: '3f1c2f4e-8a56-4c55-9f3b-0c1d2e3f4a5b', amount: '27.30' },
      }),
    );
    await seedCart(page);
    await page.goto('/checkout');
    await fillCustomer(page);
    await page.getByRole('button', { name: /Place Order/ }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Order Failed' })).toContainText(
      'Payment URL not received from server',
    );
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('Place Order shows progress and cannot be pressed twice while the payment is created', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/api/viva-wallet/create-payment', async (route) => {
      calls += 1;
      await gate;
      await route.continue();
    });
    await seedCart(page);
    await page.goto('/checkout');
    await fillCustomer(page);
    await page.getByRole('button', { name: /Place Order/ }).click();
    const busy = page.getByRole('button', { name: 'Placing order…' });
    await expect(busy).toBeDisabled();
    await expect(page.getByLabel('Phone')).toBeDisabled();
    await busy.click({ force: true });
    release();
    await expect(page).toHaveURL(/\/payments\/simulator\//);
    expect(calls).toBe(1);
  });

  test('a closed shop cannot take the order', async ({ page }) => {
    await page.route('**/api/shop-status', (route) =>
      route.fulfill({
        json: {
          isOpen: false,
          todayHours: { shift1: { open: '09:00', close: '15:00' } },
          currentTime: '07:10',
          today: 'tuesday',
          timeZone: 'Europe/Tallinn',
        },
      }),
    );
    await seedCart(page);
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Shop Closed - Cannot Order' })).toBeDisabled();
    await expect(page.getByText('Sorry, the shop is closed.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Place Order/ })).toHaveCount(0);
  });
});
