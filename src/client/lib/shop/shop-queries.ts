import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet } from '#client/lib/api-client.ts';
import {
  BASE_PREPARATION_MINUTES,
  pausedMessage,
} from '#shared/online-ordering/online-ordering-rules.ts';
import type { ShopStatus, WeekHours } from '#shared/shop-hours/shop-hours.ts';
import type { ShopInfo } from '#shared/settings/settings.schema.ts';
import { useRefetchWhenLifted } from './use-refetch-when-lifted.ts';

// Same-origin reads from our own server, typed and not parsed: zod stays out of the
// storefront's entry bundle (decision 016).

export const SHOP_STATUS_KEY = ['/api/shop-status'] as const;

/** Spec: refetched every 60 s with 3 retries. */
export const shopStatusQuery = () =>
  queryOptions({
    queryKey: SHOP_STATUS_KEY,
    queryFn: () => apiGet<ShopStatus>(SHOP_STATUS_KEY[0]),
    refetchInterval: 60_000,
    retry: 3,
  });

export const shopHoursQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/shop-hours'],
    queryFn: () => apiGet<WeekHours>('/api/admin/shop-hours'),
  });

export const shopInfoQuery = () =>
  queryOptions({
    queryKey: ['/api/shop-info'],
    queryFn: () => apiGet<ShopInfo>('/api/shop-info'),
  });

export const useShopStatus = () => useQuery(shopStatusQuery());
export const useShopHours = () => useQuery(shopHoursQuery());
export const useShopInfo = () => useQuery(shopInfoQuery());

/**
 * Whether a customer can order online now (decision 014): a pause blocks ordering
 * the way closed hours do (the server refuses the payment with 409 either way), and busy mode
 * changes the quoted time. A timed pause is refetched the moment it ends, and `shopChanged`
 * on the live socket refetches at once (use-live-menu.ts).
 */
export function useOrderingState() {
  const status = useShopStatus();
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: SHOP_STATUS_KEY }),
    [queryClient],
  );
  const onlineOrdering = status.data?.onlineOrdering;
  useRefetchWhenLifted(onlineOrdering, status.dataUpdatedAt, refetch);

  // Spec: the shop is treated as open until the server says otherwise.
  const isClosed = status.data?.isOpen === false;
  const isPaused = onlineOrdering?.paused === true;
  return {
    status: status.data,
    isClosed,
    isPaused,
    canOrder: !isClosed && !isPaused,
    /**
     * Closed, but the website takes pre-orders for a pickup slot of the next opening, on this
     * shop day (decision 026); null otherwise (open, paused, turned off, no opening this week).
     */
    preOrderDate: isClosed && !isPaused ? (status.data?.preOrderDate ?? null) : null,
    /**
     * "We're not taking online orders right now - back at 18:40" while paused, or the
     * watchdog's reason (decision 023): "The kitchen is offline; online orders are paused."
     */
    pausedMessage: isPaused
      ? pausedMessage(onlineOrdering.resumesAt, onlineOrdering.pauseReason ?? null)
      : null,
    /** What customers are quoted: 15-20 minutes, more in busy mode. */
    preparationMinutes: onlineOrdering?.preparationMinutes ?? BASE_PREPARATION_MINUTES,
  };
}
