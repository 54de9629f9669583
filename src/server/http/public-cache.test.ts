/**
 * Public reads from memory (docs/architecture.md, http/public-cache.ts): ETag and 304, compressed
 * copies with ETags of their own, dropped on every admin change (on this instance at once, on the
 * others through NOTIFY), and answers that follow the app's clock with the cache warm.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { openDatabase, type Database } from '#server/db/client.ts';
import type { AppInstance } from '#server/http/types.ts';
import type { ItemOptions, MenuItem } from '#shared/menu/menu.schema.ts';
import type { ShopInfo } from '#shared/settings/settings.schema.ts';
import type { ShopStatus, WeekHours } from '#shared/shop-hours/shop-hours.ts';
import { createTestApp, useTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { testDatabaseKind } from '../../../tests/setup/test-database.ts';
import { createMenuItem, createSauceOption } from '../../../tests/factories/menu.ts';
import { dayHours, openShift, setWeekHours } from '../../../tests/factories/shop-hours.ts';
import { createStaffUser, nextClient, signIn } from '../../../tests/factories/staff.ts';

// The demo menu and round-the-clock hours; the shop's zone is Europe/Tallinn (UTC+3 in June).
const t = useTestApp({ seed: 'demo' });
let admin: string;

beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }), t.clock.now());
});

const get = (url: string, headers: Record<string, string> = {}, app: AppInstance = t.app) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: nextClient() });

const write = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: admin },
    remoteAddress: nextClient(),
    ...(payload ? { payload } : {}),
  });

/** Every public read the cache serves. */
const PUBLIC_READS = [
  '/api/menu/items',
  '/api/menu/categories',
  '/api/menu/bread-options',
  '/api/menu/sauce-options',
  '/api/menu/addon-options',
  '/api/menu/items/classic-smash-burger/options',
  '/api/shop-info',
  '/api/admin/shop-hours',
  '/api/admin/settings/delivery_fee_amount',
  '/api/admin/settings/free_delivery_threshold',
  '/api/shop-status',
];

/** Asks again with the ETag it got; true when the server answered 304. */
async function stillFresh(url: string, etag: string, app: AppInstance = t.app): Promise<boolean> {
  const response = await get(url, { 'if-none-match': etag }, app);
  return response.statusCode === 304;
}

describe('ETag and 304', () => {
  it.each(PUBLIC_READS)(
    '%s: an ETag, no-cache, and 304 with no body when unchanged',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]{27}"$/);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');

      // A stale or foreign tag gets the whole answer again.
      const other = await get(url, { 'if-none-match': '"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    },
  );

  it('answers HEAD with the headers only', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/menu/items' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeDefined();
    expect(response.rawPayload.length).toBe(0);
  });

  it('keeps a 404 for an unknown item a 404, and kept nothing for it', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get('/api/menu/items/no-such-item/options');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Menu item no-such-item not found.' });
    }
  });
});

