/**
 * The calls we make to Wolt and Bolt Food (decision 017; integrations.md §2.4, §2.6, §3), over
 * real HTTP to the base URL in the config (WOLT_API_URL, BOLT_API_URL; a fake on loopback in
 * tests), behind one PlatformAdapter per platform. Every answer is sorted into one of four
 * outcomes the outbox acts on.
 */
import type {
  AvailabilityChange,
  Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { PlatformAction } from './platform-orders.service.ts';
import type { WeekHours } from '#shared/shop-hours/shop-hours.ts';
import {
  boltAvailabilityBody,
  boltMenuBody,
  boltMenuShown,
  boltScheduleBody,
} from './bolt-sync-mapping.ts';
import type { PlatformReadBack, ShopMenu } from './platform-menu.ts';
import { boltSignature } from './signatures.ts';
import {
  woltAvailabilityRequest,
  woltMenuItemsShown,
  woltMenuRequest,
  woltOpeningTimesRequest,
} from './wolt-sync-mapping.ts';

/** How long the drift check waits for Wolt's menu export to be ready. */
const MENU_EXPORT_WAIT_MS = 30_000;
const MENU_EXPORT_POLL_MS = 500;
/** Where Wolt's menu export may be read (its resource_url). */
const EXPORT_HOSTS = ['wolt.com', 'woltapi.com', 'amazonaws.com'];

const REQUEST_TIMEOUT_MS = 10_000;

export type ApiResult =
  | { outcome: 'ok'; body: unknown }
  /** Wolt's 409: the order is not in the state for this step (already done, or not allowed). */
  | { outcome: 'conflict'; message: string }
  /** Worth trying again: the platform is down, slow or busy. */
  | { outcome: 'retry'; message: string }
  /** Refused for good (bad key, unknown order, bad request). */
  | { outcome: 'failed'; message: string };

/**
 * What the outbox asks of a delivery platform (decision 017): the call each kitchen step owes
 * (Start = accept, Ready = ready, Done = delivered, and Reject), reading an order, and pausing
 * the venue. `orderId` is the platform's own id of the order.
 */
export interface PlatformAdapter {
  accept(orderId: string, adjustedPickupTime: string | null): Promise<ApiResult>;
  reject(orderId: string, code: string, reason: string): Promise<ApiResult>;
  ready(orderId: string): Promise<ApiResult>;
  delivered(orderId: string): Promise<ApiResult>;
  /** The order as the platform has it now; `failed` where the platform offers no read. */
  fetchOrder(orderId: string): Promise<ApiResult>;
  /**
   * After a 409: whether the platform's own state shows the step already done. False when
   * that cannot be read, so the 409 is shown as a refusal.
   */
  stepDone(orderId: string, action: PlatformAction): Promise<boolean>;
  /** Online again, or paused until a time (or indefinitely). */
  setVenueOnline(online: boolean, until: Date | null): Promise<ApiResult>;
  /** An item, sauce or add-on sold out, or on sale again (decision 027). */
  setAvailability(change: AvailabilityChange): Promise<ApiResult>;
  /** The week's opening hours, the whole week (decision 027). */
  setOpeningHours(week: WeekHours): Promise<ApiResult>;
  /** The whole menu (decision 027, amended); on Wolt it replaces the venue's menu. */
  pushMenu(menu: ShopMenu): Promise<ApiResult>;
  /** What the platform shows now, for the drift check (decision 027, amended). */
  readBack(): Promise<
    { outcome: 'ok'; shown: PlatformReadBack } | { outcome: 'error'; message: string }
  >;
}

/** What an adapter needs of a platform's saved settings (the Delivery Platforms card). */
export interface AdapterSettings {
  apiKey: string;
  venueId: string;
  integratorId: string;
}

/** Each platform's adapter, made from the config's base URLs and its saved settings. */
export const PLATFORM_ADAPTERS: Record<
  Platform,
  (
    baseUrls: { woltApiUrl: string; boltApiUrl: string },
    settings: AdapterSettings,
  ) => PlatformAdapter
> = {
  wolt: (baseUrls, settings) =>
    new WoltApi({
      baseUrl: baseUrls.woltApiUrl,
      apiKey: settings.apiKey,
      venueId: settings.venueId,
    }),
  bolt: (baseUrls, settings) =>
    new BoltApi({
      baseUrl: baseUrls.boltApiUrl,
      integratorId: settings.integratorId,
      secret: settings.apiKey,
      providerId: settings.venueId,
    }),
};

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

interface WoltCredentials {
  baseUrl: string;
  apiKey: string;
  venueId: string;
}

/** Wolt order_status values at or past each step (§2.5): a 409 then means "already done". */
const WOLT_DONE_AFTER: Record<PlatformAction, string[]> = {
  accept: ['acknowledged', 'production', 'ready', 'delivered'],
  reject: ['rejected'],
  ready: ['ready', 'delivered'],
  delivered: ['delivered'],
};

/**
 * Wolt's order and venue API. Authenticated with the venue's API key in the WOLT-API-KEY
 * header (integrations.md §2.1, the order API's key credential); Wolt's OAuth for
 * self-service venues is not built (decision 017).
 */
class WoltApi implements PlatformAdapter {
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

  /** GET /v2/orders/{id}: the OrderV2 as Wolt has it now (§2.5). */
  fetchOrder(orderId: string): Promise<ApiResult> {
    return this.request('GET', `/v2/orders/${encodeURIComponent(orderId)}`);
  }

  /** A 409 is "already done or not allowed" (§2.4): the order's status now tells which. */
  async stepDone(orderId: string, action: PlatformAction): Promise<boolean> {
    const fetched = await this.fetchOrder(orderId);
    if (fetched.outcome !== 'ok' || !fetched.body || typeof fetched.body !== 'object') {
      return false;
    }
    const status = String((fetched.body as { order_status?: unknown }).order_status ?? '');
    return WOLT_DONE_AFTER[action].includes(status.toLowerCase());
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

  /** PATCH /venues/{id}/online: OFFLINE until a time (or indefinitely), or ONLINE (§2.6). */
  setVenueOnline(online: boolean, until: Date | null): Promise<ApiResult> {
    const venue = encodeURIComponent(this.credentials.venueId);
    return this.request('PATCH', `/venues/${venue}/online`, {
      status: online ? 'ONLINE' : 'OFFLINE',
      until: online || !until ? null : until.toISOString(),
    });
  }

  /** The item's or option value's `enabled` (§2.7; wolt-sync-mapping.ts, decision 027). */
  setAvailability(change: AvailabilityChange): Promise<ApiResult> {
    const { path, body } = woltAvailabilityRequest(this.credentials.venueId, change);
    return this.request('PATCH', path, body);
  }

  /** PATCH /venues/{id}/opening-times (§2.6; wolt-sync-mapping.ts, decision 027). */
  setOpeningHours(week: WeekHours): Promise<ApiResult> {
    const { path, body } = woltOpeningTimesRequest(this.credentials.venueId, week);
    return this.request('PATCH', path, body);
  }

  /** POST /v1/restaurants/{id}/menu: replaces the whole menu (§2.7; wolt-sync-mapping.ts). */
  pushMenu(menu: ShopMenu): Promise<ApiResult> {
    const { path, body } = woltMenuRequest(this.credentials.venueId, menu);
    return this.request('POST', path, body);
  }

  /** The venue's status and its menu's items (wolt-sync-mapping.ts, woltMenuItemsShown). */
  async readBack(): Promise<
    { outcome: 'ok'; shown: PlatformReadBack } | { outcome: 'error'; message: string }
  > {
    const venue = encodeURIComponent(this.credentials.venueId);
    const status = await this.request('GET', `/venues/${venue}/status`);
    if (status.outcome !== 'ok') return { outcome: 'error', message: status.message };
    const online = (status.body as { status?: { is_online?: unknown } } | null)?.status?.is_online;
    const requested = await this.request('GET', `/v2/venues/${venue}/menu`);
    if (requested.outcome !== 'ok') return { outcome: 'error', message: requested.message };
    const resource = (requested.body as { resource_url?: unknown } | null)?.resource_url;
    if (typeof resource !== 'string' || !this.mayFollow(resource)) {
      return { outcome: 'error', message: 'Wolt menu export: no usable resource_url' };
    }
    const deadline = Date.now() + MENU_EXPORT_WAIT_MS;
    while (Date.now() < deadline) {
      // A presigned address: the key is not sent to it.
      const polled = await call(resource, { method: 'GET' }, 'Wolt menu export');
      if (polled.outcome !== 'ok') return { outcome: 'error', message: polled.message };
      const body = polled.body as { status?: unknown; menu?: unknown; error?: unknown } | null;
      if (body?.status === 'READY') {
        return {
          outcome: 'ok',
          shown: {
            items: woltMenuItemsShown(body.menu),
            options: null,
            online: typeof online === 'boolean' ? online : null,
          },
        };
      }
      if (body?.status !== 'PENDING') {
        return {
          outcome: 'error',
          message: `Wolt menu export: ${typeof body?.error === 'string' ? body.error : String(body?.status)}`,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, MENU_EXPORT_POLL_MS));
    }
    return { outcome: 'error', message: 'Wolt menu export: not ready in time' };
  }

  /**
   * Wolt's export lives on https at Wolt or S3 (the hosts third-party code allows); a test's
   * fake on loopback is the API's own origin. Nothing else is fetched.
   */
  private mayFollow(resource: string): boolean {
    try {
      const url = new URL(resource);
      if (url.username || url.password) return false;
      if (url.origin === new URL(this.credentials.baseUrl).origin) return true;
      const host = url.hostname.toLowerCase();
      return (
        url.protocol === 'https:' &&
        EXPORT_HOSTS.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))
      );
    } catch {
      return false;
    }
  }
}

