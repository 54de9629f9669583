/**
 * The spec's update flow (customer-site §4, §9): the page checks for a new service worker
 * every 30 s; when one has installed it is asked to take over, "App Updated" is shown
 * (notifications allowed) and the page reloads 1.5 s later, onto the new version; a version
 * already waiting when a page loads is activated and the page reloads after 0.5 s.
 *
 * Each journey runs its own server on a copy of the build, so it can deploy a new version the
 * way a real deploy does: by changing what /sw.js serves. Page time is faked (Playwright's
 * clock, paused once the page has loaded), so the 30 s, 1.5 s and 0.5 s are stepped through
 * rather than waited for.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shownNotifications, watchNotifications } from './notifications-watch.ts';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';

// No retries: a journey that needs one is a defect. Two causes of earlier failures are fixed
// (the 30 s update check is counted from the registration, which on a busy machine resolves
// seconds after the load event; the waiting version's page is paused before it opens). A third
// was seen as the new worker staying 'installed' after SKIP_WAITING, 2 tries in 30; without
// retries, 12 runs of that journey in a row with a core kept busy passed (2026-11-27).
const VERSION_LINE = /const VERSION = '([^']+)';/;
const NEXT_VERSION = 'next-build';

let server: ServerProcess | undefined;
let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
  await server?.stop();
  context = undefined;
  server = undefined;
});

/**
 * Put before the worker's code in the test's copy: each event the worker handles logs when it
 * starts and when what it waits for (respondWith, waitUntil) has settled, with the version, so a
 * hand-over that does not happen says which event the old version is still holding.
 */
const EVENT_LOG = `{
  const add = self.addEventListener.bind(self);
  self.addEventListener = (type, listener, options) =>
    add(type, (event) => {
      const what = event.request ? event.request.mode + ' ' + event.request.url : (event.data && event.data.type) || '';
      const tag = '[sw ' + VERSION + '] ' + type + ' ' + what;
      console.log(tag + ' start');
      for (const name of ['respondWith', 'waitUntil']) {
        if (typeof event[name] !== 'function') continue;
        const real = event[name].bind(event);
        event[name] = (promise) =>
          real(Promise.resolve(promise).finally(() => console.log(tag + ' ' + name + ' settled')));
      }
      return listener(event);
    }, options);
}
`;

/**
 * Serves a copy of the build and opens a browser context on it (service workers allowed,
 * notifications granted and watched); `deployNext` then serves a new version of the worker.
 */
async function startCopy(browser: Browser, testInfo: TestInfo, port: string) {
  // A copy inside the repository, so the server's packages resolve from its node_modules.
  const copy = testInfo.outputPath('deploy');
  fs.cpSync(path.resolve('dist'), path.join(copy, 'dist'), { recursive: true });
  const workerFile = path.join(copy, 'dist', 'client', 'sw.js');
  const firstVersion = VERSION_LINE.exec(fs.readFileSync(workerFile, 'utf8'))?.[1] ?? '';
  // The build stamps the worker with a hash of the app, so each build is a new version.
  expect(firstVersion).toMatch(/^[0-9a-f]{12}$/);
  // Each version logs the start and end of every event it handles (workerEvents, below).
  fs.writeFileSync(workerFile, EVENT_LOG + fs.readFileSync(workerFile, 'utf8'));
  for (const suffix of ['.br', '.gz']) fs.rmSync(workerFile + suffix, { force: true });
  const entry = path.join(copy, 'dist/server/main.js');
  server = spawnServer({ PORT: port }, { entry });
  await waitForHealthy(server);
  const dataDir = server.dataDir;
  // A deploy as it happens: new files, then a restart (the server reads the client into
  // memory at start, http/static-files.ts).
  const deployNext = async () => {
    fs.writeFileSync(
      workerFile,
      fs
        .readFileSync(workerFile, 'utf8')
        .replace(VERSION_LINE, `const VERSION = '${NEXT_VERSION}';`),
    );
    // The build's compressed copies of the old worker would be served instead.
    for (const suffix of ['.br', '.gz']) fs.rmSync(workerFile + suffix, { force: true });
    await server?.stop();
    server = spawnServer({ PORT: port, DATA_DIR: dataDir }, { entry });
    await waitForHealthy(server);
  };
  context = await browser.newContext({
    baseURL: server.baseUrl,
    serviceWorkers: 'allow',
    permissions: ['notifications'],
  });
  await watchNotifications(context);
  const events: string[] = [];
  const startedAt = Date.now();
  context.on('console', (message) => {
    if (!message.text().startsWith('[sw ')) return;
    events.push(`${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${message.text()}`);
  });
  return { context, firstVersion, deployNext, events };
}

