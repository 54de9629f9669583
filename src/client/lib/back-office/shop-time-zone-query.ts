import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopStatusSchema } from '#shared/shop-hours/shop-hours.ts';
import { apiGet } from '#client/lib/api-client.ts';

/** GET /api/shop-status, under the storefront's key: it carries the shop's time zone. */
const shopStatusQuery = () =>
  queryOptions({
    queryKey: ['/api/shop-status'],
    queryFn: async () => shopStatusSchema.parse(await apiGet('/api/shop-status')),
  });

/** Times on the dashboard read as the shop's clock; the browser's until this has loaded. */
export function useShopTimeZone(): string | undefined {
  return useQuery({ ...shopStatusQuery(), select: (status) => status.timeZone }).data;
}
