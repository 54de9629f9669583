/**
 * Pickup times on the kitchen display (decision 026), at 1280x800: a paid order for a later
 * slot waits under Later with its pickup and start times, silent; at its start time (the page's
 * clock, stepped by the test) it moves to New as a new order, highlighted.
 *
 * Slots are today's, on the shop's clock: the shop is put in a zone where it is daytime now
 * (daytime-shop.ts), so a slot an hour ahead is always today.
 */
import type { Page } from '@playwright/test';
import { paymentRequestBody } from './checkout-support.ts';
import { emptyKitchen } from './kitchen-support.ts';
import { daytimeShop } from './daytime-shop.ts';
import { expect, test } from './fixtures.ts';

const lane = (page: Page, title: 'Later' | 'New') =>
  page.getByRole('region', { name: new RegExp(`^${title}\\b`) });

test('a scheduled order waits under Later and moves to New at its start time', async ({ page }) => {
  const request = page.request;
  await emptyKitchen(request);
  const { zone, restore } = await daytimeShop(request);
  try {
    // A slot an hour or more ahead, today on the shop's clock.
    const slots = (await (await request.get('/api/pickup-slots?units=2')).json()) as {
      slots: { start: string; available: boolean }[];
    };
    const slot = slots.slots.find(
      (candidate) => candidate.available && Date.parse(candidate.start) > Date.now() + 3_600_000,
    );
    expect(slot, 'a free slot an hour ahead').toBeTruthy();
    const body = paymentRequestBody();
    const created = await request.post('/api/viva-wallet/create-payment', {
      data: { ...body, orderData: { ...body.orderData, pickupAt: slot!.start } },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { paymentUrl } = (await created.json()) as { paymentUrl: string };
    const paid = await request.post(paymentUrl, { form: { outcome: 'pay' }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);

    const listed = (await (await request.get('/api/kitchen/orders')).json()) as {
      orderNumber: number;
      pickupAt: string | null;
      startAt: string | null;
    }[];
    expect(listed).toHaveLength(1);
    const order = listed[0]!;
    expect(order.pickupAt).toBe(slot!.start);
    const startAt = Date.parse(order.startAt!);
    // Two burgers: two prep units, under the 15-minute base at the demo's pace.
    expect(Date.parse(order.pickupAt!) - startAt).toBe(15 * 60_000);

    // The page's clock from now on runs where the test says (its timers with it).
    await page.clock.install({ time: new Date() });
    await page.goto('/kitchen');
    await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
    const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
    const clock = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: zone,
      }).format(new Date(iso));
    await expect(lane(page, 'Later').getByRole('article')).toHaveCount(1);
    await expect(card).toContainText(
      `Pickup ${clock(order.pickupAt!)} · start ${clock(order.startAt!)}`,
    );
    await expect(lane(page, 'New').getByRole('article')).toHaveCount(0);
    await expect(card.getByText('NEW', { exact: true })).toHaveCount(0);

    // A second before its start it is still Later; at its start, New and highlighted.
    await page.clock.pauseAt(startAt - 1_000);
    await expect(lane(page, 'Later').getByRole('article')).toHaveCount(1);
    await page.clock.runFor(2_000);
    await expect(
      lane(page, 'New').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
    await expect(lane(page, 'Later')).toHaveCount(0);
    await expect(card.getByText('NEW', { exact: true })).toBeVisible();
  } finally {
    await restore();
    await emptyKitchen(request);
  }
});
