/**
 * The owner looks back (issue "Order calendar, monthly and yearly figures, and visitor
 * analytics"; decision 015): a scripted October 2026 in Tallinn shows each day's revenue in the
 * right cell of a Sunday-first grid, a day lists its orders, the month adds up; three scripted
 * visitors (menu to paid, a table to checkout, the menu only) and a signed-in admin give the
 * Visitor Analytics funnel's literal counts and percentages, and no back-office page.
 *
 * Its own server on the embedded database: the orders of the scripted month are written into
 * its PGlite folder between a first start (which makes the database) and a second one, since no
 * API backdates an order.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';
import { fillCustomer } from './checkout-support.ts';
import { showCategory, tapCard } from './menu-support.ts';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';

const PASSWORD = 'calendar-admin-password';
const env = { PORT: runPort(40), ADMIN_PASSWORD: PASSWORD, LOGIN_REQUESTS_PER_MINUTE: '1000' };
let server: ServerProcess;

/** October 2026 in Tallinn (UTC+3 until the 25th at 04:00, then UTC+2). */
const ORDERS = [
  // 1 Oct (Thursday) 12:00 and 18:00 local: 10.90 + 23.80 = 34.70 -> €35.
  { at: '2026-10-01T09:00:00Z', name: 'Classic Smash Burger', cents: 1090, quantity: 1 },
  { at: '2026-10-01T15:00:00Z', name: 'Pulled Pork Sandwich', cents: 1190, quantity: 2 },
  // 25 Oct (Sunday) 03:30 summer time: 6.50 -> €7.
  { at: '2026-10-25T00:30:00Z', name: 'Loaded Fries', cents: 650, quantity: 1 },
  // 31 Oct (Saturday) 23:30 local: 21.80 -> €22.
  { at: '2026-10-31T21:30:00Z', name: 'Classic Smash Burger', cents: 1090, quantity: 2 },
  // 1 Nov 00:10 local: November, not October.
  { at: '2026-10-31T22:10:00Z', name: 'Texas Brisket Plate', cents: 5450, quantity: 1 },
];

async function writeScriptedMonth(dataDir: string) {
  const db = new PGlite(path.join(dataDir, 'pglite'));
  await db.waitReady;
  try {
    for (const order of ORDERS) {
      const total = order.cents * order.quantity;
      const { rows } = await db.query<{ id: string }>(
        `insert into orders (payment_method, payment_status, status, subtotal_cents, total_cents,
           customer_first_name, customer_last_name, customer_email, created_at)
         values ('viva-wallet', 'paid', 'completed', $1, $1, 'Ada', 'Calendar', 'ada@example.com', $2)
         returning id`,
        [total, order.at],
      );
      await db.query(
        `insert into order_items (order_id, name, base_price_cents, unit_price_cents, quantity, total_price_cents)
         values ($1, $2, $3, $3, $4, $5)`,
        [rows[0]!.id, order.name, order.cents, order.quantity, total],
      );
    }
  } finally {
    await db.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const first = spawnServer(env);
  await waitForHealthy(first);
  await first.stop();
  await writeScriptedMonth(first.dataDir);
  server = spawnServer({ ...env, DATA_DIR: first.dataDir });
  await waitForHealthy(server);
});
test.afterAll(async () => {
  await server?.stop();
});

