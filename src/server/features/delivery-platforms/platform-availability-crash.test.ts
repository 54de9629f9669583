/**
 * Sold out and back through an outage and a kill -9 (decision 027, decision 008): the server
 * runs as its own process on a fresh PostgreSQL database, with a fake Wolt and a fake Bolt on
 * loopback that answer 503 to every availability update. Three changes are made in the back
 * office; once both platforms have refused at least one try, the server is killed with SIGKILL
 * (a job may be held under its lease at that moment) and started again; the platforms then
 * recover. Each platform must get every change, in the order it was made, and none twice.
 *
 * PostgreSQL only (two processes on one database, as the mixed-load crash test): vitest.config.ts
 * leaves it out of the PGlite project. The outage lasts seconds, not the minute of decision 027's
 * example: the back-off after the first tries is short, and the killed process's lease is
 * shortened through OUTBOX_JOB_LEASE_MS, so the test waits for them in real time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundJobs } from '#server/db/schema.ts';
import { createTestDatabase } from '../../../../tests/setup/test-database.ts';
import { waitFor } from '../../../../tests/setup/listening-app.ts';
import { serverProcess } from '../../../../tests/setup/server-process.ts';
import { startFakeWolt } from '../../../../tests/fakes/fake-wolt.ts';
import { startFakeBolt } from '../../../../tests/fakes/fake-bolt.ts';

const ADMIN_PASSWORD = 'availability-crash-admin-password';
const JOB_LEASE_MS = 3_000;
/** Generous bounds on a loaded machine; each wait ends as soon as its condition holds. */
const WAIT_MS = 45_000;
/** The fakes refuse "until further notice": a large count of 503s. */
const DOWN = 1_000_000;

describe('availability changes through an outage and a kill -9', () => {
  it(
    'reach both platforms once each, in order, after the restart and the recovery',
    { timeout: 150_000 },
    async () => {
      const database = await createTestDatabase();
      const wolt = await startFakeWolt();
      const bolt = await startFakeBolt();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'availability-crash-'));
      const server = await serverProcess({
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        OUTBOX_JOB_LEASE_MS: String(JOB_LEASE_MS),
        WOLT_API_URL: wolt.url,
        BOLT_API_URL: bolt.url,
      });
      const { base, start, kill } = server;

      try {
        await start();
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: ADMIN_PASSWORD }),
        });
        expect(login.status, await login.clone().text()).toBe(200);
        const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
        for (const [key, value] of Object.entries({
          wolt_enabled: 'true',
          wolt_api_key: wolt.apiKey,
          wolt_venue_id: 'venue-1',
          bolt_enabled: 'true',
          bolt_api_key: bolt.secret,
          bolt_integrator_id: bolt.integratorId,
          bolt_restaurant_id: '789',
        })) {
          const saved = await fetch(`${base}/api/admin/settings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ key, value, description: key }),
          });
          expect(saved.status, await saved.text()).toBe(200);
        }

        wolt.failNext('items', 503, DOWN);
        bolt.failNext('updateMenuItemAvailability', 503, DOWN);
        const mark = async (item: string, mode: 'indefinite' | 'off') => {
          const response = await fetch(`${base}/api/menu/items/${item}/sold-out`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ mode }),
          });
          expect(response.status, await response.text()).toBe(200);
        };
        await mark('loaded-brisket-fries', 'indefinite');
        await mark('brisket-plate', 'indefinite');
        await mark('loaded-brisket-fries', 'off');

        // Both platforms refused a try: the first change is in its back-off, or being tried.
        await waitFor(
          () =>
            wolt.calls.some((call) => call.status === 503) &&
            bolt.calls.some((call) => call.status === 503),
          'a refused try on each platform',
          WAIT_MS,
        );
        await kill();
        const refusedBeforeKill = wolt.calls.length + bolt.calls.length;
        expect(wolt.calls.filter((call) => call.status < 300)).toEqual([]);
        expect(bolt.calls.filter((call) => call.status < 300)).toEqual([]);

        await start();
        // The platforms come back; the restarted process finds the jobs the dead one left.
        wolt.failNext('items', 503, 0);
        bolt.failNext('updateMenuItemAvailability', 503, 0);
        const sent = (platform: 'wolt' | 'bolt') =>
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
            });
        // The back-off (2 s, 4 s, 8 s after the first tries) and the dead process's lease run
        // out in real time: moving a job's next try by hand could also cut short a lease the
        // restarted process holds, and send a change twice.
        await waitFor(
          () => sent('wolt').length >= 3 && sent('bolt').length >= 3,
          'every change on both platforms after the restart',
          WAIT_MS,
        );
        // Every job is finished, so nothing more is on its way.
        await waitFor(
          async () =>
            (
              await database.db
                .select({ id: outboundJobs.id })
                .from(outboundJobs)
                .where(
                  and(isNull(outboundJobs.doneAt), eq(outboundJobs.kind, 'platform-availability')),
                )
            ).length === 0,
          'the availability jobs finished',
          WAIT_MS,
        );
        const expected = [
          ['loaded-brisket-fries', false],
          ['brisket-plate', false],
          ['loaded-brisket-fries', true],
        ];
        expect(sent('wolt')).toEqual(expected);
        expect(sent('bolt')).toEqual(expected);
        expect(wolt.enabled('items', 'loaded-brisket-fries')).toBe(true);
        expect(wolt.enabled('items', 'brisket-plate')).toBe(false);
        expect(bolt.available('dish', 'brisket-plate')).toBe(false);
        expect(refusedBeforeKill).toBeGreaterThanOrEqual(2);
      } finally {
        await server.stop();
        await wolt.close();
        await bolt.close();
        await database.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