describe('compression', () => {
  const decode = {
    br: (body: Buffer) => zlib.brotliDecompressSync(body).toString('utf8'),
    gzip: (body: Buffer) => zlib.gunzipSync(body).toString('utf8'),
  };

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
  ] as const)(
    'Accept-Encoding "%s": the menu %s-encoded, with an ETag of its own',
    async (accept, encoding) => {
      const plain = await get('/api/menu/items');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);

      const encoded = await get('/api/menu/items', { 'accept-encoding': accept });
      expect(encoded.statusCode).toBe(200);
      expect(encoded.headers['content-encoding']).toBe(encoding);
      expect(encoded.headers.vary).toMatch(/accept-encoding/i);
      expect(encoded.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode[encoding](encoded.rawPayload)).toBe(plain.body);

      const etag = String(encoded.headers.etag);
      expect(etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${encoding}"`);
      const again = await get('/api/menu/items', {
        'accept-encoding': accept,
        'if-none-match': etag,
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    },
  );

  it('sends a small answer as it is, without Vary', async () => {
    const response = await get('/api/admin/settings/delivery_fee_amount', {
      'accept-encoding': 'br, gzip',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
  });
});

describe('dropped on every change', () => {
  it('a price change in the menu editor: a new menu and a new ETag at once', async () => {
    const before = await get('/api/menu/items');
    const etag = String(before.headers.etag);
    const burger = before.json<MenuItem[]>().find((item) => item.id === 'classic-smash-burger')!;

    const { id: _id, soldOut: _soldOut, basePrice, ...fields } = burger;
    const change = await write('PUT', '/api/menu/items/classic-smash-burger', {
      ...fields,
      basePrice: basePrice + 1,
    });
    expect(change.statusCode, change.body).toBe(200);

    const after = await get('/api/menu/items');
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json<MenuItem[]>().find((item) => item.id === burger.id)?.basePrice).toBe(
      basePrice + 1,
    );
    expect(await stillFresh('/api/menu/items', etag)).toBe(false);
  });

  it('a setting change: shop info and the delivery fee', async () => {
    const info = await get('/api/shop-info');
    const fee = await get('/api/admin/settings/delivery_fee_amount');

    expect(
      (await write('PUT', '/api/admin/settings/shop_name', { value: 'Smoke 2' })).statusCode,
    ).toBe(200);
    const newInfo = await get('/api/shop-info');
    expect(newInfo.json<ShopInfo>().name).toBe('Smoke 2');
    expect(newInfo.headers.etag).not.toBe(info.headers.etag);

    expect(
      (await write('POST', '/api/admin/settings', { key: 'delivery_fee_amount', value: '4.5' }))
        .statusCode,
    ).toBe(200);
    const newFee = await get('/api/admin/settings/delivery_fee_amount');
    expect(newFee.json()).toMatchObject({ key: 'delivery_fee_amount', value: '4.5' });
    expect(newFee.headers.etag).not.toBe(fee.headers.etag);
  });

  it('a shop-hours change: the week and the status', async () => {
    const hours = await get('/api/admin/shop-hours');
    const status = await get('/api/shop-status');
    expect(status.json<ShopStatus>().isOpen).toBe(true);

    const closed = { open: '09:00', close: '15:00', isOpen: false };
    const change = await write('PUT', '/api/admin/shop-hours/tuesday', {
      shift1: closed,
      shift2: closed,
    });
    expect(change.statusCode, change.body).toBe(200);

    const newHours = await get('/api/admin/shop-hours');
    expect(newHours.json<WeekHours>().tuesday?.shift1.isOpen).toBe(false);
    expect(newHours.headers.etag).not.toBe(hours.headers.etag);
    const newStatus = await get('/api/shop-status'); // a Tuesday, 12:00 in Tallinn
    expect(newStatus.json<ShopStatus>()).toMatchObject({ isOpen: false, today: 'tuesday' });
    expect(newStatus.headers.etag).not.toBe(status.headers.etag);

    const tuesday = hours.json<WeekHours>().tuesday;
    expect((await write('PUT', '/api/admin/shop-hours/tuesday', tuesday)).statusCode).toBe(200);
  });

  it('a pause, and its end: the status says so', async () => {
    const before = await get('/api/shop-status');
    expect(before.json<ShopStatus>().onlineOrdering?.paused).toBe(false);

    expect(
      (await write('PUT', '/api/admin/online-ordering/pause', { minutes: null })).statusCode,
    ).toBe(200);
    const paused = await get('/api/shop-status');
    expect(paused.json<ShopStatus>().onlineOrdering?.paused).toBe(true);
    expect(paused.headers.etag).not.toBe(before.headers.etag);

    expect((await write('DELETE', '/api/admin/online-ordering/pause')).statusCode).toBe(200);
    expect((await get('/api/shop-status')).json<ShopStatus>().onlineOrdering?.paused).toBe(false);
  });

  it("the writer's own next read is fresh even when its NOTIFY is lost", async () => {
    // An instance whose announcements never arrive: only its own drop can refresh it.
    const silent: Database = { ...t.database, notify: async () => {} };
    const writer = await createTestApp(silent);
    try {
      const cookie = await signIn(
        t.db,
        await createStaffUser(t.db, { role: 'admin' }),
        writer.clock.now(),
      );
      const before = await get('/api/shop-info', {}, writer.app);
      const change = await writer.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/shop_tagline',
        headers: { cookie },
        payload: { value: 'Fresh from the writer' },
      });
      expect(change.statusCode).toBe(200);
      const after = await get('/api/shop-info', {}, writer.app);
      expect(after.json<ShopInfo>().tagline).toBe('Fresh from the writer');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await writer.close();
    }
  });
});

