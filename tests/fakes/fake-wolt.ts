/**
 * A fake Wolt on loopback (integrations.md §2.8 "fake checklist"): OrderV2 fixtures behind
 * GET /v2/orders/{id}, the PUT accept / reject / ready / delivered endpoints with a state
 * machine that answers 409 on an illegal step, PATCH /venues/{id}/online, the Menu API's
 * PATCH /venues/{id}/items and /options/values (§2.7) and the Venue API's PATCH
 * /venues/{id}/opening-times (§2.6), the whole menu's POST /v1/restaurants/{id}/menu (§2.7,
 * replacing what was shown), bodies checked against Wolt's documented schemas (400 otherwise,
 * 202 when taken); the read-back: GET /venues/{id}/status (§2.6) and GET /v2/venues/{id}/menu's
 * export, polled at its resource_url (PENDING once, then READY; the shape from third-party
 * code, decision 027's amendment); and signed notifications POSTed to our webhook (re-sends,
 * out of order, CANCELED after CREATED).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';

/** Wolt's signature, computed here on its own (integrations.md §2.3), not by the code under test. */
const woltSignature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

export interface WoltCall {
  method: string;
  path: string;
  action: string;
  orderId: string;
  body: unknown;
  status: number;
  apiKey: string | undefined;
}

/** Wolt's order_status (§2.5) after each successful step, from the statuses that allow it. */
const STEPS: Record<string, { from: string[]; to: string }> = {
  accept: { from: ['received', 'fetched'], to: 'production' },
  reject: { from: ['received', 'fetched'], to: 'rejected' },
  ready: { from: ['acknowledged', 'production'], to: 'ready' },
  delivered: { from: ['ready'], to: 'delivered' },
};

/**
 * Wolt's Menu API bodies (PatchItemsRequestPayload, PatchOptionValuesRequestPayload in the
 * official Menu API reference): `data`, an array of updates; an item names exactly one of
 * external_id, gtin or sku, an option value its external_id. Returns what is wrong, or null.
 */
const ITEM_FIELDS: Record<string, (value: unknown) => boolean> = {
  external_id: (v) => v === null || typeof v === 'string',
  gtin: (v) => v === null || typeof v === 'string',
  sku: (v) => v === null || typeof v === 'string',
  price: Number.isInteger,
  discounted_price: Number.isInteger,
  vat_percentage: (v) => typeof v === 'number',
  enabled: (v) => typeof v === 'boolean',
  disabled_until: (v) => v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v))),
  in_stock: (v) => typeof v === 'boolean',
};
const OPTION_VALUE_FIELDS: Record<string, (value: unknown) => boolean> = {
  external_id: (v) => v === null || typeof v === 'string',
  price: Number.isInteger,
  vat_percentage: (v) => v === null || typeof v === 'number',
  enabled: (v) => typeof v === 'boolean',
};

function menuPatchError(body: unknown, kind: 'items' | 'options'): string | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return 'data must be an array';
  const fields = kind === 'items' ? ITEM_FIELDS : OPTION_VALUE_FIELDS;
  for (const [index, entry] of data.entries()) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      return `data[${index}] must be an object`;
    }
    for (const [field, value] of Object.entries(entry as Record<string, unknown>)) {
      const check = fields[field];
      if (!check) return `data[${index}].${field} is not a field`;
      if (!check(value)) return `data[${index}].${field} has the wrong type`;
    }
    const record = entry as Record<string, unknown>;
    if (kind === 'items') {
      const ids = ['external_id', 'gtin', 'sku'].filter(
        (field) => typeof record[field] === 'string',
      );
      if (ids.length !== 1) return `data[${index}] must name exactly one of external_id, gtin, sku`;
      if (record.discounted_price !== undefined && record.price === undefined) {
        return `data[${index}].price is required with discounted_price`;
      }
    } else if (!('external_id' in record)) {
      return `data[${index}].external_id is required`;
    }
  }
  return null;
}

