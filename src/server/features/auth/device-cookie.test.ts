/**
 * Device cookies (decision 006, update of 2026-11-25; OWASP "Slow down online guessing attacks
 * with device cookies"): a browser that signed in to an account before keeps its own allowance
 * for that account. Strangers on many addresses can lock the account for untrusted browsers,
 * never for the owner's known devices.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginLimits, staffUsers } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  createStaffUser,
  nextClient,
  type CreatedStaff,
} from '../../../../tests/factories/staff.ts';
import { SESSION_COOKIE as SESSION_COOKIE_NAME } from './sessions.service.ts';
import { ensureAdminAccount } from './bootstrap-admin.ts';

const ADMIN_PASSWORD = 'owner-knows-this-42';
const t = useTestApp({ seed: false });
/** A Tuesday morning; each test starts an hour later than the one before (fresh windows). */
const MORNING = Date.parse('2025-06-10T07:00:00Z');
const HOUR = 3_600_000;

/**
 * The stored format at a small cost (N = 2^10), so that 100 wrong passwords take a second, not
 * the 15 s of the real cost on a shared machine; verifyPassword reads N from the hash.
 */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let staff: CreatedStaff;
beforeAll(async () => {
  await ensureAdminAccount(t.db, ADMIN_PASSWORD);
  await t.db
    .update(staffUsers)
    .set({ passwordHash: cheapHash(ADMIN_PASSWORD) })
    .where(eq(staffUsers.username, 'admin'));
  staff = await createStaffUser(t.db, { username: 'Sam.Counter', role: 'staff' });
  await t.db
    .update(staffUsers)
    .set({ passwordHash: cheapHash(staff.password) })
    .where(eq(staffUsers.id, staff.id));
});

/** The cookies a response sets, other than the session, as a Cookie header. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.name !== SESSION_COOKIE_NAME && cookie.value)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

function adminLogin(password: string, cookie = '', address = nextClient()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { password },
    headers: cookie ? { cookie } : {},
    remoteAddress: address,
  });
}

/** 25 addresses, 4 wrong passwords each: the account's cap of 100 in 15 minutes. */
async function lockOutFromManyAddresses() {
  const statuses: number[] = [];
  for (let address = 1; address <= 25; address += 1) {
    for (let guess = 1; guess <= 4; guess += 1) {
      const response = await adminLogin(`guess-${address}-${guess}`, '', `203.0.113.${address}`);
      statuses.push(response.statusCode);
    }
  }
  return statuses;
}

describe('the owner cannot be locked out from many addresses', () => {
  it("keeps the owner's known browser signing in; strangers and forged cookies are refused", async () => {
    t.clock.set(new Date(MORNING));
    const first = await adminLogin(ADMIN_PASSWORD);
    expect(first.statusCode, first.body).toBe(200);
    const device = deviceCookieOf(first);

    const statuses = await lockOutFromManyAddresses();
    expect(statuses.filter((status) => status !== 401)).toEqual([]);

    // The owner's browser, from yet another address, signs in at once.
    const owner = await adminLogin(ADMIN_PASSWORD, device);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE_NAME);

    // A browser that never signed in is held off, even with the right password.
    const stranger = await adminLogin(ADMIN_PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toMatch(
      /^Too many failed attempts\. Try again in \d+ minutes?\.$/,
    );

    // The device cookie is http-only, names the account it is for and is signed.
    const set = first.cookies.find((cookie) => cookie.name === 'login_device');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const [value] = device.match(/login_device=([^;]+)/)!.slice(1);
    const [account, nonce, signature] = value!.split('.');
    expect([account, nonce, signature].every(Boolean)).toBe(true);

    // A forged signature, a cookie made up for the admin, and a cookie of another account
    // do not help.
    // The first character changes: the last one of 32 bytes in base64url carries two padding
    // bits, so A and B there (or B, C and D against A) decode to the same bytes.
    const flipped = signature!.startsWith('A') ? 'B' : 'A';
    const forged = `login_device=${account}.${nonce}.${flipped}${signature!.slice(1)}`;
    expect((await adminLogin(ADMIN_PASSWORD, forged)).statusCode).toBe(429);
    const madeUp = `login_device=${account}.${'x'.repeat(22)}.${signature}`;
    expect((await adminLogin(ADMIN_PASSWORD, madeUp)).statusCode).toBe(429);
    const staffLogin = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: staff.username, password: staff.password },
      remoteAddress: nextClient(),
    });
    expect(staffLogin.statusCode).toBe(200);
    const otherAccount = deviceCookieOf(staffLogin);
    expect(otherAccount).toMatch(/login_device=/);
    expect((await adminLogin(ADMIN_PASSWORD, otherAccount)).statusCode).toBe(429);
  }, 60_000);

  it('counts failures with a device cookie against that device only', async () => {
    t.clock.set(new Date(MORNING + 2 * HOUR));
    const first = await adminLogin(ADMIN_PASSWORD);
    const device = deviceCookieOf(first);
    const accountRow = async () =>
      (
        await t.db.select().from(loginLimits).where(eq(loginLimits.key, 'account:#admin-password'))
      )[0];
    const before = (await accountRow())?.failures ?? 0;
    const windowBefore = (await accountRow())?.windowStartedAt;

    // The owner mistypes on their own device, from several addresses (a phone moving about).
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      statuses.push((await adminLogin(`typo-${attempt}`, device)).statusCode);
    }
    // 3 free, the 4th counted and blocks that device for 1 s, the 5th is refused.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const accountAfter = await accountRow();
    expect(accountAfter?.failures ?? 0).toBe(before);
    expect(accountAfter?.windowStartedAt).toEqual(windowBefore);

    // Nobody else is slowed by it, and the device goes on after its wait.
    expect((await adminLogin(ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await adminLogin(ADMIN_PASSWORD, device)).statusCode).toBe(429);
    t.clock.set(new Date(MORNING + 2 * HOUR + 1_000));
    expect((await adminLogin(ADMIN_PASSWORD, device)).statusCode).toBe(200);
  });

  it('keeps a staff member signing in at the counter while their username is attacked', async () => {
    t.clock.set(new Date(MORNING + 4 * HOUR));
    const login = (password: string, cookie = '', address = nextClient()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { username: staff.username, password },
        headers: cookie ? { cookie } : {},
        remoteAddress: address,
      });
    const device = deviceCookieOf(await login(staff.password));
    for (let address = 1; address <= 25; address += 1) {
      for (let guess = 1; guess <= 4; guess += 1) {
        await login(`guess-${guess}`, '', `198.51.100.${address}`);
      }
    }
    expect((await login(staff.password)).statusCode).toBe(429);
    expect((await login(staff.password, device)).statusCode).toBe(200);
  }, 60_000);
});
