/**
 * Failed-login limits, kept in the database so every app instance shares them
 * (docs/decisions/006-login-limits-in-the-database.md). Two keys per attempt:
 *
 * - `client:<account>:<address>`: one client guessing one account. The first 3 failures are
 *   free (typos); each further one blocks that client, for that account only, for a doubling
 *   delay: 1 s, 2 s, 4 s … at most 15 minutes. A success clears the key; it is forgotten
 *   24 hours after its first failure.
 * - `account:<account>`: everyone guessing one account. At most 100 failures in a 15-minute
 *   window, then the account waits for the window's end. One client's doubling delays allow
 *   about 13 failures in 15 minutes, so only many addresses together can reach the cap, and a
 *   stranger on one address never locks the owner out.
 *
 * - `device:<account>:<nonce>`: a known device of the account (device-cookie.ts), a browser that
 *   signed in to it before. It has the client's doubling delays as its own and nothing else: its
 *   failures count on this key only, and neither the address's key nor the account's cap
 *   applies to it. Strangers can hold the account off for untrusted browsers, never for the
 *   owner's known devices (OWASP's device cookies).
 *
 * Each failure is one `insert … on conflict do update … returning` per key: PostgreSQL
 * applies concurrent failures one after the other on the row, so none is lost.
 */
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginLimits } from '../../db/schema.ts';
import { TooManyRequestsError } from '../../http/too-many-requests.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const LOGIN_LIMITS = {
  client: {
    /** Failures without any delay. */
    freeFailures: 3,
    /** The delay after the first failure past the free ones; doubles with each further one. */
    firstDelayMs: 1 * SECOND,
    maxDelayMs: 15 * MINUTE,
    /** A key is forgotten this long after its first failure. */
    forgetAfterMs: 24 * HOUR,
  },
  account: {
    maxFailures: 100,
    windowMs: 15 * MINUTE,
  },
  /** Rows untouched this long are deleted (longer than any window or delay above). */
  keepRowsMs: 24 * HOUR,
  /** How often one instance deletes old rows, on a failed login. */
  cleanupEveryMs: 10 * MINUTE,
} as const;

export const clientKey = (account: string, address: string) => `client:${account}:${address}`;
export const accountKey = (account: string) => `account:${account}`;
const deviceKey = (account: string, nonce: string) => `device:${account}:${nonce}`;

/** The keys that decide whether this attempt may go ahead, and that a failure counts on. */
const keysOf = (account: string, address: string, device: string | null) =>
  device ? [deviceKey(account, device)] : [clientKey(account, address), accountKey(account)];

