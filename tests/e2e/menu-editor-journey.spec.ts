/**
 * From the Menu Editor to a customer's phone (issue "Menu editor", acceptance; decisions 010,
 * 011): the admin, at laptop width, makes a category and a dish with a phone photo (EXIF
 * orientation and GPS), two sauces, an add-on and allergens; a customer, at phone width, sees it
 * upright with its marks and a srcset image and buys it with the add-on at the server's price.
 * Then the admin marks it sold out until a time on the server's test clock: the open storefront
 * greys it within a second, it cannot be added, a cart that already holds it is refused at
 * payment naming it, and at that time it is on sale again with nobody touching anything.
 *
 * Its own server (a test clock, and a menu the other specs on the worker's server do not read).
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { fillCustomer, type ApiOrder } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';
import { showCategory } from './menu-support.ts';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';

const PASSWORD = 'journey-admin-password';
const PHOTO = path.resolve('tests/fixtures/menu-photo-exif-gps.jpg');
const SHOP_ZONE = 'Europe/Tallinn';
const DISH = {
  id: 'oak-brisket-melt',
  name: 'Oak Brisket Melt',
  description: 'Brisket, cheddar and pickles on sourdough',
  price: '12.5',
};
const CATEGORY = { id: 'specials', name: 'Specials', icon: '⭐' };

let server: ServerProcess;

/**
 * The server's test clock: the next Tuesday at 15:50 UTC at least a day ahead of the real time
 * (17:50 in Tallinn in winter, 18:50 in summer: the demo shop is open). Ahead, because the back
 * office shows a sold-out 'back at' time against the browser's real clock: a fixed date once
 * passed (as 2026-11-24 did) would read as on sale already.
 */
