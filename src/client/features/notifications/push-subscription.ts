/**
 * Web Push for one order: when the customer allows notifications, their browser subscribes
 * through the service worker and tells the server, which pushes when the kitchen marks the
 * order ready, even with the page closed. Any failure is a warning: the live page and its
 * alert still work without push.
 */
const READY_TIMEOUT_MS = 10_000;

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function subscribeToOrderPush(orderId: string): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return false;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
    ]);
    if (!registration) return false;
    const keyResponse = await fetch('/api/push/public-key', { credentials: 'include' });
    if (!keyResponse.ok) return false;
    const { publicKey } = (await keyResponse.json()) as { publicKey: string };
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      }));
    const saved = await fetch(`/api/orders/${encodeURIComponent(orderId)}/push-subscription`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(subscription.toJSON()),
    });
    return saved.ok;
  } catch (error) {
    console.warn('Push subscription failed', error);
    return false;
  }
}
