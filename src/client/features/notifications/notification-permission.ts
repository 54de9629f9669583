import { useCallback, useEffect, useState } from 'react';

/** Spec back-office §2 and §4: the browser's notification permission as the test page shows it. */
export type PermissionState = 'granted' | 'denied' | 'default' | 'unsupported';

export const PERMISSION_LABELS: Record<PermissionState, string> = {
  granted: 'Granted',
  denied: 'Denied',
  default: 'Not Asked',
  unsupported: 'Not Supported',
};

function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function readNotificationPermission(): PermissionState {
  if (!notificationsSupported()) return 'unsupported';
  try {
    return Notification.permission;
  } catch {
    return 'unsupported';
  }
}

/**
 * The current permission, kept up to date: the Permissions API reports changes made in the
 * browser's site settings, and the page re-reads it when it comes back into view (browsers
 * without that API, such as older Safari).
 */
export function useNotificationPermission() {
  const [permission, setPermission] = useState<PermissionState>(readNotificationPermission);

  useEffect(() => {
    const refresh = () => setPermission(readNotificationPermission());
    let status: PermissionStatus | undefined;
    let cancelled = false;
    if (notificationsSupported() && typeof navigator.permissions?.query === 'function') {
      navigator.permissions
        .query({ name: 'notifications' })
        .then((result) => {
          if (cancelled) return;
          status = result;
          result.addEventListener('change', refresh);
        })
        .catch(() => {});
    }
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', refresh);
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, []);

  /** Asks the browser; resolves with the permission after the person has answered. */
  const request = useCallback(async (): Promise<PermissionState> => {
    if (!notificationsSupported()) return 'unsupported';
    try {
      // Old Safari takes a callback instead of returning a promise.
      const answer = await new Promise<NotificationPermission>((resolve, reject) => {
        const maybePromise = Notification.requestPermission(resolve);
        if (maybePromise) maybePromise.then(resolve, reject);
      });
      setPermission(answer);
      return answer;
    } catch (error) {
      setPermission(readNotificationPermission());
      throw error;
    }
  }, []);

  return { permission, request };
}
