import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopStatusSchema } from '#shared/shop-hours/shop-hours.ts';
import { apiGet } from '#client/lib/api-client.ts';

/** GET /api/shop-status, under the storefront's key: it carries the shop's time zone. */
const shopStatusQuery = () =>
  queryOptions({
    queryKey: ['/api/shop-status'],
    queryFn: async () => shopStatusSchema.parse(await apiGet('/api/shop-status')),
    staleTime: 60_000,
  });

/** The kitchen's clock and order times read in the shop's zone (the tablet's until loaded). */
export function useShopTimeZone(): string | undefined {
  return useQuery({ ...shopStatusQuery(), select: (status) => status.timeZone }).data;
}