const WOLT_DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const OPENING_FIELDS = ['opening_day', 'opening_time', 'closing_day', 'closing_time'];
const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** OpeningTimesRequestPayload (the Venue API reference): what is wrong, or null. */
function openingTimesError(body: unknown): string | null {
  const availability = (body as { availability?: unknown } | null)?.availability;
  if (!Array.isArray(availability)) return 'availability must be an array';
  for (const [index, entry] of availability.entries()) {
    const record = entry as Record<string, unknown> | null;
    if (!record || typeof record !== 'object') return `availability[${index}] must be an object`;
    for (const field of Object.keys(record)) {
      if (!OPENING_FIELDS.includes(field)) return `availability[${index}].${field} is not a field`;
    }
    for (const field of ['opening_day', 'closing_day']) {
      if (!WOLT_DAYS.includes(record[field] as string)) {
        return `availability[${index}].${field} must be a day like MONDAY`;
      }
    }
    for (const field of ['opening_time', 'closing_time']) {
      if (typeof record[field] !== 'string' || !TIME.test(record[field])) {
        return `availability[${index}].${field} must be a time like 10:30`;
      }
    }
    if (record.opening_time === '24:00')
      return `availability[${index}].opening_time cannot be 24:00`;
  }
  return null;
}

const isTranslations = (value: unknown) =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every(
    (entry) =>
      entry &&
      typeof entry === 'object' &&
      typeof (entry as Record<string, unknown>).lang === 'string' &&
      typeof (entry as Record<string, unknown>).value === 'string' &&
      Object.keys(entry as object).every((key) => key === 'lang' || key === 'value'),
  );
/** A price in major units, tax included (§0, §2.7): a whole number of cents. */
const isMajorPrice = (value: unknown) =>
  typeof value === 'number' && value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const DELIVERY_METHODS = ['homedelivery', 'takeaway', 'eatin'];

type Check = (value: unknown) => boolean;
function fieldsError(
  where: string,
  record: unknown,
  required: Record<string, Check>,
  optional: Record<string, Check> = {},
): string | null {
  if (!record || typeof record !== 'object' || Array.isArray(record)) {
    return `${where} must be an object`;
  }
  const entries = record as Record<string, unknown>;
  for (const [field, check] of Object.entries(required)) {
    if (!(field in entries)) return `${where}.${field} is required`;
    if (!check(entries[field])) return `${where}.${field} has the wrong type`;
  }
  for (const [field, value] of Object.entries(entries)) {
    if (field in required) continue;
    const check = optional[field];
    if (!check) return `${where}.${field} is not a field`;
    if (!check(value)) return `${where}.${field} has the wrong type`;
  }
  return null;
}

/**
 * The create-menu body (the Menu API reference's Menu schema, as integrations.md §2.7 gives
 * its fields; `image_url` is our assumption, accepted as an http(s) address): what is wrong,
 * or null.
 */
function menuError(body: unknown): string | null {
  const isString = (v: unknown) => typeof v === 'string' && v !== '';
  const top = fieldsError('menu', body, {
    id: isString,
    currency: (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v),
    primary_language: isString,
    categories: (v) => Array.isArray(v) && v.length > 0,
  });
  if (top) return top;
  for (const [c, category] of (body as { categories: unknown[] }).categories.entries()) {
    const where = `categories[${c}]`;
    const error = fieldsError(where, category, {
      id: isString,
      name: isTranslations,
      items: (v) => Array.isArray(v),
    });
    if (error) return error;
    for (const [i, item] of (category as { items: unknown[] }).items.entries()) {
      const at = `${where}.items[${i}]`;
      const itemError = fieldsError(
        at,
        item,
        { name: isTranslations, price: isMajorPrice, external_data: isString },
        {
          description: (v) => Array.isArray(v),
          sales_tax_percentage: (v) => typeof v === 'number' && v >= 0 && v <= 100,
          enabled: (v) => typeof v === 'boolean',
          delivery_methods: (v) =>
            Array.isArray(v) && v.every((method) => DELIVERY_METHODS.includes(method as string)),
          image_url: (v) => typeof v === 'string' && /^https?:\/\//.test(v),
          options: (v) => Array.isArray(v),
        },
      );
      if (itemError) return itemError;
      for (const [o, option] of (
        ((item as { options?: unknown[] }).options ?? []) as unknown[]
      ).entries()) {
        const on = `${at}.options[${o}]`;
        const optionError = fieldsError(on, option, {
          name: isTranslations,
          type: (v) => v === 'SingleChoice' || v === 'MultiChoice',
          selection_range: (v) => {
            const range = v as { min?: unknown; max?: unknown } | null;
            return (
              Number.isInteger(range?.min) &&
              Number.isInteger(range?.max) &&
              (range!.min as number) >= 0 &&
              (range!.min as number) <= (range!.max as number)
            );
          },
          external_data: isString,
          values: (v) => Array.isArray(v) && v.length > 0,
        });
        if (optionError) return optionError;
        const typed = option as {
          type: string;
          selection_range: { max: number };
          values: unknown[];
        };
        if (typed.type === 'SingleChoice' && typed.selection_range.max !== 1) {
          return `${on}.selection_range.max must be 1 for SingleChoice`;
        }
        for (const [v, value] of typed.values.entries()) {
          const valueError = fieldsError(
            `${on}.values[${v}]`,
            value,
            { name: isTranslations, price: isMajorPrice, external_data: isString },
            { enabled: (x) => typeof x === 'boolean', default: (x) => typeof x === 'boolean' },
          );
          if (valueError) return valueError;
        }
      }
    }
  }
  return null;
}

