/**
 * The shop's hours on Wolt and Bolt Food (decision 027) against the fakes on loopback: a change
 * in Shop Hours sends the whole week to both, in the bodies their APIs take (Wolt's
 * opening-times, integrations.md §2.6; Bolt's updateProviderSchedule, §3, assumed); a
 * platform answering 503 for a while gets every change in order once it recovers.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundJobs } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { waitFor } from '../../../../tests/setup/listening-app.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { startFakeWolt, type FakeWolt } from '../../../../tests/fakes/fake-wolt.ts';
import { startFakeBolt, type FakeBolt } from '../../../../tests/fakes/fake-bolt.ts';

/** Generous: the change goes out within seconds; a loaded machine must not fail the test. */
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
  // The demo shop: 00:00-12:00 and 12:00-00:00 every day.
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

const shift = (open: string, close: string, isOpen = true) => ({ open, close, isOpen });

const setDay = async (day: string, shift1: object, shift2: object) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/shop-hours/${day}`,
    headers: { cookie: admin },
    payload: { shift1, shift2 },
  });
  expect(response.statusCode).toBe(200);
};

const wolted = (day: string, open: string, closeDay: string, close: string) => ({
  opening_day: day,
  opening_time: open,
  closing_day: closeDay,
  closing_time: close,
});
const bolted = (day: string, open: string, close: string) => ({
  day,
  open_time: open,
  close_time: close,
});

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
        hoursSync: { lastSyncAt: string | null; lastError: { message: string } | null };
      }[];
    }
  ).platforms;
};

describe('a change of the hours reaches every enabled platform', () => {
  it(
    'sends the whole week: a shift past midnight, one until midnight, a closed day',
    async () => {
      await setDay('monday', shift('09:00', '15:00'), shift('18:00', '02:00'));
      await setDay('sunday', shift('09:00', '15:00', false), shift('18:00', '22:00', false));
      await waitFor(
        () =>
          !wolt.openingTimes()?.some((entry) => entry.opening_day === 'SUNDAY') &&
          !bolt.schedule()?.some((entry) => entry.day === 'SUNDAY') &&
          wolt.openingTimes() !== undefined &&
          bolt.schedule() !== undefined,
        'the week without Sunday on both platforms',
        REACHES_WITHIN_MS,
      );
      const allDay = ['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
      expect(wolt.openingTimes()).toEqual([
        wolted('MONDAY', '09:00', 'MONDAY', '15:00'),
        wolted('MONDAY', '18:00', 'TUESDAY', '02:00'),
        ...allDay.flatMap((day) => [
          wolted(day, '00:00', day, '12:00'),
          wolted(day, '12:00', day, '24:00'),
        ]),
      ]);
      // Bolt (assumed): windows within a day; those that meet are one.
      expect(bolt.schedule()).toEqual([
        bolted('MONDAY', '09:00', '15:00'),
        bolted('MONDAY', '18:00', '24:00'),
        ...allDay.map((day) => bolted(day, '00:00', '24:00')),
      ]);
      expect(wolt.calls.filter((call) => call.status === 400)).toEqual([]);
      expect(bolt.calls.filter((call) => call.status === 400)).toEqual([]);
      for (const platform of await platformStatus()) {
        expect(platform.hoursSync.lastSyncAt, platform.platform).not.toBeNull();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a platform down for a while gets every change, in order, once it recovers',
    async () => {
      const woltBefore = wolt.calls.length;
      const boltBefore = bolt.calls.length;
      wolt.failNext('opening-times', 503, 2);
      bolt.failNext('updateProviderSchedule', 503, 2);
      await setDay('wednesday', shift('10:00', '14:00'), shift('17:00', '21:00', false));
      await setDay('wednesday', shift('11:00', '14:00'), shift('17:00', '21:00', false));
      await waitFor(
        async () =>
          (await platformStatus()).every((platform) =>
            platform.hoursSync.lastError?.message.includes('HTTP 503'),
          ),
        'the failure on the page',
        REACHES_WITHIN_MS,
      );
      // The outbox's back-off is waited out here rather than in real time.
      const wednesdays = () => ({
        wolt: wolt.calls
          .slice(woltBefore)
          .filter((call) => call.action === 'opening-times' && call.status === 202)
          .map((call) =>
            (call.body as { availability: Record<string, string>[] }).availability
              .filter((entry) => entry.opening_day === 'WEDNESDAY')
              .map((entry) => `${entry.opening_time}-${entry.closing_time}`),
          ),
        bolt: bolt.calls
          .slice(boltBefore)
          .filter((call) => call.endpoint === 'updateProviderSchedule' && call.status === 200)
          .map((call) =>
            (call.body.schedule as Record<string, string>[])
              .filter((entry) => entry.day === 'WEDNESDAY')
              .map((entry) => `${entry.open_time}-${entry.close_time}`),
          ),
      });
      await waitFor(
        async () => {
          await t.db
            .update(outboundJobs)
            .set({ nextAttemptAt: new Date(0) })
            .where(and(isNull(outboundJobs.doneAt), eq(outboundJobs.kind, 'platform-hours')));
          await t.app.orderEvents.flush();
          const sent = wednesdays();
          return sent.wolt.length === 2 && sent.bolt.length === 2;
        },
        'both changes on both platforms',
        REACHES_WITHIN_MS,
      );
      expect(wednesdays()).toEqual({
        wolt: [['10:00-14:00'], ['11:00-14:00']],
        bolt: [['10:00-14:00'], ['11:00-14:00']],
      });
      expect(wolt.calls.slice(woltBefore).filter((call) => call.status === 503)).toHaveLength(2);
      for (const platform of await platformStatus()) {
        expect(platform.hoursSync.lastError?.message, platform.platform).toContain('HTTP 503');
      }
    },
    TEST_TIMEOUT_MS,
  );
});
