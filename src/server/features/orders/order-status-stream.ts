/**
 * GET /api/orders/track/:orderNumber/events: the /track page's live status (DESIGN.md
 * departure 11, decision 019). The page knows only the order number: a look-up by number
 * carries no id (departure 12), and the WebSocket follows orders by id, so the page listens
 * here instead, a Server-Sent Events stream that says when the order changed. It carries what a look-up by
 * number shows anyway (status, kitchen status, estimate), never personal data; the page then
 * reads the order again (sockets notify, queries fetch).
 *
 * Opening a stream counts as one tracking look-up (the route's rate limit), and one address
 * may hold only a few streams, so a stream is no cheaper way to walk the order numbers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PerAddressCounter } from '../../http/connection-limits.ts';
import { TooManyRequestsError } from '../../http/too-many-requests.ts';
import type { OrderEvents } from '../realtime/index.ts';

export interface StatusStreamLimits {
  /** Open streams one client address may hold (a family at one Wi-Fi, a few tabs). */
  perAddress: number;
  /** A comment line this often keeps proxies and the idle-socket timeout from closing it. */
  heartbeatMs: number;
  /** How long the browser waits before it reconnects a dropped stream. */
  retryMs: number;
}

const STATUS_STREAM_LIMITS: StatusStreamLimits = {
  perAddress: 6,
  heartbeatMs: 25_000,
  retryMs: 5_000,
};

const TOO_MANY_STREAMS = 'Too many open order trackers from this address.';

/** The event a stream sends: the order's status as a look-up by number shows it. */
interface StatusStreamEvent {
  status: string;
  kitchenStatus: string | null;
  kitchenEstimatedTime: number | null;
}

export function createStatusStreams(events: OrderEvents, limits = STATUS_STREAM_LIMITS) {
  const perAddress = new PerAddressCounter(limits.perAddress);
  const open = new Set<() => void>();

  /**
   * Answers the request with the stream of order `orderNumber` (known to exist). `holder` is
   * whom the open stream counts against: the client's address, or the placing browser's token
   * (no stranger at its address can use up its streams).
   */
  function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    orderNumber: number,
    holder: string = request.ip,
  ): void {
    if (!perAddress.tryOpen(holder)) {
      throw new TooManyRequestsError(TOO_MANY_STREAMS, Math.ceil(limits.retryMs / 1000));
    }
    // The stream is written by hand: Fastify's serialising and compressing would hold it back.
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // NOTE: nginx buffers responses unless told not to.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: ${limits.retryMs}\n\n`);

    const stopListening = events.onEvent((event) => {
      if (event.orderNumber !== orderNumber) return;
      // A deleted order is not tracked (DESIGN.md departure 10): the stream ends, and the
      // browser's reconnect gets the 404 of an unknown number.
      if (event.change === 'deleted') return close();
      const data: StatusStreamEvent = {
        status: event.status,
        kitchenStatus: event.kitchenStatus,
        kitchenEstimatedTime: event.kitchenEstimatedTime,
      };
      raw.write(`event: status\ndata: ${JSON.stringify(data)}\n\n`);
    });
    const heartbeat = setInterval(() => raw.write(': still here\n\n'), limits.heartbeatMs);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      stopListening();
      clearInterval(heartbeat);
      perAddress.close(holder);
      open.delete(close);
      if (!raw.writableEnded) raw.end();
    };
    open.add(close);
    raw.on('close', close);
  }

  /** Ends every open stream (the server is closing: they would hold it open). */
  function closeAll(): void {
    for (const close of [...open]) close();
  }

  return { stream, closeAll };
}
