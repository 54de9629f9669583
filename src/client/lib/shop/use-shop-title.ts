import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useShopInfo } from './shop-queries.ts';

/** Until the shop's settings answer, or when they name no shop. */
export const DEFAULT_SHOP_NAME = 'Smoke & Bun';

/** A customer page's title: "Checkout · Smoke & Bun", with the shop's own name. */
export function useShopTitle(page: string): void {
  useDocumentTitle(`${page} · ${useShopInfo().data?.name || DEFAULT_SHOP_NAME}`);
}