function nextTuesdayAfternoon(from = Date.now()): string {
  const day = new Date(from + 24 * 60 * 60 * 1000);
  day.setUTCDate(day.getUTCDate() + ((2 - day.getUTCDay() + 7) % 7));
  day.setUTCHours(15, 50, 0, 0);
  return day.toISOString();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawnServer({
    PORT: runPort(20),
    NODE_ENV: 'test',
    FAKE_NOW: nextTuesdayAfternoon(),
    ADMIN_PASSWORD: PASSWORD,
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

/** The storefront card of an item, by its heading. */
const card = (page: Page, name: string) =>
  page
    .getByTestId('menu-grid')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** The server's clock (its Date header, whole seconds), which runs from FAKE_NOW. */
async function serverNow(page: Page): Promise<number> {
  const response = await page.request.get(`${server.baseUrl}/healthz`);
  return Date.parse(response.headers()['date']!);
}

const shopTime = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));

test('a dish made in the editor sells on a phone, sells out until a time, and comes back by itself', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const base = server.baseUrl;

  // ---- the admin, at laptop width
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAsAdmin(page, { baseUrl: base, password: PASSWORD });
  await page.goto(`${base}/menu-management`);

  await page.getByRole('tab', { name: 'Categories', exact: true }).click();
  await page.getByRole('button', { name: 'Add Category' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'Add Category' });
  await categoryDialog.getByLabel('ID', { exact: true }).fill(CATEGORY.id);
  await categoryDialog.getByLabel('Name', { exact: true }).fill(CATEGORY.name);
  await categoryDialog.getByLabel('Icon', { exact: true }).fill(CATEGORY.icon);
  await categoryDialog.getByRole('button', { name: 'Create category' }).click();
  await expect(toast(page, 'Category created successfully')).toBeVisible();

  await page.getByRole('tab', { name: 'Items', exact: true }).click();
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
  await dialog.getByLabel('ID', { exact: true }).fill(DISH.id);
  await dialog.getByLabel('Name', { exact: true }).fill(DISH.name);
  await dialog.getByLabel('Description', { exact: true }).fill(DISH.description);
  await dialog.getByLabel('Price (€)', { exact: true }).fill(DISH.price);
  await dialog.getByLabel('Category', { exact: true }).selectOption(CATEGORY.id);
  // A phone photo: 400x300 pixels stored sideways (EXIF orientation 6), with a GPS position.
  await dialog.getByLabel('Photo', { exact: true }).setInputFiles(PHOTO);
  await expect(toast(page, 'Upload Successful')).toBeVisible();
  const allergens = dialog.getByRole('group', { name: 'Allergens' });
  await allergens.getByLabel('Cereals containing gluten', { exact: true }).check();
  await allergens.getByLabel('Milk', { exact: true }).check();
  await dialog.getByRole('group', { name: 'Dietary tags' }).getByLabel('Spicy').check();
  const sauces = dialog.getByRole('group', { name: 'Sauces' });
  await sauces.getByLabel('Spicy BBQ', { exact: true }).check();
  await sauces.getByLabel('Truffle Mayo', { exact: true }).check();
  await dialog.getByRole('group', { name: 'Add-ons' }).getByLabel('Bacon').check();
  await dialog.getByRole('button', { name: 'Create item' }).click();
  await expect(toast(page, 'Menu item created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // ---- a customer, at phone width
  const customer = await phone(browser);
  await customer.goto(`${base}/`);
  await showCategory(customer, CATEGORY.name);
  const dish = card(customer, DISH.name);
  await expect(dish).toContainText('Spicy');
  await expect(dish).toContainText('Contains gluten, milk');
  // The sized WebP variants, so a phone downloads a small one; the JPEG is the fallback.
  const source = dish.locator('picture source[type="image/webp"]');
  await expect(source).toHaveAttribute(
    'srcset',
    /\/w320\.webp 320w, .*\/w640\.webp 640w, .*\/w1280\.webp 1280w/,
  );
  const photo = dish.locator('picture img');
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const shown = await photo.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    height: img.naturalHeight,
    src: img.currentSrc,
  }));
  // Upright: the sideways 400x300 is stored as a portrait.
  expect(shown.height).toBeGreaterThan(shown.width);
  expect(shown.src).toMatch(/\.webp$/);
  // Nothing of the phone's EXIF (its GPS position included) is served.
  const fallback = await customer.request.get(
    `${base}/objects/menu-images/${shown.src.split('/').at(-2)}`,
  );
  expect((await fallback.body()).includes('Exif')).toBe(false);

  // The item dialog lists the allergens in words; the customer buys it with the add-on.
  await dish.getByRole('button').click();
  const itemDialog = customer.getByRole('dialog', { name: DISH.name });
  await expect(itemDialog.getByTestId('allergen-list')).toHaveText(
    'Allergens: Cereals containing gluten, Milk',
  );
  await itemDialog.getByRole('button', { name: 'Truffle Mayo' }).click();
  await itemDialog.getByRole('button', { name: /Bacon/ }).click();
  await itemDialog.getByRole('button', { name: /Add to Cart/ }).click();
  await customer.getByRole('button', { name: /View cart/ }).click();
  await customer.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCustomer(customer);
  await customer.getByRole('button', { name: 'Place Order · €13.50' }).click();
  await expect(customer).toHaveURL(/\/payments\/simulator\//);
  let orderId: string | null = null;
  const back = customer.waitForURL((url) => {
    if (url.searchParams.get('payment') === 'success') orderId = url.searchParams.get('orderId');
    return orderId !== null;
  });
  await customer.getByRole('button', { name: /^Pay / }).click();
  await back;
  await expect(customer.getByRole('dialog', { name: 'Order Complete' })).toBeVisible();
  // The server's own price: 12.50 + 1.00 for the bacon, with the sauce.
  const order = (await (
    await customer.request.get(`${base}/api/orders/${orderId}`)
  ).json()) as ApiOrder;
  expect(order).toMatchObject({ total: '13.50' });
  expect(order.items).toEqual([
    expect.objectContaining({ name: DISH.name, quantity: 1, totalPrice: '13.50' }),
  ]);

  // The customer puts it in the cart again and leaves the page open.
  await customer.goto(`${base}/`);
  await showCategory(customer, CATEGORY.name);
  await dish.getByRole('button').click();
  await itemDialog.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(itemDialog).toBeHidden();

  // ---- the admin marks it sold out until the next whole minute at least 30 s away
  const now = await serverNow(page);
  const backAtMs = Math.ceil((now + 30_000) / 60_000) * 60_000;
  const backAt = shopTime(backAtMs);
  const row = page
    .getByRole('table', { name: 'Menu items' })
    .getByRole('row')
    .filter({ hasText: DISH.name });
  await row.getByRole('button', { name: `Sold out options for ${DISH.name}` }).click();
  const soldOut = page.getByRole('dialog', { name: 'Sold out' });
  await soldOut.getByLabel('Until…', { exact: true }).check();
  await soldOut.getByLabel('Back on sale at', { exact: true }).fill(backAt);
  await soldOut.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toContainText(`Sold out · back at ${backAt}`);

  // The open storefront greys it (it does not poll the menu: the socket's menuChanged brings
  // it), and it cannot be added.
  await expect(dish).toHaveAttribute('data-sold-out', 'true');
  await expect(dish).toContainText(`Sold out · back at ${backAt}`);
  await expect(dish.getByRole('button')).toBeDisabled();

  // The cart that already holds it is refused at payment, naming the line to remove.
  await customer.getByRole('button', { name: /View cart/ }).click();
  await customer.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCustomer(customer);
  await customer.getByRole('button', { name: /^Place Order/ }).click();
  await expect(
    toast(
      customer,
      `"${DISH.name}" is sold out (back at ${backAt}). Please remove it from your order.`,
    ),
  ).toBeVisible();
  await expect(customer).toHaveURL(/\/checkout$/);

  // At that time on the server's clock it is on sale again: no one reloads or touches anything.
  await customer.goto(`${base}/`);
  await showCategory(customer, CATEGORY.name);
  await expect(dish).toHaveAttribute('data-sold-out', 'true');
  const waitMs = backAtMs - (await serverNow(page));
  await expect(dish).not.toHaveAttribute('data-sold-out', 'true', { timeout: waitMs + 15_000 });
  await expect(dish.getByRole('button')).toBeEnabled();
  expect(await serverNow(page)).toBeGreaterThanOrEqual(backAtMs);
  await customer.context().close();
});
