/**
 * The whole customer journey (spec customer-site §2, §5, §8; DESIGN.md departure 4), as one
 * customer on a phone: burger with a sauce and two add-ons, a drink that goes straight in, a
 * reload, the checkout form's messages, payment in the simulator, the real order number, the
 * confirmation, and finding the order on /track and in Track Your Meal. Then a customer who cancels
 * and one whose card is declined.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const card = (page: Page, name: string) =>
  page
    .getByTestId('menu-grid')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByRole('button');

async function chooseCategory(page: Page, category: string) {
  await page
    .getByRole('group', { name: 'Menu categories' })
    .getByRole('button', { name: category })
    .click();
}

async function fillAndPlaceOrder(page: Page, email: string) {
  await page.getByLabel('First name').fill('Kadri');
  await page.getByLabel('Last name').fill('Mets');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+372 5123 4567');
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/payments\/simulator\//);
}

async function cartWithACola(page: Page) {
  await page.goto('/');
  await chooseCategory(page, 'Drinks');
  await card(page, 'Cola 0.5 l').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
}

test('a customer orders, pays and follows the order', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `kadri.${Date.now()}@example.com`;
  await page.goto('/');

  // A burger with a sauce and two add-ons: 10.90 + 1.00 + 0.50 = 12.40.
  await chooseCategory(page, 'Burgers');
  await card(page, 'Classic Smash Burger').click();
  const dialog = page.getByRole('dialog', { name: 'Classic Smash Burger' });
  await dialog
    .getByRole('group', { name: 'Sauce' })
    .getByRole('button', { name: 'Truffle Mayo' })
    .click();
  await dialog.getByRole('button', { name: 'Bacon +€1.00' }).click();
  await dialog.getByRole('button', { name: 'Crispy Onions +€0.50' }).click();
  await dialog.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // A drink that is not customizable goes straight in.
  await chooseCategory(page, 'Drinks');
  await card(page, 'Cola 0.5 l').click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // The cart survives a reload.
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByRole('button', { name: /^Cart, / }).click();
  const cart = page.getByRole('dialog', { name: 'Your Order' });
  await expect(cart).toContainText('Truffle Mayo');
  await expect(cart).toContainText('Bacon');
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');

  // Submitting empty shows each message once.
  await page.getByRole('button', { name: 'Place Order · €15.30' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Valid email is required',
    'Phone number is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
  }

  await fillAndPlaceOrder(page, email);
  await expect(page.getByTestId('amount')).toHaveText('€15.30');
  await page.getByRole('button', { name: 'Pay €15.30' }).click();

  // The real order number from the server.
  const success = page.getByRole('dialog', { name: 'Order Complete' });
  await expect(success).toBeVisible();
  const numberText = (await success.getByTestId('order-number').textContent())!;
  const orderNumber = numberText.replace('#', '');
  expect(orderNumber).toMatch(/^\d+$/);
  // The cart is emptied after a successful payment.
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}')?.state?.lines),
    )
    .toEqual([]);

  // The confirmation page.
  await success.getByRole('link', { name: 'View order status' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(page.getByText(`#${orderNumber}`).first()).toBeVisible();
  await expect(page.getByText('Classic Smash Burger').first()).toBeVisible();
  await expect(page.getByText('In the Queue').first()).toBeVisible();

  // Found on /track by number.
  await page.goto('/track');
  await page.getByLabel('Order number').fill(orderNumber);
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(page.getByText(`#${orderNumber}`).first()).toBeVisible();
  await expect(
    page.getByText('Your order is in queue and will be prepared shortly.'),
  ).toBeVisible();

  // And in the Track Your Meal dialog by e-mail.
  await page.goto('/');
  await page.getByRole('button', { name: 'Track Your Meal' }).click();
  const track = page.getByRole('dialog');
  await track.getByLabel('Email address').fill(email.toUpperCase());
  await track.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(track.getByText(`Order #${orderNumber}`)).toBeVisible();
});

test('a customer who cancels at the payment page finds the cart intact', async ({ page }) => {
  await cartWithACola(page);
  await fillAndPlaceOrder(page, 'cancel.journey@example.com');
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Said in a toast and kept on the page.
  const notice = page.getByTestId('payment-notice');
  await expect(notice).toContainText('Payment Cancelled');
  await expect(notice).toContainText('Your payment was cancelled. Your cart has been preserved.');
  await expect(page.getByRole('listitem').filter({ hasText: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order · €2.90' })).toBeVisible();
});

test('a customer whose card is declined sees Payment Failed', async ({ page }) => {
  await cartWithACola(page);
  await fillAndPlaceOrder(page, 'decline.journey@example.com');
  await page.getByRole('button', { name: 'Decline' }).click();
  // Said in a toast and kept on the page.
  const notice = page.getByTestId('payment-notice');
  await expect(notice).toContainText('Payment Failed');
  await expect(notice).toContainText(
    'There was an issue processing your payment. Please try again.',
  );
  await expect(page.getByRole('listitem').filter({ hasText: 'Payment Failed' })).toBeVisible();
});
