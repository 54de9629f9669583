/**
 * The cash drawer's calls (decision 012). Answers are parsed with the shared schemas; writes
 * carry one Idempotency-Key per attempt, so a double tap or a retry opens, pays out or closes
 * once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import { keyPerAttempt } from '#client/lib/idempotency-key.ts';
import {
  currentDrawerResponseSchema,
  drawerSessionResponseSchema,
  zReportSchema,
  type CashDrawerSession,
  type CurrentDrawer,
} from '#shared/cash-drawer/cash-drawer.schema.ts';
import { shopInfoSchema } from '#shared/settings/settings.schema.ts';

const CURRENT_KEY = ['/api/pos/cash-drawer'] as const;

/** GET /api/pos/cash-drawer: the open drawer with its running figures, or none. */
export const currentDrawerQuery = () =>
  queryOptions({
    queryKey: CURRENT_KEY,
    queryFn: async () => currentDrawerResponseSchema.parse(await apiGet(CURRENT_KEY[0])),
    // Sales come from the POS, maybe on another tablet: fresh whenever the screen is looked at.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useCurrentDrawer = () => useQuery(currentDrawerQuery());

/** GET /api/pos/cash-drawer/sessions/:id/report */
export const zReportQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/pos/cash-drawer/sessions', id, 'report'],
    queryFn: async () =>
      zReportSchema.parse(await apiGet(`/api/pos/cash-drawer/sessions/${id}/report`)),
    staleTime: 0,
  });

export const useZReport = (id: string) => useQuery(zReportQuery(id));

/** The shop's name and address for the report's head (the storefront reads the same). */
export const useShopInfo = () =>
  useQuery({
    queryKey: ['/api/shop-info'],
    queryFn: async () => shopInfoSchema.parse(await apiGet('/api/shop-info')),
  });

/** A write to the drawer that answers `{ session }` and refreshes the open drawer. */
function useDrawerWrite<T>(url: string) {
  const queryClient = useQueryClient();
  const [keyFor] = useState(keyPerAttempt);
  return useMutation({
    mutationFn: async (body: T): Promise<CashDrawerSession> =>
      drawerSessionResponseSchema.parse(
        await apiRequest('POST', url, body, { 'Idempotency-Key': keyFor(body) }),
      ).session,
    onSuccess: (session) => {
      queryClient.setQueryData<CurrentDrawer>(CURRENT_KEY, (current) => ({
        session: session.closedAt ? null : session,
        lastClosed: session.closedAt
          ? { id: session.id, closedAt: session.closedAt }
          : (current?.lastClosed ?? null),
      }));
    },
    // Someone else may have opened or closed the drawer (409): show what is true now.
    onError: () => void queryClient.invalidateQueries({ queryKey: CURRENT_KEY }),
  });
}

export const useOpenDrawer = () => useDrawerWrite<{ float: string }>('/api/pos/cash-drawer/open');

export const useRecordMovement = () =>
  useDrawerWrite<{ kind: 'pay-in' | 'pay-out'; amount: string; reason: string }>(
    '/api/pos/cash-drawer/movements',
  );

export const useCloseDrawer = () =>
  useDrawerWrite<{ counted: string; note?: string }>('/api/pos/cash-drawer/close');
