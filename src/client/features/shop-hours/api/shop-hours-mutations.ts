import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { adminSettingSchema } from '#shared/settings/settings.schema.ts';
import {
  dayHoursSchema,
  type DayHours,
  type Weekday,
  type WeekHours,
} from '#shared/shop-hours/shop-hours.ts';
// The storefront's own queries: refreshing these keys changes its banner and footer at once.
import { shopHoursQuery, shopStatusQuery } from '#client/lib/shop/shop-queries.ts';

function useRefreshShopQueries() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shopStatusQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: shopHoursQuery().queryKey }),
    ]);
}

/** PUT /api/admin/shop-hours/:day (spec back-office §7: success refreshes hours and shop status). */
export function useSaveDayHours() {
  const queryClient = useQueryClient();
  const refresh = useRefreshShopQueries();
  return useMutation({
    mutationFn: async ({ day, hours }: { day: Weekday; hours: DayHours }) =>
      dayHoursSchema.parse(await apiRequest('PUT', `/api/admin/shop-hours/${day}`, hours)),
    onSuccess: (saved, { day }) => {
      queryClient.setQueryData<WeekHours>(shopHoursQuery().queryKey, (week) =>
        week ? { ...week, [day]: saved } : week,
      );
      // Not awaited: the editor closes at once, the refetch follows.
      void refresh();
    },
  });
}

/** PUT /api/admin/settings/shop_time_zone: the zone the hours are read in (an IANA name). */
export function useSaveTimeZone() {
  const refresh = useRefreshShopQueries();
  return useMutation({
    mutationFn: async (timeZone: string) =>
      adminSettingSchema.parse(
        await apiRequest('PUT', '/api/admin/settings/shop_time_zone', { value: timeZone }),
      ),
    onSuccess: () => void refresh(),
  });
}
