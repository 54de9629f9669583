/**
 * A new page opens at its top; back and forward return to where the page was scrolled, also
 * across a reload (customer journey: navigation and scroll). What react-router's data-router
 * <ScrollRestoration /> does, less what this single-page app never uses (server rendering, custom
 * keys, hash targets), for the declarative router (decision 016).
 *
 * Each history entry has a key (location.key, kept in history.state, so it survives a reload);
 * the position of the entry on screen is recorded as the page scrolls, and written to
 * sessionStorage when the page is left.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/** Scroll positions by history entry (location.key). */
let positions: Record<string, number> = {};
try {
  positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
} catch {
  // No storage: positions last as long as the page.
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The entry whose page is on screen: scrolling records its position.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const record = () => {
      if (shown.current !== null) positions[shown.current] = window.scrollY;
    };
    // Leaving the page (a reload, another site): keep where this entry was for its return.
    const save = () => {
      record();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // As above.
      }
      history.scrollRestoration = 'auto';
    };
    // Back from the browser's cache: the manual restoration again.
    const resume = () => {
      history.scrollRestoration = 'manual';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    window.addEventListener('pageshow', resume);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.removeEventListener('pageshow', resume);
    };
  }, []);

  useLayoutEffect(() => {
    // Only now does the new entry own the position: until this commit the old page was on screen.
    shown.current = location.key;
    // Back, forward or a reload (POP) return to the entry's position; a new page opens at its top.
    const target = navigationType === 'POP' ? (positions[location.key] ?? 0) : 0;
    window.scrollTo(0, target);
    positions[location.key] = target;
  }, [location.key, navigationType]);
}
