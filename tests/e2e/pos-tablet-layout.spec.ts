/**
 * The admin POS on a 10-inch tablet (1280x800, landscape; README "Counter POS"): with a sale of
 * five lines, the customer's details, the total, the payment choice, Create Order, every
 * category and the Cash drawer button are all on screen without scrolling, and the sale goes
 * through from there. The same at 1024x768 and 1920x1080.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

test.describe.configure({ mode: 'serial' });

/** Five lines from four categories; the burger goes through the customise dialog. */
const LINES: [category: string, item: string][] = [
  ['Burgers', 'Classic Smash Burger'],
  ['Drinks', 'Cola 0.5 l'],
  ['Drinks', 'Still Water 0.5 l'],
  ['Sides', 'Charred Corn on the Cob'],
  ['Sauce Packs', 'Spicy BBQ Sauce Pack'],
];

/** A drawer of its own, so the cash sale needs no float first (decision 012). */
async function openFreshDrawer(page: Page) {
  const current = (await (await page.request.get('/api/pos/cash-drawer')).json()) as {
    session: { expectedCash: string } | null;
  };
  if (current.session) {
    const closed = await page.request.post('/api/pos/cash-drawer/close', {
      data: { counted: current.session.expectedCash },
    });
    expect(closed.ok(), await closed.text()).toBe(true);
  }
  const opened = await page.request.post('/api/pos/cash-drawer/open', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { float: '50.00' },
  });
  expect(opened.status(), await opened.text()).toBe(201);
}

/** The element's whole box is inside the viewport (not clipped, not below the fold). */
async function expectInViewport(page: Page, locator: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(
    {
      what,
      left: x >= 0,
      top: y >= 0,
      right: x + width <= viewport.width,
      bottom: y + height <= viewport.height,
    },
    `${what} at ${JSON.stringify(box)} in ${viewport.width}x${viewport.height}`,
  ).toEqual({ what, left: true, top: true, right: true, bottom: true });
}

/** Nothing on the page or in the sale's checkout column needs scrolling. */
async function expectNoScrolling(page: Page) {
  const page_ = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollHeight,
    height: window.innerHeight,
    scrollX: document.scrollingElement!.scrollWidth,
    width: window.innerWidth,
  }));
  expect(page_.scroll, 'the page scrolls vertically').toBeLessThanOrEqual(page_.height);
  expect(page_.scrollX, 'the page scrolls sideways').toBeLessThanOrEqual(page_.width);
}

for (const viewport of [
  { width: 1280, height: 800 },
  // An iPad in landscape: the same, with the menu in two tiles across.
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${viewport.width}x${viewport.height} a sale of five lines completes with everything in view`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await logInAsAdmin(page);
    await openFreshDrawer(page);
    await page.goto('/pos');
    await expect(page.getByRole('heading', { name: 'Point of Sale' })).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Categories' }).getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const [category, item] of LINES) {
      await page.getByRole('tab', { name: category }).click();
      await page.getByRole('tabpanel').getByRole('button', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: item });
      if (category === 'Burgers') {
        await dialog.getByRole('radio', { name: 'Brioche Bun' }).click();
        await dialog.getByRole('button', { name: /Add to cart/ }).click();
        await expect(dialog).toBeHidden();
      }
    }
    const sale = page.getByRole('region', { name: 'Current sale' });
    const cart = sale.getByRole('list', { name: 'Cart' }).getByRole('listitem');
    await expect(cart).toHaveCount(5);
    // The toasts of the taps fade; the layout is judged without them.
    await expect(page.getByRole('listitem').filter({ hasText: 'Added to Cart' })).toHaveCount(0, {
      timeout: 15_000,
    });

    const customer = {
      'First name': 'Maria',
      'Last name': 'Kask',
      Email: 'maria.kask@example.com',
      Phone: '+372 5123 9876',
    };
    for (const label of Object.keys(customer)) {
      await expectInViewport(page, sale.getByLabel(label), `the ${label} field`);
    }
    await expectInViewport(page, sale.getByTestId('sale-total'), 'the total');
    await expectInViewport(
      page,
      sale.getByRole('radiogroup', { name: 'Payment method' }),
      'the payment choice',
    );
    const createOrder = sale.getByRole('button', { name: 'Create Order' });
    await expectInViewport(page, createOrder, 'Create Order');
    await expectInViewport(page, page.getByRole('link', { name: 'Cash drawer' }), 'Cash drawer');
    await expectInViewport(
      page,
      page.getByRole('tablist', { name: 'Categories' }),
      'the category strip',
    );
    for (const tab of await tabs.all()) {
      await expectInViewport(page, tab, `the tab ${await tab.textContent()}`);
    }
    for (const line of await cart.all()) {
      await expectInViewport(page, line, `the line ${await line.getAttribute('aria-label')}`);
    }
    await expectNoScrolling(page);
    await page.screenshot({ path: testInfo.outputPath(`pos-${viewport.width}.png`) });

    for (const [label, value] of Object.entries(customer)) {
      await sale.getByLabel(label).fill(value);
    }
    await sale.getByRole('radio', { name: 'Cash' }).click();
    const total = (await sale.getByTestId('sale-total').textContent())!;
    await sale
      .getByRole('group', { name: 'Quick amounts' })
      .getByRole('button', { name: `Exact ${total}` })
      .click();
    await expectNoScrolling(page);
    await createOrder.click();

    const done = page.getByRole('region', { name: 'Sale complete' });
    await expect(done).toContainText(/Order #\d+ created/);
    await expect(page.getByRole('listitem').filter({ hasText: 'Missing Information' })).toHaveCount(
      0,
    );
    await expect(done.getByRole('article', { name: 'Receipt' })).toContainText(total);
    await done.getByRole('button', { name: 'New sale' }).click();
    await expect(sale.getByText('Tap an item to start a sale.')).toBeVisible();
  });
}
