/**
 * DESIGN.md departure 11: a customer who said no to notifications still sees the order move
 * live, on the confirmation page, on /track and in the Track Your Meal results, within 2 s of
 * the kitchen's taps and without a reload; a Recall at the kitchen brings a done order back to
 * Ready for Pickup on their screens. Without the permission the sound and the flash still
 * fire; the system notification does not. When the live channel cannot be had (a proxy that
 * refuses WebSockets or holds back the status stream) the pages poll instead, and still move.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { CUSTOMER, createPaidOrder, setKitchenStatus } from './checkout-support.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

// Pages load their screens lazily; on a busy two-core machine that can take more than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
import { shownNotifications, watchNotifications } from './notifications-watch.ts';

const LIVE_MS = 2000;

/** A browser whose owner refused notifications, with the flash and the sound recorded. */
async function refusingCustomer(context: BrowserContext) {
  await context.addInitScript(() => {
    // The answer "Block" in the browser's prompt.
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    Notification.requestPermission = () => Promise.resolve('denied');
    const seen = { flashes: 0, sounds: [] as string[] };
    (window as unknown as { __alerts: typeof seen }).__alerts = seen;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      seen.sounds.push(new URL(this.currentSrc || this.src).pathname);
      return play.call(this).catch(() => undefined);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.dataset.testid === 'ready-flash') {
            seen.flashes += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await watchNotifications(context);
}

const alertsOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __alerts: { flashes: number; sounds: string[] } }).__alerts,
  );

test('without notification permission the confirmation page, /track and Track Your Meal follow the kitchen live, Recall included', async ({
  browser,
  page: kitchen,
}) => {
  // Three customer pages and the kitchen on a shared two-core machine.
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await refusingCustomer(context);
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    return page;
  };

  await logInAsAdmin(kitchen);
  await kitchen.goto('/kitchen');
  await expect(kitchen.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // Placed from the customer's browser: Track Your Meal lists only its own orders (decision 020).
  const order = await createPaidOrder(context.request);
  const confirmation = watch(await context.newPage());
  await confirmation.goto(`/order-confirmation?orderId=${order.id}`);
  const statusCard = confirmation.getByRole('region', { name: 'Order Status' });
  await expect(statusCard).toContainText('In the Queue');
  expect(await confirmation.evaluate(() => Notification.permission)).toBe('denied');

  const tracking = watch(await context.newPage());
  await tracking.goto('/track');
  await tracking.getByLabel('Order number').fill(String(order.orderNumber));
  await tracking.getByRole('button', { name: 'Track', exact: true }).click();
  const trackedStatus = tracking.getByRole('region', { name: 'Order status' });
  await expect(trackedStatus).toContainText('In the Queue');

  const dialog = watch(await context.newPage());
  await dialog.goto('/');
  await dialog.getByRole('button', { name: 'Track Your Meal' }).click();
  await dialog.getByLabel('Email address').fill(CUSTOMER.email);
  await dialog.getByRole('button', { name: 'Track', exact: true }).click();
  const listed = dialog.getByRole('listitem', { name: `Order #${order.orderNumber}` });
  await expect(listed).toContainText('In the Queue');

  const card = kitchen.getByRole('article', { name: `Order #${order.orderNumber}` });
  await expect(card).toBeVisible({ timeout: LIVE_MS });
  await card.getByRole('button', { name: 'Start Order' }).click();
  await card.getByRole('button', { name: '20 min' }).click();
  await expect(statusCard).toContainText('Being Prepared', { timeout: LIVE_MS });
  await expect(trackedStatus).toContainText('Being Prepared', { timeout: LIVE_MS });
  await expect(listed).toContainText('Being Prepared', { timeout: LIVE_MS });

  await card.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(statusCard).toContainText('Ready for Pickup', { timeout: LIVE_MS });
  await expect(trackedStatus).toContainText('Ready for Pickup', { timeout: LIVE_MS });
  await expect(listed).toContainText('Ready for Pickup', { timeout: LIVE_MS });
  // The sound and the flash are for everyone with the page open; the notification is not.
  for (const page of [confirmation, tracking, dialog]) {
    await expect.poll(async () => (await alertsOf(page)).flashes).toBe(1);
    expect((await alertsOf(page)).sounds).toEqual(['/sounds/order-ready.wav']);
    expect(await shownNotifications(page)).toEqual([]);
  }

  await card.getByRole('button', { name: 'Mark Done' }).click();
  await expect(statusCard).toContainText('DONE', { timeout: LIVE_MS });
  await expect(trackedStatus).toContainText('DONE', { timeout: LIVE_MS });
  await expect(listed).toContainText('DONE', { timeout: LIVE_MS });

  // A mistake at the pass: Recall brings the order back, and the customer's screens with it.
  await kitchen.getByRole('button', { name: 'Recall' }).click();
  await expect(statusCard).toContainText('Ready for Pickup', { timeout: LIVE_MS });
  await expect(trackedStatus).toContainText('Ready for Pickup', { timeout: LIVE_MS });
  await expect(listed).toContainText('Ready for Pickup', { timeout: LIVE_MS });

  expect(problems).toEqual([]);
  await context.close();
});

