/**
 * Limits of /ws (docs/operations.md, "Limits"): dead sockets are found by a protocol
 * heartbeat, silent ones are closed, one address cannot hold thousands, and one socket cannot
 * flood the server with messages.
 */

export interface RealtimeLimits {
  /** The server pings every socket this often; one that did not pong the last ping is dropped. */
  heartbeatEveryMs: number;
  /** A socket that sent no message for this long is closed (1001); the client reconnects. */
  idleTimeoutMs: number;
  /** Open sockets per client address (request.ip, so TRUST_PROXY applies). */
  socketsPerAddress: number;
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
  socketsPerAddress: 50,
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
