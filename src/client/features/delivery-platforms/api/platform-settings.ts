/**
 * The platforms' settings (spec back-office §7): GET /api/admin/settings lists them (secrets
 * masked, DESIGN.md departure 7), a save POSTs /api/admin/settings once per key, in parallel,
 * and then the list is fetched again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminSettingSchema } from '#shared/settings/settings.schema.ts';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import type { SettingWrite } from '../lib/platform-form.ts';
import { PLATFORM_STATUS_PATH } from './platform-status.ts';

// The key other screens use for the settings list (settings/api/shop-settings.ts refreshes it).
const SETTINGS_PATH = '/api/admin/settings';

const adminSettingsQuery = () =>
  queryOptions({
    queryKey: [SETTINGS_PATH],
    queryFn: async () => z.array(adminSettingSchema).parse(await apiGet(SETTINGS_PATH)),
  });

export const useAdminSettings = () => useQuery(adminSettingsQuery());

export function useSavePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (writes: SettingWrite[]) =>
      Promise.all(
        writes.map(async (write) =>
          adminSettingSchema.parse(await apiRequest('POST', SETTINGS_PATH, write)),
        ),
      ),
    // Some writes may have landed before one failed: refetch either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [SETTINGS_PATH], exact: true }),
        queryClient.invalidateQueries({ queryKey: [PLATFORM_STATUS_PATH] }),
      ]),
  });
}
