/**
 * zod's resolver for react-hook-form, fetched on demand (Form, form.tsx): a page whose first
 * screen is a form (the checkout) starts without zod (decision 016). Every back-office screen
 * fetches it as it opens (`usePreloadedFormChecks`), so a screen left open all day does not need
 * it later from a build that has been replaced since.
 */
import { useEffect } from 'react';

export const preloadFormResolver = () => import('@hookform/resolvers/zod');

/** For a signed-in screen: its forms' checks fetched now, with the screen's own code. */
export function usePreloadedFormChecks(): void {
  useEffect(() => {
    preloadFormResolver().catch(() => undefined);
  }, []);
}
