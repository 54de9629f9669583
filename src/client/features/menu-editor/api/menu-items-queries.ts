import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import {
  adminMenuItemSchema,
  menuItemWriteSchema,
  type AdminMenuItem,
  type SoldOutRequest,
} from '#shared/menu/menu-admin.schema.ts';

/** Spec back-office §4: the editor's item list refreshes every 5 s. */
export const ITEMS_REFRESH_MS = 5_000;

/** GET /api/admin/menu/items: every item, hidden and off the POS included. */
export const adminItemsQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/menu/items'],
    queryFn: async () => z.array(adminMenuItemSchema).parse(await apiGet('/api/admin/menu/items')),
  });

export const useAdminItems = () =>
  useQuery({ ...adminItemsQuery(), refetchInterval: ITEMS_REFRESH_MS });

const itemPath = (id: string) => `/api/menu/items/${encodeURIComponent(id)}`;

/** The editor's list and the storefront's (its items and their options) show the change. */
export function useInvalidateItems() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminItemsQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: ['/api/menu/items'] }),
    ]);
}

export type MenuItemInput = z.output<typeof menuItemWriteSchema>;

export interface ItemLinks {
  breadOptionIds: string[];
  sauceOptionIds: string[];
  addOnOptionIds: string[];
}

export interface SaveItemVariables {
  /** The id being edited, or null to create the item. */
  editingId: string | null;
  item: MenuItemInput;
  links: ItemLinks;
}

/**
 * Spec back-office §7: the item first (POST or PUT), then its bread, sauce and add-on links.
 * When the item saved but a link did not, the error says so (`LinksNotSavedError`).
 */
export function useSaveItem() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: async ({ editingId, item, links }: SaveItemVariables) => {
      // The id in the path wins on an update; the body carries the other fields.
      const { id: _id, ...changes } = item;
      const saved = adminMenuItemSchema.parse(
        editingId === null
          ? await apiRequest('POST', '/api/menu/items', item)
          : await apiRequest('PUT', itemPath(editingId), changes),
      );
      try {
        await Promise.all([
          apiRequest('PUT', `${itemPath(saved.id)}/bread-options`, {
            breadOptionIds: links.breadOptionIds,
          }),
          apiRequest('PUT', `${itemPath(saved.id)}/sauce-options`, {
            sauceOptionIds: links.sauceOptionIds,
          }),
          apiRequest('PUT', `${itemPath(saved.id)}/addon-options`, {
            addOnOptionIds: links.addOnOptionIds,
          }),
        ]);
      } catch (cause) {
        throw new LinksNotSavedError(saved, cause);
      }
      return saved;
    },
    onSettled: invalidate,
  });
}

/** The item was saved; its bread, sauce or add-on choices were not. */
export class LinksNotSavedError extends Error {
  constructor(
    readonly item: AdminMenuItem,
    cause: unknown,
  ) {
    super(`${item.name} was saved, but its bread, sauce and add-on choices were not.`, { cause });
    this.name = 'LinksNotSavedError';
  }
}

export function useDeleteItem() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: (item: AdminMenuItem) => apiRequest('DELETE', itemPath(item.id)),
    onSuccess: invalidate,
  });
}

/** PUT /api/menu/items/:id/availability: on or off the point of sale. */
export function useSetItemAvailability() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: ({ id, isAvailable }: { id: string; isAvailable: boolean }) =>
      apiRequest('PUT', `${itemPath(id)}/availability`, { isAvailable }),
    onSuccess: invalidate,
  });
}

/** PUT /api/menu/items/:id/sold-out (decision 010). */
export function useSetItemSoldOut() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: async ({ id, request }: { id: string; request: SoldOutRequest }) =>
      adminMenuItemSchema.parse(await apiRequest('PUT', `${itemPath(id)}/sold-out`, request)),
    onSuccess: invalidate,
  });
}