/**
 * Notes the page's time when its service worker registration resolves: the app's 30 s update
 * check counts from then (register-service-worker.ts), and on a busy machine that can be
 * seconds after the load event.
 */
function recordRegistration() {
  const container = ServiceWorkerContainer.prototype;
  const register = container.register;
  container.register = function (...args: Parameters<typeof register>) {
    return register.apply(this, args).then((registration) => {
      (window as unknown as { __registeredAt: number }).__registeredAt = Date.now();
      return registration;
    });
  };
}

/** The page's time since its registration resolved, once it has. */
const sinceRegistration = (page: Page) =>
  page.evaluate(() => {
    const at = (window as unknown as { __registeredAt?: number }).__registeredAt;
    return at === undefined ? null : Date.now() - at;
  });

/** Opens the shop with a fake clock and waits until its worker controls it. */
async function openShop(page: Page, version: string) {
  await page.clock.install();
  await page.addInitScript(recordRegistration);
  await page.goto('/');
  await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => cacheNames(page)).toContain(`shell-${version}`);
}

const cacheNames = (page: Page) => page.evaluate(() => globalThis.caches.keys());

/** True once the next version is active, controls the page and has cleared the old caches. */
const runsNextVersion = (page: Page, firstVersion: string) =>
  page
    .evaluate(
      async ({ first, next }) => {
        const keys = await globalThis.caches.keys();
        return (
          keys.includes(`shell-${next}`) &&
          !keys.includes(`shell-${first}`) &&
          navigator.serviceWorker.controller?.state === 'activated'
        );
      },
      { first: firstVersion, next: NEXT_VERSION },
    )
    .catch(() => false);

/**
 * The browser's own account of the shop's service worker versions (DevTools' ServiceWorker
 * domain, which only observes): each change of a version's state, running status or number of
 * pages it controls, with the seconds since this started. Read when a version fails to take
 * over, to say which part of the hand-over did not happen.
 */
async function workerTimeline(page: Page) {
  const session = await page.context().newCDPSession(page);
  const started = Date.now();
  const lines: string[] = [];
  const last = new Map<string, string>();
  session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      const state = `${version.status}, ${version.runningStatus}, controls ${version.controlledClients?.length ?? 0}`;
      if (last.get(version.versionId) === state) continue;
      last.set(version.versionId, state);
      lines.push(
        `${((Date.now() - started) / 1000).toFixed(1)} s: version ${version.versionId} ${state}`,
      );
    }
  });
  session.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
    lines.push(`error in version ${errorMessage.versionId}: ${errorMessage.errorMessage}`),
  );
  await session.send('ServiceWorker.enable');
  return lines;
}

