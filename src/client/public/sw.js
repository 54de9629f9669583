/* The service worker (spec customer-site §4 and §9; docs/architecture.md "Service worker
 * versions"), at /sw.js with root scope. It keeps the app shell and the last menu, so the
 * storefront opens on a weak or lost connection from the first visit on:
 * - pages: network first, else the page kept for that path: `/`, `/track` and `/checkout` each
 *   have their own (the build writes their first screen into them, vite.config.ts), every other
 *   path the empty shell;
 * - /assets/* (content-hashed by Vite), pictures and menu photos: cache first;
 * - the storefront's read calls, each item's options included: network first, else the last
 *   answer.
 * Nothing else is cached: no orders, no payments, no back office data.
 * On the first visit the page loads everything before this worker exists, so the worker fetches
 * the shell and the menu itself while it installs; once it controls a page, the page asks it
 * (KEEP_FOR_OFFLINE) to keep the files the page loaded without it (the fonts, the pictures on
 * screen) and each menu item's picture and options.
 * A new version waits until the page asks it to take over (SKIP_WAITING).
 * `npm run build` stamps VERSION with a hash of the built app (vite.config.ts), so every
 * build that changes the app changes this file, and browsers see a new version.
 */
const VERSION = 'dev';
const SHELL_CACHE = `shell-${VERSION}`;
const DATA_CACHE = `data-${VERSION}`;
const SHELL = [
  '/',
  '/shell.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/images/logo.svg',
  '/images/hero.svg',
  '/icons/icon-192.png',
];
const CACHED_READS = [
  '/api/menu/items',
  '/api/menu/categories',
  '/api/shop-info',
  '/api/shop-status',
  '/api/admin/shop-hours',
];
/**
 * The storefront's chunks loaded on demand (its dialogs, its footer, a toast), stamped by
 * `npm run build` (vite.config.ts, `onDemandChunks`): the page fetches them only when it shows
 * them, so the worker keeps them for offline use as it installs.
 */
const ON_DEMAND = [];
/** GET /api/menu/items/:id/options: what the item dialog offers. */
const ITEM_OPTIONS = /^\/api\/menu\/items\/[^/]+\/options$/;
/** Files that never change under their name (or are the app's own pictures): cache first. */
const STATIC_PREFIXES = ['/assets/', '/images/', '/icons/', '/objects/menu-images/'];
const isStatic = (pathname) =>
  pathname === '/favicon.svg' || STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
/** How many loaded files a page may have kept at once (a storefront shows about 40). */
const MAX_HANDED_OVER = 200;

/**
 * What the storefront needs to open offline, fetched while this version installs, so the very
 * first visit is enough: the shell, the scripts and styles its page names, the chunks it loads
 * on demand (those the page loaded already come from the browser's cache), and the menu and
 * shop details as they are now (best effort: a read that fails is kept on the next visit).
 * The rest (pictures, options) is fetched once a page asks (KEEP_FOR_OFFLINE), so an update's
 * install stays as short as it was.
 */
async function precache() {
  const shell = await caches.open(SHELL_CACHE);
  await shell.addAll(SHELL);
  const page = await (await shell.match('/')).text();
  const files = new Set(
    // `content`: the app's script, which the page's boot script fetches (vite.config.ts).
    Array.from(page.matchAll(/(?:src|href|content)="(\/assets\/[^"]+)"/g), (m) => m[1]),
  );
  // Once each: addAll refuses a list that names a file twice, and a chunk the page preloads
  // (the bundler's runtime, say) can be one the on-demand chunks import too.
  ON_DEMAND.forEach((file) => files.add(file));
  await shell.addAll([...files]);
  const data = await caches.open(DATA_CACHE);
  await Promise.all(CACHED_READS.map((url) => data.add(url).catch(() => undefined)));
}

/**
 * For each item of the kept menu, its picture (an uploaded photo in its smallest size) and its
 * options, unless kept already: then any category and any item opens offline. Best effort.
 */
async function keepMenuExtras() {
  const [shell, data] = await Promise.all([caches.open(SHELL_CACHE), caches.open(DATA_CACHE)]);
  const items = await (await data.match('/api/menu/items'))?.json().catch(() => undefined);
  if (!Array.isArray(items)) return;
  const keep = async (cache, url, kept) => {
    if (await kept) return;
    await cache.add(url).catch(() => undefined);
  };
  await Promise.all(
    items.flatMap((item) => {
      if (!item || typeof item.id !== 'string') return [];
      const reads = [];
      if (item.customizable) {
        const options = `/api/menu/items/${encodeURIComponent(item.id)}/options`;
        reads.push(keep(data, options, data.match(options)));
      }
      const picture = typeof item.image === 'string' ? pictureToKeep(item.image) : null;
      if (picture) reads.push(keep(shell, picture, keptPicture(shell, picture)));
      return reads;
    }),
  );
}

