/**
 * HTTP connection limits (docs/operations.md, "Limits"): a client that opens thousands of
 * sockets, trickles its headers or body, or keeps idle connections open cannot use up the
 * server. Node cuts slow and idle connections with the timeouts that `httpTimeoutOptions`
 * gives Fastify's constructor; `registerConnectionLimits` caps the TCP connections one remote
 * address may hold open. The WebSocket limits (heartbeat, idle close, message rate) live in
 * features/realtime/socket-limits.ts and count per client address the same way.
 */
import { BlockList, isIPv6, type Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import type { Config } from '../config.ts';
import type { AppInstance } from './types.ts';

export interface HttpLimits {
  /** Open TCP connections one remote address may hold, WebSockets included. */
  connectionsPerAddress: number;
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

/**
 * Production defaults. The cap is far above what a browser opens (about 6 per site, plus a
 * WebSocket) so a shop's Wi-Fi or a mobile carrier's shared address (CGNAT) is not refused, and
 * far below the ~20,000 idle sockets that took the server down.
 */
export const HTTP_LIMITS: HttpLimits = {
  connectionsPerAddress: 200,
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
 * Caps open TCP connections per remote address: the connection beyond the cap is destroyed
 * at once, before Node reads a byte of it. Idle ones are reaped by the timeouts above.
 */
export function registerConnectionLimits(
  app: AppInstance,
  config: Config,
  overrides: Partial<HttpLimits> = {},
): void {
  const { connectionsPerAddress } = { ...HTTP_LIMITS, ...overrides };
  const isTrustedProxy = trustedProxyCheck(config.trustProxy);
  const open = new PerAddressCounter(connectionsPerAddress);
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address)) return;
    if (!open.tryOpen(address)) {
      socket.destroy();
      if (open.shouldReport(address)) {
        app.log.warn(
          { address, limit: connectionsPerAddress },
          'connection limit reached: refusing further connections from this address',
        );
      }
      return;
    }
    socket.once('close', () => open.close(address));
  });
}
