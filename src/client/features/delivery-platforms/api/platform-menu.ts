/**
 * Push menu and the drift check (decision 027, amended 2026-11-27): the preview of what a push
 * changes, the push itself, a read-back on demand (Check now) and Fix (ours sent again). The
 * last read-back rides in the status (GET …/status, `drift`), which every mutation refreshes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  menuPreviewSchema,
  platformDriftSchema,
  platformQueuedSchema,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import { PLATFORM_STATUS_PATH } from './platform-status.ts';

const base = (platform: Platform) => `/api/admin/delivery-platforms/${platform}`;

const menuPreviewQuery = (platform: Platform) =>
  queryOptions({
    queryKey: [`${base(platform)}/menu-preview`],
    queryFn: async () => menuPreviewSchema.parse(await apiGet(`${base(platform)}/menu-preview`)),
    // A preview is of the menu as it is now: read afresh each time it is opened.
    staleTime: 0,
    gcTime: 0,
  });

export const useMenuPreview = (platform: Platform, open: boolean) =>
  useQuery({ ...menuPreviewQuery(platform), enabled: open });

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [PLATFORM_STATUS_PATH] });
}

export function usePushMenu() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (platform: Platform) =>
      platformQueuedSchema.parse(await apiRequest('POST', `${base(platform)}/menu-push`)),
    onSettled: refresh,
  });
}

export function useCheckDrift() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (platform: Platform) =>
      platformDriftSchema.parse(await apiRequest('POST', `${base(platform)}/drift/check`)),
    onSettled: refresh,
  });
}

export function useFixDrift() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (platform: Platform) =>
      platformQueuedSchema.parse(await apiRequest('POST', `${base(platform)}/drift/fix`)),
    onSettled: refresh,
  });
}
