/** Spec customer-site §4: notification permission is asked 1 s after the app loads, once. */
export function askNotificationPermissionSoon(delayMs = 1000): () => void {
  const timer = setTimeout(() => {
    try {
      if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
      void Notification.requestPermission().catch((error: unknown) =>
        console.warn('Notification permission request failed', error),
      );
    } catch (error) {
      console.warn('Notification permission request failed', error);
    }
  }, delayMs);
  return () => clearTimeout(timer);
}
