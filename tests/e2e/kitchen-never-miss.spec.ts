/**
 * "Never miss an order" on the kitchen display (decision 024): every open order and every line
 * on one screen at 1280x800 and 1920x1080, the Wolt and Bolt Food orders first; the shop's clock
 * on a tablet left in another time zone; taps made while the connection is down reach the
 * server once each when it is back; sound asked for once; the screen kept awake.
 */
import type { Locator, Page, WebSocketRoute } from '@playwright/test';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { createPaidOrder, setKitchenStatus, type TestCartLine } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';
import { emptyKitchen, kitchenOrders, signIn, stepAndSeeMore } from './kitchen-support.ts';

// Leave the worker's server's kitchen as found: the specs after this one read its board too.
test.afterEach(async ({ browser }) => {
  const context = await browser.newContext();
  try {
    await emptyKitchen(context.request);
  } finally {
    await context.close();
  }
});

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

/**
 * An admin's own socket on /ws, in a page of its own: it hears every order change the server
 * makes (orderChanged), so the test counts the server's kitchen steps, not the display's taps.
 */
async function watchOrderEvents(page: Page, orderId: string) {
  await signIn(page.request);
  await page.goto('/healthz');
  await page.evaluate(
    (url) => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      const socket = new WebSocket(url);
      socket.onmessage = (event) => heard.push(String(event.data));
      (window as unknown as { opened: Promise<void> }).opened = new Promise((resolve) => {
        socket.onopen = () => resolve();
      });
    },
    page
      .url()
      .replace(/^http/, 'ws')
      .replace(/\/healthz$/, '/ws'),
  );
  await page.evaluate(() => (window as unknown as { opened: Promise<void> }).opened);
  return async () =>
    (
      await page.evaluate(() =>
        (window as unknown as { heard: string[] }).heard.map(
          (text) => JSON.parse(text) as { type: string; orderId?: string; change?: string },
        ),
      )
    ).filter(
      (message) =>
        message.type === 'orderChanged' &&
        message.orderId === orderId &&
        message.change === 'updated',
    ).length;
}

test('taps made while the connection is down reach the server once each when it is back', async ({
  page,
  browser,
  expectedConsoleErrors,
}) => {
  // The refused calls and socket are the point of this test.
  expectedConsoleErrors.push(/net::ERR_FAILED|WebSocket connection to .* failed/);
  await emptyKitchen(page.request);

  // Every socket of the display goes through here: up, or refused while "offline".
  let offline = false;
  const sockets: WebSocketRoute[] = [];
  const saidKitchenDisplay: number[] = [];
  await page.routeWebSocket('**/ws', (socket) => {
    if (offline) return void socket.close({ code: 4000, reason: 'offline' });
    sockets.push(socket);
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      if (String(message).includes('"kitchenDisplay"')) saidKitchenDisplay.push(sockets.length);
      server.send(message);
    });
  });
  let refusedSteps = 0;
  const refuseApi = async () =>
    page.route('**/api/**', (route) => {
      if (route.request().url().includes('/kitchen-status')) refusedSteps += 1;
      return route.abort('failed');
    });

  const customer = await browser.newContext();
  const watcher = await browser.newPage();
  try {
    const order = await createPaidOrder(customer.request, OWN_ORDERS[1]!);
    const changes = await watchOrderEvents(watcher, order.id);
    // The display's time is the test's: its retries (every 3 s) and its socket's back-off are
    // stepped through, not waited for.
    await page.clock.install();
    await page.goto('/kitchen');
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    // Presence: the display said it is one on its socket (DESIGN.md departure 19).
    await expect.poll(() => saidKitchenDisplay.length).toBe(1);
    const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
    await expect(card).toBeVisible();

    // The connection drops: the socket closes and every call is refused.
    offline = true;
    await refuseApi();
    for (const socket of sockets) await socket.close({ code: 4000, reason: 'offline' });
    await expect(page.getByRole('alert').filter({ hasText: 'Offline' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    // Still the last orders.
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Start Order' }).click();
    await expect(
      column(page, 'In progress').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Mark Ready' }).click();
    await expect(
      column(page, 'Ready').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: '2 taps waiting to send' }),
    ).toBeVisible();
    // The display keeps trying (every 3 s) while it is down; the server has heard nothing.
    // About 20 s of it: seven tries, three seconds apart.
    for (let interval = 0; interval < 7; interval += 1) {
      await stepAndSeeMore(page, 3_000, async () => refusedSteps);
    }
    expect(await changes()).toBe(0);

    // Back: each tap reaches the server once, Start before Ready.
    offline = false;
    await page.unroute('**/api/**');
    // The socket's longest back-off, and the next try of the taps.
    await page.clock.runFor(30_000);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect.poll(changes, { timeout: 15_000 }).toBe(2);
    await expect(page.getByRole('alert').filter({ hasText: 'Offline' })).toHaveCount(0);
    const stored = await page.request.get(`/api/orders/${order.id}`);
    expect(((await stored.json()) as { status: string }).status).toBe('ready');
    // Said it is a kitchen display again on the new socket.
    expect(saidKitchenDisplay.length).toBeGreaterThanOrEqual(2);
    // Two more reads of the list later, still two changes: nothing was sent twice.
    for (let read = 0; read < 2; read += 1) {
      const listRead = page.waitForResponse((response) =>
        response.url().endsWith('/api/kitchen/orders'),
      );
      await page.clock.runFor(5_000);
      await listRead;
    }
    expect(await changes()).toBe(2);
    await expect(
      column(page, 'Ready').getByRole('article', { name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
  } finally {
    await watcher.close();
    await customer.close();
  }
});

test('the clock and the order times are the shop’s, on a tablet left in another zone', async ({
  browser,
}) => {
  const status = await (await browser.newContext()).request.get('/api/shop-status');
  const { timeZone } = (await status.json()) as { timeZone: string };
  const tabletZone = timeZone === 'UTC' ? 'Asia/Tokyo' : 'UTC';
  const context = await browser.newContext({ timezoneId: tabletZone });
  const page = await context.newPage();
  try {
    await signIn(page.request);
    const order = await createPaidOrder(page.request, OWN_ORDERS[3]!);
    await page.goto('/kitchen');
    const shopClock = (date: Date, seconds: boolean) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        ...(seconds && { second: '2-digit' }),
        hourCycle: 'h23',
        timeZone,
      }).format(date);
    // The two zones differ now, or the test could not tell them apart.
    expect(shopClock(new Date(), false)).not.toBe(
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: tabletZone,
      }).format(new Date()),
    );
    const clock = page.getByLabel('Current time');
    await expect
      .poll(async () => {
        const shown = (await clock.textContent()) ?? '';
        const now = Date.now();
        return [now - 1_000, now, now - 2_000].some(
          (moment) => shopClock(new Date(moment), true) === shown,
        );
      })
      .toBe(true);
    const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
    const listed = (await kitchenOrders(page.request)).find((one) => one.id === order.id)!;
    await expect(card.locator('time')).toHaveText(shopClock(new Date(listed.createdAt), false));
  } finally {
    await context.close();
  }
});

