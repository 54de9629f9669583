import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { PickupSlotsResponse } from '#shared/pickup/pickup.schema.ts';

/** Every pickup-slots read starts with this key: a refused slot refreshes them all. */
export const PICKUP_SLOTS_KEY = '/api/pickup-slots';

/**
 * GET /api/pickup-slots?units=N[&date=D] (decision 026): the as-soon-as-possible quote for a cart
 * of N prep units and today's (or a pre-order day's) slots (the server's today, on the shop's clock). Read again every
 * minute: the queue moves and slots pass.
 */
export const pickupSlotsQuery = (units: number, date?: string | null) =>
  queryOptions({
    queryKey: [PICKUP_SLOTS_KEY, units, date ?? null],
    // Typed, not parsed, like the menu reads (menu-queries.ts, decision 016): the server sends
    // it through pickupSlotsResponseSchema, and the table page loads no zod for it.
    queryFn: () =>
      apiGet<PickupSlotsResponse>(
        `${PICKUP_SLOTS_KEY}?units=${units}${date ? `&date=${date}` : ''}`,
      ),
    refetchInterval: 60_000,
    staleTime: 0,
  });

/**
 * Off until the cart's units are known. `date`: the shop's day of a pre-order's next opening
 * (its slots); today's when absent.
 */
export function usePickupSlots(units: number | undefined, date?: string | null) {
  return useQuery({ ...pickupSlotsQuery(units ?? 0, date), enabled: units !== undefined });
}
