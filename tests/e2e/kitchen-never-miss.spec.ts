/**
 * "Never miss an order" on the kitchen display (decision 023): every open order and every line
 * on one screen at 1280x800 and 1920x1080, the Wolt and Bolt Food orders first; the shop's clock
 * on a tablet left in another time zone; taps made while the connection is down reach the
 * server once each when it is back; sound asked for once; the screen kept awake.
 */
import type { APIRequestContext, Locator, Page, WebSocketRoute } from '@playwright/test';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { createPaidOrder, setKitchenStatus, type TestCartLine } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';

async function signIn(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
}

async function kitchenOrders(request: APIRequestContext): Promise<KitchenOrder[]> {
  const list = await request.get('/api/kitchen/orders');
  expect(list.ok()).toBe(true);
  return (await list.json()) as KitchenOrder[];
}

/** Other specs share this server: take their orders off the kitchen first. */
async function emptyKitchen(request: APIRequestContext) {
  await signIn(request);
  for (const order of await kitchenOrders(request)) {
    if (order.status === 'cancelled') {
      await request.post(`/api/kitchen/orders/${order.id}/dismiss`);
      continue;
    }
    const path = ['pending', 'started', 'ready', 'done'];
    for (const next of path.slice(path.indexOf(order.kitchenStatus) + 1)) {
      const moved = await request.put(`/api/admin/orders/${order.id}/kitchen-status`, {
        data: { kitchenStatus: next },
      });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
  }
  await request.post('/api/kitchen/orders/clear-done');
  expect(await kitchenOrders(request)).toEqual([]);
}

const column = (page: Page, title: 'New' | 'In progress' | 'Ready' | 'Done') =>
  page.getByRole('region', { name: new RegExp(`^${title}\\b`) });

const line = (menuItemId: string, name: string, price: number, index: number): TestCartLine => ({
  id: `${menuItemId}-${1_800_000_000_000 + index}`,
  menuItemId,
  name,
  price,
  quantity: 1 + (index % 2),
  customizations: { sauce: null, addOns: [] },
});

/** Nine orders of our own, of one or two lines, the first with a sauce, add-on and note. */
const OWN_ORDERS: TestCartLine[][] = [
  [
    {
      ...line('classic-smash-burger', 'Classic Smash Burger', 11.9, 0),
      customizations: {
        sauce: 'Spicy BBQ',
        addOns: ['Extra Cheese'],
        specialInstructions: 'No pickles',
      },
    },
    line('classic-fries', 'Classic Fries', 3.9, 1),
  ],
  [line('classic-dog', 'Classic Hot Dog', 6.9, 2)],
  [line('chili-cheese-dog', 'Chili Cheese Dog', 8.5, 3), line('cola', 'Cola 0.5 l', 2.9, 4)],
  [line('bbq-bacon-dog', 'BBQ Bacon Dog', 8.9, 5)],
  [
    line('mac-and-cheese', 'Smoked Mac & Cheese', 5.9, 6),
    line('coleslaw', 'Creamy Coleslaw', 3.5, 7),
  ],
  [line('loaded-brisket-fries', 'Loaded Brisket Fries', 8.9, 9)],
  [line('sweet-potato-fries', 'Sweet Potato Fries', 4.9, 10)],
  [line('lemonade', 'Homemade Lemonade', 3.9, 8)],
  [line('classic-smash-burger', 'Classic Smash Burger', 11.9, 12)],
];

/**
 * Whether the element is wholly inside the viewport (above the test-mode ribbon) and not cut by
 * any ancestor that clips its overflow. Read in the page, from the elements' boxes.
 */
async function fullyOnScreen(element: Locator): Promise<string | null> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const ribbon = document.getElementById('test-mode-ribbon');
    const bottom = ribbon ? ribbon.getBoundingClientRect().top : window.innerHeight;
    const inside = (outer: { top: number; bottom: number; left: number; right: number }) =>
      box.top >= outer.top - 0.5 &&
      box.bottom <= outer.bottom + 0.5 &&
      box.left >= outer.left - 0.5 &&
      box.right <= outer.right + 0.5;
    if (box.width === 0 || box.height === 0) return 'has no size';
    if (!inside({ top: 0, bottom, left: 0, right: window.innerWidth }))
      return `outside the screen: ${JSON.stringify(box)}`;
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (!inside(parent.getBoundingClientRect()))
        return `clipped by <${parent.tagName.toLowerCase()} class="${parent.className}">`;
    }
    return null;
  });
}

