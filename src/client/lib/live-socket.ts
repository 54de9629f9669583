/**
 * The browser end of /ws (DESIGN.md departure 6; STYLE.md habit 6: sockets notify, queries
 * fetch). One reconnecting WebSocket per screen that wants live changes: messages are checked
 * with the shared rule (server-message.ts, the schema's rule without zod: decision 016), a dropped connection comes back with backoff and asks for the events
 * it missed (`resume` with the last sequence it saw, decision 008), and `onReconnect` tells the
 * screen to refetch when that cannot be replayed (the server says `refetch`, or no event had
 * been seen yet).
 */
import { useEffect, useRef, useState } from 'react';
import type { ServerMessage } from '#shared/realtime/events.ts';
import { toServerMessage } from '#shared/realtime/server-message.ts';

export type LiveSocketStatus = 'connecting' | 'open' | 'reconnecting';

export interface LiveSocketOptions {
  /** Every valid message from the server; anything that fails the schema is ignored. */
  onMessage?: (message: ServerMessage) => void;
  /** Called when what was missed while disconnected cannot be replayed: refetch then. */
  onReconnect?: () => void;
  /** Called once the socket is open (first time and after reconnects) to send subscriptions. */
  onOpen?: (send: (message: unknown) => void) => void;
  /** False keeps the socket closed (e.g. until a session exists). Default true. */
  enabled?: boolean;
}

export interface LiveSocket {
  status: LiveSocketStatus;
  connected: boolean;
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 15_000;
/** Keeps idle proxies from closing the connection, and finds a dead one sooner. */
const PING_EVERY_MS = 25_000;

/** ws:// or wss:// to /ws on the host that served the page. */
function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Delay before reconnect attempt `attempt` (0-based): doubling, capped, with jitter. */
function reconnectDelay(attempt: number): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    return toServerMessage(JSON.parse(data));
  } catch {
    return null;
  }
}

export function useLiveSocket({
  onMessage,
  onReconnect,
  onOpen,
  enabled = true,
}: LiveSocketOptions = {}): LiveSocket {
  const [status, setStatus] = useState<LiveSocketStatus>('connecting');
  // The latest callbacks, without reconnecting whenever a screen passes new closures.
  const handlers = useRef({ onMessage, onReconnect, onOpen });
  useEffect(() => {
    handlers.current = { onMessage, onReconnect, onOpen };
  });

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let attempt = 0;
    let missedSomething = false;
    /**
     * The sequence of the last event heard, per kind of message (one event can reach a staff
     * member's socket as orderChanged and as statusUpdate); 0 until one is.
     */
    const lastSequence = new Map<string, number>();
    const lastHeard = () => Math.max(0, ...lastSequence.values());
    let stopped = false;

    const scheduleReconnect = () => {
      if (stopped) return;
      missedSomething = true;
      setStatus('reconnecting');
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };

    const send = (message: unknown) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };

    function connect() {
      if (stopped) return;
      let current: WebSocket;
      try {
        current = new WebSocket(liveSocketUrl());
      } catch (error) {
        console.warn('Live updates: could not open the socket', error);
        scheduleReconnect();
        return;
      }
      socket = current;
      current.onopen = () => {
        setStatus('open');
        clearInterval(pingTimer);
        pingTimer = setInterval(() => send({ type: 'ping' }), PING_EVERY_MS);
        handlers.current.onOpen?.(send);
        if (missedSomething) {
          missedSomething = false;
          // After the subscriptions: replay what this socket's orders missed, or refetch.
          if (lastHeard() > 0) send({ type: 'resume', after: lastHeard() });
          else handlers.current.onReconnect?.();
        }
      };
      current.onmessage = (event: MessageEvent) => {
        const message = parseServerMessage(event.data);
        if (!message) return;
        // Only a greeted socket resets the back-off: one the server opens and closes at once
        // (1013 'server busy' at its socket total) keeps backing off.
        if (message.type === 'hello') attempt = 0;
        if (message.type === 'refetch') return void handlers.current.onReconnect?.();
        if ('sequence' in message && message.sequence !== undefined) {
          // A replay can overlap what was heard live: each event once.
          if (message.sequence <= (lastSequence.get(message.type) ?? 0)) return;
          lastSequence.set(message.type, message.sequence);
        }
        handlers.current.onMessage?.(message);
      };
      current.onclose = () => {
        clearInterval(pingTimer);
        if (socket === current) socket = null;
        scheduleReconnect();
      };
      // A failed socket also closes; the close handler reconnects.
      current.onerror = () => undefined;
    }

    // A device waking up or coming back online should not wait out a long backoff.
    const retryNow = () => {
      if (stopped || socket) return;
      clearTimeout(retryTimer);
      attempt = 0;
      connect();
    };
    window.addEventListener('online', retryNow);
    const onVisible = () => {
      if (document.visibilityState === 'visible') retryNow();
    };
    document.addEventListener('visibilitychange', onVisible);

    setStatus('connecting');
    connect();

    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      window.removeEventListener('online', retryNow);
      document.removeEventListener('visibilitychange', onVisible);
      const last = socket;
      if (last) {
        last.onclose = null;
        last.onmessage = null;
        // Closing a socket that is still connecting makes Chromium log an error: close it once open.
        if (last.readyState === WebSocket.CONNECTING) last.onopen = () => last.close();
        else {
          last.onopen = null;
          last.close();
        }
      }
    };
  }, [enabled]);

  return { status, connected: status === 'open' };
}