/** "Too many failed attempts. Try again in 8 seconds." (minutes from one minute up). */
export function tooManyAttemptsMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / SECOND));
  if (seconds < 60)
    return `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const timestamp = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;
const milliseconds = (ms: number | ReturnType<typeof sql>) =>
  sql`(${ms}) * interval '1 millisecond'`;

/**
 * One failure on a client key: restarts the count when the key is older than
 * `forgetAfterMs`, and blocks past the free failures for the doubling delay.
 */
async function recordClientFailure(db: Db, key: string, now: Date) {
  const { freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs } = LOGIN_LIMITS.client;
  const stale = sql`${loginLimits.windowStartedAt} <= ${timestamp(now)} - ${milliseconds(forgetAfterMs)}`;
  const failures = sql`(case when ${stale} then 1 else ${loginLimits.failures} + 1 end)`;
  // The exponent is capped so that power() cannot overflow whatever the count.
  const delayMs = sql`least(${maxDelayMs}, ${firstDelayMs} * power(2, least(${failures} - ${freeFailures} - 1, 30)))`;
  const [row] = await db
    .insert(loginLimits)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: loginLimits.key,
      set: {
        failures,
        windowStartedAt: sql`case when ${stale} then ${timestamp(now)} else ${loginLimits.windowStartedAt} end`,
        blockedUntil: sql`case when ${failures} > ${freeFailures} then ${timestamp(now)} + ${milliseconds(delayMs)} end`,
        updatedAt: now,
      },
    })
    .returning({ failures: loginLimits.failures, blockedUntil: loginLimits.blockedUntil });
  return row!;
}

/** One failure on an account key: a fixed window; at the cap, blocked until the window ends. */
async function recordAccountFailure(db: Db, key: string, now: Date) {
  const { maxFailures, windowMs } = LOGIN_LIMITS.account;
  const over = sql`${loginLimits.windowStartedAt} <= ${timestamp(now)} - ${milliseconds(windowMs)}`;
  const failures = sql`(case when ${over} then 1 else ${loginLimits.failures} + 1 end)`;
  const windowStartedAt = sql`(case when ${over} then ${timestamp(now)} else ${loginLimits.windowStartedAt} end)`;
  const [row] = await db
    .insert(loginLimits)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: loginLimits.key,
      set: {
        failures,
        windowStartedAt,
        blockedUntil: sql`case when ${failures} >= ${maxFailures} then ${windowStartedAt} + ${milliseconds(windowMs)} end`,
        updatedAt: now,
      },
    })
    .returning({ failures: loginLimits.failures, blockedUntil: loginLimits.blockedUntil });
  return row!;
}

/** The limits of one app instance: the database holds the counts, the instance its clock. */
export class LoginLimits {
  private lastCleanupAt = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * How long this client must wait before trying this account again; 0 when it may try.
   * `device` is the nonce of a known device of the account (device-cookie.ts), else null.
   */
  async waitMs(account: string, address: string, device: string | null = null): Promise<number> {
    const now = this.now();
    const blocks = await this.db
      .select({ blockedUntil: loginLimits.blockedUntil })
      .from(loginLimits)
      .where(
        and(
          inArray(loginLimits.key, keysOf(account, address, device)),
          gt(loginLimits.blockedUntil, now),
        ),
      );
    const until = Math.max(0, ...blocks.map((row) => row.blockedUntil!.getTime()));
    return Math.max(0, until - now.getTime());
  }

  /** Throws a 429 with Retry-After while this client may not try this account. */
  async refuseWhileBlocked(
    account: string,
    address: string,
    device: string | null = null,
  ): Promise<void> {
    const waitMs = await this.waitMs(account, address, device);
    if (waitMs > 0) {
      throw new TooManyRequestsError(tooManyAttemptsMessage(waitMs), Math.ceil(waitMs / SECOND));
    }
  }

  /**
   * Counts a failure on both keys, or on a known device's own key only; answers the client's
   * (or device's) count and how long it is now blocked.
   */
  async recordFailure(
    account: string,
    address: string,
    device: string | null = null,
  ): Promise<{ clientFailures: number; blockedMs: number }> {
    const now = this.now();
    if (device) {
      const own = await recordClientFailure(this.db, deviceKey(account, device), now);
      await this.cleanUpNowAndThen(now);
      const until = own.blockedUntil?.getTime() ?? 0;
      return { clientFailures: own.failures, blockedMs: Math.max(0, until - now.getTime()) };
    }
    const client = await recordClientFailure(this.db, clientKey(account, address), now);
    const accountRow = await recordAccountFailure(this.db, accountKey(account), now);
    await this.cleanUpNowAndThen(now);
    const until = Math.max(
      client.blockedUntil?.getTime() ?? 0,
      accountRow.blockedUntil?.getTime() ?? 0,
    );
    return { clientFailures: client.failures, blockedMs: Math.max(0, until - now.getTime()) };
  }

  /** A success: this client (and device) starts afresh on this account (the account's count stays). */
  async recordSuccess(
    account: string,
    address: string,
    device: string | null = null,
  ): Promise<void> {
    const keys = [clientKey(account, address), ...(device ? [deviceKey(account, device)] : [])];
    await this.db.delete(loginLimits).where(inArray(loginLimits.key, keys));
  }

  /** Deletes rows nobody touched for `keepRowsMs`: their windows and blocks are long over. */
  async deleteExpired(now: Date = this.now()): Promise<number> {
    const deleted = await this.db
      .delete(loginLimits)
      .where(lt(loginLimits.updatedAt, new Date(now.getTime() - LOGIN_LIMITS.keepRowsMs)))
      .returning({ key: loginLimits.key });
    return deleted.length;
  }

  private async cleanUpNowAndThen(now: Date): Promise<void> {
    if (Math.abs(now.getTime() - this.lastCleanupAt) < LOGIN_LIMITS.cleanupEveryMs) return;
    this.lastCleanupAt = now.getTime();
    await this.deleteExpired(now);
  }
}
