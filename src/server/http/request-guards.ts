/**
 * Guards every request passes before its handler (docs/operations.md "Limits"):
 *
 * - Cross-site requests: a state-changing request (anything but GET, HEAD, OPTIONS) that a
 *   browser sent from a foreign page is refused with 403 before the handler runs, and so is a
 *   WebSocket handshake from a foreign page (it would carry a staff cookie). A browser says where
 *   a request comes from in `Sec-Fetch-Site` and `Origin`; a request with neither is not from a
 *   browser page and cannot ride a visitor's cookies. NOTE: "same-site" is refused too: a page
 *   on another port of the same host is another origin (it created an admin account once).
 *   Webhooks from providers and platforms prove themselves by signature instead.
 * - Control characters: a NUL byte or another control character in any text input (path
 *   parameter, query, JSON body) is a 400 naming the field, never a 500 from the database.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden, HttpError } from './errors.ts';
import type { AppInstance } from './types.ts';

/** Routes that are called by servers, not browsers, and verify a signature or fetch back. */
const SIGNED_WEBHOOK_ROUTES = new Set(['POST /api/viva-wallet/webhook']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const CROSS_SITE_MESSAGE = 'Cross-site request refused.';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origins this server answers as: the one the request was addressed to, and PUBLIC_URL's. */
function ownOrigins(request: FastifyRequest, publicOrigin: string | null): string[] {
  const own = originOf(`${request.protocol}://${request.host}`);
  return [own, publicOrigin].filter((origin): origin is string => origin !== null);
}

/** Why a browser request looks cross-origin, or null when it is same-origin or not a browser's. */
function crossOriginReason(request: FastifyRequest, publicOrigin: string | null): string | null {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return `sec-fetch-site ${fetchSite}`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  // Under our Referrer-Policy no-referrer, Chromium sends `Origin: null` with a same-origin form
  // post (the payment simulator's Pay button); Sec-Fetch-Site, which no page can set, vouches.
  if (origin === 'null' && typeof fetchSite === 'string') return null;
  // "null" is what sandboxed frames and privacy-sensitive redirects send: not us.
  if (!ownOrigins(request, publicOrigin).includes(origin)) return `origin ${origin}`;
  return null;
}

// C0 controls except tab, line feed and carriage return; DEL; and UTF-16 halves without
// their pair (PostgreSQL cannot store them). Free text keeps its line breaks.
const FORBIDDEN_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MAX_DEPTH = 20;

/** The path of the first string (or object key) in `value` holding a forbidden character. */
export function findControlCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return FORBIDDEN_TEXT.test(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  // Raw bytes (an uploaded photo) are not text: walking them would cost a key per byte.
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (FORBIDDEN_TEXT.test(key)) return childPath;
    const found = findControlCharacter(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

export function controlCharacterError(field: string): HttpError {
  const message = 'contains a control character, which is not allowed';
  return new HttpError(400, `${field}: ${message}`, { [field]: message });
}

export function registerRequestGuards(app: AppInstance, config: Pick<Config, 'publicUrl'>) {
  const publicOrigin = originOf(config.publicUrl);

  app.addHook('onRequest', async (request) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const isStateChange = !SAFE_METHODS.has(request.method);
    const isSocket = request.routeOptions.url === '/ws';
    if ((isStateChange || isSocket) && !SIGNED_WEBHOOK_ROUTES.has(route)) {
      const reason = crossOriginReason(request, publicOrigin);
      if (reason) {
        request.log.warn({ route, reason }, 'cross-site request refused');
        throw forbidden(CROSS_SITE_MESSAGE);
      }
    }
    // Path parameters and the query are known before the body is read.
    const field =
      findControlCharacter(request.params) ?? findControlCharacter(request.query, 'query');
    if (field) throw controlCharacterError(field);
  });

  // preValidation: the body is parsed, the route's schema has not looked at it yet.
  app.addHook('preValidation', async (request) => {
    const field = findControlCharacter(request.body);
    // '_' is a body that is text itself (a webhook's raw JSON).
    if (field) throw controlCharacterError(field === '_' ? 'body' : field);
  });
}
