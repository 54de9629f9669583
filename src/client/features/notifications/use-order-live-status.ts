import { useEffect, useRef, useState } from 'react';
import { useLiveSocket } from '../../lib/live-socket.ts';
import type { z } from 'zod';
import type { statusUpdateSchema } from '#shared/realtime/events.ts';

export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

function notificationsGranted(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * Spec customer-site §4: one socket for the customer's active orders, opened only while
 * notifications are permitted; `onUpdate` gets each statusUpdate for those orders.
 */
export function useOrderLiveStatus(
  activeOrderIds: string[],
  onUpdate: (update: StatusUpdate) => void,
  onReconnect?: () => void,
) {
  const [granted, setGranted] = useState(notificationsGranted);
  const ids = activeOrderIds.join(',');
  const onUpdateRef = useRef(onUpdate);
  onUpdateRef.current = onUpdate;

  // The permission may be granted while the page is open (it is asked 1 s after load).
  useEffect(() => {
    if (granted || typeof navigator.permissions?.query !== 'function') return;
    let status: PermissionStatus | undefined;
    void navigator.permissions
      .query({ name: 'notifications' })
      .then((result) => {
        status = result;
        result.onchange = () => setGranted(notificationsGranted());
      })
      .catch(() => {});
    return () => {
      if (status) status.onchange = null;
    };
  }, [granted]);

  // Orders that become active while the socket is open are subscribed too.
  const sendRef = useRef<((message: unknown) => void) | null>(null);
  useEffect(() => {
    if (!ids) return;
    for (const orderId of ids.split(',')) sendRef.current?.({ type: 'subscribe', orderId });
  }, [ids]);

  const idsRef = useRef(ids);
  idsRef.current = ids;
  return useLiveSocket({
    enabled: granted && ids.length > 0,
    onOpen: (send) => {
      sendRef.current = send;
      for (const orderId of idsRef.current.split(',')) send({ type: 'subscribe', orderId });
    },
    onMessage: (message) => {
      if (message.type === 'statusUpdate' && idsRef.current.split(',').includes(message.orderId)) {
        onUpdateRef.current(message);
      }
    },
    onReconnect,
  });
}