export interface FakeWolt {
  url: string;
  apiKey: string;
  calls: WoltCall[];
  /** Successful (202) calls of one action on one order. */
  succeeded(action: string, orderId: string): number;
  /** A new order waiting for the venue's accept; returns its id. */
  addOrder(overrides?: Record<string, unknown>): string;
  order(orderId: string): Record<string, unknown>;
  setStatus(orderId: string, status: string): void;
  /**
   * The next `times` calls of `action` answer `status` (e.g. 503), changing nothing. Actions:
   * accept, reject, ready, delivered, the Menu API's `items`, `option-values` and `menu`, and
   * `opening-times`.
   */
  failNext(action: string, status: number, times: number): void;
  /**
   * Whether Wolt shows an item (or an option value) by our external_id, as the last accepted
   * PATCH left it; undefined until one named it.
   */
  enabled(kind: 'items' | 'option-values', externalId: string): boolean | undefined;
  /** The venue's opening times as the last accepted PATCH left them; undefined before one. */
  openingTimes(): Record<string, string>[] | undefined;
  /** The last menu Wolt accepted (POST /v1/restaurants/{id}/menu); undefined before one. */
  menu(): Record<string, unknown> | undefined;
  /** A change made on Wolt's side (its merchant portal, a tablet): the drift check sees it. */
  setEnabled(kind: 'items' | 'option-values', externalId: string, enabled: boolean): void;
  /** The venue's is_online (GET /venues/{id}/status); PATCH /online sets it too. */
  setOnline(online: boolean): void;
  isOnline(): boolean;
  /**
   * POSTs a notification to `webhookUrl`, signed with `secret` (or badly, or not at all);
   * resolves our webhook's HTTP status. `notificationId` lets a test re-send the same one.
   */
  /** The same notification as `notify` sends, for a test that posts it itself. */
  notification(
    secret: string,
    orderId: string,
    status: string,
    options?: { notificationId?: string; signature?: 'good' | 'wrong' | 'none' },
  ): { body: string; headers: Record<string, string> };
  notify(
    webhookUrl: string,
    secret: string,
    orderId: string,
    status: string,
    options?: { notificationId?: string; signature?: 'good' | 'wrong' | 'none' },
  ): Promise<number>;
  close(): Promise<void>;
}

export function woltOrderFixture(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    venue: { id: 'venue-1', name: 'Smoke & Bun' },
    order_number: '42',
    order_status: 'received',
    type: 'instant',
    created_at: new Date().toISOString(),
    pickup_eta: new Date(Date.now() + 20 * 60_000).toISOString(),
    consumer_name: 'Yuho K.',
    consumer_phone_number: null,
    consumer_comment: 'Extra napkins',
    delivery: { status: 'none', type: 'takeaway', time: null, self_delivery: false },
    basket_price: { total: { amount: 3130, currency: 'EUR' } },
    items: [
      {
        item_type: 'order-item-with-price-breakdown',
        id: randomUUID(),
        count: 2,
        pos_id: 'NOT-OUR-ID',
        name: 'Brisket Sandwich',
        options: [
          { id: 'o1', name: 'Sauce', value: 'Smoky BBQ', count: 1, price: { amount: 0 } },
          { id: 'o2', name: 'Extras', value: 'Pickles', count: 2, price: { amount: 50 } },
        ],
        item_price: {
          unit_price: { amount: 1290, currency: 'EUR' },
          total: { amount: 2580, currency: 'EUR' },
        },
      },
      {
        item_type: 'order-item-with-price-breakdown',
        id: randomUUID(),
        count: 1,
        pos_id: null,
        name: 'Fries',
        options: [],
        item_price: {
          unit_price: { amount: 550, currency: 'EUR' },
          total: { amount: 550, currency: 'EUR' },
        },
      },
    ],
    ...overrides,
  };
}

