/**
 * The placing browser's token (DESIGN.md departure 12): checkout gives the browser a random
 * token in an http-only cookie and keeps only its SHA-256 with the payment, then the order.
 * A request carrying the matching cookie comes from the browser that placed the order: it sees
 * the contact details in full and may subscribe to the order's Web Push.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { IDEMPOTENCY_HEADER } from '../../http/idempotency.ts';

export const ORDER_TOKEN_COOKIE = 'order_token';
/** Long enough to come back to an order from last month; renewed at every checkout. */
const ORDER_TOKEN_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** 32 random bytes, base64url. Anything else in the cookie is ignored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const hashOrderToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** The request's order token, when it carries a well-formed one. */
export function orderTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[ORDER_TOKEN_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

/** True when the request carries the cookie whose hash the order (or payment) keeps. */
export function isPlacingBrowser(request: FastifyRequest, placedByTokenHash: string | null) {
  const token = orderTokenOf(request);
  if (!token || !placedByTokenHash) return false;
  const given = Buffer.from(hashOrderToken(token), 'utf8');
  const kept = Buffer.from(placedByTokenHash, 'utf8');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

const issued = new WeakMap<FastifyRequest, string>();

/**
 * The browser's token for this checkout, (re)sent as a cookie: the one it has, or a new one.
 *
 * NOTE: a browser's first checkout whose answer was lost has no cookie yet, and its retry gets
 * the stored answer (http/idempotency.ts) without running the handler again. So a browser
 * without a token that sends an Idempotency-Key gets a token derived from that key: only this
 * browser knows the key, and the retry derives the same token the lost answer carried. Call
 * it from an onRequest hook, so the cookie is set on a replayed answer too.
 */
export function ensureOrderToken(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'secureCookies'>,
): string {
  const already = issued.get(request);
  if (already) return already;
  const key = request.headers[IDEMPOTENCY_HEADER];
  const token =
    orderTokenOf(request) ??
    (typeof key === 'string' && UUID_PATTERN.test(key)
      ? createHash('sha256').update(`order-token:${key.toLowerCase()}`).digest('base64url')
      : randomBytes(32).toString('base64url'));
  issued.set(request, token);
  reply.setCookie(ORDER_TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies || request.protocol === 'https',
    path: '/',
    maxAge: ORDER_TOKEN_MAX_AGE_SECONDS,
  });
  return token;
}