/** An uploaded photo (decision 011): its path, and its sizes from the largest. */
const PHOTO = /^(\/objects\/menu-images\/[0-9a-f-]{36})(?:\/[^/]+)?$/;
const PHOTO_SIZES = ['w1280.webp', 'w640.webp', 'w320.webp'];

/** The file kept for a menu item's picture: the app's own file, or a photo's smallest size. */
function pictureToKeep(image) {
  const photo = PHOTO.exec(image);
  if (photo) return `${photo[1]}/${PHOTO_SIZES.at(-1)}`;
  return image.startsWith('/') && !image.startsWith('//') && isStatic(image) ? image : null;
}

/** A kept picture; for a photo, any of its sizes (from the largest). */
async function keptPicture(cache, pathname) {
  const photo = PHOTO.exec(pathname);
  if (!photo) return cache.match(pathname);
  for (const path of [...PHOTO_SIZES.map((size) => `${photo[1]}/${size}`), photo[1]]) {
    const cached = await cache.match(path);
    if (cached) return cached;
  }
  return undefined;
}

/**
 * Keeps the files a page loaded before this worker controlled it (the fonts its styles name,
 * the pictures on screen): only same-origin files this worker would keep anyway, and only
 * those not kept yet (the browser's HTTP cache usually answers these fetches).
 */
async function keepLoadedFiles(urls) {
  if (!Array.isArray(urls)) return;
  const cache = await caches.open(SHELL_CACHE);
  const paths = new Set();
  for (const url of urls) {
    if (paths.size >= MAX_HANDED_OVER) break;
    if (typeof url !== 'string') continue;
    let parsed;
    try {
      parsed = new URL(url, self.location.origin);
    } catch {
      continue;
    }
    if (parsed.origin === self.location.origin && isStatic(parsed.pathname)) {
      paths.add(parsed.pathname + parsed.search);
    }
  }
  await Promise.all(
    [...paths].map(async (path) => {
      if (await cache.match(path)) return;
      await cache.add(path).catch(() => undefined);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key !== SHELL_CACHE && key !== DATA_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (!event.data) return;
  if (event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data.type === 'KEEP_FOR_OFFLINE') {
    event.waitUntil(Promise.all([keepLoadedFiles(event.data.urls), keepMenuExtras()]));
  }
});

/** The pages the build writes a first screen into; every other page path is the empty shell. */
const OWN_PAGES = ['/', '/track', '/checkout'];
const keptPage = (url) => (OWN_PAGES.includes(url.pathname) ? url.pathname : '/shell.html');

async function networkFirst(request, cacheName, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    // Only the app's page is kept as the shell (not a picture or file opened in a tab).
    const keep =
      response.ok &&
      (!fallbackUrl || (response.headers.get('content-type') ?? '').startsWith('text/html'));
    if (keep) await cache.put(fallbackUrl ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackUrl ?? request);
    if (cached) return cached;
    // A page kept by no visit yet: the shell the worker kept when it installed.
    const shell = fallbackUrl && (await cache.match('/shell.html'));
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // Offline, a photo asked for in a size not kept is answered with a size that is.
    const other = PHOTO.test(new URL(request.url).pathname)
      ? await keptPicture(cache, new URL(request.url).pathname)
      : undefined;
    if (other) return other;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    // Every page is the same single-page app: keep the latest page of each kind.
    event.respondWith(networkFirst(request, SHELL_CACHE, keptPage(url)));
  } else if (isStatic(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (CACHED_READS.includes(url.pathname) || ITEM_OPTIONS.test(url.pathname)) {
    event.respondWith(networkFirst(request, DATA_CACHE));
  }
});

// Web Push: "your order is ready", even when no page of the shop is open; and the kitchen
// watchdog's alerts to staff devices (decision 023), which carry their own tag and page.
self.addEventListener('push', (event) => {
  let payload = {
    title: 'Your order is ready!',
    body: 'Please come to the counter.',
    orderId: null,
  };
  try {
    payload = { ...payload, ...event.data.json() };
  } catch {
    // A push without a readable payload still says something useful.
  }
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.tag || (payload.orderId ? `order-ready-${payload.orderId}` : 'order-ready'),
      requireInteraction: true,
      vibrate: [200, 100, 200, 100, 200],
      data: { orderId: payload.orderId, url: payload.url || null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const orderId = data.orderId;
  const target =
    typeof data.url === 'string' && data.url.startsWith('/')
      ? data.url
      : orderId
        ? `/order-confirmation/${orderId}`
        : '/';
  event.waitUntil(self.clients.openWindow(target));
});
