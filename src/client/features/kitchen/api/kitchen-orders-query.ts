import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '#client/lib/api-client.ts';
import { kitchenOrderSchema } from '#shared/kitchen/kitchen.schema.ts';

export const KITCHEN_ORDERS_KEY = ['/api/kitchen/orders'] as const;

/**
 * Paid, not cancelled, not cleared orders, oldest first. Spec back-office §9: polled every 5 s;
 * that stays as the fallback behind the socket (DESIGN.md departure 6).
 */
const kitchenOrdersQuery = () =>
  queryOptions({
    queryKey: KITCHEN_ORDERS_KEY,
    queryFn: async () => z.array(kitchenOrderSchema).parse(await apiGet('/api/kitchen/orders')),
    refetchInterval: 5_000,
    // A wall screen is rarely focused; keep polling when the tab is in the background too.
    refetchIntervalInBackground: true,
    retry: 2,
  });

export const useKitchenOrders = () => useQuery(kitchenOrdersQuery());
