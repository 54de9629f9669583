import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError, apiRequest, errorMessage } from '#client/lib/api-client.ts';
import type { KitchenStatus } from '#shared/orders/order-states.ts';
import { KITCHEN_ORDERS_KEY } from './kitchen-orders-query.ts';

interface RecalledOrder {
  id: string;
  orderNumber: number;
  kitchenStatus: KitchenStatus;
}

/** POST /api/kitchen/orders/recall: the last done or cleared order goes back to ready (ours). */
export function useRecallOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RecalledOrder>('POST', '/api/kitchen/orders/recall'),
    onSuccess: (order) => {
      toast.success('Order Recalled', {
        description: `Order #${order.orderNumber} is back in Ready`,
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        toast.info('Nothing to Recall', {
          description: errorMessage(error, 'There is no finished order to recall.'),
        });
      } else {
        toast.error('Recall Failed', {
          description: errorMessage(error, 'Failed to recall the order'),
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_KEY }),
  });
}
