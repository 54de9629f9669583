/**
 * One page view report (decision 015), sent as a beacon (or a keepalive fetch); nothing waits for
 * it and every failure is ignored without a word. Offline (the PWA) it is skipped rather than
 * queued. Loaded on the first view, after the first paint (page-view-reporter.ts).
 */
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

export function reportPageView(path: string): void {
  try {
    if (typeof navigator === 'undefined' || navigator.onLine === false) return;
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
      credentials: 'omit',
    }).catch(() => {});
  } catch {
    // Analytics is never worth an error.
  }
}