/** Marks the current document; `reloaded` is true once another one has replaced it. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
  // While the page reloads, its old document is gone: that reads as "not yet".
  return () =>
    page.evaluate(() => !(window as unknown as { __before?: boolean }).__before).catch(() => false);
}

test('a new version installs, says App Updated and reloads onto it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { context, firstVersion, deployNext } = await startCopy(browser, testInfo, runPort(15));
  const page = await context.newPage();
  await openShop(page, firstVersion);
  // A first install is not an update.
  expect(await shownNotifications(page)).toEqual([]);
  // From here the page's time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await deployNext();
  const reloaded = await markDocument(page);

  // Nothing happens before the 30 s check (counted from the registration): a check would have
  // installed the new version (its cache) within the real second given to it here.
  await expect.poll(() => sinceRegistration(page)).not.toBeNull();
  const since = (await sinceRegistration(page))!;
  await page.clock.runFor(29_000 - since);
  await page.waitForTimeout(1_000);
  expect(await cacheNames(page)).not.toContain(`shell-${NEXT_VERSION}`);
  expect(await shownNotifications(page)).toEqual([]);
  await page.clock.runFor(1_000);

  // The new version installs and takes over, and then the page says so. Installing fetches the
  // whole shell and menu anew: on a loaded two-core machine that has taken over 30 s.
  await expect
    .poll(() => shownNotifications(page), { timeout: 60_000 })
    .toEqual([{ title: 'App Updated', body: 'A new version of the shop is ready.' }]);
  expect(await runsNextVersion(page, firstVersion)).toBe(true);

  // The reload comes 1.5 s after the notice, not before (a real second is given to an early
  // reload to show itself; the page's own time stands still meanwhile).
  await page.clock.runFor(1_400);
  await page.waitForTimeout(1_000);
  expect(await reloaded()).toBe(false);
  await page.clock.runFor(100);
  await expect.poll(reloaded).toBe(true);

  // The reloaded page is the shop, under the new version (its timers run again).
  await page.clock.resume();
  // A whole page load on a busy machine: more than the 5 s default.
  await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => runsNextVersion(page, firstVersion)).toBe(true);
});

test('a version already waiting when the shop opens takes over, and the page reloads after 0.5 s', async ({
  browser,
}, testInfo) => {
  // Ceilings for a machine busy with other work, where an install of each version took tens of
  // seconds and a take-over once more than 60 s (CI, 2026-11-28); the steps wait on conditions
  // only.
  test.setTimeout(180_000);
  const { context, firstVersion, deployNext, events } = await startCopy(
    browser,
    testInfo,
    runPort(16),
  );
  // A tab on one of the shop's pictures: the first version controls it, but it runs none
  // of the app, so nothing there asks a new version to take over.
  const shop = await context.newPage();
  await openShop(shop, firstVersion);
  const picture = await context.newPage();
  await picture.goto('/images/logo.svg');
  await expect
    .poll(() => picture.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await shop.close();
  // The picture did not take the place of the page kept for offline use.
  expect(
    await picture.evaluate(async () => (await caches.match('/'))?.headers.get('content-type')),
  ).toMatch(/^text\/html/);

  // The new version is found and installs, then waits for that tab.
  await deployNext();
  await picture.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  await expect
    .poll(() =>
      picture.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting?.state ?? null;
      }),
    )
    .toBe('installed');

  // The shop opens: the waiting version takes over and the page reloads 0.5 s later,
  // without an App Updated notice.
  const page = await context.newPage();
  // The page's time stands still from its start: the 0.5 s before the reload cannot pass
  // while a busy machine is still loading the page.
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  const timeline = await workerTimeline(page);
  await page.goto('/');
  const reloaded = await markDocument(page);
  await expect
    .poll(() => runsNextVersion(page, firstVersion), { timeout: 100_000 })
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(
        `the waiting version did not take over; its workers:\n${timeline.join('\n')}\nthe events they handled:\n${events.join('\n')}\n${error.message}`,
      );
    });
  await page.clock.runFor(400);
  await page.waitForTimeout(1_000);
  expect(await reloaded()).toBe(false);
  expect(await shownNotifications(page)).toEqual([]);
  await page.clock.runFor(100);
  await expect.poll(reloaded).toBe(true);
  await page.clock.resume();
  await expect(page.getByTestId('menu-grid').getByRole('article').first()).toBeVisible({
    timeout: 30_000,
  });
});
