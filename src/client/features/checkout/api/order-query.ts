import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { orderSchema, type Order } from '#shared/orders/order.schema.ts';

/**
 * GET /api/orders/:id, read by the payment-success dialog and the confirmation page.
 * Spec customer-site §7: failures are only logged (a warning: an unknown link is not a bug).
 */
export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['/api/orders', orderId],
    queryFn: async (): Promise<Order> => {
      try {
        return orderSchema.parse(await apiGet(`/api/orders/${encodeURIComponent(orderId)}`));
      } catch (error) {
        console.warn(
          `Could not load order ${orderId}:`,
          error instanceof Error ? error.message : error,
        );
        throw error;
      }
    },
    // The status moves on in the kitchen: a screen that opens the order reads it afresh.
    staleTime: 0,
  });

export function useOrder(orderId: string | null | undefined) {
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}
