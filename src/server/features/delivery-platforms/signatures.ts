/**
 * How the platforms sign what they send (decision 017): checked on the raw bytes, before any
 * parsing, in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Wolt's WOLT-SIGNATURE: HMAC-SHA256 of the raw body, lowercase hex (integrations.md §2.3). */
export function woltSignature(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Bolt's x-server-authorization-hmac-sha256: HMAC-SHA256 of the raw body, base64 (§3). */
export function boltSignature(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Equal strings in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Comparing against itself keeps the time the same when the lengths differ.
  return a.length === b.length ? timingSafeEqual(a, b) : (timingSafeEqual(b, b), false);
}

export function verifyWolt(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!secret || !header) return false;
  return sameSecret(header.trim().toLowerCase(), woltSignature(body, secret));
}

export function verifyBoltHmac(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!secret || !header) return false;
  return sameSecret(header.trim(), boltSignature(body, secret));
}

/**
 * Bolt calls us "with Basic auth or a partner-hosted identity server" (§3): with `basic`, the
 * password is our webhook secret (the user name is not checked).
 */
export function verifyBasic(header: string | undefined, secret: string): boolean {
  if (!secret || !header?.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 && sameSecret(decoded.slice(colon + 1), secret);
}
