import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import type { Category } from '#shared/menu/menu.schema.ts';
import { adminCategorySchema, categoryWriteSchema } from '#shared/menu/menu-admin.schema.ts';

/** Spec back-office §4: categories refresh every 30 s. */
export const CATEGORIES_REFRESH_MS = 30_000;

/** The storefront's GET /api/menu/categories: a change here refreshes it too. */
const STOREFRONT_CATEGORIES_KEY = ['/api/menu/categories'];

/** GET /api/admin/menu/categories: with each category's VAT rates (decision 022). */
export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/menu/categories'],
    queryFn: async () =>
      z.array(adminCategorySchema).parse(await apiGet('/api/admin/menu/categories')),
  });

export const useAdminCategories = () => useQuery(adminCategoriesQuery());

/**
 * The editor's list: every category, empty ones included (the storefront's list leaves out a
 * category with nothing on sale, customer-site §2).
 */
export const categoriesQuery = adminCategoriesQuery;

/** Categories first to last. */
export const useCategories = () =>
  useQuery({
    ...categoriesQuery(),
    refetchInterval: CATEGORIES_REFRESH_MS,
    select: (categories): Category[] => [...categories].sort((a, b) => a.sortOrder - b.sortOrder),
  });

export type CategoryInput = z.output<typeof categoryWriteSchema>;

const categoryPath = (id: string) => `/api/menu/categories/${encodeURIComponent(id)}`;

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STOREFRONT_CATEGORIES_KEY }),
      queryClient.invalidateQueries({ queryKey: adminCategoriesQuery().queryKey }),
    ]);
}

export function useSaveCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: async ({
      editingId,
      category,
    }: {
      editingId: string | null;
      category: CategoryInput;
    }) => {
      const { id: _id, ...changes } = category;
      return adminCategorySchema.parse(
        editingId === null
          ? await apiRequest('POST', '/api/menu/categories', category)
          : await apiRequest('PUT', categoryPath(editingId), changes),
      );
    },
    onSuccess: invalidate,
  });
}

/** A category that still has items is refused with a 409 naming how many. */
export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (category: Category) => apiRequest('DELETE', categoryPath(category.id)),
    onSuccess: invalidate,
  });
}

/**
 * PUT /api/menu/categories/order with every id in the new order. The list moves at once and
 * moves back if the server refuses; one save at a time, in the order they were made.
 */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const { queryKey } = categoriesQuery();
  return useMutation({
    scope: { id: 'menu-category-order' },
    mutationFn: (ids: string[]) => apiRequest('PUT', '/api/menu/categories/order', { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) {
        const byId = new Map(previous.map((category) => [category.id, category]));
        queryClient.setQueryData(
          queryKey,
          ids.flatMap((id, index) => {
            const category = byId.get(id);
            return category ? [{ ...category, sortOrder: index + 1 }] : [];
          }),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: STOREFRONT_CATEGORIES_KEY }),
      ]),
  });
}
