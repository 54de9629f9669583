/**
 * The storefront's dialogs in one chunk, loaded on demand (decision 016): the home page's first
 * paint needs none of them, and with them go Radix Dialog, its focus and scroll locks, and the
 * item options and order tracking reads. home-page.tsx fetches this chunk once the page is idle,
 * so a tap on an item or the cart rarely waits for it.
 */
export { CartDialog } from './cart-dialog.tsx';
export { ItemDialog } from './item-dialog.tsx';
export { TrackDialog } from './track-dialog.tsx';
