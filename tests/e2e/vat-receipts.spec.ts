/**
 * VAT per rate where people read it (decision 022): the customer's receipt on a phone (a table
 * order: the burger and water at 13 %, the cola at 24 % served) and the Z report on a laptop.
 * Screenshots go to test-results/ for a look by eye.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { CUSTOMER } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';

const plain = { sauce: null, addOns: [] };

test('the confirmation page shows net, VAT and gross per rate of a table order', async ({
  page,
}, testInfo) => {
  const created = await page.request.post('/api/viva-wallet/create-payment', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      amount: 0,
      customerEmail: CUSTOMER.email,
      customerName: `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
      customerPhone: CUSTOMER.phone,
      contactless: false,
      orderData: {
        type: 'dine-in',
        orderSource: 'table',
        tableNumber: '4',
        items: [
          { menuItemId: 'classic-smash-burger', quantity: 1, customizations: plain },
          { menuItemId: 'cola', quantity: 1, customizations: plain },
          { menuItemId: 'water', quantity: 1, customizations: plain },
        ],
        paymentMethod: 'viva-wallet',
        deliveryAddress: null,
        customer: CUSTOMER,
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { paymentUrl } = (await created.json()) as { paymentUrl: string };
  const paid = await page.request.post(paymentUrl, { form: { outcome: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const orderId = new URL(paid.headers()['location']!, 'http://x').searchParams.get('orderId');

  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  const vat = page.getByRole('table', { name: 'VAT' });
  // 12.80 at 13 % = 11.33 + 1.47; 2.90 at 24 % = 2.34 + 0.56 (worked by hand).
  await expect(vat.getByRole('row', { name: /13 %/ })).toHaveText(/13 %€11\.33€1\.47€12\.80/);
  await expect(vat.getByRole('row', { name: /24 %/ })).toHaveText(/24 %€2\.34€0\.56€2\.90/);
  await vat.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('receipt-phone.png'), fullPage: true });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  async function signInAsAdmin(page: Page) {
    const login = await page.request.post('/api/auth/login', {
      data: { password: E2E_ADMIN_PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);
  }

  test('the Z report lists the takings per VAT rate', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    const current = (await (await page.request.get('/api/pos/cash-drawer')).json()) as {
      session: { expectedCash: string } | null;
    };
    if (current.session) {
      const closed = await page.request.post('/api/pos/cash-drawer/close', {
        headers: { 'Idempotency-Key': randomUUID() },
        data: { counted: current.session.expectedCash },
      });
      expect(closed.ok(), await closed.text()).toBe(true);
    }
    const opened = await page.request.post('/api/pos/cash-drawer/open', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: { float: '50.00' },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    // A counter sale (take-away): two burgers and a cola, 24.70, all at 13 %.
    const sale = await page.request.post('/api/admin/orders', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        paymentMethod: 'cash',
        items: [
          { menuItemId: 'classic-smash-burger', quantity: 2 },
          { menuItemId: 'cola', quantity: 1 },
        ],
        customer: {
          firstName: 'Ada',
          lastName: 'Owner',
          email: 'ada@example.com',
          phone: '+3725550101',
        },
      },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    expect(((await sale.json()) as { vat: unknown }).vat).toEqual([
      { rate: 13, net: '21.86', vat: '2.84', gross: '24.70' },
    ]);

    const drawer = (await (await page.request.get('/api/pos/cash-drawer')).json()) as {
      session: { expectedCash: string };
    };
    const closed = await page.request.post('/api/pos/cash-drawer/close', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: { counted: drawer.session.expectedCash },
    });
    expect(closed.ok(), await closed.text()).toBe(true);

    await page.goto('/cash-up');
    await page.getByRole('button', { name: /Last Z report/ }).click();
    const report = page.getByRole('region', { name: 'Z report' });
    await expect(report).toContainText('Z REPORT');
    const vat = report.getByRole('table', { name: 'VAT' });
    await expect(vat.getByRole('row', { name: /13 %/ })).toHaveText(/13 %€21\.86€2\.84€24\.70/);
    await page.screenshot({ path: testInfo.outputPath('z-report-laptop.png'), fullPage: true });
  });
});
