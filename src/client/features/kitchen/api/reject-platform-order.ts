import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { platformRejectSchema } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError, apiRequest, errorMessage } from '#client/lib/api-client.ts';
import { KITCHEN_ORDERS_KEY } from './kitchen-orders-query.ts';

export type PlatformReject = z.infer<typeof platformRejectSchema>;

/**
 * The words of a refused call: our `{ error }`, or a `{ message }` (a 409 of the platform
 * endpoints names what the platform said), else the fallback.
 */
export function platformErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.serverMessage) {
    try {
      const body = JSON.parse(error.bodyText) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // Not JSON: the fallback below.
    }
  }
  return errorMessage(error, fallback);
}

/**
 * PUT /api/admin/orders/:id/platform-reject (decision 017): the kitchen turns down a Wolt or
 * Bolt Food order it has not accepted; the reason is shown to the platform's customer
 * (integrations.md §2.4). The dialog shows a refusal; success takes the card off at once.
 */
export function useRejectPlatformOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformReject) =>
      apiRequest<unknown>('PUT', `/api/admin/orders/${orderId}/platform-reject`, body),
    onSuccess: () => {
      queryClient.setQueryData<KitchenOrder[]>(KITCHEN_ORDERS_KEY, (orders) =>
        orders?.filter((order) => order.id !== orderId),
      );
      toast.success('Order Rejected', { description: 'The platform tells the customer.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_KEY }),
  });
}
