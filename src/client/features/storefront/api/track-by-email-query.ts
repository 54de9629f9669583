import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '#client/lib/api-client.ts';
import type { TrackByEmailAnswer } from '#shared/orders/order.schema.ts';

/** Spec customer-site §8: any non-OK answer of the e-mail lookup raises this. */
export const ORDERS_NOT_FOUND = 'Orders not found';
/**
 * The server rate-limits tracking (a departure the spec's system did not have); telling a
 * customer "no orders found" then would be wrong, so a 429 gets its own message.
 */
export const TOO_MANY_SEARCHES = 'Too many searches';

/**
 * A same-origin read from our own server, typed and not parsed: the Track dialog is fetched
 * while the home page is idle, and zod stays out of it (decision 016).
 */
async function fetchOrdersByEmail(email: string): Promise<TrackByEmailAnswer> {
  try {
    return await apiGet<TrackByEmailAnswer>(
      `/api/orders/track-by-email/${encodeURIComponent(email)}`,
    );
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(error.status === 429 ? TOO_MANY_SEARCHES : ORDERS_NOT_FOUND, {
        cause: error,
      });
    }
    throw error; // offline or similar: the dialog says so instead of "not found"
  }
}

/**
 * GET /api/orders/track-by-email/:email (docs/decisions/020): the same answer for any address;
 * it lists only the orders this browser placed, newest first, and says whether the shop
 * e-mailed the address its links. On demand only (the query is
 * disabled until an address is submitted) and never retried (spec §7). It is always
 * stale so that pressing Track again, or a live status update invalidating it, refetches.
 */
const ordersByEmailQuery = (email: string) =>
  queryOptions({
    queryKey: ['/api/orders/track-by-email', email],
    queryFn: () => fetchOrdersByEmail(email),
    retry: false,
    staleTime: 0,
  });

export function useOrdersByEmail(email: string | null) {
  return useQuery({ ...ordersByEmailQuery(email ?? ''), enabled: email !== null });
}
