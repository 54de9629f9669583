/**
 * Wolt and Bolt Food orders on the kitchen display, each with its badge and accept countdown
 * (decision 017; spec back-office "Kitchen Display"; integrations.md §2.4: the platform waits 3
 * minutes for our accept), and a long order whose every line and button is in sight at
 * 1280x800 (decision 024: the card grows, nothing scrolls inside it).
 */
import type { Locator, Page } from '@playwright/test';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { createPaidOrder, type TestCartLine } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { emptyKitchen } from './kitchen-support.ts';

/** Signed in through the API on the page's own cookies (the login screen has its own spec). */
async function openKitchenAsAdmin(page: Page) {
  const login = await page.request.post('/api/auth/login', {
    data: { password: E2E_ADMIN_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto('/kitchen');
  await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

const column = (page: Page, title: 'New' | 'In progress' | 'Ready' | 'Done') =>
  page.getByRole('region', { name: new RegExp(`^${title}\\b`) });

/** The platform's Test Order (spec back-office §7), made by the admin on the page's session. */
async function createTestOrder(page: Page, platform: 'wolt' | 'bolt'): Promise<KitchenOrder> {
  const created = await page.request.post('/api/test/create-delivery-order', {
    data: { platform },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { orderId } = (await created.json()) as { orderId: string };
  const list = await page.request.get('/api/kitchen/orders');
  expect(list.ok()).toBe(true);
  const order = ((await list.json()) as KitchenOrder[]).find(
    (candidate) => candidate.id === orderId,
  );
  expect(order, 'the test order is on the kitchen list').toBeTruthy();
  return order!;
}

/** "Accept within 2:41" → 161. */
async function secondsLeft(timer: Locator): Promise<number> {
  const match = /^Accept within (\d+):(\d\d)$/.exec((await timer.textContent()) ?? '');
  expect(match, 'the countdown reads "Accept within m:ss"').toBeTruthy();
  return Number(match![1]) * 60 + Number(match![2]);
}

test('a Wolt order counts down to its accept deadline, and Accept starts it', async ({ page }) => {
  await openKitchenAsAdmin(page);
  const order = await createTestOrder(page, 'wolt');
  expect(order.orderSource).toBe('wolt');
  expect(order.platform?.acceptBy, 'the order waits for our accept').toBeTruthy();

  const card = column(page, 'New').getByRole('article', { name: `Order #${order.orderNumber}` });
  // Live over the socket, or by the 5 s poll at the latest (a loaded machine is slow).
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('Wolt', { exact: true })).toBeVisible();
  await expect(card.getByText('TEST', { exact: true })).toBeVisible();
  if (order.platform?.externalNumber) {
    await expect(card).toContainText(`#${order.platform.externalNumber.replace(/^#/, '')}`);
  }

  // The countdown ticks every second from the platform's 3 minutes.
  const timer = card.getByRole('timer');
  await expect(timer).toHaveText(/^Accept within \d:\d\d$/);
  const first = await secondsLeft(timer);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(180);
  await expect.poll(() => secondsLeft(timer), { timeout: 10_000 }).toBeLessThan(first);

  // Start is Accept for a platform order, alone or with a pickup time; no print before the
  // kitchen takes it.
  await expect(card.getByRole('button', { name: 'Start Order' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Print ticket' })).toHaveCount(0);
  await expect(
    card.getByRole('group', { name: 'Accept, ready in:' }).getByRole('button'),
  ).toHaveCount(5);
  await expect(card.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Accept', exact: true }).click();

  const started = column(page, 'In progress').getByRole('article', {
    name: `Order #${order.orderNumber}`,
  });
  await expect(started).toBeVisible();
  await expect(started.getByRole('timer')).toHaveCount(0);
  await expect(started.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
  await expect(started.getByRole('button', { name: 'Mark Ready' })).toBeVisible();
  await expect(started.getByRole('button', { name: '20 min' })).toBeVisible();
});

test('a Bolt Food order shows its badge and counts down to its accept deadline', async ({
  page,
}) => {
  await openKitchenAsAdmin(page);
  // Bolt's Test Order goes through the same mapping as its sendNewOrder webhook (decision 017).
  const order = await createTestOrder(page, 'bolt');
  expect(order.orderSource).toBe('bolt');
  expect(order.platform?.acceptBy, 'the order waits for our accept').toBeTruthy();

  const card = column(page, 'New').getByRole('article', { name: `Order #${order.orderNumber}` });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('Bolt Food', { exact: true })).toBeVisible();
  await expect(card.getByText('Wolt', { exact: true })).toHaveCount(0);
  await expect(card.getByText('TEST', { exact: true })).toBeVisible();
  expect(order.platform?.externalNumber, 'Bolt gives an order reference').toBeTruthy();
  await expect(card).toContainText(`#${order.platform!.externalNumber!.replace(/^#/, '')}`);

  // The same 3-minute window as Wolt (our assumption for Bolt, decision 017), ticking.
  const timer = card.getByRole('timer');
  await expect(timer).toHaveText(/^Accept within \d:\d\d$/);
  const first = await secondsLeft(timer);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(180);
  await expect.poll(() => secondsLeft(timer), { timeout: 10_000 }).toBeLessThan(first);

  await expect(card.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  const started = column(page, 'In progress').getByRole('article', {
    name: `Order #${order.orderNumber}`,
  });
  await expect(started).toBeVisible();
  await expect(started.getByText('Bolt Food', { exact: true })).toBeVisible();
  await expect(started.getByRole('timer')).toHaveCount(0);
});

test('the kitchen rejects a Wolt order with a reason, and its card leaves', async ({ page }) => {
  await openKitchenAsAdmin(page);
  const order = await createTestOrder(page, 'wolt');
  const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
  await expect(card.getByRole('timer')).toBeVisible({ timeout: 10_000 });

  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Reject Wolt order #${order.orderNumber}?` });
  await expect(dialog).toBeVisible();

  // A reason first: the platform needs one of its codes.
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');

  await dialog.getByRole('radio', { name: 'Some items are sold out' }).check();
  await dialog.getByLabel('Message to the customer').fill('Sorry, the brisket is sold out');
  await dialog.getByRole('button', { name: 'Reject order' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Order Rejected')).toBeVisible();
  await expect(card).toHaveCount(0);
  // Gone for good, not only from this screen's cache.
  const list = await page.request.get('/api/kitchen/orders');
  expect(((await list.json()) as KitchenOrder[]).map((listed) => listed.id)).not.toContain(
    order.id,
  );
});

/** Twelve lines, some with a sauce, add-ons and a note: taller than any column at 1280x800. */
const TWELVE_LINES: TestCartLine[] = (
  [
    ['classic-smash-burger', 'Classic Smash Burger', 11.9, 'Spicy BBQ', ['Extra Cheese']],
    ['classic-dog', 'Classic Hot Dog', 6.9, null, []],
    ['chili-cheese-dog', 'Chili Cheese Dog', 8.5, null, []],
    ['bbq-bacon-dog', 'BBQ Bacon Dog', 8.9, null, []],
    ['mac-and-cheese', 'Smoked Mac & Cheese', 5.9, null, []],
    ['coleslaw', 'Creamy Coleslaw', 3.5, null, []],
    ['corn-on-the-cob', 'Charred Corn on the Cob', 4.2, null, []],
    ['classic-fries', 'Classic Fries', 3.9, null, []],
    ['loaded-brisket-fries', 'Loaded Brisket Fries', 8.9, null, []],
    ['sweet-potato-fries', 'Sweet Potato Fries', 4.9, null, []],
    ['cola', 'Cola 0.5 l', 2.9, null, []],
    ['lemonade', 'Homemade Lemonade', 3.9, null, []],
  ] as const
).map(([menuItemId, name, price, sauce, addOns], index) => ({
  id: `${menuItemId}-${1_700_000_000_000 + index}`,
  menuItemId,
  name,
  price,
  quantity: 1,
  customizations: {
    sauce,
    addOns: [...addOns],
    ...(index === 0 ? { specialInstructions: 'No pickles' } : {}),
  },
}));

test('a card with 12 lines shows every line and its buttons at 1280x800; nothing scrolls inside it', async ({
  page,
  browser,
}) => {
  // The earlier kitchen specs' orders off the board first, so where the card lands does not
  // depend on which specs ran before on this worker's server.
  await emptyKitchen(page.request);
  await openKitchenAsAdmin(page);
  const customer = await browser.newContext();
  try {
    const order = await createPaidOrder(customer.request, TWELVE_LINES);
    const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card.getByRole('listitem')).toHaveCount(12);
    // Bring the card into sight, as the cook would.
    await card.scrollIntoViewIfNeeded();

    // Decision 024: a long order grows its card; no scroll box, no "More below" inside it.
    const scrollBoxes = await card.evaluate(
      (element) =>
        [element, ...element.querySelectorAll('*')].filter((node) =>
          ['auto', 'scroll'].includes(getComputedStyle(node).overflowY),
        ).length,
    );
    expect(scrollBoxes, 'nothing inside the card scrolls').toBe(0);
    // Nor clips: the list is as tall as its lines.
    const list = await card
      .getByRole('list', { name: 'Items' })
      .evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
    expect(list.scroll).toBeLessThanOrEqual(list.client + 1);
    await expect(card.getByText('More below')).toHaveCount(0);
    for (const item of await card.getByRole('listitem').all()) {
      await expect(item).toBeInViewport({ ratio: 1 });
    }
    await expect(card.getByRole('listitem').last()).toContainText('Homemade Lemonade');
    await expect(card.getByText('No pickles')).toBeInViewport({ ratio: 1 });

    const start = card.getByRole('button', { name: 'Start Order' });
    const print = card.getByRole('button', { name: 'Print ticket' });
    await expect(start).toBeInViewport({ ratio: 1 });
    await expect(print).toBeInViewport({ ratio: 1 });
    await expect(card.getByText(`#${order.orderNumber}`, { exact: true })).toBeInViewport({
      ratio: 1,
    });
    // Not under the test-mode ribbon either.
    const ribbon = page.locator('#test-mode-ribbon');
    const bottomLimit = (await ribbon.count())
      ? (await ribbon.boundingBox())!.y
      : page.viewportSize()!.height;
    const startBox = (await start.boundingBox())!;
    expect(startBox.y + startBox.height).toBeLessThan(bottomLimit + 0.5);

    await page.screenshot({ path: test.info().outputPath('kitchen-twelve-lines-1280x800.png') });
  } finally {
    await customer.close();
  }
});
