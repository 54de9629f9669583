import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { shopStatusSchema, weekHoursSchema } from '#shared/shop-hours/shop-hours.ts';
import { shopInfoSchema } from '#shared/settings/settings.schema.ts';

/** Spec: refetched every 60 s with 3 retries. */
export const shopStatusQuery = () =>
  queryOptions({
    queryKey: ['/api/shop-status'],
    queryFn: async () => shopStatusSchema.parse(await apiGet('/api/shop-status')),
    refetchInterval: 60_000,
    retry: 3,
  });

export const shopHoursQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/shop-hours'],
    queryFn: async () => weekHoursSchema.parse(await apiGet('/api/admin/shop-hours')),
  });

export const shopInfoQuery = () =>
  queryOptions({
    queryKey: ['/api/shop-info'],
    queryFn: async () => shopInfoSchema.parse(await apiGet('/api/shop-info')),
  });

export const useShopStatus = () => useQuery(shopStatusQuery());
export const useShopHours = () => useQuery(shopHoursQuery());
export const useShopInfo = () => useQuery(shopInfoQuery());

/** Spec: the shop is treated as open until the server says otherwise. */
export function useIsShopOpen(): boolean {
  const { data } = useShopStatus();
  return data?.isOpen ?? true;
}
