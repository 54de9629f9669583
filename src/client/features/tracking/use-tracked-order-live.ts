import { useEffect, useRef } from 'react';

/** What the stream says when the order changes (server: orders/order-status-stream.ts). */
export interface TrackedStatusEvent {
  status: string;
  kitchenStatus: string | null;
  kitchenEstimatedTime: number | null;
}

/** How often the page re-reads the order while the stream is down (20 look-ups a minute max). */
export const TRACK_POLL_MS = 15_000;

function parseEvent(data: unknown): TrackedStatusEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<TrackedStatusEvent>;
    if (typeof value.status !== 'string') return null;
    return {
      status: value.status,
      kitchenStatus: typeof value.kitchenStatus === 'string' ? value.kitchenStatus : null,
      kitchenEstimatedTime:
        typeof value.kitchenEstimatedTime === 'number' ? value.kitchenEstimatedTime : null,
    };
  } catch {
    return null;
  }
}

/**
 * /track follows the order it shows live (DESIGN.md departure 11), whatever the notification
 * permission. The page knows only the number, and the WebSocket follows orders by id, so it
 * listens to the order's event stream (GET /api/orders/track/:orderNumber/events); `onChange`
 * gets each change (decision 019). While the stream is down the page polls with `onResync`, and re-reads
 * once when the stream is back (it may have missed a step).
 */
export function useTrackedOrderLive(
  orderNumber: number | null,
  onChange: (event: TrackedStatusEvent) => void,
  onResync: () => void,
) {
  const handlers = useRef({ onChange, onResync });
  useEffect(() => {
    handlers.current = { onChange, onResync };
  });

  useEffect(() => {
    if (orderNumber === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/orders/track/${orderNumber}/events`);
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let wasDown = false;
    const stopPolling = () => {
      clearInterval(pollTimer);
      pollTimer = undefined;
    };
    source.addEventListener('status', (message) => {
      const event = parseEvent((message as MessageEvent).data);
      if (event) handlers.current.onChange(event);
    });
    source.onopen = () => {
      stopPolling();
      if (wasDown) handlers.current.onResync();
      wasDown = false;
    };
    // The browser reconnects by itself (the server asks for 5 s); until then, poll.
    source.onerror = () => {
      wasDown = true;
      pollTimer ??= setInterval(() => handlers.current.onResync(), TRACK_POLL_MS);
    };
    return () => {
      stopPolling();
      source.close();
    };
  }, [orderNumber]);
}
