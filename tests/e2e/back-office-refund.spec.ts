/**
 * Refund a line from the dashboard's Order Details (decision 021) on a tablet, and see it on
 * the Z report: a cash sale of 2 burgers (21.80) with the drawer open at 50.00, one burger
 * refunded (10.90, a pay-out of the drawer), then the close: expected 50.00 + 21.80 − 10.90 =
 * 60.90; sales 21.80, refunds 10.90, net 10.90.
 */
import { randomUUID } from 'node:crypto';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test('refund one burger from Order Details, then see it on the Z report', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { password: E2E_ADMIN_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  // A drawer another spec left open would change the figures: close it first.
  const current = (await (await page.request.get('/api/pos/cash-drawer')).json()) as {
    session: { expectedCash: string } | null;
  };
  if (current.session) {
    const closed = await page.request.post('/api/pos/cash-drawer/close', {
      data: { counted: current.session.expectedCash },
    });
    expect(closed.ok()).toBe(true);
  }
  const opened = await page.request.post('/api/pos/cash-drawer/open', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { float: '50.00' },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const sale = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      paymentMethod: 'cash',
      items: [{ menuItemId: 'classic-smash-burger', quantity: 2 }],
      cashReceived: '21.80',
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  const { orderNumber } = (await sale.json()) as { orderNumber: number };

  await page.goto('/admin');
  await page
    .getByRole('button', { name: `View order #${orderNumber}` })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toBeVisible();
  await expect(details.getByText('No refunds.')).toBeVisible();
  await details.getByRole('button', { name: 'Refund…' }).click();
  await details.getByLabel('Chosen items').check();
  await details.getByLabel('Quantity of Classic Smash Burger to refund').fill('1');
  await details.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(details.getByText('Say why the money is given back')).toBeVisible();
  await details.getByLabel('Reason').fill('Burger was cold');
  await details.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Refund Recorded')).toBeVisible();
  const row = details.getByTestId('refund-row');
  await expect(row).toContainText('€10.90');
  await expect(row).toContainText('cash from the drawer');
  await expect(row).toContainText('Done');
  await expect(row).toContainText('1× Classic Smash Burger');
  await expect(row).toContainText('Reason: Burger was cold');
  await expect(details.getByText('Refunded €10.90 of €21.80')).toBeVisible();
  await expect(details.getByText('Partly refunded')).toBeVisible();
  // A second refund offers only what is left of the line: one burger.
  await details.getByRole('button', { name: 'Refund…' }).click();
  await details.getByLabel('Chosen items').check();
  await expect(details.getByText('Classic Smash Burger (2 × €10.90, 1 refunded)')).toBeVisible();
  const second = details.getByLabel('Quantity of Classic Smash Burger to refund');
  await expect(second).toHaveAttribute('max', '1');
  await second.fill('2');
  await expect(second).toHaveValue('1');
  await page.keyboard.press('Escape');

  await page.goto('/cash-up');
  await page.getByRole('button', { name: 'Close drawer' }).click();
  const closing = page.getByRole('dialog', { name: 'Close the drawer' });
  await closing.getByLabel('Counted cash (€)').fill('60.90');
  await closing.getByRole('button', { name: 'Review and close' }).click();
  await closing.getByRole('button', { name: 'Yes, close the drawer' }).click();
  await expect(closing).toBeHidden();
  const report = page.getByRole('region', { name: 'Z report' });
  await expect(report).toContainText('Z REPORT');
  const line = (label: string) =>
    report
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .last();
  await expect(line('Total sales')).toContainText('€21.80');
  await expect(line('Refunds (1)')).toContainText('-€10.90');
  await expect(line('Net sales')).toContainText('€10.90');
  await expect(report.getByRole('list', { name: 'Refunds' })).toContainText(
    `#${orderNumber} cash: Burger was cold`,
  );
  await expect(line('Pay-outs')).toContainText('-€10.90');
  await expect(line('Expected cash')).toContainText('€60.90');
  await expect(line('Difference')).toContainText('€0.00');
});
