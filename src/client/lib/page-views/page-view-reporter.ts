/**
 * Reports page views to POST /api/analytics/page-view (spec back-office "Visitor Analytics
 * panel"; decision 015): every route change but the back office's, the cart dialog's opening as
 * the virtual page `/cart`, and a successful payment's return as `/paid`, which feed the
 * conversion funnel.
 *
 * Reporting must never get in anyone's way: it goes out as a beacon (or a keepalive fetch),
 * nothing waits for it, and every failure is ignored without a word. Offline (the PWA) it is
 * skipped rather than queued.
 *
 * NOTE: this module is in the storefront's entry bundle: keep it tiny.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isBackOfficePath } from '#shared/analytics/analytics-paths.ts';
import {
  localDay,
  normalisePath,
  randomVisitorId,
  visitorRecord,
  isNewVisitorOn,
} from './visitor.ts';

const PAGE_VIEW_URL = '/api/analytics/page-view';

/** The referrer belongs to the page the browser landed on, so only the first view sends it. */
let sentFirstView = false;
/** The last navigation reported: StrictMode's second effect run must not count it twice. */
let lastLocationKey: string | null = null;

export function reportPageView(path: string): void {
  try {
    if (typeof navigator === 'undefined' || navigator.onLine === false) return;
    // Staff at work are not visitors (decision 015): the server drops these too, and any view
    // sent with a staff session cookie.
    if (isBackOfficePath(normalisePath(path))) return;
    let storage: Storage | undefined;
    try {
      storage = window.localStorage;
    } catch {
      // Blocked storage: counted as new, below.
    }
    const today = localDay(new Date());
    const body = JSON.stringify({
      path: normalisePath(path),
      referrer: sentFirstView ? '' : document.referrer.slice(0, 500),
      isNewVisitor: isNewVisitorOn(visitorRecord(storage, today, randomVisitorId), today),
    });
    sentFirstView = true;
    const blob = new Blob([body], { type: 'application/json' });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(PAGE_VIEW_URL, blob)) {
      return;
    }
    void fetch(PAGE_VIEW_URL, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
      // Same as a beacon: the server leaves out views from a signed-in staff member.
      credentials: 'same-origin',
    }).catch(() => {});
  } catch {
    // Analytics is never worth an error.
  }
}

/** Reports each route change (the path only: a new query or hash on the same page is not a view). */
export function usePageViewReporter(): void {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (key === lastLocationKey) return;
    lastLocationKey = key;
    reportPageView(pathname);
    // A search-only change keeps the path and is not a new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/** Reports the virtual page `path` each time `shown` turns true (the cart dialog opening). */
export function useVirtualPageView(path: string, shown: boolean): void {
  useEffect(() => {
    if (shown) reportPageView(path);
  }, [path, shown]);
}
