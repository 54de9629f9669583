/**
 * The Shop Settings screen's reads and writes (DESIGN.md departure 20): GET and PUT
 * /api/admin/shop-settings. A save refreshes every cached copy of what it changes: the shop
 * info (footer, receipts, QR codes), the shop status (time zone) and the settings list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopSettingsResponseSchema, type ShopSettings } from '#shared/settings/settings.schema.ts';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';

export const SHOP_SETTINGS_PATH = '/api/admin/shop-settings';

export const shopSettingsQuery = () =>
  queryOptions({
    queryKey: [SHOP_SETTINGS_PATH],
    queryFn: async () => shopSettingsResponseSchema.parse(await apiGet(SHOP_SETTINGS_PATH)),
    // Always the stored values when the screen opens: another admin may have saved meanwhile.
    staleTime: 0,
  });

export const useShopSettings = () => useQuery(shopSettingsQuery());

export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ShopSettings) =>
      shopSettingsResponseSchema.parse(await apiRequest('PUT', SHOP_SETTINGS_PATH, values)),
    onSuccess: (saved) => {
      queryClient.setQueryData([SHOP_SETTINGS_PATH], saved);
      return Promise.all(
        ['/api/shop-info', '/api/shop-status', '/api/admin/settings'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
}
