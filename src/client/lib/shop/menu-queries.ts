import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, throwIfNotOk } from '#client/lib/api-client.ts';
import type { Category, MenuItem } from '#shared/menu/menu.schema.ts';

// Same-origin reads from our own server, typed by the shared schemas' types and not parsed:
// zod stays out of the storefront's entry bundle (decision 016). The server sends each answer
// through the same shared schema (its routes' `schema.response`).

/** Every menu read starts with this: a menu change refetches them all. */
export const MENU_QUERY_PREFIX = '/api/menu/';

/**
 * How far the server's clock is ahead of this browser's, from the last menu answer's Date
 * header (whole seconds). Sold-out marks end at the server's time (decision 010).
 */
let serverClockAheadMs = 0;
export const serverNow = () => Date.now() + serverClockAheadMs;

export const menuItemsQuery = () =>
  queryOptions({
    queryKey: ['/api/menu/items'],
    queryFn: async () => {
      const response = await fetch('/api/menu/items', { credentials: 'include' });
      await throwIfNotOk(response);
      const date = Date.parse(response.headers.get('date') ?? '');
      if (Number.isFinite(date)) serverClockAheadMs = date - Date.now();
      return (await response.json()) as MenuItem[];
    },
    // Polling is the fallback when the live socket is down (menuChanged refetches at once).
    refetchInterval: 30_000,
  });

const categoriesQuery = () =>
  queryOptions({
    queryKey: ['/api/menu/categories'],
    queryFn: () => apiGet<Category[]>('/api/menu/categories'),
    refetchInterval: 60_000,
  });

export const useMenuItems = () => useQuery(menuItemsQuery());
export const useCategories = () => useQuery(categoriesQuery());
