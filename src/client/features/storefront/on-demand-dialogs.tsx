import type { ComponentProps } from 'react';
import { onDemand } from '#client/lib/on-demand.ts';
import type { CartDialog as LoadedCartDialog } from './components/cart-dialog.tsx';

// The dialogs are not needed for the first paint: one chunk, fetched at the customer's first
// touch, click or key (or when one is opened first), mounted from their first opening on
// (decision 016). The service worker keeps it for offline use. The home page and the table
// page (spec back-office §2) both show them this way.
const dialogs = onDemand(() => import('./components/storefront-dialogs.ts'));
export const ItemDialog = dialogs.component((m) => m.ItemDialog);
export const CartDialog = dialogs.component<NonNullable<ComponentProps<typeof LoadedCartDialog>>>(
  (m) => m.CartDialog,
);
export const TrackDialog = dialogs.component((m) => m.TrackDialog);
export const preloadDialogs = () => void dialogs.preload().catch(() => undefined);

/**
 * While a dialog's code is on its way (a first tap on a slow connection, before the service
 * worker keeps it): the screen dims and says so, unless it comes within 0.3 s.
 */
export function DialogLoading() {
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 grid animate-appear-late place-items-center bg-char-900/40 motion-reduce:animate-none"
    >
      <span className="flex items-center gap-3 rounded-full bg-white px-5 py-3 font-semibold shadow-xl">
        <span
          aria-hidden
          className="size-5 animate-spin rounded-full border-[3px] border-ember-600 border-t-transparent"
        />
        Opening…
      </span>
    </div>
  );
}