test('the scripted month: day revenues in their Sunday-first cells, a day lists its orders, totals add up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAsAdmin(page, { baseUrl: server.baseUrl, password: PASSWORD });
  await page.goto(`${server.baseUrl}/calendar?month=2026-10`);
  await expect(page.getByRole('heading', { name: 'Order Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('calendar-month-label')).toHaveText('October 2026');

  const grid = page.getByTestId('calendar-grid');
  await expect(grid.getByRole('columnheader')).toHaveText([
    'Sun',
    'Mon',
    'Tue',
    'Wed',
    'Thu',
    'Fri',
    'Sat',
  ]);
  // Week rows, each of seven cells; [week, weekday] of each scripted day.
  const cell = (week: number, weekday: number) =>
    grid.locator('tbody tr').nth(week).locator('td').nth(weekday);
  await expect(cell(0, 4).getByTestId('calendar-day-2026-10-01')).toContainText('€35');
  await expect(cell(0, 4)).toContainText('2 orders');
  await expect(cell(4, 0).getByTestId('calendar-day-2026-10-25')).toContainText('€7');
  await expect(cell(4, 6).getByTestId('calendar-day-2026-10-31')).toContainText('€22');
  // 1 October is a Thursday: the four cells before it belong to September.
  for (const weekday of [0, 1, 2, 3]) {
    await expect(cell(0, weekday).getByRole('button')).toHaveCount(0);
  }
  await expect(page.getByTestId('calendar-day-2026-10-02')).not.toContainText('€');
  await expect(page.getByTestId('calendar-day-2026-10-01')).toHaveAccessibleName(
    'Thursday 1 October 2026: 2 orders, €35',
  );

  // October: 4 orders, all paid, 10.90 + 23.80 + 6.50 + 21.80 = 63.00.
  await expect(page.getByTestId('calendar-month-orders')).toHaveText(/\b4\b/);
  await expect(page.getByTestId('calendar-month-paid')).toHaveText(/\b4\b/);
  await expect(page.getByTestId('calendar-month-revenue')).toContainText('€63.00');
  // 2026 so far: those and the first of November (54.50) = 117.50.
  await expect(page.getByTestId('calendar-year-revenue')).toContainText('€117.50');

  await page.getByTestId('calendar-day-2026-10-01').click();
  const dayOrders = page.getByTestId('calendar-day-orders');
  await expect(dayOrders.getByRole('heading', { name: 'Thursday 1 October 2026' })).toBeVisible();
  await expect(dayOrders.getByRole('button', { name: /^View order #/ })).toHaveCount(2);
  await expect(dayOrders).toContainText('Pulled Pork Sandwich');
  await expect(dayOrders).toContainText('12:00');
  await expect(dayOrders).toContainText('18:00');

  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('calendar-month-label')).toHaveText('November 2026');
  await expect(page.getByTestId('calendar-day-2026-11-01')).toContainText('€55');
});

/** A phone of its own: the same address with another browser is another visitor (decision 015). */
async function phoneOf(browser: Browser, name: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 ${name}`,
  });
  return { context, phone: await context.newPage() };
}

/** Drinks in the cart, the cart opened, on to checkout. */
async function drinksToCheckout(phone: Page, drinks: string[], viewOrder: RegExp) {
  await showCategory(phone, 'Drinks');
  for (const drink of drinks) await tapCard(phone, drink);
  await phone.getByRole('button', { name: viewOrder }).click();
  await phone
    .getByRole('dialog', { name: 'Your Order' })
    .getByRole('button', { name: 'Proceed to Checkout' })
    .click();
  await expect(phone).toHaveURL(/\/checkout$/);
}

test('the funnel adds up: three visitors step by step; the signed-in admin is no visitor', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The admin at work, and trying the shop out while signed in: none of it is a visit.
  await logInAsAdmin(page, { baseUrl: server.baseUrl, password: PASSWORD });
  for (const path of ['/kitchen', '/pos', '/', '/admin']) {
    await page.goto(`${server.baseUrl}${path}`);
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  }

  // Visitor A: the menu, the cart, checkout, paid.
  const a = await phoneOf(browser, 'visitor-A');
  await a.phone.goto(`${server.baseUrl}/`);
  await drinksToCheckout(a.phone, ['Cola 0.5 l'], /^View cart, 1 item/);
  await fillCustomer(a.phone);
  await a.phone.getByRole('button', { name: /Place Order/ }).click();
  await expect(a.phone).toHaveURL(/\/payments\/simulator\//);
  await a.phone.getByRole('button', { name: /^Pay / }).click();
  await expect(a.phone.getByRole('dialog', { name: 'Order Complete' })).toBeVisible();
  // Visitor B: a table's page is the menu too; the cart, checkout, no payment.
  const b = await phoneOf(browser, 'visitor-B');
  await b.phone.goto(`${server.baseUrl}/table?table=2`);
  await drinksToCheckout(b.phone, ['Cola 0.5 l'], /^View Order, 1 item/);
  // Visitor C: the menu only.
  const c = await phoneOf(browser, 'visitor-C');
  await c.phone.goto(`${server.baseUrl}/`);
  await expect(c.phone.getByRole('heading', { name: 'Menu', exact: true })).toBeVisible();

  // The views go out as beacons: wait until the server has the last of them.
  await expect
    .poll(async () => {
      const response = await page.request.get(`${server.baseUrl}/api/admin/analytics/visitors`);
      return ((await response.json()) as { uniqueVisitors: number }).uniqueVisitors;
    })
    .toBe(3);
  for (const visitor of [a, b, c]) await visitor.context.close();

  // 1 October's two scripted sales fill the Item Sales card beside the Visitor Analytics one.
  await page.goto(`${server.baseUrl}/admin?date=2026-10-01`);
  // The card with its details closed is as tall as its heading and button, not stretched to
  // the Item Sales card beside it.
  const card = page.getByRole('region', { name: 'Visitor Analytics' });
  const sales = page.getByRole('region', { name: 'Item Sales Analytics' }).first();
  await expect(sales).toContainText('Pulled Pork Sandwich');
  await expect(card).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.height).toBeLessThan(160);
  // The day's two lines make the Item Sales card taller than that.
  expect((await sales.boundingBox())!.height).toBeGreaterThan(cardBox.height + 40);
  await page.screenshot({ path: test.info().outputPath('dashboard-desktop.png') });
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByRole('button', { name: 'View Visitor Analytics' }).click();
  const panel = page.getByRole('dialog', { name: 'Visitor Analytics' });
  await expect(panel.getByTestId('today-unique')).toHaveText('3');
  // step            visitors   of those who saw the menu
  const FUNNEL = [
    ['menu', '3', '(100%)'],
    ['cart', '2', '(67%)'],
    ['checkout', '2', '(67%)'],
    ['paid', '1', '(33%)'],
  ] as const;
  for (const [step, count, percent] of FUNNEL) {
    await expect(panel.getByTestId(`funnel-${step}-count`)).toHaveText(count);
    await expect(panel.getByTestId(`funnel-${step}-percent`)).toHaveText(percent);
  }
  await expect(panel.getByTestId('visitors-chart')).toHaveAttribute(
    'aria-label',
    /^Visitors and page views per day/,
  );
  await panel.screenshot({ path: test.info().outputPath('funnel.png') });

  await panel.getByRole('tab', { name: 'Detailed Stats' }).click();
  await expect(panel.getByRole('table', { name: 'Daily breakdown' })).toBeVisible();

  await panel.getByRole('tab', { name: 'Top Pages' }).click();
  await expect(panel.getByTestId('top-page').filter({ hasText: 'Homepage' })).toBeVisible();
  await expect(panel.getByTestId('top-page').filter({ hasText: 'Table Ordering' })).toBeVisible();
  for (const backOffice of ['Admin Dashboard', 'Kitchen Display', 'Admin POS']) {
    await expect(panel.getByTestId('top-page').filter({ hasText: backOffice })).toHaveCount(0);
  }

  // Visitor A paid in the simulator: the calendar's day list marks it TEST, as the dashboard does.
  await page.goto(`${server.baseUrl}/calendar`);
  await page.locator('button[aria-current="date"]').click();
  const dayOrders = page.getByTestId('calendar-day-orders');
  await expect(dayOrders.getByRole('button', { name: /^View order #/ })).toHaveCount(1);
  await expect(dayOrders.getByText('TEST', { exact: true })).toBeVisible();
});
