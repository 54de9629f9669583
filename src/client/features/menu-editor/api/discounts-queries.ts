import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import {
  discountSchema,
  discountWriteSchema,
  type Discount,
} from '#shared/menu/menu-admin.schema.ts';

/** GET /api/admin/discounts: every discount, inactive ones too. */
export const discountsQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/discounts'],
    queryFn: async () => z.array(discountSchema).parse(await apiGet('/api/admin/discounts')),
  });

export const useDiscounts = () => useQuery(discountsQuery());

export type DiscountInput = z.output<typeof discountWriteSchema>;

const discountPath = (id: string) => `/api/admin/discounts/${encodeURIComponent(id)}`;

function useInvalidateDiscounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: discountsQuery().queryKey }),
      // The POS lists the active ones (GET /api/admin/discounts/active).
      queryClient.invalidateQueries({ queryKey: ['/api/admin/discounts/active'] }),
    ]);
}

export function useSaveDiscount() {
  const invalidate = useInvalidateDiscounts();
  return useMutation({
    mutationFn: async ({
      editingId,
      discount,
    }: {
      editingId: string | null;
      discount: DiscountInput;
    }) =>
      discountSchema.parse(
        editingId === null
          ? await apiRequest('POST', '/api/admin/discounts', discount)
          : await apiRequest('PUT', discountPath(editingId), discount),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteDiscount() {
  const invalidate = useInvalidateDiscounts();
  return useMutation({
    mutationFn: (discount: Discount) => apiRequest('DELETE', discountPath(discount.id)),
    onSuccess: invalidate,
  });
}

/** PATCH /api/admin/discounts/:id/status: the Enable/Disable button. */
export function useSetDiscountStatus() {
  const invalidate = useInvalidateDiscounts();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiRequest('PATCH', `${discountPath(id)}/status`, { isActive }),
    onSuccess: invalidate,
  });
}
