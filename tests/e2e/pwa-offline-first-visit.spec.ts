/**
 * Offline after one visit (docs/architecture.md "Service worker versions"): a phone that visited
 * the shop once, online, opens the menu offline: the items with their pictures, the fonts, and each
 * item's own options (spec customer-site §4, §9). On that first visit the page loads everything
 * before the service worker exists, so the worker must fetch what the storefront needs itself (at
 * install) and keep what the page already showed (the page tells it once it is in control).
 *
 * The browser's HTTP cache is emptied before going offline: a phone drops it whenever it likes,
 * and only what the worker keeps counts here.
 */
import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { revealFooter } from './storefront-footer.ts';

// A phone's own screen density (the suite paints phones at 1x, playwright.config.ts).
test.use({ serviceWorkers: 'allow', deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor });

const menuGrid = (page: Page) => page.getByTestId('menu-grid');

/** The same-origin pictures the page shows, loaded (with the variant the browser picked). */
const shownPictures = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.naturalWidth > 0)
      .map((image) => new URL(image.currentSrc).pathname),
  );

/** Of these pictures, the ones on the page that did not load. */
const brokenPictures = (page: Page, pictures: string[]) =>
  page.evaluate(
    (wanted) =>
      Array.from(document.images)
        .filter((image) => wanted.includes(new URL(image.currentSrc || image.src).pathname))
        .filter((image) => !image.complete || image.naturalWidth === 0)
        .map((image) => image.currentSrc || image.src),
    pictures,
  );

/** Whether the worker's caches hold these pictures, and every menu item's picture and options. */
const keptForOffline = (page: Page, shown: string[]) =>
  page.evaluate(async (shownPaths) => {
    const kept = async (paths: string[]) =>
      (await Promise.all(paths.map((path) => caches.match(path)))).every(Boolean);
    const menu = await caches.match('/api/menu/items');
    const items = menu
      ? ((await menu.json()) as { id: string; image: string | null; customizable: boolean }[])
      : [];
    return {
      shown: await kept(shownPaths),
      pictures: items.length > 0 && (await kept(items.flatMap((item) => item.image ?? []))),
      options:
        items.length > 0 &&
        (await kept(
          items
            .filter((item) => item.customizable)
            .map((item) => `/api/menu/items/${encodeURIComponent(item.id)}/options`),
        )),
    };
  }, shown);

/**
 * The app's files this page loaded that the worker does not keep. The worker precaches, while it
 * installs, the /assets/ files the page names and the storefront's on-demand chunks the build
 * wrote into it (public/sw.js `precache`, `ON_DEMAND`); a file loaded on demand and kept by
 * neither could be missing offline, depending on whether it arrived before the worker took
 * control.
 */
const loadedButNotKept = (page: Page) =>
  page.evaluate(async () => {
    const html = await (await fetch('/', { cache: 'no-store' })).text();
    const worker = await (await fetch('/sw.js', { cache: 'no-store' })).text();
    const onDemand = JSON.parse(
      /const ON_DEMAND = (\[.*?\]);/.exec(worker)?.[1] ?? '[]',
    ) as string[];
    const kept = new Set([
      ...Array.from(html.matchAll(/(?:src|href|content)="(\/assets\/[^"]+)"/g), (m) => m[1]),
      ...onDemand,
    ]);
    return performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter(
        (url) => url.origin === location.origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname),
      )
      .map((url) => url.pathname)
      .filter((pathname) => !kept.has(pathname));
  });

test('one online visit is enough: offline, the phone opens the menu with its pictures, fonts and options', async ({
  page,
  context,
  expectedConsoleErrors,
}) => {
  await page.goto('/');
  const headings = menuGrid(page).getByRole('heading');
  await expect(headings.first()).toBeVisible();
  const onlineNames = await headings.allTextContents();
  const pictures = await shownPictures(page);
  expect(pictures.length).toBeGreaterThan(0);
  // The footer loads as the reader nears it, the dialogs at the first touch or when opened;
  // the worker keeps their files all the same.
  await revealFooter(page);
  // The dialogs' code: the first touch asks for it.
  await menuGrid(page).getByRole('heading').first().dispatchEvent('pointerdown');
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/storefront-dialogs-[\w-]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  expect(await loadedButNotKept(page), 'scripts loaded that the worker does not keep').toEqual([]);
  // Back to the top: the reload below keeps the scroll, and the pictures checked are up there.
  await page.evaluate(() => window.scrollTo(0, 0));

  // The worker installs and takes control during this visit; nothing is loaded again online.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // Once in control, the worker keeps the pictures the page showed before it was there, and
  // each item's picture and options.
  await expect
    .poll(() => keptForOffline(page, pictures), {
      message: "the pictures shown, and each item's picture and options, are kept",
    })
    .toEqual({ shown: true, pictures: true, options: true });

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.setOffline(true);
  // Offline, what cannot work says so in the console: the live socket, the page-view beacon,
  // the session check.
  expectedConsoleErrors.push(/ERR_INTERNET_DISCONNECTED|WebSocket connection/);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Menu', exact: true })).toBeVisible();
    await expect(headings.first()).toBeVisible();
    expect(await headings.allTextContents()).toEqual(onlineNames);
    await expect.poll(() => brokenPictures(page, pictures)).toEqual([]);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          const faces = Array.from(document.fonts);
          return {
            loaded: faces.some((face) => face.status === 'loaded'),
            failed: faces.filter((face) => face.status === 'error').map((face) => face.family),
          };
        }),
      )
      .toEqual({ loaded: true, failed: [] });

    // Another category, whose pictures were not on screen at the first visit (a picture that
    // fails to load is a console error, which fails the test), and an item's own options, not
    // the fallback lists: the pancakes take bacon or egg only.
    await page
      .getByRole('group', { name: 'Menu categories' })
      .getByRole('button', { name: 'Breakfast' })
      .click();
    await menuGrid(page)
      .getByRole('button', { name: /Buttermilk Pancake Stack/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: /^Egg\b/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Bacon\b/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Extra Cheese\b/ })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
