/**
 * The QR Code page (spec back-office §2 "QR Code page", §9 'QR image 400x400'): codes are drawn
 * in the browser from PUBLIC_URL, and every image the page gives out must scan to exactly the
 * address it claims. Decoded here with jsQR, the way a phone camera would read them.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, failedResource, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

async function openQrCodes(page: Page) {
  await page.goto('/qr-codes');
  await expect(page.getByRole('heading', { name: 'QR Codes', level: 1 })).toBeVisible();
}

/** What a QR reader finds in an image (PNG, SVG: anything sharp reads), or undefined. */
async function decodeQr(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** The PNG behind an <img> whose src is a data: URL. */
async function pngOf(page: Page, imageName: string): Promise<Buffer> {
  const src = await page.getByRole('img', { name: imageName, exact: true }).getAttribute('src');
  expect(src, `${imageName} is a PNG drawn on the page`).toMatch(/^data:image\/png;base64,/);
  return Buffer.from(src!.slice(src!.indexOf(',') + 1), 'base64');
}

test('every QR code on the page decodes to exactly its address; the site code is 400x400', async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page);
  await openQrCodes(page);

  const site = await pngOf(page, `QR code for ${baseURL}/`);
  expect(await decodeQr(site)).toBe(`${baseURL}/`);
  const metadata = await sharp(site).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 400, 400]);

  for (const table of [1, 2, 3]) {
    const png = await pngOf(page, `QR code for Table ${table}`);
    expect(await decodeQr(png), `Table ${table}`).toBe(`${baseURL}/table?table=${table}`);
  }
  // The default number of tables, each with its heading and its address in words.
  const tables = page.getByRole('list', { name: 'Table QR codes' }).getByRole('listitem');
  await expect(tables).toHaveCount(10);
  await expect(tables.last().getByRole('heading', { name: 'Table 10' })).toBeVisible();
  await expect(tables.last()).toContainText(`${baseURL}/table?table=10`);
});

test('Download saves takeaway-qr-code.png; a table saves as PNG and as an SVG that scans', async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page);
  await openQrCodes(page);

  const [siteDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(siteDownload.suggestedFilename()).toBe('takeaway-qr-code.png');
  expect(await decodeQr(await readFile(await siteDownload.path()))).toBe(`${baseURL}/`);

  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Table 2 as PNG' }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toBe('table-2-qr-code.png');
  expect(await decodeQr(await readFile(await pngDownload.path()))).toBe(`${baseURL}/table?table=2`);

  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Table 3 as SVG' }).click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe('table-3-qr-code.svg');
  const svg = await readFile(await svgDownload.path());
  expect(svg.toString('utf8')).toContain('<svg');
  expect(await decodeQr(svg)).toBe(`${baseURL}/table?table=3`);
});

test('a PUBLIC_URL on this computer (the e2e server is on 127.0.0.1) is flagged', async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page);
  await openQrCodes(page);
  const warning = page.getByRole('region', { name: 'Address warning' });
  await expect(warning).toContainText(
    'This address only works on this computer: a phone cannot open it. Set the address customers use as the Public address in Shop Settings.',
  );
  await expect(warning.getByRole('link', { name: 'Shop Settings' })).toHaveAttribute(
    'href',
    '/settings',
  );
  await expect(warning).toContainText(baseURL!);
});

test('printing shows only the table sheet: a code, the shop name and the table under each', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await openQrCodes(page);
  const shopName = await page.evaluate(async () => {
    const response = await fetch('/api/shop-info');
    return ((await response.json()) as { name: string }).name;
  });

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'QR Codes', level: 1 })).toBeHidden();
  const sheet = page.getByTestId('qr-print-sheet');
  await expect(sheet.getByRole('img', { name: 'QR code for Table 1', exact: true })).toBeVisible();
  await expect(sheet.getByRole('img', { name: /^QR code for Table/ })).toHaveCount(10);
  await expect(sheet.getByText('Table 7', { exact: true })).toBeVisible();
  await expect(sheet.getByText(shopName, { exact: true })).toHaveCount(10);
  // Six to an A4 page: 10 tables make two pages.
  await expect(sheet.locator('.qr-print-page')).toHaveCount(2);

  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();
});

test('when the address cannot be loaded the page says so, and Try again brings the codes', async ({
  page,
  baseURL,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(failedResource(500));
  await logInAsAdmin(page);
  await page.route('**/api/shop-info', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Down"}' }),
  );
  await page.goto('/qr-codes');
  const problem = page.getByRole('alert').filter({ hasText: 'Could not load the shop’s address' });
  await expect(problem).toBeVisible();

  await page.unroute('**/api/shop-info');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('img', { name: `QR code for ${baseURL}/` })).toBeVisible();
  await expect(problem).toBeHidden();
});

test('Print prints the site code alone, as a poster', async ({ page, baseURL }) => {
  // The print dialog is the browser's: count the calls instead of opening it.
  await page.addInitScript(() => {
    const counted = window as Window & { printCalls?: number };
    window.print = () => {
      counted.printCalls = (counted.printCalls ?? 0) + 1;
    };
  });
  await logInAsAdmin(page);
  await openQrCodes(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect
    .poll(() => page.evaluate(() => (window as Window & { printCalls?: number }).printCalls))
    .toBe(1);

  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('qr-print-sheet');
  await expect(sheet.getByRole('img', { name: `QR code for ${baseURL}/` })).toBeVisible();
  await expect(sheet.getByText('Scan to order', { exact: true })).toBeVisible();
  await expect(sheet.getByRole('img', { name: /^QR code for Table/ })).toHaveCount(0);
});
