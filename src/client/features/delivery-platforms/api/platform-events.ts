/**
 * The webhook inbox (decision 017): GET /api/admin/delivery-platforms/events?platform=&status=
 * (newest first), refreshed every 10 s and after a Test Order or Test Webhook; a failed event can
 * be processed again (POST .../events/:id/retry).
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  platformEventListSchema,
  platformEventSchema,
  type platformEventQuerySchema,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import { ACTIVITY_POLL_MS, PLATFORM_STATUS_PATH } from './platform-status.ts';

const PLATFORM_EVENTS_PATH = '/api/admin/delivery-platforms/events';

export type PlatformEventFilters = z.input<typeof platformEventQuerySchema>;

const platformEventsQuery = (filters: PlatformEventFilters) =>
  queryOptions({
    queryKey: [PLATFORM_EVENTS_PATH, filters],
    queryFn: async () => {
      const query = new URLSearchParams();
      if (filters.platform) query.set('platform', filters.platform);
      if (filters.status) query.set('status', filters.status);
      const url = query.size ? `${PLATFORM_EVENTS_PATH}?${query.toString()}` : PLATFORM_EVENTS_PATH;
      return platformEventListSchema.parse(await apiGet(url)).events;
    },
    refetchInterval: ACTIVITY_POLL_MS,
  });

export const usePlatformEvents = (filters: PlatformEventFilters) =>
  useQuery(platformEventsQuery(filters));

/** Something may have reached a webhook: the inbox and the status panel's last event. */
export function refreshPlatformActivity(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [PLATFORM_EVENTS_PATH] }),
    queryClient.invalidateQueries({ queryKey: [PLATFORM_STATUS_PATH] }),
  ]);
}

const retryResultSchema = z.object({ event: platformEventSchema });

export function useRetryPlatformEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      retryResultSchema.parse(await apiRequest('POST', `${PLATFORM_EVENTS_PATH}/${id}/retry`))
        .event,
    onSettled: () => refreshPlatformActivity(queryClient),
  });
}