describe('the clock, with the cache warm', () => {
  it('the shop opens on time', async () => {
    const week = (await get('/api/admin/shop-hours')).json<WeekHours>();
    await setWeekHours(t.db, { tuesday: dayHours(openShift('09:00', '15:00')) });
    t.app.publicCache.clear(); // written straight into the database, past the admin API

    t.clock.set('2025-06-10T05:59:00Z'); // 08:59 in Tallinn
    const closed = await get('/api/shop-status');
    expect(closed.json<ShopStatus>()).toMatchObject({ isOpen: false, currentTime: '08:59' });
    expect(await stillFresh('/api/shop-status', String(closed.headers.etag))).toBe(true);

    t.clock.set('2025-06-10T05:59:59.999Z');
    expect((await get('/api/shop-status')).json<ShopStatus>().isOpen).toBe(false);
    t.clock.set('2025-06-10T06:00:00Z'); // 09:00
    const open = await get('/api/shop-status');
    expect(open.json<ShopStatus>()).toMatchObject({ isOpen: true, currentTime: '09:00' });
    expect(await stillFresh('/api/shop-status', String(closed.headers.etag))).toBe(false);

    await setWeekHours(t.db, week);
    t.app.publicCache.clear();
    t.clock.set('2025-06-10T09:00:00Z');
  });

  it('a timed pause ends at its time', async () => {
    // Mid-minute, so the pause ends between two turns of the shop's clock.
    t.clock.set('2025-06-10T09:00:30Z');
    const pause = await write('PUT', '/api/admin/online-ordering/pause', { minutes: 15 });
    expect(pause.statusCode).toBe(200);
    const paused = async () =>
      (await get('/api/shop-status')).json<ShopStatus>().onlineOrdering?.paused;

    expect(await paused()).toBe(true);
    t.clock.set('2025-06-10T09:15:10Z');
    expect(await paused()).toBe(true);
    t.clock.set('2025-06-10T09:15:30Z');
    expect(await paused()).toBe(false);
    t.clock.set('2025-06-10T09:00:00Z');
    expect((await write('DELETE', '/api/admin/online-ordering/pause')).statusCode).toBe(200);
  });

  it('a sold-out mark ends at its time, on the menu and on the options', async () => {
    t.clock.set('2025-06-10T09:00:00Z'); // 12:00 in Tallinn
    const sauce = await createSauceOption(t.db);
    const item = await createMenuItem(t.db, { sauceIds: [sauce.id] });
    t.app.publicCache.clear(); // made straight in the database

    const until13 = { mode: 'until', until: '13:00' };
    expect((await write('PUT', `/api/menu/items/${item.id}/sold-out`, until13)).statusCode).toBe(
      200,
    );
    expect(
      (await write('PUT', `/api/menu/sauce-options/${sauce.id}/sold-out`, until13)).statusCode,
    ).toBe(200);

    const soldOut = async () => {
      const items = (await get('/api/menu/items')).json<MenuItem[]>();
      const options = (await get(`/api/menu/items/${item.id}/options`)).json<ItemOptions>();
      const sauces = (await get('/api/menu/sauce-options')).json<ItemOptions['sauceOptions']>();
      return [
        items.find((row) => row.id === item.id)?.soldOut ?? null,
        options.sauceOptions.find((row) => row.id === sauce.id)?.soldOut ?? null,
        sauces.find((row) => row.id === sauce.id)?.soldOut ?? null,
      ];
    };
    const mark = { until: '2025-06-10T10:00:00.000Z' };
    expect(await soldOut()).toEqual([mark, mark, mark]);

    t.clock.set('2025-06-10T09:59:59Z');
    expect(await soldOut()).toEqual([mark, mark, mark]);
    t.clock.set('2025-06-10T10:00:00Z'); // 13:00: back on sale, nobody touched anything
    expect(await soldOut()).toEqual([null, null, null]);
    // And back again if the clock is set back (tests do): the kept copy was built later.
    t.clock.set('2025-06-10T09:30:00Z');
    expect(await soldOut()).toEqual([mark, mark, mark]);
    t.clock.set('2025-06-10T09:00:00Z');
  });
});

describe('across app instances', () => {
  // On PostgreSQL the second app opens its own connections, as a second process would, and
  // hears the first one's NOTIFY; on PGlite (one process by design) it shares the embedded
  // database and its in-process NOTIFY.
  let second: TestApp | undefined;
  let secondDatabase: Database | undefined;

  beforeAll(async () => {
    secondDatabase =
      testDatabaseKind() === 'postgres'
        ? await openDatabase({ databaseUrl: t.testDatabase.url!, maxConnections: 2 })
        : t.database;
    second = await createTestApp(secondDatabase);
  });
  afterAll(async () => {
    await second?.close();
    if (secondDatabase && secondDatabase !== t.database) await secondDatabase.close();
  });

  /** B's answer, until it is no longer `etag` (NOTIFY takes a moment to cross). */
  async function changedOnB(url: string, etag: string): Promise<LightMyRequestResponse> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const response = await get(url, {}, second!.app);
      if (response.headers.etag !== etag || Date.now() > deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a menu change through A is in B’s next reads', async () => {
    const warm = await get('/api/menu/categories', {}, second!.app);
    expect(await stillFresh('/api/menu/categories', String(warm.headers.etag), second!.app)).toBe(
      true,
    );

    // A category with items on sale (an empty one is not listed to customers): renamed.
    const change = await write('PUT', '/api/menu/categories/drinks', {
      name: 'Seen on B',
      icon: '🅱️',
      sortOrder: 5,
    });
    expect(change.statusCode, change.body).toBe(200);

    const after = await changedOnB('/api/menu/categories', String(warm.headers.etag));
    expect(after.json<{ name: string }[]>().map((category) => category.name)).toContain(
      'Seen on B',
    );
  });

  it('a setting and a pause through A are in B’s next reads', async () => {
    const info = await get('/api/shop-info', {}, second!.app);
    const status = await get('/api/shop-status', {}, second!.app);

    expect(
      (await write('PUT', '/api/admin/settings/shop_name', { value: 'Seen on B' })).statusCode,
    ).toBe(200);
    const newInfo = await changedOnB('/api/shop-info', String(info.headers.etag));
    expect(newInfo.json<ShopInfo>().name).toBe('Seen on B');

    expect(
      (await write('PUT', '/api/admin/online-ordering/pause', { minutes: null })).statusCode,
    ).toBe(200);
    const paused = await changedOnB('/api/shop-status', String(status.headers.etag));
    expect(paused.json<ShopStatus>().onlineOrdering?.paused).toBe(true);
    expect((await write('DELETE', '/api/admin/online-ordering/pause')).statusCode).toBe(200);
  });
});
