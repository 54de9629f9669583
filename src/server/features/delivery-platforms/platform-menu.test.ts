/**
 * Push menu and the drift check (decision 027, amended 2026-11-27) against the fakes on
 * loopback: the preview says what a push changes; the demo menu pushed to Wolt (its documented
 * create-menu schema, integrations.md §2.7) and to Bolt Food (our assumed pushMenu) is accepted
 * by the fakes' checks, with our ids as external ids and each platform's price adjustment
 * applied; a change made on a platform's side shows on the page's status, and Fix mends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MenuPreview,
  PlatformStatus,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { waitFor } from '../../../../tests/setup/listening-app.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { startFakeWolt, type FakeWolt } from '../../../../tests/fakes/fake-wolt.ts';
import { startFakeBolt, type FakeBolt } from '../../../../tests/fakes/fake-bolt.ts';

const REACHES_WITHIN_MS = 20_000;
const TEST_TIMEOUT_MS = 60_000;

let testDatabase: TestDatabase;
let t: TestApp;
let wolt: FakeWolt;
let bolt: FakeBolt;
let admin: string;

beforeAll(async () => {
  wolt = await startFakeWolt();
  bolt = await startFakeBolt();
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, {
    seed: 'demo',
    env: { WOLT_API_URL: wolt.url, BOLT_API_URL: bolt.url },
    clockStart: '2025-06-10T09:00:00Z',
  });
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  await setSetting(t.db, 'wolt_enabled', 'true');
  await setSetting(t.db, 'wolt_api_key', wolt.apiKey);
  await setSetting(t.db, 'wolt_venue_id', 'venue-1');
  await setSetting(t.db, 'bolt_enabled', 'true');
  await setSetting(t.db, 'bolt_api_key', bolt.secret);
  await setSetting(t.db, 'bolt_integrator_id', bolt.integratorId);
  await setSetting(t.db, 'bolt_restaurant_id', '789');
});
afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await wolt?.close();
  await bolt?.close();
});

const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await t.app.inject({ method, url, headers: { cookie: admin }, payload });
  return { status: response.statusCode, body: response.json() as unknown };
};
const preview = async (platform: string) => {
  const answer = await api('GET', `/api/admin/delivery-platforms/${platform}/menu-preview`);
  expect(answer.status).toBe(200);
  return answer.body as MenuPreview;
};
const status = async (platform: string) => {
  const answer = await api('GET', '/api/admin/delivery-platforms/status');
  expect(answer.status).toBe(200);
  return (answer.body as PlatformStatus).platforms.find((entry) => entry.platform === platform)!;
};

type WoltItem = {
  external_data: string;
  price: number;
  enabled: boolean;
  image_url?: string;
  options: {
    external_data: string;
    type: string;
    values: { external_data: string; price: number }[];
  }[];
};
const woltItem = (id: string) =>
  (wolt.menu()!.categories as { items: WoltItem[] }[])
    .flatMap((category) => category.items)
    .find((item) => item.external_data === id)!;
type BoltDish = {
  id: string;
  price: number;
  is_available: boolean;
  option_groups: { id: string; options: { id: string; price: number }[] }[];
};
const boltDish = (id: string) =>
  (bolt.menu()!.categories as { dishes: BoltDish[] }[])
    .flatMap((category) => category.dishes)
    .find((dish) => dish.id === id)!;

describe('Push menu', () => {
  it(
    'previews, then sends the demo menu to both platforms in their shapes, prices adjusted',
    async () => {
      expect(
        (
          await api('POST', '/api/admin/settings', {
            key: 'wolt_menu_price_adjustment',
            value: '15%',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await api('POST', '/api/admin/settings', {
            key: 'bolt_menu_price_adjustment',
            value: '0.50',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await api('POST', '/api/admin/settings', {
            key: 'bolt_menu_price_adjustment',
            value: 'lots',
          })
        ).status,
      ).toBe(400);

      const first = await preview('wolt');
      expect(first).toMatchObject({
        platform: 'wolt',
        replacesWholeMenu: true,
        priceAdjustment: '+15 %',
        lastPushedAt: null,
      });
      expect(first.changes.every((change) => change.change === 'added')).toBe(true);
      expect(first.changes.find((change) => change.id === 'classic-smash-burger')).toEqual({
        change: 'added',
        kind: 'item',
        id: 'classic-smash-burger',
        name: 'Classic Smash Burger',
        detail: '€12.54',
      });
      expect((await preview('bolt')).replacesWholeMenu).toBe(false);

      for (const platform of ['wolt', 'bolt']) {
        const pushed = await api('POST', `/api/admin/delivery-platforms/${platform}/menu-push`);
        expect(pushed.status).toBe(202);
      }
      await waitFor(
        () => wolt.menu() !== undefined && bolt.menu() !== undefined,
        'the menu on both platforms',
        REACHES_WITHIN_MS,
      );
      // Accepted by the fakes' schema checks, nothing refused.
      expect(wolt.calls.filter((call) => call.status === 400)).toEqual([]);
      expect(bolt.calls.filter((call) => call.status === 400)).toEqual([]);
      expect(wolt.calls.filter((call) => call.action === 'menu').map((call) => call.path)).toEqual([
        '/v1/restaurants/venue-1/menu',
      ]);

      // 10.90 at +15 % is 12.535, half up 12.54; the cheese 1.00 is 1.15.
      const burger = woltItem('classic-smash-burger');
      expect(burger).toMatchObject({
        price: 12.54,
        enabled: true,
        image_url: 'http://shop.test/images/menu/classic-smash-burger.svg',
      });
      expect(burger.options.map((option) => [option.external_data, option.type])).toEqual([
        ['bread', 'SingleChoice'],
        ['sauce', 'SingleChoice'],
        ['addons', 'MultiChoice'],
      ]);
      const cheese = burger.options[2]!.values.find(
        (value) => value.external_data === 'extra-cheese',
      );
      expect(cheese?.price).toBe(1.15);
      // Bolt: +0.50 an item, in cents; add-ons as they are.
      const boltBurger = boltDish('classic-smash-burger');
      expect(boltBurger.price).toBe(1140);
      expect(
        boltBurger.option_groups
          .find((group) => group.id === 'addons')!
          .options.find((option) => option.id === 'extra-cheese')!.price,
      ).toBe(100);

      await waitFor(
        async () => (await status('bolt')).menuSync.lastSyncAt !== null,
        'Menu last sent on the page',
        REACHES_WITHIN_MS,
      );
      expect((await status('wolt')).menuSync.lastSyncAt).not.toBeNull();
      const again = await preview('wolt');
      expect(again.lastPushedAt).not.toBeNull();
      expect(again.changes).toEqual([]);

      // A price change shows in the next preview, adjusted.
      await setSetting(t.db, 'wolt_menu_price_adjustment', '20%');
      expect(
        (await preview('wolt')).changes.find((change) => change.id === 'classic-smash-burger'),
      ).toEqual({
        change: 'changed',
        kind: 'item',
        id: 'classic-smash-burger',
        name: 'Classic Smash Burger',
        detail: 'price €12.54 → €13.08, choices',
      });
      await setSetting(t.db, 'wolt_menu_price_adjustment', '15%');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the fake refuses a menu that breaks the documented schema',
    async () => {
      const response = await fetch(`${wolt.url}/v1/restaurants/venue-1/menu`, {
        method: 'POST',
        headers: { 'wolt-api-key': wolt.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: 'venue-1',
          currency: 'EUR',
          primary_language: 'en',
          categories: [
            {
              id: 'x',
              name: [{ lang: 'en', value: 'X' }],
              items: [{ name: 'Burger', price: 1090 / 3 }],
            },
          ],
        }),
      });
      expect(response.status).toBe(400);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the drift check', () => {
  it(
    'shows what a platform changed on its side, and Fix sends ours again',
    async () => {
      wolt.setEnabled('items', 'classic-smash-burger', false);
      wolt.setOnline(false);
      bolt.setAvailable('option', 'extra-cheese', false);

      const woltDrift = await api('POST', '/api/admin/delivery-platforms/wolt/drift/check');
      expect(woltDrift.status).toBe(200);
      expect((woltDrift.body as { differences: unknown[] }).differences).toEqual([
        {
          kind: 'item',
          id: 'classic-smash-burger',
          name: 'Classic Smash Burger',
          ours: 'on sale',
          theirs: 'sold out',
        },
        { kind: 'venue', id: 'venue', name: 'Venue', ours: 'online', theirs: 'offline' },
      ]);
      await api('POST', '/api/admin/delivery-platforms/bolt/drift/check');
      const boltStatus = await status('bolt');
      expect(boltStatus.drift).toMatchObject({
        error: null,
        differences: [
          {
            kind: 'option',
            id: 'extra-cheese',
            name: 'Extra Cheese',
            ours: 'on sale',
            theirs: 'sold out',
          },
        ],
      });
      expect((await status('wolt')).drift.differences).toHaveLength(2);

      for (const platform of ['wolt', 'bolt']) {
        expect(
          (await api('POST', `/api/admin/delivery-platforms/${platform}/drift/fix`)).status,
        ).toBe(202);
      }
      await waitFor(
        () =>
          wolt.enabled('items', 'classic-smash-burger') === true &&
          wolt.isOnline() &&
          bolt.available('option', 'extra-cheese') === true,
        'ours again on both platforms',
        REACHES_WITHIN_MS,
      );
      for (const platform of ['wolt', 'bolt']) {
        const checked = await api('POST', `/api/admin/delivery-platforms/${platform}/drift/check`);
        expect(checked.body).toMatchObject({ error: null, differences: [] });
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'says why a read-back failed',
    async () => {
      await setSetting(t.db, 'wolt_api_key', 'not-the-key');
      try {
        const checked = await api('POST', '/api/admin/delivery-platforms/wolt/drift/check');
        expect((checked.body as { error: string }).error).toBe(
          'Wolt GET /venues/venue-1/status: HTTP 401 bad api key',
        );
      } finally {
        await setSetting(t.db, 'wolt_api_key', wolt.apiKey);
      }
    },
    TEST_TIMEOUT_MS,
  );
});
