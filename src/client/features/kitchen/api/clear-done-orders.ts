import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast.tsx';
import { apiRequest, errorMessage } from '#client/lib/api-client.ts';
import { KITCHEN_ORDERS_KEY } from './kitchen-orders-query.ts';

export const noDoneOrdersToast = () =>
  toast.info('No Orders', { description: 'No done orders to clear' });

/** POST /api/kitchen/orders/clear-done: done orders leave the display, they stay for the admin. */
export function useClearDoneOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ cleared: number }>('POST', '/api/kitchen/orders/clear-done'),
    onSuccess: ({ cleared }) => {
      if (cleared === 0) return void noDoneOrdersToast();
      toast.success('Orders Cleared', {
        description: `${cleared} done ${cleared === 1 ? 'order' : 'orders'} cleared`,
      });
    },
    onError: (error) => {
      toast.error('Clear Failed', {
        description: errorMessage(error, 'Failed to clear done orders'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_KEY }),
  });
}
