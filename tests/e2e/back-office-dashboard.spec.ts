/**
 * The admin dashboard, live (issue "Admin dashboard", acceptance; decision 014): the admin has
 * /admin open; a customer pays for an order in another browser; the order comes into the table
 * by the socket (the page polls its orders only while the socket is not open, so nothing else
 * can bring it; how soon a socket hears of a change is measured by `npm run bench:ws`, not here
 * beside other tests), and since this server's payments are simulated it is a test order:
 * Orders and Revenue stay, and the dashboard says one more test order was not counted
 * (docs/operations.md "Running the day"). The admin opens it, filters Active, pauses online
 * orders and the customer's open storefront says so; the CSV download holds the order; a
 * deleted order leaves the totals and shows under Deleted orders. Once at laptop width, once on
 * a phone.
 *
 * Its own server: pausing online orders must not reach the other specs on the worker's server.
 * No test clock: orders are stamped by the database's clock, which a FAKE_NOW does not move.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import {
  CUSTOMER,
  SAMPLE_CART_TOTAL,
  createPaidOrder,
  paymentRequestBody,
} from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';

const PASSWORD = 'dashboard-admin-password';
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The demo shop is open round the clock.
  server = spawnServer({
    PORT: runPort(21),
    ADMIN_PASSWORD: PASSWORD,
    LOGIN_REQUESTS_PER_MINUTE: '1000',
  });
  await waitForHealthy(server);
});
test.afterAll(async () => {
  await server?.stop();
});

const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });

async function logInAsAdmin(page: Page) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/admin`);
  await expect(page).toHaveTitle(/Admin Panel/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Real-time operations')).toBeVisible();
  // The socket is open: from now on the orders come by it alone.
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
}

/** A customer's phone, in a browser context of its own. */
async function customerPhone(browser: Browser) {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

const euros = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

async function statValue(page: Page, id: string): Promise<string> {
  return (await page.getByTestId(id).textContent()) ?? '';
}

/** The order, as a table row (laptop) or a card (phone). */
const orderEntry = (page: Page, orderNumber: number, layout: 'table' | 'cards') =>
  page.getByTestId(layout === 'table' ? `order-row-${orderNumber}` : `order-card-${orderNumber}`);

async function dashboardJourney(page: Page, browser: Browser, layout: 'table' | 'cards') {
  await logInAsAdmin(page);
  await expect(page.getByTestId('selected-day')).toHaveText('Today');
  // Settled figures first (the page may still be loading them).
  await expect(page.getByTestId('stat-orders')).toHaveText(/\d/);
  const ordersBefore = euros(await statValue(page, 'stat-orders'));
  const revenueBefore = euros(await statValue(page, 'stat-revenue'));
  const note = page.getByTestId('test-orders-note');
  const testsBefore = (await note.count()) ? parseInt((await note.textContent()) ?? '0', 10) : 0;

  // ---- a customer pays, in another browser
  const customer = await customerPhone(browser);
  await customer.page.goto('/');
  const order = await createPaidOrder(customer.context.request);

  const entry = orderEntry(page, order.orderNumber, layout);
  await expect(entry).toBeVisible();
  // A simulator payment moved no money: listed, in no figure, and said so.
  await expect(note).toContainText(`${testsBefore + 1} test order`);
  await expect(page.getByTestId('stat-orders')).toContainText(String(ordersBefore));
  await expect(page.getByTestId('stat-revenue')).toContainText(`€${revenueBefore.toFixed(2)}`);
  // A table on a laptop, cards on a phone.
  await expect(
    page.getByRole(layout === 'table' ? 'table' : 'list', { name: 'Orders' }),
  ).toBeVisible();
  await expect(entry).toContainText(`${CUSTOMER.firstName} ${CUSTOMER.lastName}`);
  await expect(entry).toContainText(SAMPLE_CART_TOTAL);

  // ---- its details
  await page.getByRole('button', { name: `View order #${order.orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText(CUSTOMER.email);
  await expect(details).toContainText(CUSTOMER.phone);
  for (const item of order.items) await expect(details).toContainText(item.name);
  await expect(details).toContainText(SAMPLE_CART_TOTAL);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(
    page.getByRole('button', { name: `View order #${order.orderNumber}` }),
  ).toBeFocused();

  // ---- filters: a new paid order is active, not done
  const filters = page.getByRole('group', { name: 'Show orders' });
  await filters.getByRole('button', { name: 'Active' }).click();
  await expect(filters.getByRole('button', { name: 'Active' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(entry).toBeVisible();
  await filters.getByRole('button', { name: 'Done' }).click();
  await expect(entry).toBeHidden();
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(entry).toBeVisible();

  // ---- the CSV holds the order
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export CSV' });
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('link', { name: 'Orders CSV' }).click();
  const download = await downloading;
  // Today on the shop's clock (Europe/Tallinn, the demo setting).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date());
  expect(download.suggestedFilename()).toBe(`orders-${today}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  const row = csv.split('\r\n').find((line) => line.startsWith(`${order.orderNumber},`));
  expect(row, csv).toContain(`,${CUSTOMER.firstName},${CUSTOMER.lastName},${CUSTOMER.email},`);
  expect(row).toContain(`,${SAMPLE_CART_TOTAL.slice(1)},`);
  await page.keyboard.press('Escape');

  // ---- pause online orders: the customer's open storefront says so (by its socket: the
  // storefront does not poll the shop's status)
  const online = page.getByRole('region', { name: 'Online ordering' });
  await online.getByRole('button', { name: 'Pause online orders' }).click();
  await page
    .getByRole('dialog', { name: 'Pause online orders' })
    .getByRole('button', { name: '30 min' })
    .click();
  await expect(online.getByRole('status')).toHaveText(/^Paused until \d\d:\d\d$/);
  const shownAt = (await online.getByRole('status').textContent())!.match(/\d\d:\d\d/)![0];
  await expect(
    customer.page
      .getByRole('status')
      .filter({ hasText: "We're not taking online orders right now" }),
  ).toHaveText(`We're not taking online orders right now - back at ${shownAt}`);
  // And the server refuses the customer's payment while paused.
  const refused = await customer.context.request.post('/api/viva-wallet/create-payment', {
    data: paymentRequestBody(),
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe(
    `We're not taking online orders right now - back at ${shownAt}`,
  );
  await online.getByRole('button', { name: 'Resume online orders' }).click();
  await expect(online.getByRole('status')).toHaveText('Online orders: taking orders');
  await expect(
    customer.page
      .getByRole('status')
      .filter({ hasText: "We're not taking online orders right now" }),
  ).toBeHidden();

  // ---- delete keeps the books: gone from the totals, there under Deleted orders
  await page.getByRole('button', { name: `Delete order #${order.orderNumber}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Order' });
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('Customer paid twice, refunded');
  await confirm.getByRole('button', { name: 'Delete order' }).click();
  await expect(toast(page, 'Order Deleted')).toBeVisible();
  await expect(entry).toBeHidden();
  await expect(page.getByTestId('stat-orders')).toContainText(String(ordersBefore));
  await filters.getByRole('button', { name: 'Deleted orders' }).click();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Customer paid twice, refunded');
  await filters.getByRole('button', { name: 'All' }).click();

  await customer.context.close();
}

test('laptop: a paid order appears live, opens, filters, exports; pause reaches the storefront; delete keeps the books', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dashboardJourney(page, browser, 'table');
});

test('phone: the same day as cards, with no sideways scroll', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await dashboardJourney(page, browser, 'cards');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
