import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createPaidOrder, fillCustomer, seedCart } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { daytimeShop } from './daytime-shop.ts';
import { settledForAxe } from './animations-settled.ts';

async function expectNoViolations(page: Page, state: string) {
  // What a person reads once it has settled (a toast fades in over the success dialog).
  await settledForAxe(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map(
      (violation) =>
        `${state}: ${violation.id} ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}

test('checkout, the success dialog, confirmation and tracking pass an accessibility scan', async ({
  page,
  request,
}) => {
  test.slow(); // several axe scans and a payment

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expectNoViolations(page, 'empty checkout');

  await seedCart(page);
  // Pickup times (decision 026): the slot list open, one picked; then back to as soon as possible.
  // The shop is put where it is daytime (daytime-shop.ts): late in its day no slot is left.
  const { restore } = await daytimeShop(request);
  const pickupTime = page.getByRole('group', { name: 'Pickup time', exact: true });
  try {
    await page.goto('/checkout');
    await pickupTime.getByText('Later today').click();
    const times = page.getByRole('group', { name: "Today's pickup times" });
    await times.getByRole('radio', { disabled: false }).first().locator('xpath=..').click();
    await expect(page.getByText(/^Pickup at \d\d:\d\d$/)).toBeVisible();
    await expectNoViolations(page, 'checkout with pickup times');
  } finally {
    await restore();
  }
  await pickupTime.getByText('As soon as possible').click();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page.getByRole('alert')).toHaveCount(4);
  await expectNoViolations(page, 'checkout with errors');

  await fillCustomer(page);
  await page.getByRole('button', { name: /Place Order/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(
    page.getByRole('dialog', { name: 'Order Complete' }).getByTestId('order-number'),
  ).toBeVisible();
  await expectNoViolations(page, 'success dialog');

  const order = await createPaidOrder(request);
  await page.goto(`/order-confirmation?orderId=${order.id}`);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expectNoViolations(page, 'confirmation');

  await page.goto('/track');
  await page.getByLabel('Order number').fill(String(order.orderNumber));
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(page.getByRole('article', { name: `Order #${order.orderNumber}` })).toBeVisible();
  await expectNoViolations(page, 'tracking');
});
