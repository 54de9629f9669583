/**
 * HTTP connection limits (docs/operations.md, "Limits"): a client that opens thousands of
 * sockets, trickles its headers or body, or keeps idle connections open cannot use up the
 * server. Node cuts slow and idle connections with the timeouts that `httpTimeoutOptions`
 * gives Fastify's constructor; `registerConnectionLimits` caps the TCP connections one remote
 * address may hold open, and all addresses together, well under the process's file
 * descriptors (`descriptorLimit`). The WebSocket limits (heartbeat, idle close, message rate,
 * their own total with a reserve for signed-in staff) live in features/realtime/socket-limits.ts
 * and count per client address the same way.
 */
import fs from 'node:fs';
import { BlockList, isIPv6, type Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import type { Config } from '../config.ts';
import type { AppInstance } from './types.ts';

export interface HttpLimits {
  /** Open TCP connections one remote address may hold, WebSockets included. */
  connectionsPerAddress: number;
  /**
   * Open TCP connections of all addresses (trusted proxies included) together. At the cap a new
   * connection takes the place of the longest-idle one (no request in flight, not a
   * WebSocket); when every one is busy, it is closed at once.
   */
  connectionsTotal: number;
  /** Time to receive the request line and headers (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included: a trickled body is cut (408). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /**
   * A socket with no traffic either way for this long is destroyed (Fastify's
   * connectionTimeout). Also bounds how long a handler may work before answering.
   */
  idleSocketTimeoutMs: number;
  /** How often Node checks the header and request timeouts, so they hold to within this. */
  timeoutCheckEveryMs: number;
}

/** Assumed where /proc/self/limits cannot be read (not Linux): the usual soft limit. */
export const ASSUMED_DESCRIPTOR_LIMIT = 1024;

/**
 * The soft limit on open files of this process (RLIMIT_NOFILE, from /proc/self/limits), or
 * null when it cannot be read. NOTE: Node raises its soft limit to the hard limit itself when
 * it starts (src/node.cc, PlatformInit), so `ulimit -n` in the shell that starts it does not
 * lower this; only the hard limit (`ulimit -Hn`, systemd's LimitNOFILE=, docker's --ulimit
 * nofile=) does. connection-limits.test.ts holds Node to that.
 */
export function descriptorLimit(
  readLimits: () => string = () => fs.readFileSync('/proc/self/limits', 'utf8'),
): number | null {
  let text: string;
  try {
    text = readLimits();
  } catch {
    return null;
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  if (soft === undefined) return null;
  if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
  return /^\d+$/.test(soft) ? Number(soft) : null;
}

export interface ConnectionTotals {
  /** Open TCP connections in total (HttpLimits.connectionsTotal). */
  connectionsTotal: number;
  /** Open /ws sockets in total (RealtimeLimits.socketsTotal). */
  socketsTotal: number;
  /** Of those, the places anonymous sockets may not take (RealtimeLimits.staffSocketReserve). */
  staffSocketReserve: number;
}

/**
 * The totals for a descriptor limit (docs/operations.md "Limits"): connections use at most half
 * the descriptors (the other half is the database, the data folder, logs, and calls to the
 * payment provider, SMTP and push services), and never more than 5,000, which is far more than
 * a takeaway's customers and screens open. WebSockets take at most 4/5 of the connections, so
 * a fifth is always left for plain requests; a tenth of the sockets, at most 100, is kept for
 * signed-in staff (kitchen display, POS, back office).
 */
export function totalsForDescriptors(limit: number): ConnectionTotals {
  const connectionsTotal = Math.max(20, Math.min(5_000, Math.floor(limit / 2)));
  const socketsTotal = Math.floor((connectionsTotal * 4) / 5);
  const staffSocketReserve = Math.min(100, Math.floor(socketsTotal / 10));
  return { connectionsTotal, socketsTotal, staffSocketReserve };
}

/** This process's totals, from its descriptor limit at start. */
export const CONNECTION_TOTALS: ConnectionTotals = totalsForDescriptors(
  descriptorLimit() ?? ASSUMED_DESCRIPTOR_LIMIT,
);

/**
 * Production defaults. The cap is far above what a browser opens (about 6 per site, plus a
 * WebSocket) so a shop's Wi-Fi or a mobile carrier's shared address (CGNAT) is not refused, and
 * far below the ~20,000 idle sockets that took the server down.
 */
const HTTP_LIMITS: HttpLimits = {
  connectionsPerAddress: 200,
  connectionsTotal: CONNECTION_TOTALS.connectionsTotal,
  headersTimeoutMs: 10_000,
  // NOTE: a 1 MiB body (the body limit) needs about 280 kbit/s to arrive in time.
  requestTimeoutMs: 30_000,
  // NOTE: behind a load balancer that reuses connections (e.g. AWS ALB, 60 s idle), this must
  // be longer than the balancer's idle timeout, or it may send a request on a closing socket.
  keepAliveTimeoutMs: 10_000,
  idleSocketTimeoutMs: 60_000,
  timeoutCheckEveryMs: 2_000,
};

/** The timeout options for Fastify's constructor. */
export function httpTimeoutOptions(
  overrides: Partial<HttpLimits> = {},
): Pick<
  FastifyHttpOptions<Server>,
  'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'http'
> {
  const limits = { ...HTTP_LIMITS, ...overrides };
  return {
    connectionTimeout: limits.idleSocketTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      // Node's default (30 s) would let a slow request live up to 30 s past its timeout.
      connectionsCheckingInterval: limits.timeoutCheckEveryMs,
    },
  };
}

/**
 * Counts open connections per address against a limit. `shouldReport` is true once per spell
 * at the limit, so a flood logs one line, not one per refused socket.
 */
export class PerAddressCounter {
  private readonly open = new Map<string, number>();
  private readonly reported = new Set<string>();

  constructor(readonly limit: number) {}

  /** Counts one more connection from `address`, or answers false when it is at the limit. */
  tryOpen(address: string): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= this.limit) return false;
    this.open.set(address, count + 1);
    return true;
  }

  close(address: string): void {
    const count = (this.open.get(address) ?? 1) - 1;
    if (count > 0) this.open.set(address, count);
    else this.open.delete(address);
    if (count < this.limit) this.reported.delete(address);
  }

  shouldReport(address: string): boolean {
    if (this.reported.has(address)) return false;
    this.reported.add(address);
    return true;
  }

  count(address: string): number {
    return this.open.get(address) ?? 0;
  }
}