/** The confirmation page's poll while its socket is down (use-order-live-status.ts). */
const CONFIRMATION_POLL_MS = 10_000;
/** /track's poll while its status stream is down (use-tracked-order-live.ts, decision 019). */
const TRACK_POLL_MS = 15_000;

test('with the live channel unavailable, the confirmation page and /track still move from In the Queue by polling', async ({
  page: confirmation,
  request,
  expectedConsoleErrors,
}) => {
  const context = confirmation.context();
  // The pages' time is the test's (one clock for the context's pages): each poll's interval is
  // stepped through, not waited for.
  await confirmation.clock.install();
  // Every WebSocket to /ws is sent to a port where nothing listens: the upgrade never happens,
  // as behind a proxy that refuses WebSockets.
  await context.addInitScript(() => {
    const Real = window.WebSocket;
    const blocked = { sockets: 0 };
    (window as unknown as { __blocked: typeof blocked }).__blocked = blocked;
    window.WebSocket = class extends Real {
      constructor(url: string | URL, protocols?: string | string[]) {
        const target = new URL(String(url));
        if (target.pathname === '/ws') {
          blocked.sockets += 1;
          target.host = '127.0.0.1:9';
        }
        super(target, protocols);
      }
    };
  });
  expectedConsoleErrors.push(/WebSocket connection to 'ws:\/\/127\.0\.0\.1:9\/ws' failed/);
  const order = await createPaidOrder(request);

  await confirmation.goto(`/order-confirmation?orderId=${order.id}`);
  const statusCard = confirmation.getByRole('region', { name: 'Order Status' });
  await expect(statusCard).toContainText('In the Queue');
  await expect
    .poll(() =>
      confirmation.evaluate(
        () => (window as unknown as { __blocked: { sockets: number } }).__blocked.sockets,
      ),
    )
    .toBeGreaterThan(0);

  // /track's status stream answers 503, as from a proxy that will not hold it open.
  const tracking = await context.newPage();
  const problems: string[] = [];
  tracking.on('pageerror', (error) => problems.push(error.message));
  tracking.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The refused stream itself is the point of the test.
    if (/status of 503/.test(message.text())) return;
    problems.push(message.text());
  });
  let streamsRefused = 0;
  await tracking.route('**/api/orders/track/*/events', (route) => {
    streamsRefused += 1;
    return route.fulfill({ status: 503, body: 'Service Unavailable' });
  });
  await tracking.goto('/track');
  await tracking.getByLabel('Order number').fill(String(order.orderNumber));
  await tracking.getByRole('button', { name: 'Track', exact: true }).click();
  const trackedStatus = tracking.getByRole('region', { name: 'Order status' });
  await expect(trackedStatus).toContainText('In the Queue');
  await expect.poll(() => streamsRefused).toBeGreaterThan(0);

  // The kitchen's taps, as the kitchen display sends them.
  // Each page reads the status again within its poll's interval.
  await setKitchenStatus(request, order.id, 'started');
  await confirmation.clock.runFor(CONFIRMATION_POLL_MS);
  await expect(statusCard).toContainText('Being Prepared');
  await confirmation.clock.runFor(TRACK_POLL_MS - CONFIRMATION_POLL_MS);
  await expect(trackedStatus).toContainText('Being Prepared');

  await setKitchenStatus(request, order.id, 'ready');
  await confirmation.clock.runFor(TRACK_POLL_MS);
  await expect(statusCard).toContainText('Ready for Pickup');
  await expect(trackedStatus).toContainText('Ready for Pickup');

  expect(problems).toEqual([]);
  await tracking.close();
});
