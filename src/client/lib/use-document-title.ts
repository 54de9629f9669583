import { useEffect } from 'react';

/**
 * The tab's title while a screen is shown. Every route sets its own, so there is nothing to
 * restore on leaving. In the storefront's entry bundle: keep it tiny.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
