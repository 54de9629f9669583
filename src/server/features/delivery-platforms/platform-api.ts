/**
 * The calls we make to Wolt and Bolt Food (decision 017; integrations.md §2.4, §2.6, §3), over
 * real HTTP to the base URL in the config (WOLT_API_URL, BOLT_API_URL; a fake on loopback in
 * tests). Every answer is sorted into one of four outcomes the outbox acts on.
 */
import { boltSignature } from './signatures.ts';

const REQUEST_TIMEOUT_MS = 10_000;

export type ApiResult =
  | { outcome: 'ok'; body: unknown }
  /** Wolt's 409: the order is not in the state for this step (already done, or not allowed). */
  | { outcome: 'conflict'; message: string }
  /** Worth trying again: the platform is down, slow or busy. */
  | { outcome: 'retry'; message: string }
  /** Refused for good (bad key, unknown order, bad request). */
  | { outcome: 'failed'; message: string };

async function call(url: string, init: RequestInit, label: string): Promise<ApiResult> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { outcome: 'retry', message: `${label}: no answer (${reason})` };
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const detail = describe(body);
  if (response.ok) return { outcome: 'ok', body };
  const message = `${label}: HTTP ${response.status}${detail ? ` ${detail}` : ''}`;
  if (response.status === 409) return { outcome: 'conflict', message };
  if (response.status === 408 || response.status === 429 || response.status >= 500) {
    return { outcome: 'retry', message };
  }
  return { outcome: 'failed', message };
}

/** A short, safe summary of an error answer (never the request, which may carry a key). */
function describe(body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const text = record.message ?? record.error ?? record.detail ?? record.msg;
    if (typeof text === 'string') return text.slice(0, 200);
  }
  return typeof body === 'string' ? body.slice(0, 200) : '';
}

export interface WoltCredentials {
  baseUrl: string;
  apiKey: string;
}

/**
 * Wolt's order and venue API. Authenticated with the venue's API key in the WOLT-API-KEY
 * header (integrations.md §2.1, the order API's key credential); Wolt's OAuth for
 * self-service venues is not built (decision 017).
 */
export class WoltApi {
  constructor(private readonly credentials: WoltCredentials) {}

  private request(method: string, path: string, body?: unknown): Promise<ApiResult> {
    return call(
      `${this.credentials.baseUrl}${path}`,
      {
        method,
        headers: {
          'WOLT-API-KEY': this.credentials.apiKey,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      `Wolt ${method} ${path.replace(/\/orders\/[^/]+/, '/orders/…')}`,
    );
  }

  getOrder(orderId: string): Promise<ApiResult> {
    return this.request('GET', `/v2/orders/${encodeURIComponent(orderId)}`);
  }

  accept(orderId: string, adjustedPickupTime: string | null): Promise<ApiResult> {
    return this.request(
      'PUT',
      `/orders/${encodeURIComponent(orderId)}/accept`,
      adjustedPickupTime ? { adjusted_pickup_time: adjustedPickupTime } : {},
    );
  }

  reject(orderId: string, code: string, reason: string): Promise<ApiResult> {
    return this.request('PUT', `/orders/${encodeURIComponent(orderId)}/reject`, { reason, code });
  }

  ready(orderId: string): Promise<ApiResult> {
    return this.request('PUT', `/orders/${encodeURIComponent(orderId)}/ready`);
  }

  delivered(orderId: string): Promise<ApiResult> {
    return this.request('PUT', `/orders/${encodeURIComponent(orderId)}/delivered`);
  }

  /** PATCH /venues/{id}/online: OFFLINE until a time (or indefinitely), or ONLINE. */
  setOnline(venueId: string, online: boolean, until: Date | null): Promise<ApiResult> {
    return this.request('PATCH', `/venues/${encodeURIComponent(venueId)}/online`, {
      status: online ? 'ONLINE' : 'OFFLINE',
      until: online || !until ? null : until.toISOString(),
    });
  }
}

export interface BoltCredentials {
  baseUrl: string;
  integratorId: string;
  /** The HMAC secret Bolt issues with the integrator id (the card's API key). */
  secret: string;
}

/**
 * Bolt Food's partner API (integrations.md §3): every call a POST with a JSON body, signed
 * with x-server-authorization-hmac-sha256 = base64(HMAC-SHA256(secret, raw body)). The bodies
 * ({order_id, provider_id}, plus reason) and `{code: 0}` for success are inferred.
 */
export class BoltApi {
  constructor(private readonly credentials: BoltCredentials) {}

  async post(endpoint: string, body: Record<string, unknown>): Promise<ApiResult> {
    const raw = JSON.stringify(body);
    const result = await call(
      `${this.credentials.baseUrl}/genericClient/${endpoint}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-external-integrator-id': this.credentials.integratorId,
          'x-server-authorization-hmac-sha256': boltSignature(raw, this.credentials.secret),
        },
        body: raw,
      },
      `Bolt ${endpoint}`,
    );
    // An answer with a non-zero code is a refusal even on HTTP 200 (inferred, §3).
    if (result.outcome === 'ok' && result.body && typeof result.body === 'object') {
      const { code } = result.body as { code?: unknown };
      if (code !== undefined && code !== 0) {
        return {
          outcome: 'failed',
          message: `Bolt ${endpoint}: code ${String(code)} ${describe(result.body)}`.trim(),
        };
      }
    }
    return result;
  }
}
