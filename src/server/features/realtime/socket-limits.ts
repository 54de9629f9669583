/**
 * Limits of /ws (docs/operations.md, "Limits"): dead sockets are found by a protocol
 * heartbeat, silent ones and ones that never say what they want are closed, one address cannot
 * hold thousands, all addresses together cannot take the places kept for signed-in staff, and
 * one socket cannot flood the server with messages.
 */
import { CONNECTION_TOTALS } from '../../http/connection-limits.ts';

export interface RealtimeLimits {
  /** The server pings every socket this often; one that did not pong the last ping is dropped. */
  heartbeatEveryMs: number;
  /** A socket that sent no message for this long is closed (1001); the client reconnects. */
  idleTimeoutMs: number;
  /**
   * An anonymous socket that has not sent `subscribe`, `watch` or `resume` this long after it
   * opened is closed (1001 'no subscription'). Signed-in staff sockets hear every order and
   * need none.
   */
  subscribeTimeoutMs: number;
  /** Open sockets per client address (request.ip, so TRUST_PROXY applies). */
  socketsPerAddress: number;
  /**
   * Open sockets of everyone together. Anonymous sockets may take `socketsTotal -
   * staffSocketReserve` of them; signed-in staff (kitchen display, POS, back office) all.
   * A socket past its share is closed with 1013 'server busy' (the browser retries with
   * back-off).
   */
  socketsTotal: number;
  staffSocketReserve: number;
  /** Frames (messages, pings, pongs) a socket may send per second, sustained… */
  messagesPerSecond: number;
  /** …and at once. */
  messageBurst: number;
}

/**
 * Production defaults. The browser (src/client/lib/live-socket.ts) sends a ping message every
 * 25 s; a hidden tab's timers may slow to once a minute (Chrome's intensive throttling), so
 * 2 minutes of silence means the page is gone or asleep, never that a screen is idle.
 * A customer subscribes to at most 20 orders (realtime.routes.ts) at once when the socket
 * opens; the burst leaves room for that twice.
 */
export const REALTIME_LIMITS: RealtimeLimits = {
  heartbeatEveryMs: 30_000,
  idleTimeoutMs: 120_000,
  // A browser sends its subscription the moment the socket opens (live-socket.ts onOpen).
  subscribeTimeoutMs: 30_000,
  socketsPerAddress: 50,
  // From the process's descriptor limit (connection-limits.ts totalsForDescriptors).
  socketsTotal: CONNECTION_TOTALS.socketsTotal,
  staffSocketReserve: CONNECTION_TOTALS.staffSocketReserve,
  messagesPerSecond: 10,
  messageBurst: 40,
};

/** A token bucket: `take` answers false once the sender is over its rate. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(
      this.burst,
      this.tokens + ((now - this.updatedAt) * this.perSecond) / 1000,
    );
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
