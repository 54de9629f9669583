/**
 * A fake Bolt Food on loopback with the confirmed scheme (integrations.md §3): every call a
 * POST to /genericClient/<endpoint> with a JSON body, x-external-integrator-id and
 * x-server-authorization-hmac-sha256 = base64(HMAC-SHA256(secret, raw body)); a wrong signature
 * is a 401. The order state machine and its 409 on an illegal step are our assumption (the
 * bodies and codes are not public): `{ code: 0 }` on success. So is updateMenuItemAvailability's
 * body (decision 027): `provider_id` and `items: [{ id, type: 'dish' | 'option', is_available }]`,
 * and updateProviderSchedule's: `provider_id` and `schedule: [{ day: 'MONDAY', open_time,
 * close_time }]`, a window within a day (close may be 24:00); and pushMenu's and getMenu's
 * (decision 027's amendment, bolt-sync-mapping.ts): categories of dishes with option groups,
 * prices in cents; answered 400 otherwise.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';

/** Bolt's signature, computed here on its own (integrations.md §3), not by the code under test. */
const boltSignature = (body: Buffer, secret: string) =>
  createHmac('sha256', secret).update(body).digest('base64');

export interface BoltCall {
  endpoint: string;
  body: Record<string, unknown>;
  status: number;
}

const STEPS: Record<string, { from: string[]; to: string }> = {
  acceptOrder: { from: ['new'], to: 'accepted' },
  rejectOrder: { from: ['new'], to: 'rejected' },
  markOrderAsReadyForPickup: { from: ['accepted'], to: 'ready' },
  markOrderAsPickedUp: { from: ['ready'], to: 'picked_up' },
};

export interface FakeBolt {
  url: string;
  integratorId: string;
  secret: string;
  calls: BoltCall[];
  succeeded(endpoint: string, orderId: string): number;
  /** An order Bolt knows, waiting for the accept. */
  addOrder(orderId: string): void;
  state(orderId: string): string | undefined;
  /** Bolt moved the order on by itself (accepted on its tablet, cancelled …). */
  setState(orderId: string, state: string): void;
  failNext(endpoint: string, status: number, times: number): void;
  /** Whether Bolt shows a dish or option by our id, as the last accepted update left it. */
  available(type: 'dish' | 'option', id: string): boolean | undefined;
  /** The restaurant's schedule as the last accepted update left it; undefined before one. */
  schedule(): Record<string, string>[] | undefined;
  /** The last menu accepted by pushMenu (its `menu`); undefined before one. */
  menu(): Record<string, unknown> | undefined;
  /** A change made on Bolt's side: getMenu shows it, so the drift check sees it. */
  setAvailable(type: 'dish' | 'option', id: string, available: boolean): void;
  close(): Promise<void>;
}

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** What is wrong with an updateProviderSchedule body (our assumption), or null. */
function scheduleError(body: Record<string, unknown>): string | null {
  if (body.provider_id === undefined || body.provider_id === null) return 'provider_id is required';
  if (!Array.isArray(body.schedule)) return 'schedule must be an array';
  for (const [index, window] of (body.schedule as unknown[]).entries()) {
    const entry = window as Record<string, unknown> | null;
    if (!entry || typeof entry !== 'object') return `schedule[${index}] must be an object`;
    if (!DAYS.includes(entry.day as string)) return `schedule[${index}].day must be like MONDAY`;
    const open = entry.open_time;
    const close = entry.close_time;
    if (
      typeof open !== 'string' ||
      typeof close !== 'string' ||
      !TIME.test(open) ||
      !TIME.test(close)
    ) {
      return `schedule[${index}] needs open_time and close_time like 09:30`;
    }
    if (open >= close) return `schedule[${index}].open_time must be before close_time`;
  }
  const windows = body.schedule as { day: string; open_time: string; close_time: string }[];
  for (const [index, a] of windows.entries()) {
    for (const b of windows.slice(index + 1)) {
      if (a.day === b.day && a.open_time < b.close_time && b.open_time < a.close_time) {
        return `schedule has overlapping windows on ${a.day}`;
      }
    }
  }
  return null;
}

