/* The service worker (spec customer-site §4 and §9; issue 5 item 4), at /sw.js with root scope.
 * It keeps the app shell and the last menu, so the storefront opens on a weak or lost connection,
 * from the first visit on (precache at install):
 * - pages: network first, else the cached shell;
 * - /assets/* (content-hashed by Vite) and pictures: cache first;
 * - the storefront's read calls: network first, else the last answer.
 * Nothing else is cached: no orders, no payments, no back office data.
 * A new version waits until the page asks it to take over (SKIP_WAITING).
 * `npm run build` stamps VERSION with a hash of the built app (vite.config.ts), so every
 * build that changes the app changes this file, and browsers see a new version.
 */
const VERSION = 'dev';
const SHELL_CACHE = `shell-${VERSION}`;
const DATA_CACHE = `data-${VERSION}`;
const SHELL = ['/', '/manifest.webmanifest', '/images/logo.svg', '/icons/icon-192.png'];
const CACHED_READS = [
  '/api/menu/items',
  '/api/menu/categories',
  '/api/shop-info',
  '/api/shop-status',
  '/api/admin/shop-hours',
];

/**
 * Everything the storefront needs to open offline, fetched while this version installs, so the
 * very first visit is enough: the shell, the scripts and styles its page names, and the menu
 * and shop details as they are now (best effort: a read that fails is kept on the next visit).
 */
async function precache() {
  const shell = await caches.open(SHELL_CACHE);
  await shell.addAll(SHELL);
  const page = await (await shell.match('/')).text();
  const files = new Set(
    Array.from(page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g), (m) => m[1]),
  );
  await shell.addAll([...files]);
  const data = await caches.open(DATA_CACHE);
  await Promise.all(CACHED_READS.map((url) => data.add(url).catch(() => undefined)));
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
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

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
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    // Every page is the same single-page app: keep the latest shell under '/'.
    event.respondWith(networkFirst(request, SHELL_CACHE, '/'));
  } else if (
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/images/') ||
    url.pathname.startsWith('/icons/')
  ) {
    event.respondWith(cacheFirst(request));
  } else if (CACHED_READS.includes(url.pathname)) {
    event.respondWith(networkFirst(request, DATA_CACHE));
  }
});

// Web Push: "your order is ready", even when no page of the shop is open.
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
      tag: payload.orderId ? `order-ready-${payload.orderId}` : 'order-ready',
      requireInteraction: true,
      vibrate: [200, 100, 200, 100, 200],
      data: { orderId: payload.orderId },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const orderId = event.notification.data && event.notification.data.orderId;
  const target = orderId ? `/order-confirmation/${orderId}` : '/';
  event.waitUntil(self.clients.openWindow(target));
});