async function expectEveryOrderOnScreen(page: Page, orders: KitchenOrder[]) {
  for (const order of orders) {
    const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
    const number = card.getByText(`#${order.orderNumber}`, { exact: true });
    await expect.poll(() => fullyOnScreen(number), { message: `#${order.orderNumber}` }).toBeNull();
    const lines = card.getByRole('listitem');
    await expect(lines).toHaveCount(order.items.length);
    for (let index = 0; index < order.items.length; index += 1) {
      await expect
        .poll(() => fullyOnScreen(lines.nth(index)), {
          message: `#${order.orderNumber} line ${index + 1}`,
        })
        .toBeNull();
    }
  }
  await expect(page.getByText(/more orders? below the screen/)).toHaveCount(0);
}

test.describe('twelve open orders on one screen', () => {
  test.describe.configure({ timeout: 120_000 });

  test('every order number and line is on screen at 1280x800 and 1920x1080, platform orders first', async ({
    page,
    browser,
  }) => {
    await emptyKitchen(page.request);
    const platformIds: string[] = [];
    for (const platform of ['wolt', 'bolt', 'wolt'] as const) {
      const created = await page.request.post('/api/test/create-delivery-order', {
        data: { platform },
      });
      expect(created.ok(), await created.text()).toBe(true);
      platformIds.push(((await created.json()) as { orderId: string }).orderId);
    }
    const customer = await browser.newContext();
    try {
      const own = [];
      for (const lines of OWN_ORDERS) own.push(await createPaidOrder(customer.request, lines));
      // Two cooking, one ready: the other six wait in New with the three platform orders.
      await setKitchenStatus(page.request, own[0]!.id, 'started');
      await setKitchenStatus(page.request, own[1]!.id, 'started');
      await setKitchenStatus(page.request, own[2]!.id, 'started');
      await setKitchenStatus(page.request, own[2]!.id, 'ready');
    } finally {
      await customer.close();
    }
    const orders = await kitchenOrders(page.request);
    expect(orders).toHaveLength(12);

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/kitchen');
      await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(12);
      await page.screenshot({
        path: test.info().outputPath(`kitchen-12-orders-${viewport.width}x${viewport.height}.png`),
      });
      await expectEveryOrderOnScreen(page, orders);

      // The orders with a deadline first (the top row, read left to right), with their countdown.
      const fresh = column(page, 'New').getByRole('article');
      await expect(fresh).toHaveCount(9);
      const placed = await fresh.evaluateAll((cards) =>
        cards.map((card) => {
          const box = card.getBoundingClientRect();
          return { name: card.getAttribute('aria-label'), top: box.top, left: box.left };
        }),
      );
      placed.sort((a, b) => a.top - b.top || a.left - b.left);
      const platformNumbers = orders
        .filter((order) => platformIds.includes(order.id))
        .map((order) => `Order #${order.orderNumber}`);
      expect(
        placed.slice(0, 3).map((card) => card.name),
        'the platform orders read first',
      ).toEqual(
        [...platformNumbers].sort(
          (a, b) =>
            placed.findIndex((card) => card.name === a) -
            placed.findIndex((card) => card.name === b),
        ),
      );
      expect(
        placed
          .slice(0, 3)
          .map((card) => card.name)
          .sort(),
      ).toEqual(platformNumbers.sort());
      for (const name of platformNumbers) {
        await expect(page.getByRole('article', { name }).getByRole('timer')).toBeVisible();
      }

      // Each column's count, always in sight.
      for (const [title, count] of [
        ['New', 9],
        ['In progress', 2],
        ['Ready', 1],
        ['Done', 0],
      ] as const) {
        const heading = page.getByRole('heading', { name: new RegExp(`^${title}`), level: 2 });
        await expect(heading).toContainText(String(count));
        expect(await fullyOnScreen(heading)).toBeNull();
      }
    }
  });
});
