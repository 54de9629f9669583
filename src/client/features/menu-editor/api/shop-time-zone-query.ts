import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { shopStatusSchema } from '#shared/shop-hours/shop-hours.ts';

/** GET /api/shop-status, under the storefront's key: it carries the shop's time zone. */
const shopStatusQuery = () =>
  queryOptions({
    queryKey: ['/api/shop-status'],
    queryFn: async () => shopStatusSchema.parse(await apiGet('/api/shop-status')),
  });

/**
 * The shop's time zone, for 'back at 18:00' to read as the shop's clock does. Until it has
 * loaded (or when it cannot), the browser's own zone.
 */
export function useShopTimeZone(): string | undefined {
  return useQuery({ ...shopStatusQuery(), select: (status) => status.timeZone }).data;
}
