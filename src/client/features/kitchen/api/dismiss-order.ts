import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { apiRequest } from '#client/lib/api-client.ts';
import { KITCHEN_ORDERS_KEY } from './kitchen-orders-query.ts';
import { platformErrorMessage } from './reject-platform-order.ts';

/**
 * POST /api/kitchen/orders/:id/dismiss (decision 017): the card of an order the platform
 * cancelled stays until the kitchen has seen it; Dismiss takes it off (204).
 */
export function useDismissOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('POST', `/api/kitchen/orders/${orderId}/dismiss`),
    onSuccess: () => {
      queryClient.setQueryData<KitchenOrder[]>(KITCHEN_ORDERS_KEY, (orders) =>
        orders?.filter((order) => order.id !== orderId),
      );
    },
    onError: (error) => {
      toast.error('Dismiss Failed', {
        description: platformErrorMessage(error, 'Failed to dismiss the order'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_KEY }),
  });
}
