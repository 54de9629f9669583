/**
 * The kitchen display's taps go through one queue (kitchen-outbox.ts, decision 024): sent at
 * once when the connection is up, kept on this device (localStorage, so a reload loses none)
 * while it is down, and sent in order, each with its own Idempotency-Key, when it returns.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { newIdempotencyKey } from '#client/lib/idempotency-key.ts';
import { KITCHEN_ORDERS_KEY } from './api/kitchen-orders-query.ts';
import { platformErrorMessage } from './api/reject-platform-order.ts';
import {
  applyTaps,
  dropStale,
  flushTaps,
  tapResultOf,
  type KitchenChange,
  type KitchenTap,
  type TapResult,
} from './kitchen-outbox.ts';

const STORAGE_KEY = 'kitchen-outbox';
/** While taps wait, how often the queue tries again (and at once on reconnect or `online`). */
const RETRY_EVERY_MS = 3_000;

function load(): KitchenTap[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? dropStale(stored as KitchenTap[], new Date()) : [];
  } catch {
    return [];
  }
}

function save(taps: readonly KitchenTap[]) {
  try {
    if (taps.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(taps));
  } catch {
    // Private mode or a full storage: the queue still lives in memory.
  }
}

/** PUT /api/admin/orders/:id/kitchen-status with the tap's key (spec back-office §7). */
async function sendTap(tap: KitchenTap): Promise<TapResult> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/orders/${tap.orderId}/kitchen-status`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': tap.key },
      body: JSON.stringify({ ...tap.change, timestamp: tap.tappedAt }),
    });
  } catch {
    return { kind: 'network' };
  }
  if (response.ok) return { kind: 'sent' };
  const text = await response.text().catch(() => '');
  const error = new ApiError(response.status, text || response.statusText);
  return tapResultOf(response.status, platformErrorMessage(error, 'Failed to update order status'));
}

export interface KitchenOutbox {
  /** Taps not yet answered by the server, oldest first. */
  waiting: readonly KitchenTap[];
  /** The last try got no answer: the display is working from what it has. */
  unreachable: boolean;
  tap: (order: Pick<KitchenOrder, 'id' | 'orderNumber'>, change: KitchenChange) => void;
  /** Try to send now (after a reconnect). */
  flush: () => void;
}

export function useKitchenOutbox(): KitchenOutbox {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<KitchenTap[]>(load);
  const [unreachable, setUnreachable] = useState(false);
  const current = useRef(waiting);
  const sending = useRef(false);

  const store = useCallback((next: KitchenTap[]) => {
    current.current = next;
    save(next);
    setWaiting(next);
  }, []);

  const flush = useCallback(() => {
    // One run at a time: a tap is never in flight twice from this screen.
    if (sending.current || current.current.length === 0) return;
    sending.current = true;
    void (async () => {
      let reachedServer = false;
      try {
        const outcome = await flushTaps(current.current, async (next) => {
          const result = await sendTap(next);
          if (result.kind !== 'network') {
            reachedServer = true;
            if (result.kind === 'sent') {
              // The list read before this step must not show the order a step back while it is
              // read again: the step goes into the cache as it leaves the queue.
              queryClient.setQueryData<KitchenOrder[]>(KITCHEN_ORDERS_KEY, (orders) =>
                orders ? applyTaps(orders, [next]) : orders,
              );
            }
            // Off the queue as soon as it is answered, so a tap added meanwhile is kept.
            store(current.current.filter((queued) => queued.key !== next.key));
          }
          return result;
        });
        for (const { tap, message } of outcome.refused) {
          toast.error('Update Failed', { description: `Order #${tap.orderNumber}: ${message}` });
        }
        setUnreachable(outcome.remaining.length > 0);
      } finally {
        sending.current = false;
        if (reachedServer) void queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_KEY });
        // Taps added while this run was sending.
        if (reachedServer && current.current.length > 0) flush();
      }
    })();
  }, [queryClient, store]);

  const tap = useCallback(
    (order: Pick<KitchenOrder, 'id' | 'orderNumber'>, change: KitchenChange) => {
      store([
        ...current.current,
        {
          key: newIdempotencyKey(),
          orderId: order.id,
          orderNumber: order.orderNumber,
          change,
          tappedAt: new Date().toISOString(),
        },
      ]);
      flush();
    },
    [flush, store],
  );

  // While taps wait: try again every few seconds, and at once when the device is back online.
  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (!hasWaiting) return;
    const timer = setInterval(flush, RETRY_EVERY_MS);
    window.addEventListener('online', flush);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', flush);
    };
  }, [hasWaiting, flush]);
  // Taps kept from before a reload.
  useEffect(flush, [flush]);

  return { waiting, unreachable: unreachable && hasWaiting, tap, flush };
}
