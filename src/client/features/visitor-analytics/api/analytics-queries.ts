/**
 * The back office's analytics calls (spec back-office §7 "Analytics and dashboard"): today's
 * figures, a range's, and the refresh of a day. Keys are the URLs, like the rest of the app.
 *
 * Unlike the app's default (never stale), these refetch whenever the card or the panel opens:
 * page views arrive all day without any event telling the back office.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dailyVisitorStatsSchema,
  rangeAnalyticsSchema,
} from '#shared/analytics/analytics.schema.ts';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';

export const DAILY_PATH = '/api/admin/analytics/daily';
export const VISITORS_PATH = '/api/admin/analytics/visitors';
export const REFRESH_PATH = '/api/admin/analytics/refresh';

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** GET /api/admin/analytics/daily: today on the shop's clock (`date` says which day). */
export const dailyStatsQuery = () =>
  queryOptions({
    queryKey: [DAILY_PATH],
    queryFn: async () => dailyVisitorStatsSchema.parse(await apiGet(DAILY_PATH)),
    staleTime: 0,
  });

/**
 * GET /api/admin/analytics/visitors. `null` asks for the server's default (the last 7 days to
 * today, spec §9), whose answer says which dates those are.
 */
export const rangeQuery = (range: DateRange | null) =>
  queryOptions({
    queryKey: range ? [VISITORS_PATH, range.startDate, range.endDate] : [VISITORS_PATH],
    queryFn: async () => {
      const url = range
        ? `${VISITORS_PATH}?${new URLSearchParams({ startDate: range.startDate, endDate: range.endDate })}`
        : VISITORS_PATH;
      return rangeAnalyticsSchema.parse(await apiGet(url));
    },
    staleTime: 0,
  });

/**
 * POST /api/admin/analytics/refresh {date}: the server recomputes that day; then today's and
 * every range's figures are fetched again. Spec §8: a failed refresh is only logged.
 */
export function useRefreshAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => apiRequest('POST', REFRESH_PATH, { date }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [DAILY_PATH] }),
        queryClient.invalidateQueries({ queryKey: [VISITORS_PATH] }),
      ]),
    onError: (error) => console.warn('Analytics refresh failed', error),
  });
}
