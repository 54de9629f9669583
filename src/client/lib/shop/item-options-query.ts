import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '#client/lib/api-client.ts';
import { FALLBACK_ADD_ONS, FALLBACK_SAUCES } from '#shared/menu/menu-constants.ts';
import type { AddOnOption, ItemOptions, SauceOption } from '#shared/menu/menu.schema.ts';

/**
 * GET /api/menu/items/:id/options: only the options linked to that item. A same-origin read
 * from our own server, typed and not parsed (decision 016).
 */
export const itemOptionsQuery = (itemId: string) =>
  queryOptions({
    queryKey: ['/api/menu/items', itemId, 'options'],
    queryFn: () => apiGet<ItemOptions>(`/api/menu/items/${encodeURIComponent(itemId)}/options`),
  });

export interface CustomerItemOptions {
  /** True until the first answer (or failure). */
  isLoading: boolean;
  sauces: SauceOption[];
  addOns: AddOnOption[];
  /** The request failed and the spec's fallback lists are shown instead. */
  isFallback: boolean;
}

/**
 * The sauces and add-ons a customer can pick for one item (spec customer-site §3, §8).
 * Bread options exist in the data but the customer screens do not offer them.
 * A failed load is logged as a warning and the fallback lists are used. The failure is
 * not cached as data, so opening the item again tries the server again.
 */
export function useItemOptions(itemId: string): CustomerItemOptions {
  const query = useQuery(itemOptionsQuery(itemId));

  useEffect(() => {
    // NOTE: a warning, not console.error: this is an expected, handled failure.
    if (query.error)
      console.warn(
        `Item options for ${itemId} could not be loaded; using the fallback lists.`,
        query.error,
      );
  }, [query.error, itemId]);

  if (query.data) {
    return {
      isLoading: false,
      sauces: query.data.sauceOptions,
      addOns: query.data.addOnOptions,
      isFallback: false,
    };
  }
  if (query.isError) {
    return {
      isLoading: false,
      sauces: FALLBACK_SAUCES,
      addOns: FALLBACK_ADD_ONS,
      isFallback: true,
    };
  }
  return { isLoading: true, sauces: [], addOns: [], isFallback: false };
}