interface BoltCredentials {
  baseUrl: string;
  integratorId: string;
  /** The HMAC secret Bolt issues with the integrator id (the card's API key). */
  secret: string;
  /** The restaurant's provider id (the card's Restaurant ID). */
  providerId: string;
}

/** Bolt's ids look numeric in every known client (§3): send digits as a number. */
function numericIfDigits(value: string): string | number {
  return /^\d{1,15}$/.test(value) ? Number(value) : value;
}

/**
 * Bolt Food's partner API (integrations.md §3): every call a POST with a JSON body, signed
 * with x-server-authorization-hmac-sha256 = base64(HMAC-SHA256(secret, raw body)). The bodies
 * ({order_id, provider_id}, plus reason) and `{code: 0}` for success are inferred.
 */
class BoltApi implements PlatformAdapter {
  constructor(private readonly credentials: BoltCredentials) {}

  private orderCall(endpoint: string, orderId: string, extra: Record<string, unknown> = {}) {
    return this.post(endpoint, {
      order_id: numericIfDigits(orderId),
      provider_id: numericIfDigits(this.credentials.providerId),
      ...extra,
    });
  }

  /** Bolt takes no pickup time with the accept (none is public, §3). */
  accept(orderId: string): Promise<ApiResult> {
    return this.orderCall('acceptOrder', orderId);
  }

