import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import type { KitchenStatus } from '#shared/orders/order-states.ts';
import { KITCHEN_ORDERS_KEY } from './kitchen-orders-query.ts';
import { platformErrorMessage } from './reject-platform-order.ts';

export interface KitchenStatusChange {
  kitchenStatus: KitchenStatus;
  estimatedTime?: number;
}

interface KitchenStatusAnswer {
  id: string;
  kitchenStatus: KitchenStatus;
  kitchenEstimatedTime: number | null;
}

/** PUT /api/admin/orders/:id/kitchen-status (spec back-office §7); a refused step is a 409. */
export function useUpdateKitchenStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: KitchenStatusChange) =>
      apiRequest<KitchenStatusAnswer>('PUT', `/api/admin/orders/${orderId}/kitchen-status`, {
        ...change,
        timestamp: new Date().toISOString(),
      }),
    onSuccess: (answer) => {
      // Show the step at once; the refetch brings the times the server recorded.
      queryClient.setQueryData<KitchenOrder[]>(KITCHEN_ORDERS_KEY, (orders) =>
        orders?.map((order) =>
          order.id === answer.id
            ? {
                ...order,
                kitchenStatus: answer.kitchenStatus,
                kitchenEstimatedTime: answer.kitchenEstimatedTime,
              }
            : order,
        ),
      );
    },
    onError: (error) => {
      toast.error('Update Failed', {
        // Accepting a platform order may be refused with the platform's words (decision 017).
        description: platformErrorMessage(error, 'Failed to update order status'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_KEY }),
  });
}
