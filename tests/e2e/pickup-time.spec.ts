/**
 * Pickup times (decision 026) on a phone: the checkout quotes the kitchen's queue, a later slot
 * of today is chosen, paid for with the payment simulator, and the confirmation page shows
 * "Pickup at HH:MM" on the shop's clock. The browser is put in another time zone than the
 * shop's, so a time read on the phone's clock would not match. The shop is put in a zone where
 * it is daytime now (daytime-shop.ts), so there are later slots today at any hour of the run.
 *
 * Pre-orders: with the shop closed today and open tomorrow (on its clock), the cart and the
 * checkout offer tomorrow's slots; the order is paid and its confirmation names the day.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { CUSTOMER, SAMPLE_CART_TOTAL, fillCustomer, seedCart } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { daytimeShop } from './daytime-shop.ts';
import { signIn } from './kitchen-support.ts';

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

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Closes the shop today and opens it 09:00-12:00 tomorrow, on its clock; answers tomorrow's
 * calendar day and a `restore` that puts the week back as it was.
 */
async function closedUntilTomorrow(request: APIRequestContext) {
  await signIn(request);
  const week = (await (await request.get('/api/admin/shop-hours')).json()) as Record<
    string,
    unknown
  >;
  const status = (await (await request.get('/api/shop-status')).json()) as { today: string };
  const tomorrow = WEEKDAYS[(WEEKDAYS.indexOf(status.today) + 1) % 7]!;
  const closed = { open: null, close: null, isOpen: false };
  for (const day of WEEKDAYS) {
    const hours =
      day === tomorrow
        ? { shift1: { open: '09:00', close: '12:00', isOpen: true }, shift2: closed }
        : { shift1: closed, shift2: closed };
    const saved = await request.put(`/api/admin/shop-hours/${day}`, { data: hours });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  return {
    tomorrow,
    restore: async () => {
      for (const day of WEEKDAYS) {
        if (!week[day]) continue;
        const saved = await request.put(`/api/admin/shop-hours/${day}`, { data: week[day] });
        expect(saved.ok(), await saved.text()).toBe(true);
      }
    },
  };
}

test("closed today: a pre-order for tomorrow's opening from the cart, paid, with its day on the confirmation", async ({
  page,
  request,
}) => {
  // Daytime on the shop's clock, so "tomorrow" stays tomorrow for the whole test.
  const daytime = await daytimeShop(request);
  const { tomorrow, restore } = await closedUntilTomorrow(request);
  try {
    await seedCart(page);
    await page.goto('/');
    const capitalised = tomorrow[0]!.toUpperCase() + tomorrow.slice(1);
    await expect(
      page.getByRole('alert').filter({ hasText: "Sorry, we're currently closed." }),
    ).toContainText(`Pre-order now for ${capitalised}.`);
    await page.getByRole('button', { name: /^View cart, / }).click();
    const cart = page.getByRole('dialog', { name: 'Your Order' });
    await expect(
      cart.getByText(new RegExp(`^We're closed now\\. Pre-order for pickup on ${capitalised} `)),
    ).toBeVisible();
    await cart
      .getByRole('button', { name: new RegExp(`^Pre-order for ${capitalised.slice(0, 3)} `) })
      .click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(
      page.getByText(
        new RegExp(
          `^We're closed now\\. Pre-order for pickup on ${capitalised} .*: choose a time\\.$`,
        ),
      ),
    ).toBeVisible();
    const pickupTime = page.getByRole('group', { name: 'Pickup time', exact: true });
    await expect(pickupTime.getByRole('radio', { name: /As soon as possible/ })).toHaveCount(0);
    const times = pickupTime.getByRole('group', { name: /^Pickup times on / });
    // 09:00 to 11:45, tomorrow, on the shop's clock (the phone is in Los Angeles).
    await expect(times.getByRole('radio')).toHaveCount(12);
    await times.getByText('09:15', { exact: true }).click();
    const pickupText = new RegExp(`^Pickup on ${capitalised.slice(0, 3)} \\d+ \\w{3} at 09:15$`);
    await expect(page.getByText(pickupText)).toBeVisible();

    await fillCustomer(page);
    await page.getByRole('button', { name: `Place Pre-order · ${SAMPLE_CART_TOTAL}` }).click();
    await expect(page).toHaveURL(/\/payments\/simulator\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Complete' });
    await expect(dialog.getByText(pickupText)).toBeVisible();
    await dialog.getByRole('link', { name: 'View order status' }).click();
    await expect(page.getByTestId('order-pickup-time')).toHaveText(pickupText);
  } finally {
    await restore();
    await daytime.restore();
  }
});
