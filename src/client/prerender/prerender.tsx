/**
 * The first screen of the storefront's public pages, rendered at build time into their HTML
 * (decision 016, "Prerendered first screen"): a phone paints the page as the HTML arrives, not
 * after the app's script has loaded and run. Built by `vite build --ssr` (the first step of `npm run build`)
 * from the same components the app renders, in the state the app's first render has: no data
 * from the server yet, an empty cart.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { HomePage } from '../features/storefront/home-page.tsx';
import { TrackPage } from '../features/tracking/track-page.tsx';
import { CheckoutFrame } from '../features/checkout/checkout-page.tsx';

function render(path: string, page: ReactNode): string {
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={path}>{page}</StaticRouter>
    </QueryClientProvider>,
  );
}

/** Page path → the markup of its first screen. */
export function prerenderPages(): Record<'/' | '/track' | '/checkout', string> {
  return {
    '/': render('/', <HomePage />),
    '/track': render('/track', <TrackPage />),
    '/checkout': render('/checkout', <CheckoutFrame />),
  };
}
