/**
 * Who may track how often (docs/decisions/020-private-tracking.md, docs/operations.md
 * "Limits"). Tracking needs no login, so strangers may not harvest orders with it; and no
 * stranger may spend the allowance of a customer following their own order:
 *
 * - The browser that placed the order (its order_token cookie matches the order's hash) has an
 *   allowance of its own, per token, for every tracking call of that order. Nobody else's
 *   traffic counts against it: not its address's, not the total.
 * - Anyone else is a stranger to the order: per address, 20 look-ups by number (the stream's
 *   opening included) and 20 by e-mail a minute, 120 reads by id (the confirmation page re-reads
 *   at each kitchen step).
 * - Order numbers are sequential, so strangers' look-ups by number also share a total across
 *   addresses: many addresses cannot walk them. Reads by id have no total: an id is a random
 *   UUID, so a made-up one finds nothing, and a total would only let strangers refuse the
 *   customer who opened an e-mailed link on another device.
 *
 * NOTE: a request with an order token is looked up before its limit is chosen (only the order
 * says whether the token is its own), so a stranger sending a made-up token costs one indexed
 * read even when refused. Requests without a token are refused before any read.
 *
 * Counters live in this process's memory (@fastify/rate-limit's local store): with N instances
 * the totals allowed are N times as much.
 */
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types.ts';
import { TooManyRequestsError } from '../../http/too-many-requests.ts';
import { hashOrderToken, isPlacingBrowser, orderTokenOf } from './order-token.ts';

const TRACKING_LIMIT_MESSAGE = 'Too many tracking requests. Please wait a minute and try again.';

/** Per minute. Pinned in tests and in docs/operations.md "Limits". */
const TRACKING_LIMITS = {
  /** A stranger's look-ups by number (the /track page and its status stream), per address. */
  byNumberPerAddress: 20,
  /** A stranger's look-ups by e-mail, per address. */
  byEmailPerAddress: 20,
  /** A stranger's reads of an order by id (the confirmation page), per address. */
  byIdPerAddress: 120,
  /** Strangers' look-ups by number, all addresses together. */
  byNumberTotal: 600,
  /** The placing browser, per order token, over all tracking calls of its orders. */
  ownerPerToken: 300,
} as const;
const MINUTE_MS = 60_000;

export type TrackingCall = 'byNumber' | 'byId';

export interface TrackedRow {
  placedByTokenHash: string | null;
}

export function createTrackingLimits(app: AppInstance) {
  // @fastify/rate-limit counts one key per request; the key is chosen here, after the request
  // is known to be the owner's or a stranger's, so it is handed over beside the request.
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = (max: number) =>
    app.createRateLimit({
      max,
      timeWindow: MINUTE_MS,
      keyGenerator: (request: FastifyRequest) => keys.get(request) ?? request.ip,
    });
  const limiters = {
    byNumberPerAddress: limiter(TRACKING_LIMITS.byNumberPerAddress),
    byEmailPerAddress: limiter(TRACKING_LIMITS.byEmailPerAddress),
    byIdPerAddress: limiter(TRACKING_LIMITS.byIdPerAddress),
    byNumberTotal: limiter(TRACKING_LIMITS.byNumberTotal),
    ownerPerToken: limiter(TRACKING_LIMITS.ownerPerToken),
  };

  /** Counts one request under `key`; a 429 with the window's rest when it is over. */
  async function take(name: keyof typeof limiters, request: FastifyRequest, key: string) {
    keys.set(request, key);
    const result = await limiters[name](request);
    if (!result.isAllowed && result.isExceeded) {
      throw new TooManyRequestsError(TRACKING_LIMIT_MESSAGE, result.ttlInSeconds);
    }
  }

  /**
   * Admits one tracking call of the order `find` reads (null: no such order), counting it
   * against the owner's or the stranger's limits, and answers the order and whose call it is.
   * Throws 429 when the call is over its limit, before saying whether the order exists.
   */
  async function admit<Row extends TrackedRow>(
    request: FastifyRequest,
    call: TrackingCall,
    find: () => Promise<Row | null>,
  ): Promise<{ order: Row | null; byOwner: boolean; ownerKey: string | null }> {
    const token = orderTokenOf(request);
    let order: Row | null | undefined;
    if (token) {
      order = await find();
      if (order && isPlacingBrowser(request, order.placedByTokenHash)) {
        const ownerKey = `owner:${hashOrderToken(token)}`;
        await take('ownerPerToken', request, ownerKey);
        return { order, byOwner: true, ownerKey };
      }
    }
    if (call === 'byId') {
      await take('byIdPerAddress', request, request.ip);
    } else {
      // Per address first: an address already refused does not use up everybody's total.
      await take('byNumberPerAddress', request, request.ip);
      await take('byNumberTotal', request, 'all-strangers');
    }
    if (order === undefined) order = await find();
    return { order, byOwner: false, ownerKey: null };
  }

  /** A look-up by e-mail: per address (it shows strangers nothing, decision 020). */
  const admitByEmail = (request: FastifyRequest) => take('byEmailPerAddress', request, request.ip);

  return { admit, admitByEmail };
}
