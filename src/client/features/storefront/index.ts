/**
 * The storefront's menu section and dialogs (loaded on demand, each rendered inside
 * <Suspense>), which the table page (spec back-office §2) shows too. The storefront's own files import each other directly: this entry is not on its first
 * load (decision 016).
 */
export { CartDialog, DialogLoading, ItemDialog, preloadDialogs } from './on-demand-dialogs.tsx';
export { MenuSection } from './components/menu-section.tsx';
export { useMenuBrowsing } from './use-menu-browsing.ts';