test('sound is asked for once and then repeats until the order is touched; the screen stays awake', async ({
  page,
  browser,
}) => {
  // The browser's rules, played out: no sound before a touch; a wake lock the tab loses when
  // hidden and asks for again when visible.
  await page.addInitScript(() => {
    const state = window as unknown as {
      chimes: number;
      locks: number;
      dropLock: () => void;
    };
    state.chimes = 0;
    state.locks = 0;
    HTMLMediaElement.prototype.play = function play() {
      if (!navigator.userActivation.hasBeenActive)
        return Promise.reject(new DOMException('no gesture yet', 'NotAllowedError'));
      state.chimes += 1;
      return Promise.resolve();
    };
    const listeners: (() => void)[] = [];
    const sentinel = {
      released: false,
      release: async () => undefined,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    };
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async () => {
          state.locks += 1;
          sentinel.released = false;
          return sentinel;
        },
      },
    });
    state.dropLock = () => {
      sentinel.released = true;
      for (const listener of listeners) listener();
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  const read = (key: 'chimes' | 'locks') =>
    page.evaluate((name) => (window as unknown as Record<string, number>)[name], key);

  // No other order's chime (a platform order waiting for accept repeats every 3 s).
  await emptyKitchen(page.request);
  // The page's time is the test's: the repeats' 10 s are stepped through, not waited for.
  await page.clock.install();
  await page.goto('/kitchen');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  // Sound is off until someone touches the screen, and it says so. (Read before any evaluate:
  // Playwright's evaluate counts as a touch.)
  const enable = page.getByRole('button', { name: 'Sound off: tap to turn on' });
  await expect(enable).toBeVisible();
  await expect(page.getByTitle('Sound on')).toHaveCount(0);
  await enable.click();
  await expect(enable).toHaveCount(0);
  await expect(page.getByTitle('Sound on')).toBeVisible();
  const afterTap = (await read('chimes')) ?? 0;
  expect(afterTap, 'the tap plays the chime once').toBe(1);

  await expect.poll(() => read('locks')).toBe(1);
  await page.evaluate(() => (window as unknown as { dropLock: () => void }).dropLock());
  await expect.poll(() => read('locks'), { message: 'asked again when visible' }).toBe(2);

  // A new order: the chime, then again every 10 s until someone touches the order.
  const customer = await browser.newContext();
  try {
    const order = await createPaidOrder(customer.request, OWN_ORDERS[6]!);
    const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
    await expect(card.getByText('NEW', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => read('chimes')).toBeGreaterThan(afterTap);
    // Each 10 s brings one more.
    for (let repeat = 0; repeat < 2; repeat += 1) {
      await stepAndSeeMore(page, 10_000, async () => (await read('chimes')) ?? 0);
    }
    await card.click();
    await expect(card.getByText('NEW', { exact: true })).toHaveCount(0);
    const touched = await read('chimes');
    // Two repeats' time later, with the list read again meanwhile, no chime: the repeat ended
    // with the touch.
    const readAgain = page.waitForResponse((response) =>
      response.url().endsWith('/api/kitchen/orders'),
    );
    await page.clock.runFor(20_000);
    await readAgain;
    expect(await read('chimes')).toBe(touched);
  } finally {
    await customer.close();
  }
});
