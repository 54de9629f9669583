import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { onlineOrderingSchema } from '#shared/online-ordering/online-ordering.ts';

export const ONLINE_ORDERING_KEY = ['/api/admin/online-ordering'] as const;

/**
 * GET /api/admin/online-ordering (decision 014). A `shopChanged` on the socket
 * refetches it at once; the 30 s poll covers a socket that is down, also on a wall screen
 * nobody focuses.
 */
const onlineOrderingQuery = () =>
  queryOptions({
    queryKey: ONLINE_ORDERING_KEY,
    queryFn: async () => onlineOrderingSchema.parse(await apiGet(ONLINE_ORDERING_KEY[0])),
    refetchInterval: 30_000,
    refetchIntervalInBackground: true,
    retry: 2,
  });

export const useOnlineOrdering = () => useQuery(onlineOrderingQuery());
