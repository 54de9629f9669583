/**
 * Receipt printers on the kitchen display (decision 028): a printer that does not answer shows
 * as failing, with an alert naming it and the error, within 30 s of a paid order's ticket
 * failing to print. The printer is an address on 127.0.0.1 where nothing listens (refused).
 */
import net from 'node:net';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { createPaidOrder } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';

/** A port of 127.0.0.1 that was free a moment ago: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a failing printer shows on the kitchen display within 30 s', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/admin');

  const port = await closedPort();
  const added = await page.request.post('/api/admin/printers', {
    data: {
      name: 'Grill',
      kind: 'escpos-network',
      host: '127.0.0.1',
      port,
      prints: ['kitchen'],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: string };
  try {
    await page.goto('/kitchen');
    await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
    const printers = page.getByRole('region', { name: 'Printers' });
    await expect(printers.getByText('Grill: ready')).toBeVisible();

    const customer = await browser.newContext();
    try {
      const order = await createPaidOrder(customer.request);
      const paidAt = Date.now();
      await expect(
        page.getByRole('article', { name: `Order #${order.orderNumber}` }),
      ).toBeVisible();
      const alert = printers.getByRole('alert');
      await expect(alert).toContainText(`Printer Grill is failing since`, { timeout: 30_000 });
      expect(Date.now() - paidAt, 'shown within 30 s of the payment').toBeLessThan(30_000);
      await expect(alert).toContainText(`127.0.0.1:${port} refused the connection`);
      await expect(printers.getByText(/^Grill: failing since \d\d:\d\d$/)).toBeVisible();
    } finally {
      await customer.close();
    }
  } finally {
    await page.request.delete(`/api/admin/printers/${id}`);
  }
});