/** proxy-addr's names, which TRUST_PROXY accepts (config.ts). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a peer is a proxy that TRUST_PROXY trusts. Its connections carry many clients, so
 * they are not capped here: the proxy's own limits (e.g. nginx limit_conn) protect the server,
 * and per-client limits use the forwarded address (request.ip), as the WebSocket cap does.
 * With a hop count every peer is the proxy; with addresses only those are.
 */
export function trustedProxyCheck(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const trusted = new BlockList();
  for (const entry of trustProxy.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  // NOTE: BlockList also matches IPv4-mapped IPv6 peers (::ffff:10.0.0.1) against IPv4 rules.
  return (address) => trusted.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

/**
 * Caps open TCP connections per remote address and in total. A connection beyond its
 * address's cap is destroyed at once, before Node reads a byte of it. At the total cap a new
 * connection is kept and the longest-idle one closed instead (one with no request in flight
 * that is not a WebSocket: a kept-alive connection between requests, or one that has not sent
 * its request yet), so a flood of idle connections from many addresses cannot shut the
 * kitchen display, the POS or a customer out: their requests arrive and are answered while the
 * flood's connections wait. Only when every connection is busy is the new one destroyed. Idle
 * ones are also reaped by the timeouts above.
 */
export function registerConnectionLimits(
  app: AppInstance,
  config: Config,
  overrides: Partial<HttpLimits> = {},
): void {
  const { connectionsPerAddress, connectionsTotal } = { ...HTTP_LIMITS, ...overrides };
  const isTrustedProxy = trustedProxyCheck(config.trustProxy);
  const open = new PerAddressCounter(connectionsPerAddress);
  /** Every open connection and its requests in flight (Infinity once it is a WebSocket). */
  const busy = new Map<Socket, number>();
  /** The connections with nothing in flight, longest idle first (a Set keeps its order). */
  const idle = new Set<Socket>();
  let reportedFull = false;

  const setIdle = (socket: Socket) => {
    busy.set(socket, 0);
    idle.delete(socket);
    idle.add(socket);
  };

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const perAddress = !isTrustedProxy(address);
    if (perAddress && !open.tryOpen(address)) {
      socket.destroy();
      if (open.shouldReport(address)) {
        app.log.warn(
          { address, limit: connectionsPerAddress },
          'connection limit reached: refusing further connections from this address',
        );
      }
      return;
    }
    if (perAddress) socket.once('close', () => open.close(address));
    if (busy.size >= connectionsTotal) {
      const longestIdle = idle.values().next().value;
      if (!longestIdle) {
        socket.destroy();
        if (!reportedFull) {
          reportedFull = true;
          app.log.warn(
            { limit: connectionsTotal },
            'total connection limit reached and every connection busy: refusing new connections',
          );
        }
        return;
      }
      idle.delete(longestIdle);
      busy.delete(longestIdle);
      longestIdle.destroy();
    }
    setIdle(socket);
    socket.once('close', () => {
      busy.delete(socket);
      idle.delete(socket);
      if (busy.size < connectionsTotal) reportedFull = false;
    });
  });

  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const inFlight = busy.get(socket);
    if (inFlight === undefined) return;
    busy.set(socket, inFlight + 1);
    idle.delete(socket);
    response.once('close', () => {
      const left = (busy.get(socket) ?? 0) - 1;
      if (!busy.has(socket) || socket.destroyed) return;
      if (left > 0) busy.set(socket, left);
      else setIdle(socket);
    });
  });

  // A WebSocket stays busy for its life: /ws has its own total (socket-limits.ts).
  app.server.on('upgrade', (_request: IncomingMessage, socket: Socket) => {
    if (!busy.has(socket)) return;
    busy.set(socket, Infinity);
    idle.delete(socket);
  });
}
