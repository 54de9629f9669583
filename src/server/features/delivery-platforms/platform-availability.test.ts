/**
 * Sold out and back on Wolt and Bolt Food (decision 027) against the fakes on loopback: a mark
 * made in the admin API reaches both platforms by itself, in the bodies their APIs take
 * (Wolt's Menu API, integrations.md §2.7; Bolt's updateMenuItemAvailability, §3, assumed);
 * a mark's end on the test clock is sent too, once; a platform answering 503 for a while gets
 * every change in order once it recovers; the delivery-platforms page shows the last sync and
 * the last failure.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundJobs, platformAvailabilityReturns } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { waitFor } from '../../../../tests/setup/listening-app.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { startFakeWolt, type FakeWolt } from '../../../../tests/fakes/fake-wolt.ts';
import { startFakeBolt, type FakeBolt } from '../../../../tests/fakes/fake-bolt.ts';

/** Generous: the change goes out within seconds; a loaded machine must not fail the test. */
const REACHES_WITHIN_MS = 20_000;
/** Each test's own limit, above the waits in it. */
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
    clockStart: '2025-06-10T09:00:00Z', // 12:00 in Tallinn
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

const markSoldOut = async (path: string, body: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/menu/${path}/sold-out`,
    headers: { cookie: admin },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { soldOut: { until: string | null } | null };
};

/** Wolt's accepted PATCHes naming `externalId`, as [path, enabled], oldest first. */
const woltSent = (externalId: string) =>
  wolt.calls
    .filter((call) => call.method === 'PATCH' && call.status === 202)
    .flatMap((call) =>
      (call.body as { data: { external_id: string; enabled: boolean }[] }).data
        .filter((entry) => entry.external_id === externalId)
        .map((entry) => [call.path, entry.enabled]),
    );

/** Bolt's accepted updates naming `id`, as [type, is_available], oldest first. */
const boltSent = (id: string) =>
  bolt.calls
    .filter((call) => call.endpoint === 'updateMenuItemAvailability' && call.status === 200)
    .flatMap((call) =>
      (call.body.items as { id: string; type: string; is_available: boolean }[])
        .filter((item) => item.id === id)
        .map((item) => [item.type, item.is_available]),
    );

const availabilityJobs = (id: string) =>
  t.db
    .select({ payload: outboundJobs.payload, serialKey: outboundJobs.serialKey })
    .from(outboundJobs)
    .where(
      and(
        eq(outboundJobs.kind, 'platform-availability'),
        sql`${outboundJobs.payload}->>'id' = ${id}`,
      ),
    )
    .orderBy(outboundJobs.queued);

const platformStatus = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/delivery-platforms/status',
    headers: { cookie: admin },
  });
  expect(response.statusCode).toBe(200);
  return (
    response.json() as {
      platforms: {
        platform: string;
        availabilitySync: {
          lastSyncAt: string | null;
          lastError: { at: string; message: string } | null;
        };
      }[];
    }
  ).platforms;
};

describe('a sold-out mark reaches every enabled platform', () => {
  it(
    'sends the item as not shown on Wolt and not available on Bolt, then back when turned on',
    async () => {
      await markSoldOut('items/classic-smash-burger', { mode: 'indefinite' });
      await waitFor(
        () =>
          wolt.enabled('items', 'classic-smash-burger') === false &&
          bolt.available('dish', 'classic-smash-burger') === false,
        'the sold-out burger on both platforms',
        REACHES_WITHIN_MS,
      );
      await markSoldOut('items/classic-smash-burger', { mode: 'off' });
      await waitFor(
        () =>
          wolt.enabled('items', 'classic-smash-burger') === true &&
          bolt.available('dish', 'classic-smash-burger') === true,
        'the burger back on both platforms',
        REACHES_WITHIN_MS,
      );
      expect(woltSent('classic-smash-burger')).toEqual([
        ['/venues/venue-1/items', false],
        ['/venues/venue-1/items', true],
      ]);
      expect(boltSent('classic-smash-burger')).toEqual([
        ['dish', false],
        ['dish', true],
      ]);
      // One serial queue per venue, shared with the pause (decision 027).
      expect((await availabilityJobs('classic-smash-burger')).map((job) => job.serialKey)).toEqual([
        'wolt:venue',
        'bolt:venue',
        'wolt:venue',
        'bolt:venue',
      ]);
      const status = await platformStatus();
      for (const platform of status) {
        expect(platform.availabilitySync.lastSyncAt, platform.platform).not.toBeNull();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'sends a sauce and an add-on as option values',
    async () => {
      await markSoldOut('sauce-options/secret-sauce', { mode: 'indefinite' });
      await markSoldOut('addon-options/extra-cheese', { mode: 'indefinite' });
      await waitFor(
        () =>
          wolt.enabled('option-values', 'secret-sauce') === false &&
          wolt.enabled('option-values', 'extra-cheese') === false &&
          bolt.available('option', 'secret-sauce') === false &&
          bolt.available('option', 'extra-cheese') === false,
        'the sauce and the add-on sold out on both platforms',
        REACHES_WITHIN_MS,
      );
      expect(woltSent('secret-sauce')).toEqual([['/venues/venue-1/options/values', false]]);
      expect(woltSent('extra-cheese')).toEqual([['/venues/venue-1/options/values', false]]);
      expect(wolt.calls.filter((call) => call.status === 400)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'tells a platform that is not enabled nothing',
    async () => {
      await setSetting(t.db, 'bolt_enabled', 'false');
      try {
        await markSoldOut('items/brisket-burger', { mode: 'indefinite' });
        await waitFor(
          () => wolt.enabled('items', 'brisket-burger') === false,
          'the brisket burger sold out on Wolt',
          REACHES_WITHIN_MS,
        );
        expect(
          (await availabilityJobs('brisket-burger')).map((job) => job.payload.platform),
        ).toEqual(['wolt']);
        expect(boltSent('brisket-burger')).toEqual([]);
      } finally {
        await setSetting(t.db, 'bolt_enabled', 'true');
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a mark that ends by itself', () => {
  it(
    'is sent back to the platforms when its time comes, once',
    async () => {
      t.clock.set('2025-06-10T09:00:00Z');
      const marked = await markSoldOut('sauce-options/truffle-mayo', {
        mode: 'until',
        until: '13:00',
      });
      expect(marked.soldOut).toEqual({ until: '2025-06-10T10:00:00.000Z' });
      await waitFor(
        () =>
          wolt.enabled('option-values', 'truffle-mayo') === false &&
          bolt.available('option', 'truffle-mayo') === false,
        'the truffle mayo sold out on both platforms',
        REACHES_WITHIN_MS,
      );
      // 13:00 in the shop: back on our channels with no one touching it (decision 010) …
      t.clock.set('2025-06-10T10:00:00Z');
      // … and on the platforms, noticed by the timer.
      await waitFor(
        () =>
          wolt.enabled('option-values', 'truffle-mayo') === true &&
          bolt.available('option', 'truffle-mayo') === true,
        'the truffle mayo back on both platforms',
        REACHES_WITHIN_MS,
      );
      t.clock.set('2025-06-10T11:00:00Z');
      // The return was queued once per platform, whatever the timer saw since.
      await waitFor(
        async () =>
          (await t.db.select().from(platformAvailabilityReturns)).every(
            (row) => row.itemId !== 'truffle-mayo',
          ),
        'the return taken',
      );
      expect(
        (await availabilityJobs('truffle-mayo')).map((job) => [
          job.payload.platform,
          job.payload.available,
        ]),
      ).toEqual([
        ['wolt', false],
        ['bolt', false],
        ['wolt', true],
        ['bolt', true],
      ]);
      expect(woltSent('truffle-mayo')).toEqual([
        ['/venues/venue-1/options/values', false],
        ['/venues/venue-1/options/values', true],
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'sends no return for a mark changed before its end',
    async () => {
      t.clock.set('2025-06-10T09:00:00Z');
      await markSoldOut('items/double-bacon-smash', { mode: 'until', until: '13:00' });
      await markSoldOut('items/double-bacon-smash', { mode: 'indefinite' });
      const waiting = await t.db
        .select()
        .from(platformAvailabilityReturns)
        .where(eq(platformAvailabilityReturns.itemId, 'double-bacon-smash'));
      expect(waiting).toEqual([]);
      t.clock.set('2025-06-10T10:30:00Z');
      await waitFor(
        () =>
          wolt.enabled('items', 'double-bacon-smash') === false &&
          woltSent('double-bacon-smash').length === 2,
        'both marks on Wolt',
        REACHES_WITHIN_MS,
      );
      expect(
        (await availabilityJobs('double-bacon-smash'))
          .filter((job) => job.payload.platform === 'wolt')
          .map((job) => job.payload.available),
      ).toEqual([false, false]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a platform that is down for a while', () => {
  it(
    'gets every change, in order, once it recovers; the page shows the failure, then the sync',
    async () => {
      t.clock.set('2025-06-10T09:00:00Z');
      wolt.failNext('items', 503, 3);
      bolt.failNext('updateMenuItemAvailability', 503, 3);
      await markSoldOut('items/loaded-brisket-fries', { mode: 'indefinite' });
      await markSoldOut('items/brisket-plate', { mode: 'indefinite' });
      await markSoldOut('items/loaded-brisket-fries', { mode: 'off' });

      await waitFor(
        async () => {
          const wolt503 = (await platformStatus()).find((p) => p.platform === 'wolt');
          return Boolean(wolt503?.availabilitySync.lastError?.message.includes('HTTP 503'));
        },
        'the failure on the page',
        REACHES_WITHIN_MS,
      );
      // The outbox's back-off (2 s, 4 s, 8 s …) is waited out here rather than in real time.
      await waitFor(
        async () => {
          await t.db
            .update(outboundJobs)
            .set({ nextAttemptAt: new Date(0) })
            .where(
              and(isNull(outboundJobs.doneAt), eq(outboundJobs.kind, 'platform-availability')),
            );
          await t.app.orderEvents.flush();
          return (
            woltSent('loaded-brisket-fries').length === 2 &&
            boltSent('loaded-brisket-fries').length === 2
          );
        },
        'every change on both platforms',
        REACHES_WITHIN_MS,
      );
      const order = (platform: 'wolt' | 'bolt') =>
        (platform === 'wolt' ? wolt.calls : bolt.calls)
          .filter((call) => call.status < 300)
          .flatMap((call) => {
            const body = call.body as {
              data?: { external_id: string; enabled: boolean }[];
              items?: { id: string; is_available: boolean }[];
            };
            return (
              body.data?.map((entry) => [entry.external_id, entry.enabled]) ??
              body.items?.map((item) => [item.id, item.is_available]) ??
              []
            );
          })
          .filter(([id]) => id === 'loaded-brisket-fries' || id === 'brisket-plate');
      const expected = [
        ['loaded-brisket-fries', false],
        ['brisket-plate', false],
        ['loaded-brisket-fries', true],
      ];
      expect(order('wolt')).toEqual(expected);
      expect(order('bolt')).toEqual(expected);
      expect(wolt.calls.filter((call) => call.status === 503)).toHaveLength(3);
      expect(bolt.calls.filter((call) => call.status === 503)).toHaveLength(3);

      const status = await platformStatus();
      for (const platform of status) {
        const { lastSyncAt, lastError } = platform.availabilitySync;
        expect(lastError?.message, platform.platform).toContain('HTTP 503');
        expect(Date.parse(lastSyncAt!), platform.platform).toBeGreaterThanOrEqual(
          Date.parse(lastError!.at),
        );
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the fakes check the bodies as the real APIs would', () => {
  it(
    'Wolt refuses an item update naming no item, and an option value of the wrong type',
    async () => {
      const patch = (path: string, body: unknown) =>
        fetch(`${wolt.url}/venues/venue-1/${path}`, {
          method: 'PATCH',
          headers: { 'wolt-api-key': wolt.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await patch('items', { data: [{ enabled: false }] })).status).toBe(400);
      expect(
        (await patch('options/values', { data: [{ external_id: 'x', enabled: 'no' }] })).status,
      ).toBe(400);
    },
    TEST_TIMEOUT_MS,
  );
});