/** What is wrong with an updateMenuItemAvailability body (our assumption), or null. */
function availabilityError(body: Record<string, unknown>): string | null {
  if (body.provider_id === undefined || body.provider_id === null) return 'provider_id is required';
  if (!Array.isArray(body.items) || body.items.length === 0)
    return 'items must be a non-empty array';
  for (const [index, item] of (body.items as unknown[]).entries()) {
    const entry = item as Record<string, unknown> | null;
    if (!entry || typeof entry !== 'object') return `items[${index}] must be an object`;
    if (typeof entry.id !== 'string' || entry.id === '') return `items[${index}].id is required`;
    if (entry.type !== 'dish' && entry.type !== 'option') {
      return `items[${index}].type must be dish or option`;
    }
    if (typeof entry.is_available !== 'boolean') {
      return `items[${index}].is_available must be a boolean`;
    }
  }
  return null;
}

/** What is wrong with a pushMenu body (our assumption, bolt-sync-mapping.ts), or null. */
function menuError(body: Record<string, unknown>): string | null {
  if (body.provider_id === undefined || body.provider_id === null) return 'provider_id is required';
  const categories = (body.menu as { categories?: unknown } | undefined)?.categories;
  if (!Array.isArray(categories) || categories.length === 0) {
    return 'menu.categories must be a non-empty array';
  }
  const isText = (v: unknown) => typeof v === 'string' && v !== '';
  const isCents = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
  for (const [c, category] of (categories as Record<string, unknown>[]).entries()) {
    if (!isText(category.id) || !isText(category.name)) return `categories[${c}] needs id and name`;
    if (!Array.isArray(category.dishes)) return `categories[${c}].dishes must be an array`;
    for (const [d, dish] of (category.dishes as Record<string, unknown>[]).entries()) {
      const at = `categories[${c}].dishes[${d}]`;
      if (!isText(dish.id) || !isText(dish.name)) return `${at} needs id and name`;
      if (typeof dish.description !== 'string') return `${at}.description must be a string`;
      if (!isCents(dish.price)) return `${at}.price must be whole cents`;
      if (typeof dish.vat_percentage !== 'number') return `${at}.vat_percentage must be a number`;
      if (
        dish.image_url !== null &&
        !(typeof dish.image_url === 'string' && /^https?:\/\//.test(dish.image_url))
      ) {
        return `${at}.image_url must be an http(s) address or null`;
      }
      if (typeof dish.is_available !== 'boolean') return `${at}.is_available must be a boolean`;
      if (!Array.isArray(dish.option_groups)) return `${at}.option_groups must be an array`;
      for (const [g, group] of (dish.option_groups as Record<string, unknown>[]).entries()) {
        const on = `${at}.option_groups[${g}]`;
        if (!isText(group.id) || !isText(group.name)) return `${on} needs id and name`;
        if (
          !Number.isInteger(group.min) ||
          !Number.isInteger(group.max) ||
          (group.min as number) > (group.max as number)
        ) {
          return `${on} needs min <= max`;
        }
        if (!Array.isArray(group.options) || group.options.length === 0)
          return `${on}.options must be a non-empty array`;
        for (const [o, option] of (group.options as Record<string, unknown>[]).entries()) {
          if (
            !isText(option.id) ||
            !isText(option.name) ||
            !isCents(option.price) ||
            typeof option.is_available !== 'boolean'
          ) {
            return `${on}.options[${o}] needs id, name, price (cents) and is_available`;
          }
        }
      }
    }
  }
  return null;
}

export async function startFakeBolt(
  integratorId = 'integrator-7',
  secret = 'bolt-hmac-secret',
): Promise<FakeBolt> {
  const states = new Map<string, string>();
  const calls: BoltCall[] = [];
  const failures = new Map<string, { status: number; times: number }>();
  const shown = new Map<string, boolean>();
  let schedule: Record<string, string>[] | undefined;
  let menu: Record<string, unknown> | undefined;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const endpoint = new URL(request.url ?? '/', 'http://x').pathname.replace(
        /^\/genericClient\//,
        '',
      );
      const answer = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const signed =
        request.headers['x-server-authorization-hmac-sha256'] === boltSignature(raw, secret) &&
        request.headers['x-external-integrator-id'] === integratorId;
      const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
      const record = (status: number) => calls.push({ endpoint, body, status });
      if (request.method !== 'POST' || !signed) {
        record(401);
        return answer(401, { code: 401, message: 'bad signature' });
      }
      const failure = failures.get(endpoint);
      if (failure && failure.times > 0) {
        failure.times -= 1;
        record(failure.status);
        return answer(failure.status, { code: failure.status, message: 'unavailable' });
      }
      if (endpoint === 'updateMenuItemAvailability') {
        const error = availabilityError(body);
        if (error) {
          record(400);
          return answer(400, { code: 400, message: error });
        }
        for (const item of body.items as { id: string; type: string; is_available: boolean }[]) {
          shown.set(`${item.type}:${item.id}`, item.is_available);
        }
        record(200);
        return answer(200, { code: 0 });
      }
      if (endpoint === 'updateProviderSchedule') {
        const error = scheduleError(body);
        if (error) {
          record(400);
          return answer(400, { code: 400, message: error });
        }
        schedule = body.schedule as Record<string, string>[];
        record(200);
        return answer(200, { code: 0 });
      }
      if (endpoint === 'pushMenu') {
        const error = menuError(body);
        if (error) {
          record(400);
          return answer(400, { code: 400, message: error });
        }
        menu = body.menu as Record<string, unknown>;
        shown.clear();
        for (const category of menu.categories as { dishes: Record<string, unknown>[] }[]) {
          for (const dish of category.dishes) {
            shown.set(`dish:${dish.id as string}`, dish.is_available as boolean);
            for (const group of dish.option_groups as { options: Record<string, unknown>[] }[]) {
              for (const option of group.options) {
                shown.set(`option:${option.id as string}`, option.is_available as boolean);
              }
            }
          }
        }
        record(200);
        return answer(200, { code: 0 });
      }
      if (endpoint === 'getMenu') {
        record(200);
        const shownMenu = menu && {
          categories: (menu.categories as { dishes: Record<string, unknown>[] }[]).map(
            (category) => ({
              ...category,
              dishes: category.dishes.map((dish) => ({
                ...dish,
                is_available: shown.get(`dish:${dish.id as string}`) ?? dish.is_available,
                option_groups: (dish.option_groups as { options: Record<string, unknown>[] }[]).map(
                  (group) => ({
                    ...group,
                    options: group.options.map((option) => ({
                      ...option,
                      is_available:
                        shown.get(`option:${option.id as string}`) ?? option.is_available,
                    })),
                  }),
                ),
              })),
            }),
          ),
        };
        return answer(200, { code: 0, menu: shownMenu ?? { categories: [] } });
      }
      if (endpoint === 'pauseOrders' || endpoint === 'startAcceptingOrders') {
        record(200);
        return answer(200, { code: 0 });
      }
      const rule = STEPS[endpoint];
      const orderId = String(body.order_id);
      const state = states.get(orderId);
      if (!rule || state === undefined) {
        record(404);
        return answer(404, { code: 404, message: 'unknown' });
      }
      if (!rule.from.includes(state)) {
        record(409);
        return answer(409, { code: 409, message: `order is ${state}` });
      }
      states.set(orderId, rule.to);
      record(200);
      return answer(200, { code: 0 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    integratorId,
    secret,
    calls,
    succeeded: (endpoint, orderId) =>
      calls.filter(
        (call) =>
          call.endpoint === endpoint && String(call.body.order_id) === orderId && call.status < 300,
      ).length,
    addOrder: (orderId) => void states.set(orderId, 'new'),
    state: (orderId) => states.get(orderId),
    setState: (orderId, state) => void states.set(orderId, state),
    failNext: (endpoint, status, times) => void failures.set(endpoint, { status, times }),
    available: (type, id) => shown.get(`${type}:${id}`),
    schedule: () => schedule,
    menu: () => menu,
    setAvailable: (type, id, available) => void shown.set(`${type}:${id}`, available),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
