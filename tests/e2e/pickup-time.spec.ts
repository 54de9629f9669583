/**
 * Pickup times (decision 026) on a phone: the checkout quotes the kitchen's queue, a later slot
 * of today is chosen, paid for with the payment simulator, and the confirmation page shows
 * "Pickup at HH:MM" on the shop's clock. The browser is put in another time zone than the
 * shop's, so a time read on the phone's clock would not match. The shop is put in a zone where
 * it is daytime now (daytime-shop.ts), so there are later slots today at any hour of the run.
 */
import type { Page } from '@playwright/test';
import { CUSTOMER, SAMPLE_CART_TOTAL, fillCustomer, seedCart } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { daytimeShop } from './daytime-shop.ts';

test.use({ timezoneId: 'America/Los_Angeles' });

test('a later slot chosen at checkout is the pickup time on the confirmation page', async ({
  page,
  request,
}) => {
  const { zone, restore } = await daytimeShop(request);
  test.info().attach('shop time zone', { body: zone });
  try {
    await choosePayAndSee(page, zone);
  } finally {
    await restore();
  }
});

async function choosePayAndSee(page: Page, shopZone: string) {
  const status = { timeZone: shopZone };
  const shopClock = (instant: string) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: status.timeZone,
    }).format(new Date(instant));

  await seedCart(page);
  await page.goto('/checkout');
  await expect(page.getByText(/^Ready in about \d+ minutes$/)).toBeVisible();
  const pickupTime = page.getByRole('group', { name: 'Pickup time', exact: true });
  await expect(
    pickupTime.getByRole('radio', { name: /^As soon as possible \(about \d+ minutes\)$/ }),
  ).toBeChecked();

  await pickupTime.getByText('Later today').click();
  const times = page.getByRole('group', { name: "Today's pickup times" });
  // The second free slot: a time that is clearly later, not the first one after the lead.
  const chosen = times.getByRole('radio', { disabled: false }).nth(1);
  const start = (await chosen.getAttribute('value'))!;
  const clock = shopClock(start);
  await expect(chosen).toHaveAccessibleName(clock);
  // The radio itself is visually hidden: the customer taps its chip.
  await chosen.locator('xpath=..').click();
  await expect(chosen).toBeChecked();
  await expect(page.getByText(`Pickup at ${clock}`)).toBeVisible();

  await fillCustomer(page);
  await page.getByRole('button', { name: `Place Order · ${SAMPLE_CART_TOTAL}` }).click();
  await expect(page).toHaveURL(/\/payments\/simulator\//);
  await page.getByRole('button', { name: /^Pay / }).click();

  const dialog = page.getByRole('dialog', { name: 'Order Complete' });
  await expect(dialog.getByText(`Pickup at ${clock}`)).toBeVisible();
  await dialog.getByRole('link', { name: 'View order status' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(page.getByTestId('order-pickup-time')).toHaveText(`Pickup at ${clock}`);
  await expect(page.getByRole('region', { name: 'Customer Information' })).toContainText(
    CUSTOMER.email,
  );

  // The server keeps the slot's start as the order's pickup time.
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    pickupAt: string | null;
  };
  expect(new Date(order.pickupAt!).toISOString()).toBe(new Date(start).toISOString());
}
