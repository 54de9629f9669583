import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import { watchdogStatusSchema } from '#shared/watchdog/watchdog.schema.ts';

export const WATCHDOG_KEY = ['/api/admin/watchdog'] as const;

/**
 * GET /api/admin/watchdog (decision 023). `watchdogChanged` and every order change on the
 * socket refetch it; the poll keeps the display count fresh and covers a socket that is down.
 */
const watchdogQuery = () =>
  queryOptions({
    queryKey: WATCHDOG_KEY,
    queryFn: async () => watchdogStatusSchema.parse(await apiGet(WATCHDOG_KEY[0])),
    refetchInterval: 5_000,
    refetchIntervalInBackground: true,
    retry: 2,
  });

export const useWatchdogStatus = () => useQuery(watchdogQuery());

/** PUT /api/admin/watchdog/settings (admin): minutes without a display before the pause. */
export function useSaveWatchdogSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pauseAfterMinutes: number) =>
      watchdogStatusSchema.parse(
        await apiRequest('PUT', '/api/admin/watchdog/settings', { pauseAfterMinutes }),
      ),
    onSuccess: (status) => queryClient.setQueryData(WATCHDOG_KEY, status),
  });
}
