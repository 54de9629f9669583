/**
 * Issue 17 item 3: a new page opens at its top; back and forward return to where the page was
 * scrolled, also across a reload. What react-router's <ScrollRestoration /> does, less what this
 * single-page app never uses (server rendering, custom keys, hash targets, preventScrollReset):
 * that component costs 1 KB of gzip in the storefront's entry, this a fraction of it
 * (decision 016). The router itself records each position as it navigates away.
 */
import { useContext, useEffect, useLayoutEffect } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
} from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/** Scroll positions by history entry (location.key), as the router keys them. */
let positions: Record<string, number> = {};
try {
  positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
} catch {
  // No storage: positions last as long as the page.
}

export function useScrollRestoration(): void {
  const router = useContext(DataRouterContext)!.router;
  const { location, navigation, restoreScrollPosition } = useContext(DataRouterStateContext)!;

  useLayoutEffect(() => router.enableScrollRestoration(positions, () => window.scrollY), [router]);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    // Leaving the page (a reload, another site): keep where this entry was for its return.
    const save = () => {
      if (navigation.state === 'idle') positions[location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // As above.
      }
      history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [location, navigation.state]);

  useLayoutEffect(() => {
    // false: nothing to do (a fetcher, a revalidation); a number: back or forward.
    if (restoreScrollPosition !== false) window.scrollTo(0, restoreScrollPosition ?? 0);
  }, [location, restoreScrollPosition]);
}
