/**
 * Shop Settings (/settings, admin; DESIGN.md departure 20), at a laptop's 1280x800 and on a
 * Pixel 7: the owner changes the shop's name, phone and public address, and the storefront
 * footer, a printed receipt and the QR codes show them at once, with no restart; bad input gets
 * a message at its field and saves nothing. The settings are put back after each test (other
 * specs share the server).
 */
import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { createPaidOrder } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';
import { revealFooter } from './storefront-footer.ts';

test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
let original: Record<string, string>;

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await playwright.request.newContext({ baseURL });
  const login = await admin.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const read = await admin.get('/api/admin/shop-settings');
  expect(read.ok(), await read.text()).toBe(true);
  original = ((await read.json()) as { settings: Record<string, string> }).settings;
});

test.afterEach(async () => {
  const restored = await admin.put('/api/admin/shop-settings', { data: original });
  expect(restored.ok(), await restored.text()).toBe(true);
});

test.afterAll(async () => {
  await admin.dispose();
});

/** What a QR reader finds in the PNG behind an <img> drawn on the page. */
async function decodeQrImage(page: Page, name: string): Promise<string | undefined> {
  const src = await page.getByRole('img', { name, exact: true }).getAttribute('src');
  expect(src).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(src!.slice(src!.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

const storedSettings = async () =>
  (
    (await (await admin.get('/api/admin/shop-settings')).json()) as {
      settings: Record<string, string>;
    }
  ).settings;

const SIZES = [
  { name: '1280x800', use: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'Pixel 7',
    use: {
      viewport: devices['Pixel 7'].viewport,
      userAgent: devices['Pixel 7'].userAgent,
      deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    },
  },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use(size.use);

    test('a change to the name, phone and public address shows on the footer, a receipt and the QR codes at once', async ({
      page,
    }, testInfo) => {
      const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
      const name = `Harbour Tacos ${run}`;
      const phone = '+372 5000 1234';
      const address = `https://harbour-${run}.example`;

      await logInAsAdmin(page);
      // The owner finds the screen in the navigation.
      if (size.name === 'Pixel 7') {
        await page.getByRole('button', { name: /Menu/ }).click();
      }
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await expect(page).toHaveURL('/settings');
      await expect(page.getByRole('heading', { name: 'Shop Settings', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('Shop Settings · Admin Panel');

      // The e2e server's PUBLIC_URL is 127.0.0.1: no customer's phone can open it.
      const localWarning = page.getByText(/This address only works on this computer/);
      await expect(localWarning).toBeVisible();
      await page.getByLabel('Shop name').fill(name);
      await page.getByLabel('Phone').fill(phone);
      await page.getByLabel('Public address').fill(`${address}/`);
      await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('settings.png'), fullPage: true });
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: 'Settings Saved' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
      // Stored without the trailing slash, and in use at once.
      await expect(page.getByLabel('Public address')).toHaveValue(address);
      await expect(page.getByText(`In use now: ${address}`)).toBeVisible();
      await expect(localWarning).toHaveCount(0);

      // The storefront footer.
      await page.goto('/');
      const footer = await revealFooter(page);
      await expect(footer).toContainText(name);
      await expect(footer.getByRole('link', { name: phone })).toHaveAttribute(
        'href',
        'tel:+37250001234',
      );

      // A receipt: the confirmation page as printed carries who sold it.
      const order = await createPaidOrder(page.request);
      await page.goto(`/order-confirmation?orderId=${order.id}`);
      await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      const printed = page.locator('article header').first();
      await expect(printed).toBeVisible();
      await expect(printed).toContainText(name);
      await expect(printed).toContainText(phone);
      await page.emulateMedia({ media: 'screen' });

      // The QR codes carry the new address, and the shop name is on the printed sheet.
      await page.goto('/qr-codes');
      await expect(page.getByRole('heading', { name: 'QR Codes', level: 1 })).toBeVisible();
      expect(await decodeQrImage(page, `QR code for ${address}/`)).toBe(`${address}/`);
      expect(await decodeQrImage(page, 'QR code for Table 2')).toBe(`${address}/table?table=2`);
      // A .example address is on the internet: no warning about a local address.
      await expect(page.getByRole('region', { name: 'Address warning' })).toHaveCount(0);
    });

    test('bad input gets a message at its field and nothing is saved', async ({
      page,
    }, testInfo) => {
      await logInAsAdmin(page);
      await page.goto('/settings');
      await expect(page.getByLabel('Shop name')).toHaveValue(original.name!);
      const before = await storedSettings();

      // [field, bad value, message]
      const cases: [string, string, string][] = [
        ['E-mail', 'hello at shop', 'Please enter an e-mail address like hello@yourshop.com.'],
        ['Number of tables', '0', 'Please enter a whole number of tables from 1 to 200.'],
        [
          'Map link',
          'maps.example/truck',
          'Please enter a web address starting with https:// (or http://).',
        ],
        [
          'Public address',
          'harbour.example',
          'Please enter the address customers open, starting with https:// (or http://).',
        ],
      ];
      for (const [label, value] of cases) await page.getByLabel(label).fill(value);
      await page.getByRole('button', { name: 'Save settings' }).click();
      for (const [label, , message] of cases) {
        const input = page.getByLabel(label);
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(input).toHaveAccessibleDescription(message);
      }
      // The first field in error has the focus.
      await expect(page.getByLabel('E-mail')).toBeFocused();
      await page.screenshot({ path: testInfo.outputPath('settings-errors.png') });

      // The page with its messages passes axe too.
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => violation.id),
      ).toEqual([]);

      // Fixed, a message goes away as the field is corrected.
      await page.getByLabel('Number of tables').fill('12');
      await expect(page.getByLabel('Number of tables')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('listitem').filter({ hasText: 'Settings Saved' })).toHaveCount(0);
      expect(await storedSettings()).toEqual(before);
    });
  });
}
