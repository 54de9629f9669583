/**
 * Failed-login limits in the database (docs/decisions/006-login-limits-in-the-database.md):
 * the per-account cap, the delay ceiling, forgetting, cleanup, and counting under concurrency.
 * The login routes' own behaviour is in auth.routes.test.ts ("login rate limits").
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createStaffUser, logIn, nextClient } from '../../../../tests/factories/staff.ts';
import { loginLimits } from '#server/db/schema.ts';
import { accountKey, clientKey, LoginLimits, tooManyAttemptsMessage } from './login-limits.ts';

const t = useTestApp({ seed: false });
const MORNING = '2025-06-10T07:00:00Z';
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let limits: LoginLimits;
beforeAll(() => {
  limits = new LoginLimits(t.db, t.clock.now);
});

const rowOf = async (key: string) =>
  (await t.db.select().from(loginLimits).where(eq(loginLimits.key, key)))[0];
const advance = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));

describe('the per-account cap', () => {
  it('refuses everyone, the owner too, from the 100th failure in 15 minutes until the window ends', async () => {
    t.clock.set(MORNING);
    const target = await createStaffUser(t.db, { role: 'kitchen' });
    const account = target.username.toLowerCase();
    // 99 addresses, one wrong guess each (as a botnet would): not yet the cap.
    for (let i = 1; i <= 99; i += 1) await limits.recordFailure(account, `192.0.2.${i}`);
    advance(5 * MINUTE);
    const below = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: target.username,
      password: target.password,
    });
    expect(below.response.statusCode).toBe(200);

    await limits.recordFailure(account, '198.51.100.1');
    const capped = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: target.username,
      password: target.password,
    });
    expect(capped.response.statusCode).toBe(429);
    // The window opened 5 minutes ago: 10 minutes to go.
    expect(capped.response.json()).toEqual({
      error: 'Too many failed attempts. Try again in 10 minutes.',
    });
    expect(capped.response.headers['retry-after']).toBe('600');

    advance(10 * MINUTE);
    const after = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: target.username,
      password: target.password,
    });
    expect(after.response.statusCode).toBe(200);
    // A new window starts with the next failure.
    await limits.recordFailure(account, '198.51.100.2');
    expect(await rowOf(accountKey(account))).toMatchObject({
      failures: 1,
      windowStartedAt: t.clock.now(),
      blockedUntil: null,
    });
  });
});

describe('the per-client delay', () => {
  it('doubles from 1 s after the third failure, up to 15 minutes at most', async () => {
    t.clock.set(MORNING);
    const client = nextClient();
    const delays: number[] = [];
    for (let failure = 1; failure <= 16; failure += 1) {
      const { blockedMs, clientFailures } = await limits.recordFailure('delay.target', client);
      expect(clientFailures).toBe(failure);
      delays.push(blockedMs / SECOND);
      // Wait out the block, as a patient guesser would.
      advance(blockedMs);
    }
    expect(delays).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it('forgets a client 24 hours after its first failure', async () => {
    t.clock.set(MORNING);
    const client = nextClient();
    for (let failure = 1; failure <= 5; failure += 1) {
      await limits.recordFailure('forget.target', client);
      advance(10 * SECOND);
    }
    t.clock.set('2025-06-11T06:59:59Z');
    expect((await limits.recordFailure('forget.target', client)).clientFailures).toBe(6);
    t.clock.set('2025-06-11T07:00:00Z');
    expect(await limits.recordFailure('forget.target', client)).toEqual({
      clientFailures: 1,
      blockedMs: 0,
    });
  });

  it('words the wait in seconds under a minute, in whole minutes from there', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many failed attempts. Try again in 1 second.');
    expect(tooManyAttemptsMessage(1500)).toBe('Too many failed attempts. Try again in 2 seconds.');
    expect(tooManyAttemptsMessage(59_000)).toBe(
      'Too many failed attempts. Try again in 59 seconds.',
    );
    expect(tooManyAttemptsMessage(59_500)).toBe('Too many failed attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(61_000)).toBe(
      'Too many failed attempts. Try again in 2 minutes.',
    );
    expect(tooManyAttemptsMessage(15 * MINUTE)).toBe(
      'Too many failed attempts. Try again in 15 minutes.',
    );
  });
});

describe('counting under concurrency', () => {
  itRaces('loses no failure when two instances count the same keys at once', async () => {
    t.clock.set(MORNING);
    const other = new LoginLimits(t.db, t.clock.now);
    const shared = nextClient();
    // 30 guesses at once: 10 from one address, 20 from as many others, half on each instance.
    const guesses = Array.from({ length: 30 }, (_, i) => ({
      address: i < 10 ? shared : nextClient(),
      instance: i % 2 === 0 ? limits : other,
    }));
    await Promise.all(
      guesses.map(({ address, instance }) => instance.recordFailure('race.target', address)),
    );
    expect(await rowOf(accountKey('race.target'))).toMatchObject({ failures: 30 });
    // The 10th failure of one client: blocked for 2^(10-4) seconds.
    const client = await rowOf(clientKey('race.target', shared));
    expect(client).toMatchObject({ failures: 10 });
    expect(client!.blockedUntil!.getTime() - t.clock.now().getTime()).toBe(64 * SECOND);
    expect(await limits.waitMs('race.target', shared)).toBe(64 * SECOND);
  });
});

describe('cleanup', () => {
  it('deletes rows nobody touched for a day, on a failed login now and then', async () => {
    const keys = ['client:old:203.0.113.1', 'account:old', 'client:recent:203.0.113.1'];
    t.clock.set('2025-06-01T08:00:00Z');
    const fresh = new LoginLimits(t.db, t.clock.now);
    await fresh.recordFailure('old', '203.0.113.1');
    t.clock.set('2025-06-02T07:00:00Z');
    await limits.recordFailure('recent', '203.0.113.1');

    // 24 h and 1 minute after the old failure: the next failure on a fresh instance cleans up.
    t.clock.set('2025-06-02T08:01:00Z');
    const next = new LoginLimits(t.db, t.clock.now);
    await next.recordFailure('trigger', nextClient());
    const left = await t.db
      .select({ key: loginLimits.key })
      .from(loginLimits)
      .where(inArray(loginLimits.key, keys));
    expect(left.map((row) => row.key)).toEqual(['client:recent:203.0.113.1']);

    // Not again within ten minutes on that instance.
    const stale = new Date('2025-06-01T00:00:00Z');
    await t.db
      .insert(loginLimits)
      .values({ key: 'account:stale', failures: 3, windowStartedAt: stale, updatedAt: stale });
    advance(9 * MINUTE);
    await next.recordFailure('trigger', nextClient());
    expect(await rowOf('account:stale')).toBeDefined();
    advance(1 * MINUTE);
    await next.recordFailure('trigger', nextClient());
    expect(await rowOf('account:stale')).toBeUndefined();
  });
});
