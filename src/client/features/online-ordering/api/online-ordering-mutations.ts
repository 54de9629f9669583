import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast.tsx';
import { apiRequest, errorMessage } from '#client/lib/api-client.ts';
import {
  onlineOrderingSchema,
  preparationLabel,
  type OnlineOrdering,
} from '#shared/online-ordering/online-ordering.ts';
import {
  pausedToastDescription,
  type BusyChoice,
  type PauseChoice,
} from '../online-ordering-display.ts';
import { SHOP_STATUS_KEY } from '#client/lib/shop/shop-queries.ts';
import { ONLINE_ORDERING_KEY } from './online-ordering-query.ts';

const URL = '/api/admin/online-ordering';

/** The answer is the new state: show it at once, and let anything reading the shop status ask again. */
function settle(queryClient: QueryClient, state: OnlineOrdering) {
  queryClient.setQueryData(ONLINE_ORDERING_KEY, state);
  void queryClient.invalidateQueries({ queryKey: SHOP_STATUS_KEY });
}

/** PUT /api/admin/online-ordering/pause: 15, 30 or 60 minutes, or until resumed (null). */
export function usePauseOnlineOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (minutes: PauseChoice) =>
      onlineOrderingSchema.parse(await apiRequest('PUT', `${URL}/pause`, { minutes })),
    onSuccess: (state) => {
      settle(queryClient, state);
      toast.success('Online Orders Paused', { description: pausedToastDescription(state) });
    },
    onError: (error) => {
      toast.error('Pause Failed', {
        description: errorMessage(error, 'Failed to pause online orders'),
      });
      void queryClient.invalidateQueries({ queryKey: ONLINE_ORDERING_KEY });
    },
  });
}

/** DELETE /api/admin/online-ordering/pause: take online orders again now. */
export function useResumeOnlineOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => onlineOrderingSchema.parse(await apiRequest('DELETE', `${URL}/pause`)),
    onSuccess: (state) => {
      settle(queryClient, state);
      toast.success('Online Orders Resumed', { description: 'Customers can order online again' });
    },
    onError: (error) => {
      toast.error('Resume Failed', {
        description: errorMessage(error, 'Failed to resume online orders'),
      });
      void queryClient.invalidateQueries({ queryKey: ONLINE_ORDERING_KEY });
    },
  });
}

/** PUT /api/admin/online-ordering/busy: add 10 or 20 minutes to the quoted time (0 ends it). */
export function useSetBusyMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (extraMinutes: BusyChoice) =>
      onlineOrderingSchema.parse(await apiRequest('PUT', `${URL}/busy`, { extraMinutes })),
    onSuccess: (state) => {
      settle(queryClient, state);
      toast.success(state.busyExtraMinutes > 0 ? 'Busy Mode On' : 'Busy Mode Off', {
        description: `Customers are quoted ${preparationLabel(state.preparationMinutes)}`,
      });
    },
    onError: (error) => {
      toast.error('Busy Mode Failed', {
        description: errorMessage(error, 'Failed to change busy mode'),
      });
      void queryClient.invalidateQueries({ queryKey: ONLINE_ORDERING_KEY });
    },
  });
}
