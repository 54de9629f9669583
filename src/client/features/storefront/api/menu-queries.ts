import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, throwIfNotOk } from '../../../lib/api-client.ts';
import { categorySchema, menuItemSchema } from '#shared/menu/menu.schema.ts';

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
      return z.array(menuItemSchema).parse(await response.json());
    },
    // Polling is the fallback when the live socket is down (menuChanged refetches at once).
    refetchInterval: 30_000,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['/api/menu/categories'],
    queryFn: async () => z.array(categorySchema).parse(await apiGet('/api/menu/categories')),
    refetchInterval: 60_000,
  });

export const useMenuItems = () => useQuery(menuItemsQuery());
export const useCategories = () => useQuery(categoriesQuery());