export async function startFakeWolt(apiKey = 'wolt-test-api-key'): Promise<FakeWolt> {
  const orders = new Map<string, Record<string, unknown>>();
  const calls: WoltCall[] = [];
  const failures = new Map<string, { status: number; times: number }>();
  const shown = { items: new Map<string, boolean>(), 'option-values': new Map<string, boolean>() };
  let openingTimes: Record<string, string>[] | undefined;
  let pushedMenu: Record<string, unknown> | undefined;
  let online = true;
  const exports = new Map<string, number>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text ? JSON.parse(text) : null;
      const key = request.headers['wolt-api-key'] as string | undefined;
      const answer = (status: number, payload?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      const isExport = request.method === 'GET' && path.startsWith('/menu-exports/');
      if (key !== apiKey && !isExport) return answer(401, { message: 'bad api key' });

      const read = /^\/v2\/orders\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && read) {
        const order = orders.get(decodeURIComponent(read[1]!));
        return order ? answer(200, order) : answer(404, { message: 'no such order' });
      }
      const step = /^\/orders\/([^/]+)\/(accept|reject|ready|delivered)$/.exec(path);
      if (request.method === 'PUT' && step) {
        const orderId = decodeURIComponent(step[1]!);
        const action = step[2]!;
        const record = (status: number) =>
          calls.push({ method: 'PUT', path, action, orderId, body, status, apiKey: key });
        const failure = failures.get(action);
        if (failure && failure.times > 0) {
          failure.times -= 1;
          record(failure.status);
          return answer(failure.status, { message: 'temporarily unavailable' });
        }
        const order = orders.get(orderId);
        if (!order) {
          record(404);
          return answer(404, { message: 'no such order' });
        }
        const rule = STEPS[action]!;
        if (!rule.from.includes(String(order.order_status))) {
          record(409);
          return answer(409, { message: `order is ${String(order.order_status)}` });
        }
        if (action === 'reject' && !(body as { code?: string } | null)?.code) {
          record(400);
          return answer(400, { message: 'code required' });
        }
        order.order_status = rule.to;
        record(202);
        return answer(202);
      }
      // The menu export's presigned address: no key (a presigned S3 address in Wolt's case).
      const exported = /^\/menu-exports\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && exported) {
        const polls = exports.get(exported[1]!);
        if (polls === undefined) return answer(404, { message: 'no such export' });
        exports.set(exported[1]!, polls + 1);
        // PENDING once, as a real export is not ready at once.
        if (polls === 0) return answer(200, { request_id: exported[1], status: 'PENDING' });
        const items = [...shown.items.entries()].map(([externalId, enabled]) => ({
          id: `wolt-${externalId}`,
          product: { external_id: externalId },
          enabled,
        }));
        return answer(200, {
          request_id: exported[1],
          status: 'READY',
          menu: { id: 'menu-1', items },
        });
      }
      const venue = /^\/venues\/([^/]+)\/online$/.exec(path);
      if (request.method === 'PATCH' && venue) {
        calls.push({
          method: 'PATCH',
          path,
          action: 'online',
          orderId: '',
          body,
          status: 204,
          apiKey: key,
        });
        const wanted = (body as { status?: unknown } | null)?.status;
        if (wanted === 'ONLINE' || wanted === 'OFFLINE') online = wanted === 'ONLINE';
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && /^\/venues\/[^/]+\/status$/.test(path)) {
        return answer(200, {
          external_venue_id: null,
          status: { is_open: true, is_online: online, is_ipad_free: false },
          opening_times: openingTimes ?? [],
        });
      }
      if (request.method === 'GET' && /^\/v2\/venues\/[^/]+\/menu$/.test(path)) {
        const requestId = randomUUID();
        exports.set(requestId, 0);
        return answer(202, {
          request_id: requestId,
          resource_url: `http://127.0.0.1:${port}/menu-exports/${requestId}`,
        });
      }
      if (request.method === 'POST' && /^\/v1\/restaurants\/[^/]+\/menu$/.test(path)) {
        const record = (status: number) =>
          calls.push({
            method: 'POST',
            path,
            action: 'menu',
            orderId: '',
            body,
            status,
            apiKey: key,
          });
        const failure = failures.get('menu');
        if (failure && failure.times > 0) {
          failure.times -= 1;
          record(failure.status);
          return answer(failure.status, { message: 'temporarily unavailable' });
        }
        const error = menuError(body);
        if (error) {
          record(400);
          return answer(400, { message: error });
        }
        // The whole menu is replaced (§2.7): what was shown before is gone.
        pushedMenu = body as Record<string, unknown>;
        shown.items.clear();
        shown['option-values'].clear();
        for (const category of pushedMenu.categories as { items: Record<string, unknown>[] }[]) {
          for (const item of category.items) {
            shown.items.set(item.external_data as string, item.enabled !== false);
            for (const option of (item.options ?? []) as { values: Record<string, unknown>[] }[]) {
              for (const value of option.values) {
                shown['option-values'].set(value.external_data as string, value.enabled !== false);
              }
            }
          }
        }
        record(202);
        return answer(202);
      }
      const menu = /^\/venues\/([^/]+)\/(items|options\/values)$/.exec(path);
      if (request.method === 'PATCH' && menu) {
        const action = menu[2] === 'items' ? 'items' : 'option-values';
        const record = (status: number) =>
          calls.push({ method: 'PATCH', path, action, orderId: '', body, status, apiKey: key });
        const failure = failures.get(action);
        if (failure && failure.times > 0) {
          failure.times -= 1;
          record(failure.status);
          return answer(failure.status, { message: 'temporarily unavailable' });
        }
        const error = menuPatchError(body, action === 'items' ? 'items' : 'options');
        if (error) {
          record(400);
          return answer(400, { message: error });
        }
        for (const entry of (body as { data: Record<string, unknown>[] }).data) {
          if (typeof entry.external_id === 'string' && typeof entry.enabled === 'boolean') {
            shown[action].set(entry.external_id, entry.enabled);
          }
        }
        record(202);
        return answer(202);
      }
      if (request.method === 'PATCH' && /^\/venues\/[^/]+\/opening-times$/.test(path)) {
        const record = (status: number) =>
          calls.push({
            method: 'PATCH',
            path,
            action: 'opening-times',
            orderId: '',
            body,
            status,
            apiKey: key,
          });
        const failure = failures.get('opening-times');
        if (failure && failure.times > 0) {
          failure.times -= 1;
          record(failure.status);
          return answer(failure.status, { message: 'Service unavailable' });
        }
        const error = openingTimesError(body);
        if (error) {
          record(400);
          return answer(400, { message: error });
        }
        openingTimes = (body as { availability: Record<string, string>[] }).availability;
        record(202);
        return answer(202);
      }
      answer(404, { message: `no route ${request.method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeWolt = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    succeeded: (action, orderId) =>
      calls.filter(
        (call) => call.action === action && call.orderId === orderId && call.status < 300,
      ).length,
    addOrder(overrides = {}) {
      const id = randomUUID().replaceAll('-', '').slice(0, 24);
      orders.set(id, woltOrderFixture(id, overrides));
      return id;
    },
    order: (orderId) => orders.get(orderId)!,
    setStatus(orderId, status) {
      orders.get(orderId)!.order_status = status;
    },
    failNext(action, status, times) {
      failures.set(action, { status, times });
    },
    enabled: (kind, externalId) => shown[kind].get(externalId),
    openingTimes: () => openingTimes,
    menu: () => pushedMenu,
    setEnabled: (kind, externalId, enabled) => void shown[kind].set(externalId, enabled),
    setOnline: (value) => void (online = value),
    isOnline: () => online,
    notification(secret, orderId, status, options = {}) {
      const body = JSON.stringify({
        id: options.notificationId ?? randomUUID().replaceAll('-', '').slice(0, 24),
        type: 'order.notification',
        order: {
          id: orderId,
          venue_id: 'venue-1',
          status,
          resource_url: `http://127.0.0.1:${port}/orders/${orderId}`,
        },
        created_at: new Date().toISOString(),
      });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const signature = options.signature ?? 'good';
      if (signature === 'good') headers['wolt-signature'] = woltSignature(body, secret);
      if (signature === 'wrong') headers['wolt-signature'] = woltSignature(body, `${secret}-not`);
      return { body, headers };
    },
    async notify(webhookUrl, secret, orderId, status, options = {}) {
      const { body, headers } = fake.notification(secret, orderId, status, options);
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
