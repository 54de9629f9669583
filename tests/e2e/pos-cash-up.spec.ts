/**
 * Day cash-up at the counter (decision 012) on a tablet: open the drawer with a float, a cash
 * sale made at the counter shows up by itself, a pay-out, the close with a counted amount and
 * its difference, and the Z report's lines, printed 80 mm wide.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A cashier account made by the admin through the API, then signed in on this browser. */
async function signInAsNewCashier(page: Page) {
  const admin = await page.request.post('/api/auth/login', {
    data: { password: E2E_ADMIN_PASSWORD },
  });
  expect(admin.ok(), await admin.text()).toBe(true);
  const user = { username: `till-${run}`, password: `till-${run}-password`, name: 'Robin Till' };
  const created = await page.request.post('/api/admin/staff', {
    data: { ...user, role: 'cashier', isActive: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.request.post('/api/auth/logout');
  const login = await page.request.post('/api/staff/login', {
    data: { username: user.username, password: user.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

/** A drawer another spec left open would make this one's figures wrong: close it first. */
async function closeAnyOpenDrawer(page: Page) {
  const current = (await (await page.request.get('/api/pos/cash-drawer')).json()) as {
    session: { expectedCash: string } | null;
  };
  if (current.session) {
    const closed = await page.request.post('/api/pos/cash-drawer/close', {
      data: { counted: current.session.expectedCash },
    });
    expect(closed.ok()).toBe(true);
  }
}

const figure = (page: Page, label: string) =>
  page.getByRole('table', { name: 'Cash in the drawer' }).getByRole('row', { name: label });

test('a day at the till: float, a cash sale, a pay-out, the count, the Z report', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInAsNewCashier(page);
  await closeAnyOpenDrawer(page);

  await page.goto('/cash-up');
  await expect(page.getByRole('heading', { name: 'Cash-up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to POS' })).toHaveAttribute(
    'href',
    '/staff-pos',
  );
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // No drawer: the Open form, which says what is wrong with a bad float.
  await expect(page.getByRole('heading', { name: 'Open the drawer' })).toBeVisible();
  await page.getByLabel('Float (€)').fill('-5');
  await page.getByRole('button', { name: 'Open drawer' }).click();
  await expect(page.getByText('Enter an amount in euros, like 12.50')).toBeVisible();
  await page.getByLabel('Float (€)').fill('100');
  await page.getByRole('button', { name: 'Open drawer' }).click();
  await expect(page.getByText('Drawer opened')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Drawer open' })).toBeVisible();
  await expect(figure(page, 'Float')).toContainText('€100.00');
  await expect(figure(page, 'Expected cash')).toContainText('€100.00');
  await expect(page.getByText('No pay-ins or pay-outs yet.')).toBeVisible();

  // A cash sale at the counter (the POS's own call): 2 burgers, 21.80, paid with 30.00.
  const sale = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      paymentMethod: 'cash',
      items: [{ menuItemId: 'classic-smash-burger', quantity: 2 }],
      cashReceived: '30.00',
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  expect(await sale.json()).toMatchObject({ total: '21.80', change: '8.20' });
  // The screen hears of it over the socket and refetches: 100.00 + 30.00 − 8.20 = 121.80.
  await expect(figure(page, 'Cash sales')).toContainText('€30.00');
  await expect(figure(page, 'Cash sales')).toContainText('1 sale');
  await expect(figure(page, 'Change given')).toContainText('€8.20');
  await expect(figure(page, 'Expected cash')).toContainText('€121.80');

  // A second sale, a cola 2.90 paid exactly, deleted by the admin: it leaves the expected cash
  // and is a void line on the Z report (decision 012).
  const second = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { paymentMethod: 'cash', items: [{ menuItemId: 'cola', quantity: 1 }] },
  });
  expect(second.status(), await second.text()).toBe(201);
  const voided = (await second.json()) as { id: string; orderNumber: number };
  await expect(figure(page, 'Expected cash')).toContainText('€124.70');
  const owner = await playwright.request.newContext({ baseURL });
  expect(
    (await owner.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok(),
  ).toBe(true);
  const deleted = await owner.delete(`/api/admin/orders/${voided.id}`, {
    data: { reason: 'Rang up twice' },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await owner.dispose();
  await page.reload();
  await expect(figure(page, 'Expected cash')).toContainText('€121.80');

  // A pay-out of 15.00 for ice: 121.80 − 15.00 = 106.80.
  await page.getByRole('button', { name: 'Pay out' }).click();
  const payOut = page.getByRole('dialog', { name: 'Pay out' });
  await payOut.getByLabel('Amount (€)').fill('15');
  await payOut.getByRole('button', { name: 'Record pay-out' }).click();
  await expect(payOut.getByText('Say what the money is for')).toBeVisible();
  await payOut.getByLabel('Reason').fill('Ice from the supermarket');
  await payOut.getByRole('button', { name: 'Record pay-out' }).click();
  await expect(payOut).toBeHidden();
  const movements = page.getByRole('list', { name: 'Pay-ins and pay-outs' });
  await expect(movements.getByRole('listitem')).toHaveCount(1);
  await expect(movements).toContainText('Ice from the supermarket');
  await expect(movements).toContainText('−€15.00');
  await expect(figure(page, 'Pay-outs')).toContainText('€15.00');
  await expect(figure(page, 'Expected cash')).toContainText('€106.80');

  // Close: 106.50 counted, 0.30 short, confirmed before the day ends.
  await page.getByRole('button', { name: 'Close drawer' }).click();
  const closing = page.getByRole('dialog', { name: 'Close the drawer' });
  await closing.getByLabel('Counted cash (€)').fill('106,50');
  await expect(closing.getByRole('definition').nth(2)).toContainText('-€0.30');
  await expect(closing.getByRole('definition').nth(2)).toContainText('short');
  await closing.getByRole('button', { name: 'Review and close' }).click();
  await expect(closing.getByText('Close the drawer with €106.50 counted?')).toBeVisible();
  await closing.getByRole('button', { name: 'Yes, close the drawer' }).click();
  await expect(closing).toBeHidden();

  // The result and the Z report.
  await expect(page.getByRole('heading', { name: 'Drawer closed' })).toBeVisible();
  const report = page.getByRole('region', { name: 'Z report' });
  await expect(report).toContainText('Z REPORT');
  const line = (label: string) =>
    report
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .last();
  await expect(line('Orders')).toHaveText(/Orders\s*1$/);
  await expect(line('Total sales')).toContainText('€21.80');
  await expect(line('Cash (1)')).toContainText('€21.80');
  await expect(line('Counter (POS) (1)')).toContainText('€21.80');
  await expect(report.getByRole('list', { name: 'Items sold' })).toContainText(
    '2 x Classic Smash Burger€21.80',
  );
  await expect(line('Float')).toContainText('€100.00');
  await expect(line('Cash received (1)')).toContainText('+€30.00');
  await expect(line('Change given')).toContainText('-€8.20');
  await expect(line('Pay-outs')).toContainText('-€15.00');
  await expect(line('Expected cash')).toContainText('€106.80');
  await expect(line('Counted')).toContainText('€106.50');
  await expect(line('Difference')).toContainText('-€0.30');
  await expect(report).toContainText('Ice from the supermarket (Robin Till)');
  await expect(report).toContainText('Voids (deleted, not counted)');
  await expect(line(`Void #${voided.orderNumber} - Rang up twice`)).toContainText('€2.90');

  // Printed, the report is the only thing on the paper, 80 mm wide.
  await expect(page.getByRole('button', { name: 'Print Z report' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const sheet = page.locator('.z-report-print');
  await expect(sheet).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  const width = await sheet.evaluate((element) => element.getBoundingClientRect().width);
  expect(Math.round(width)).toBe(302); // 80 mm at 96 px per inch
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();

  // The next day starts with the Open form; the last report stays one tap away.
  await page.getByRole('button', { name: 'Start a new day' }).click();
  await expect(page.getByRole('heading', { name: 'Open the drawer' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Last Z report/ })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
});
