/**
 * Watches the browser's Notification constructor in every page of a context (the real one
 * still runs), so a test can see which notifications the app showed, in order.
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface ShownNotification {
  title: string;
  body?: string;
  requireInteraction?: boolean;
}

export async function watchNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!('Notification' in window)) return;
    const Real = window.Notification;
    const shown: { title: string; body?: string; requireInteraction?: boolean }[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    class Watched extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({
          title,
          body: options?.body,
          requireInteraction: options?.requireInteraction,
        });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Watched });
  });
}

export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(
    () => (window as unknown as { __notifications?: ShownNotification[] }).__notifications ?? [],
  );
}
