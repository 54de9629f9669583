/**
 * Reports page views to POST /api/analytics/page-view (spec back-office "Visitor Analytics
 * panel"; decision 015): every route change, and the cart dialog's opening as the virtual page
 * `/cart`, which feeds the conversion funnel.
 *
 * Reporting must never get in anyone's way: it goes out as a beacon (or a keepalive fetch),
 * nothing waits for it, and every failure is ignored without a word. Offline (the PWA) it is
 * skipped rather than queued.
 *
 * NOTE: this module is in the storefront's entry bundle: the report itself, with the visitor
 * record, loads on the first view (report-page-view.ts; decision 016).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The last navigation reported: StrictMode's second effect run must not count it twice. */
let lastLocationKey: string | null = null;

/** Reports a view of `path`, in the order asked, once the report's code is there. */
export function reportPageView(path: string): void {
  void import('./report-page-view.ts')
    .then((module) => module.reportPageView(path))
    .catch(() => {
      // Analytics is never worth an error (a failed load is a view not counted).
    });
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
