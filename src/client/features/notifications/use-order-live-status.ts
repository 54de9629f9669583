import { useEffect, useRef } from 'react';
import { useLiveSocket } from '#client/lib/live-socket.ts';
import type { z } from 'zod';
import type { statusUpdateSchema } from '#shared/realtime/events.ts';

export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

/** How often a screen re-reads its orders while the socket is down (the fallback). */
const LIVE_STATUS_POLL_MS = 10_000;

/**
 * Spec customer-site §4 "Live updates", with DESIGN.md departure 11: one socket for the
 * customer's orders, open whether or not notifications are permitted (the permission only
 * governs the system notification, vibration and wake lock: order-ready-alert.ts).
 * `onUpdate` gets each statusUpdate for those orders; `onResync` is called after a reconnect
 * that could not replay what was missed, and every `pollMs` while the socket is down, so the
 * screen re-reads its orders (polling as the fallback).
 */
export function useOrderLiveStatus(
  orderIds: string[],
  onUpdate: (update: StatusUpdate) => void,
  onResync?: () => void,
  pollMs = LIVE_STATUS_POLL_MS,
) {
  const ids = orderIds.join(',');
  const onUpdateRef = useRef(onUpdate);
  const onResyncRef = useRef(onResync);
  useEffect(() => {
    onUpdateRef.current = onUpdate;
    onResyncRef.current = onResync;
  });

  // The socket's subscriptions follow the list: each order once (the server counts them and
  // closes a socket that asks for too many), and one that leaves the list is let go.
  const sendRef = useRef<((message: unknown) => void) | null>(null);
  const subscribed = useRef(new Set<string>());
  const syncSubscriptions = (wanted: string) => {
    const send = sendRef.current;
    if (!send) return;
    const next = new Set(wanted ? wanted.split(',') : []);
    for (const orderId of subscribed.current) {
      if (!next.has(orderId)) send({ type: 'unsubscribe', orderId });
    }
    for (const orderId of next) {
      if (!subscribed.current.has(orderId)) send({ type: 'subscribe', orderId });
    }
    subscribed.current = next;
  };
  const syncRef = useRef(syncSubscriptions);
  syncRef.current = syncSubscriptions;
  useEffect(() => syncRef.current(ids), [ids]);

  const idsRef = useRef(ids);
  idsRef.current = ids;
  const live = useLiveSocket({
    enabled: ids.length > 0,
    onOpen: (send) => {
      // A new connection has no subscriptions yet.
      sendRef.current = send;
      subscribed.current = new Set();
      syncRef.current(idsRef.current);
    },
    onMessage: (message) => {
      if (message.type === 'statusUpdate' && idsRef.current.split(',').includes(message.orderId)) {
        onUpdateRef.current(message);
      }
    },
    onReconnect: () => onResyncRef.current?.(),
  });

  // The fallback: while the socket is down (a proxy that refuses WebSockets, a flaky network)
  // the screen polls.
  const down = ids.length > 0 && live.status === 'reconnecting';
  useEffect(() => {
    if (!down) return;
    const timer = setInterval(() => onResyncRef.current?.(), pollMs);
    return () => clearInterval(timer);
  }, [down, pollMs]);

  return live;
}
