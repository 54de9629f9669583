/**
 * For a customer page without the menu's socket (checkout): a pause or busy change
 * (`shopChanged`, decision 014) refetches the shop status at once, so Place Order
 * stops or starts within a second. Pages that browse the menu get this from useLiveMenu.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveSocket } from '../live-socket.ts';
import { SHOP_STATUS_KEY } from './shop-queries.ts';

export function useLiveShopStatus() {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: SHOP_STATUS_KEY }),
    [queryClient],
  );
  useLiveSocket({
    // Says what this socket is for; the server closes a customer's socket that never does.
    onOpen: (send) => send({ type: 'watch' }),
    onMessage: (message) => {
      if (message.type === 'shopChanged') refetch();
    },
    onReconnect: refetch,
  });
}
