/**
 * When a navigation has reached the screen. The declarative router renders a navigation in a
 * transition, so `navigate()` returns before the new page is committed; the logout must leave the
 * guarded area before it signs the session out, or the guard of the screen being left would send
 * the user to its login page (decision 016).
 */
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

let committed: string | null = null;
const waiting = new Set<{ pathname: string; done: () => void }>();

/** In the app's root: tells the waiters each path as its page is committed. */
export function useAnnounceCommittedLocation(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    committed = pathname;
    for (const waiter of waiting) {
      if (waiter.pathname !== pathname) continue;
      waiting.delete(waiter);
      waiter.done();
    }
  }, [pathname]);
}

/** Resolves once the page at `pathname` is on screen (at once if it already is). */
export function whenLocationShown(pathname: string): Promise<void> {
  if (committed === pathname) return Promise.resolve();
  return new Promise((resolve) => waiting.add({ pathname, done: resolve }));
}
