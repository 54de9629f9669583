import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { TrackedByNumber } from '#shared/orders/order.schema.ts';

/** Spec customer-site §7/§8: the errors this lookup raises. */
export const ORDER_NUMBER_REQUIRED = 'Order number required';
export const ORDER_NOT_FOUND = 'Order not found';

export async function trackOrder(orderNumber: string): Promise<TrackedByNumber> {
  const number = orderNumber.trim();
  if (!number) throw new Error(ORDER_NUMBER_REQUIRED);
  try {
    // The shop's own answer, typed, not parsed: the server writes it through the same schema
    // (orders.routes.ts), and zod stays out of /track's download (decision 016).
    return await apiGet<TrackedByNumber>(`/api/orders/track/${encodeURIComponent(number)}`);
  } catch {
    throw new Error(ORDER_NOT_FOUND);
  }
}

/** GET /api/orders/track/{orderNumber}: on demand only (the page enables it), no retry. */
export const trackOrderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: ['/api/orders/track', orderNumber],
    queryFn: () => trackOrder(orderNumber),
    retry: false,
    // A second look at the same number asks the server again: the kitchen moves on.
    staleTime: 0,
  });

export function useTrackedOrder(orderNumber: string | null) {
  return useQuery({ ...trackOrderQuery(orderNumber ?? ''), enabled: orderNumber !== null });
}
