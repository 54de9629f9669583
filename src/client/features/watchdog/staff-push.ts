/**
 * "Alert this device" (decision 023): the admin's or the counter's browser subscribes through
 * the service worker, and the watchdog's alerts reach it as notifications even with the page
 * closed. Asked from a click (browsers want a gesture for the permission).
 */
import { base64UrlToBytes } from '../notifications/index.ts';

const READY_TIMEOUT_MS = 10_000;

/** Why it did not work, or null when the device is subscribed. */
export async function subscribeStaffDevice(): Promise<string | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'This browser cannot receive notifications.';
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'Notifications are not allowed for this site.';
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
  if (!registration) return 'The app is not installed in this browser yet; reload and try again.';
  const keyResponse = await fetch('/api/push/public-key', { credentials: 'include' });
  if (!keyResponse.ok) return 'Could not reach the server.';
  const { publicKey } = (await keyResponse.json()) as { publicKey: string };
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  const saved = await fetch('/api/admin/watchdog/push-subscription', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  });
  return saved.ok ? null : 'The server did not take this device.';
}