  /** Bolt's rejectOrder takes a reason (inferred, §3): the kitchen's words, else the code. */
  reject(orderId: string, code: string, reason: string): Promise<ApiResult> {
    return this.orderCall('rejectOrder', orderId, { reason: reason || code });
  }

  ready(orderId: string): Promise<ApiResult> {
    return this.orderCall('markOrderAsReadyForPickup', orderId);
  }

  /** Done: the courier or the customer collected it. */
  delivered(orderId: string): Promise<ApiResult> {
    return this.orderCall('markOrderAsPickedUp', orderId);
  }

  /** Bolt documents no read of an order's state (§3; getOrderBasket's answer is not public). */
  fetchOrder(): Promise<ApiResult> {
    return Promise.resolve({
      outcome: 'failed',
      message: 'Bolt Food documents no read of an order',
    });
  }

  /** Nothing to read (above), so a 409 cannot be told from a refusal (decision 017). */
  stepDone(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** pauseOrders takes no end time (§3): resuming is its own call, startAcceptingOrders. */
  setVenueOnline(online: boolean): Promise<ApiResult> {
    return this.post(online ? 'startAcceptingOrders' : 'pauseOrders', {
      provider_id: numericIfDigits(this.credentials.providerId),
    });
  }

  /** updateMenuItemAvailability; its body is assumed (bolt-sync-mapping.ts, decision 027). */
  setAvailability(change: AvailabilityChange): Promise<ApiResult> {
    return this.post(
      'updateMenuItemAvailability',
      boltAvailabilityBody(numericIfDigits(this.credentials.providerId), change),
    );
  }

  /** updateProviderSchedule; its body is assumed (bolt-sync-mapping.ts, decision 027). */
  setOpeningHours(week: WeekHours): Promise<ApiResult> {
    return this.post(
      'updateProviderSchedule',
      boltScheduleBody(numericIfDigits(this.credentials.providerId), week),
    );
  }

  /** pushMenu; its body is assumed (bolt-sync-mapping.ts). */
  pushMenu(menu: ShopMenu): Promise<ApiResult> {
    return this.post('pushMenu', boltMenuBody(numericIfDigits(this.credentials.providerId), menu));
  }

  /** getMenu (assumed, bolt-sync-mapping.ts); Bolt has no read of the restaurant's status. */
  async readBack(): Promise<
    { outcome: 'ok'; shown: PlatformReadBack } | { outcome: 'error'; message: string }
  > {
    const result = await this.post('getMenu', {
      provider_id: numericIfDigits(this.credentials.providerId),
    });
    if (result.outcome !== 'ok') return { outcome: 'error', message: result.message };
    const { items, options } = boltMenuShown(result.body);
    return { outcome: 'ok', shown: { items, options, online: null } };
  }

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
