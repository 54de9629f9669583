import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { shopInfoSchema } from '#shared/settings/settings.schema.ts';

/**
 * GET /api/shop-info: the shop's name, its public address (Shop Settings, else PUBLIC_URL) and how many tables it
 * has. Same key as the storefront's, so the two share one cached answer.
 */
const shopInfoQuery = () =>
  queryOptions({
    queryKey: ['/api/shop-info'],
    queryFn: async () => shopInfoSchema.parse(await apiGet('/api/shop-info')),
  });

export const useShopInfo = () => useQuery(shopInfoQuery());
