/**
 * Registers /sw.js and runs the spec's update flow (customer-site §4, §9): check for a new
 * version every 30 s; when one installs while another controls the page, ask it to take
 * over, show "App Updated" if notifications are allowed, and reload after 1.5 s; if a new
 * version is already waiting at load, activate it and reload after 0.5 s.
 *
 * The new worker is asked to take over first; App Updated and the reload's clock start once
 * it is active. A page that reloads while its new worker is still activating can wait on that
 * navigation for good, and a notification shown before then makes the browser fetch its icon
 * through the old worker, which can keep that worker busy and the new one waiting (both seen
 * in Chromium; tests/e2e/pwa-update.spec.ts).
 *
 * Offline use (docs/architecture.md "Service worker versions";
 * tests/e2e/pwa-offline-first-visit.spec.ts): on the first visit the page loads its files before
 * any worker controls it, so none of them passes through the worker. Once a worker controls the
 * page (at once on later visits), the page asks it to keep for offline use the same-origin files it
 * loaded (the fonts, the pictures on screen) and each menu item's picture and options, so one visit
 * is enough to open any category offline. Not while a new version is waiting: a busy worker would
 * hold up its activation.
 */
import { wait } from '#client/lib/wait.ts';
import { afterLoad } from '#client/lib/on-demand.ts';

const UPDATE_CHECK_MS = 30_000;
const RELOAD_AFTER_UPDATE_MS = 1_500;
const RELOAD_WHEN_WAITING_MS = 500;

function announceUpdate() {
  try {
    if ('Notification' in window && Notification.permission === 'granted') {
      new Notification('App Updated', {
        body: 'A new version of the shop is ready.',
        icon: '/icons/icon-192.png',
      });
    }
  } catch (error) {
    console.warn('App Updated notification failed', error);
  }
}

/** Resolves when the worker is active (or was replaced by a newer one). */
function whenActivated(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => worker.state === 'activated' || worker.state === 'redundant';
    if (settled()) return resolve();
    const onChange = () => {
      if (!settled()) return;
      worker.removeEventListener('statechange', onChange);
      resolve();
    };
    worker.addEventListener('statechange', onChange);
  });
}

async function takeOver(worker: ServiceWorker, reloadAfterMs: number, announce: boolean) {
  worker.postMessage({ type: 'SKIP_WAITING' });
  await whenActivated(worker);
  if (announce) announceUpdate();
  await wait(reloadAfterMs);
  window.location.reload();
}

/** The same-origin files this page has loaded so far (scripts, styles, fonts, pictures, reads). */
function loadedFiles(): string[] {
  try {
    const names = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .concat(Array.from(document.images, (image) => image.currentSrc));
    return [...new Set(names.filter((name) => name.startsWith(`${location.origin}/`)))];
  } catch {
    return [];
  }
}

function keepForOffline(worker: ServiceWorker | null) {
  worker?.postMessage({ type: 'KEEP_FOR_OFFLINE', urls: loadedFiles() });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  afterLoad(() => {
    const controlled = navigator.serviceWorker.controller !== null;
    if (!controlled) {
      // The first visit: the new worker claims this page once it is active.
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => keepForOffline(navigator.serviceWorker.controller),
        { once: true },
      );
    }
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) {
          void takeOver(registration.waiting, RELOAD_WHEN_WAITING_MS, false);
          return;
        }
        if (controlled && !registration.installing) keepForOffline(registration.active);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && navigator.serviceWorker.controller) {
              void takeOver(installing, RELOAD_AFTER_UPDATE_MS, true);
            }
          });
        });
        setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
      })
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
