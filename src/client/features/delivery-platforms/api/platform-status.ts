/** GET /api/admin/delivery-platforms/status: the status panel (decision 017). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatusSchema } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { apiGet } from '#client/lib/api-client.ts';

export const PLATFORM_STATUS_PATH = '/api/admin/delivery-platforms/status';
/** The status and the inbox follow webhooks at the dashboard's pace (spec back-office §9: 10 s). */
export const ACTIVITY_POLL_MS = 10_000;

export const platformStatusQuery = () =>
  queryOptions({
    queryKey: [PLATFORM_STATUS_PATH],
    queryFn: async () => platformStatusSchema.parse(await apiGet(PLATFORM_STATUS_PATH)),
    // The last event and error change as webhooks arrive, like the inbox.
    refetchInterval: ACTIVITY_POLL_MS,
  });

export const usePlatformStatus = () => useQuery(platformStatusQuery());
