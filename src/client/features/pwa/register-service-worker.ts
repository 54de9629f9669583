/**
 * Registers /sw.js and runs the spec's update flow (customer-site §4, §9): check for a new
 * version every 30 s; when one installs while another controls the page, ask it to take
 * over, show "App Updated" if notifications are allowed, and reload after 1.5 s; if a new
 * version is already waiting at load, activate it and reload after 0.5 s.
 */
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

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) {
          registration.waiting.postMessage({ type: 'SKIP_WAITING' });
          setTimeout(() => window.location.reload(), RELOAD_WHEN_WAITING_MS);
          return;
        }
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && navigator.serviceWorker.controller) {
              installing.postMessage({ type: 'SKIP_WAITING' });
              announceUpdate();
              setTimeout(() => window.location.reload(), RELOAD_AFTER_UPDATE_MS);
            }
          });
        });
        setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
      })
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
