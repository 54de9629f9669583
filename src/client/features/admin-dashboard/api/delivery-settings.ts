/** The delivery fee and free-delivery threshold settings (spec §2 Settings dialog, §7). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingValueSchema } from '#shared/settings/settings.schema.ts';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

export type DeliverySettingKey = 'delivery_fee_amount' | 'free_delivery_threshold';

const settingPath = (key: DeliverySettingKey) => `/api/admin/settings/${key}`;

/** GET /api/admin/settings/:key -> {key, value, description}; asked each time the dialog opens. */
export const deliverySettingQuery = (key: DeliverySettingKey) =>
  queryOptions({
    queryKey: [settingPath(key)],
    queryFn: async () => settingValueSchema.parse(await apiGet(settingPath(key))),
    staleTime: 0,
  });

export const useDeliverySetting = (key: DeliverySettingKey) => useQuery(deliverySettingQuery(key));

/** PUT /api/admin/settings/:key {value, description}. */
export function useSaveDeliverySetting(key: DeliverySettingKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { value: string; description: string }) =>
      apiRequest('PUT', settingPath(key), body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [settingPath(key)] }),
        // The settings list of other screens, and the storefront's copy of the public ones.
        queryClient.invalidateQueries({ queryKey: ['/api/admin/settings'], exact: true }),
      ]),
  });
}
