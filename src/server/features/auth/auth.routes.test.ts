/**
 * The three logins, the session cookie, session expiry and logout, passwords at rest,
 * the login rate limits and changing one's own password (DESIGN.md departures 1-3, decision 006).
 */
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../../tests/setup/test-app.ts';
import { rowsOf } from '../../../../tests/setup/test-database.ts';
import {
  createStaffUser,
  logIn,
  nextClient,
  signIn,
  whoAmI,
  type CreatedStaff,
  type LoginPath,
} from '../../../../tests/factories/staff.ts';
import { buildApp } from '#server/app.ts';
import { sessions, staffUsers } from '#server/db/schema.ts';
import { LOGIN_MESSAGES, staffUserSchema } from '#shared/auth/auth.schema.ts';
import { ensureAdminAccount } from './bootstrap-admin.ts';

const ADMIN_PASSWORD = 'owner-knows-this-42';
const t = useTestApp({ seed: 'demo' });

/** 2025-06-10, a Tuesday morning; each test sets the clock it needs. */
const MORNING = '2025-06-10T07:00:00Z';

let staff: CreatedStaff;
let kitchen: CreatedStaff;
let inactiveStaff: CreatedStaff;
let inactiveKitchen: CreatedStaff;

beforeAll(async () => {
  const bootstrap = await ensureAdminAccount(t.db, ADMIN_PASSWORD);
  expect(bootstrap).toEqual({
    created: true,
    username: 'admin',
    password: ADMIN_PASSWORD,
    generated: false,
  });
  staff = await createStaffUser(t.db, {
    username: 'Sam.Counter',
    name: 'Sam Counter',
    role: 'staff',
  });
  kitchen = await createStaffUser(t.db, {
    username: 'Anna.Kitchen',
    name: 'Anna Kitchen',
    role: 'kitchen',
  });
  inactiveStaff = await createStaffUser(t.db, { role: 'staff', isActive: false });
  inactiveKitchen = await createStaffUser(t.db, { role: 'kitchen', isActive: false });
});

const get = (url: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClient(),
  });

const bootstrapAdmin = async () =>
  (await t.db.select().from(staffUsers).where(eq(staffUsers.username, 'admin')))[0]!;

/** Whether a cookie still opens an admin-only route. */
const adminStatus = async (cookie: string | undefined) =>
  (await get('/api/admin/staff', cookie)).statusCode;

describe('admin login (POST /api/auth/login)', () => {
  it('creates the first admin once, from ADMIN_PASSWORD', async () => {
    expect(await ensureAdminAccount(t.db, 'another-password')).toEqual({ created: false });
    const admins = await t.db.select().from(staffUsers).where(eq(staffUsers.role, 'admin'));
    expect(admins.map((row) => row.username)).toEqual(['admin']);
  });

  it('logs the admin in with the password and sets a session cookie', async () => {
    t.clock.set(MORNING);
    const { response, cookie } = await logIn(t.app, { password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      authenticated: true,
      user: { username: 'admin', role: 'admin', isActive: true },
    });
    expect(cookie).toBeDefined();
    expect(await adminStatus(cookie)).toBe(200);
    expect(await whoAmI(t.app, cookie)).toMatchObject({ role: 'admin' });
  });

  it("refuses a wrong password with the spec's message and no cookie", async () => {
    const { response, cookie } = await logIn(t.app, { password: ADMIN_PASSWORD.toUpperCase() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid password. Please try again.' });
    expect(cookie).toBeUndefined();
    // A success resets the failure count for the next tests.
    expect((await logIn(t.app, { password: ADMIN_PASSWORD })).response.statusCode).toBe(200);
  });

  it('asks for a password instead of failing on an empty body', async () => {
    for (const payload of [{}, { password: '' }, { password: 42 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        remoteAddress: nextClient(),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(/password/i);
    }
  });

  it("does not accept an inactive admin's password (nor so a staff user's)", async () => {
    // Same password as the staff accounts of this file.
    const retired = await createStaffUser(t.db, { role: 'admin', isActive: false });
    const { response } = await logIn(t.app, { password: retired.password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: LOGIN_MESSAGES.admin });
  });
});

describe('staff and kitchen logins', () => {
  it('logs a staff user in at /api/staff/login and answers the user record without any password', async () => {
    const { response, cookie } = await logIn(t.app, {
      username: staff.username,
      password: staff.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(staffUserSchema.strict().parse(body)).toMatchObject({
      id: staff.id,
      username: 'Sam.Counter',
      name: 'Sam Counter',
      role: 'staff',
      isActive: true,
    });
    expect(response.body).not.toMatch(/password|hash|scrypt/i);
    expect(response.body).not.toContain(staff.password);
    expect(await whoAmI(t.app, cookie)).toMatchObject({ id: staff.id, role: 'staff' });
    // A staff session is not an admin one.
    expect(await adminStatus(cookie)).toBe(403);
  });

  it("refuses a wrong password and an unknown user alike, with the spec's message", async () => {
    for (const credentials of [
      { username: staff.username, password: 'not-the-password' },
      { username: 'nobody.here', password: staff.password },
    ]) {
      const { response, cookie } = await logIn(t.app, credentials);
      expect(response.statusCode, credentials.username).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid username or password' });
      expect(cookie).toBeUndefined();
    }
  });

  it('lets only kitchen and admin accounts in at /api/kitchen/login', async () => {
    const asStaff = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: staff.username,
      password: staff.password,
    });
    expect(asStaff.response.statusCode).toBe(401);
    expect(asStaff.response.json()).toEqual({
      error: 'Invalid username or password, or insufficient permissions',
    });
    expect(asStaff.cookie).toBeUndefined();

    const asKitchen = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: kitchen.username,
      password: kitchen.password,
    });
    expect(asKitchen.response.statusCode).toBe(200);
    expect(asKitchen.response.json()).toMatchObject({ id: kitchen.id, role: 'kitchen' });
    expect(await whoAmI(t.app, asKitchen.cookie)).toMatchObject({ role: 'kitchen' });

    const asAdmin = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    expect(asAdmin.response.statusCode).toBe(200);
  });

  it('keeps the kitchen role out of the staff point of sale', async () => {
    const { response } = await logIn(t.app, {
      username: kitchen.username,
      password: kitchen.password,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: LOGIN_MESSAGES.staff });
  });

  it('refuses inactive accounts even with the right password', async () => {
    const atStaff = await logIn(t.app, {
      username: inactiveStaff.username,
      password: inactiveStaff.password,
    });
    expect(atStaff.response.statusCode).toBe(401);
    expect(atStaff.response.json()).toEqual({ error: LOGIN_MESSAGES.staff });
    const atKitchen = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: inactiveKitchen.username,
      password: inactiveKitchen.password,
    });
    expect(atKitchen.response.statusCode).toBe(401);
    expect(atKitchen.response.json()).toEqual({ error: LOGIN_MESSAGES.kitchen });
    expect(atKitchen.cookie).toBeUndefined();
  });

  it('reads the username in any case, and around spaces', async () => {
    const { response: shouted } = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: '  ANNA.kitchen  ',
      password: kitchen.password,
    });
    expect(shouted.statusCode).toBe(200);
    expect(shouted.json().id).toBe(kitchen.id);
    // The password, however, is exact.
    const { response } = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: 'anna.kitchen',
      password: kitchen.password.toUpperCase(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the session cookie', () => {
  it('is http-only, SameSite=Lax, on the whole site, and not Secure over plain http', async () => {
    const { response } = await logIn(t.app, { username: staff.username, password: staff.password });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^sid=[\w-]{40,};/);
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=Lax/i);
    expect(header).toMatch(/;\s*Path=\/(;|$)/);
    expect(header).not.toMatch(/Secure/i);
    const cookie = response.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeUndefined();
  });

  it('does not believe X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: staff.username, password: staff.password },
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).not.toMatch(/Secure/i);
  });

  it('is Secure when the request arrives over https behind a trusted proxy', async () => {
    const proxied = await createTestApp(t.database, { env: { TRUST_PROXY: '1' } });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: ADMIN_PASSWORD },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': nextClient() },
        remoteAddress: nextClient(),
      });
      expect(response.statusCode).toBe(200);
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/;\s*Secure/i);
      expect(header).toMatch(/;\s*HttpOnly/i);
      expect(header).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await proxied.close();
    }
  });

  it('holds a fresh random token each time; the database keeps only its digest', async () => {
    const first = await logIn(t.app, { username: staff.username, password: staff.password });
    const second = await logIn(t.app, { username: staff.username, password: staff.password });
    const tokens = [first.cookie!, second.cookie!].map((cookie) => cookie.slice('sid='.length));
    expect(tokens[0]).not.toBe(tokens[1]);
    const rows = rowsOf<Record<string, unknown>>(await t.db.execute(sql`select * from sessions`));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const stored = JSON.stringify(rows);
    for (const token of tokens) expect(stored).not.toContain(token);
  });
});

describe('sessions: GET /api/auth/session, logout and expiry', () => {
  const sessionRowsOf = async (userId: string) =>
    (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;

  it('tells a stranger, then the signed-in user, then the logged-out one who they are', async () => {
    t.clock.set(MORNING);
    const before = await get('/api/auth/session');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ authenticated: false, user: null });

    const { cookie } = await logIn(t.app, { username: staff.username, password: staff.password });
    const during = await get('/api/auth/session', cookie);
    expect(during.json()).toEqual({
      authenticated: true,
      user: {
        id: staff.id,
        username: staff.username,
        name: staff.name,
        role: 'staff',
        isActive: true,
        createdAt: staff.createdAt.toISOString(),
      },
    });

    const rowsBefore = await sessionRowsOf(staff.id);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookie! },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ authenticated: false, user: null });
    // The browser is told to drop the cookie…
    const cleared = logout.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires && cleared.expires.getTime()).toBeLessThanOrEqual(Date.now());
    // …and the server forgets it: replaying the old cookie gets nothing.
    expect(await sessionRowsOf(staff.id)).toBe(rowsBefore - 1);
    expect((await get('/api/auth/session', cookie)).json()).toEqual({
      authenticated: false,
      user: null,
    });
  });

  it('ends an admin session on logout: the old cookie no longer opens the back office', async () => {
    t.clock.set(MORNING);
    const { cookie } = await logIn(t.app, { password: ADMIN_PASSWORD });
    expect(cookie).toBeDefined();
    expect(await adminStatus(cookie)).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookie! } });
    const replay = await get('/api/admin/staff', cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'Please log in first.' });
  });

  it('lets anyone log out, with or without a session', async () => {
    for (const headers of [{}, { cookie: 'sid=made-up' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(response.statusCode).toBe(200);
    }
  });

  it('expires after 12 hours without use', async () => {
    t.clock.set(MORNING);
    const { cookie } = await logIn(t.app, { password: ADMIN_PASSWORD });
    t.clock.advanceMinutes(13 * 60);
    expect(await adminStatus(cookie)).toBe(401);
    expect((await get('/api/auth/session', cookie)).json()).toEqual({
      authenticated: false,
      user: null,
    });
    // Going back in time does not revive it: the expired row was deleted.
    t.clock.set(MORNING);
    expect(await adminStatus(cookie)).toBe(401);
  });

  it('is still valid just before 12 hours', async () => {
    t.clock.set(MORNING);
    const cookie = await signIn(t.db, staff, t.clock.now());
    t.clock.advanceMinutes(12 * 60 - 5);
    expect(await whoAmI(t.app, cookie)).toMatchObject({ id: staff.id });
  });

  it('slides: each use pushes the expiry 12 hours ahead', async () => {
    t.clock.set(MORNING);
    const cookie = await signIn(t.db, await bootstrapAdmin(), t.clock.now());
    t.clock.advanceMinutes(6 * 60);
    expect(await adminStatus(cookie)).toBe(200);
    t.clock.advanceMinutes(10 * 60); // 16 h after login, 10 h after the last use
    expect(await adminStatus(cookie)).toBe(200);
    t.clock.advanceMinutes(12 * 60 + 1); // 12 h after the last use
    expect(await adminStatus(cookie)).toBe(401);
  });

  it('ends when the account is deactivated or deleted', async () => {
    t.clock.set(MORNING);
    const shortLived = await createStaffUser(t.db, { role: 'admin' });
    const cookie = await signIn(t.db, shortLived, t.clock.now());
    expect(await adminStatus(cookie)).toBe(200);
    await t.db.update(staffUsers).set({ isActive: false }).where(eq(staffUsers.id, shortLived.id));
    expect(await adminStatus(cookie)).toBe(401);

    const gone = await createStaffUser(t.db, { role: 'admin' });
    const goneCookie = await signIn(t.db, gone, t.clock.now());
    await t.db.delete(staffUsers).where(eq(staffUsers.id, gone.id));
    expect(await adminStatus(goneCookie)).toBe(401);
  });
});

describe('passwords at rest', () => {
  it('stores only salted scrypt hashes: no column holds the password, equal passwords hash differently', async () => {
    const adminCookie = await signIn(t.db, await bootstrapAdmin(), t.clock.now());
    const password = 'Same-Password-123';
    const ids: string[] = [];
    for (const username of ['rest.one', 'rest.two']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/staff',
        headers: { cookie: adminCookie },
        payload: { username, password, name: `Rest ${username}` },
      });
      expect(response.statusCode).toBe(201);
      expect(response.body).not.toContain(password);
      ids.push(response.json().id);
    }

    const rows = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`select * from staff_users where id in (${ids[0]}, ${ids[1]})`),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        expect(String(value), column).not.toContain(password);
        expect(String(value).toLowerCase(), column).not.toContain(password.toLowerCase());
      }
      expect(String(row.password_hash)).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]{16,}\$[\w-]{32,}$/);
    }
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);

    // The bootstrap admin too.
    const everyone = JSON.stringify(rowsOf(await t.db.execute(sql`select * from staff_users`)));
    expect(everyone).not.toContain(ADMIN_PASSWORD);

    // And the hashes work.
    expect((await logIn(t.app, { username: 'rest.two', password })).response.statusCode).toBe(200);
  });
});

describe('login rate limits', () => {
  it('lets one client try at most 10 logins a minute (429 with a clear message); other clients go on', async () => {
    const client = nextClient();
    // Every attempt counts, whatever its outcome; most here skip the (slow) password check.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const password = attempt === 1 ? 'guessing-again' : '';
      const { response } = await logIn(t.app, { username: `guess.${attempt}`, password }, client);
      expect(response.statusCode, `attempt ${attempt}`).toBe(attempt === 1 ? 401 : 400);
    }
    const blocked = await logIn(
      t.app,
      { username: staff.username, password: staff.password },
      client,
    );
    expect(blocked.response.statusCode).toBe(429);
    expect(blocked.response.json()).toEqual({
      error: expect.stringMatching(/^Rate limit exceeded, retry in \d+ (seconds?|minutes?)$/),
    });
    expect(blocked.cookie).toBeUndefined();

    const elsewhere = await logIn(t.app, { username: staff.username, password: staff.password });
    expect(elsewhere.response.statusCode).toBe(200);
  });

  it('limits the admin and kitchen logins and the password change per client too', async () => {
    // The password change needs a session first; then it counts like a login.
    const cookie = await signIn(t.db, staff, t.clock.now());
    for (const url of ['/api/auth/login', '/api/kitchen/login', '/api/auth/password']) {
      const client = nextClient();
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 11; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: {},
          headers: { cookie },
          remoteAddress: client,
        });
        statuses.push(response.statusCode);
        if (attempt === 11) expect(response.json().error, url).toMatch(/rate limit|too many/i);
      }
      expect(
        statuses.slice(0, 10).every((status) => status !== 429),
        url,
      ).toBe(true);
      expect(statuses[10], url).toBe(429);
    }
  });

  // Per account and client, growing delays; per account, a high cap (decision 006).
  const advanceSeconds = (seconds: number) =>
    t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));
  /** What a refused login answers: status, message and Retry-After. */
  const refusal = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    error: response.json().error,
    retryAfter: response.headers['retry-after'],
  });
  const waitSeconds = (seconds: number) => ({
    status: 429,
    error: `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    retryAfter: String(seconds),
  });

  it('lets the owner sign in from another address after a stranger sent 50 wrong passwords from one', async () => {
    t.clock.set(MORNING);
    const stranger = nextClient();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      const { response } = await logIn(t.app, { password: `guess-${attempt}` }, stranger);
      statuses.push(response.statusCode);
      // The stranger waits out each delay the login names, so every guess let through counts.
      if (response.statusCode === 429 && response.json().error.startsWith('Too many failed')) {
        advanceSeconds(Number(response.headers['retry-after']));
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 429]);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);

    const owner = await logIn(t.app, { password: ADMIN_PASSWORD }, nextClient());
    expect(owner.response.statusCode).toBe(200);
    expect(owner.cookie).toBeDefined();
    // The stranger, even with the right password, is still held off.
    const stranded = await logIn(t.app, { password: ADMIN_PASSWORD }, stranger);
    expect(stranded.response.statusCode).toBe(429);
    expect(stranded.cookie).toBeUndefined();
  });

  it('lets staff and kitchen users sign in from another address while a stranger guesses their password', async () => {
    t.clock.set(MORNING);
    const target = await createStaffUser(t.db, { username: 'Limit.Target', role: 'kitchen' });
    const stranger = nextClient();
    for (const path of ['/api/staff/login', '/api/kitchen/login'] as const) {
      for (const username of ['Limit.Target', 'limit.target', 'LIMIT.TARGET', 'limit.Target']) {
        for (let attempt = 1; attempt <= 2; attempt += 1) {
          const { response } = await logIn(
            t.app,
            { path, username, password: 'wrong-password!' },
            stranger,
          );
          expect([401, 429]).toContain(response.statusCode);
        }
      }
    }
    // Any spelling of the name is the same account for the stranger's limit.
    const held = await logIn(
      t.app,
      { path: '/api/kitchen/login', username: 'LIMIT.target', password: target.password },
      stranger,
    );
    expect(held.response.statusCode).toBe(429);

    const owner = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: target.username,
      password: target.password,
    });
    expect(owner.response.statusCode).toBe(200);
  });

  it('delays one client on one account longer after each failure past the third; a success starts it afresh', async () => {
    t.clock.set(MORNING);
    const target = await createStaffUser(t.db, { role: 'kitchen' });
    const client = nextClient();
    const wrong = () =>
      logIn(t.app, { username: target.username, password: 'wrong-password!' }, client);
    const right = (path: LoginPath) =>
      logIn(t.app, { path, username: target.username, password: target.password }, client);

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await wrong()).response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    expect(refusal((await wrong()).response)).toEqual(waitSeconds(1));
    advanceSeconds(1);
    expect((await wrong()).response.statusCode).toBe(401);
    expect(refusal((await wrong()).response)).toEqual(waitSeconds(2));
    advanceSeconds(2);
    expect((await wrong()).response.statusCode).toBe(401);
    advanceSeconds(1);
    // The right password waits too: the check does not even run.
    const blocked = await right('/api/kitchen/login');
    expect(refusal(blocked.response)).toEqual(waitSeconds(3));
    expect(blocked.cookie).toBeUndefined();

    // Others are not held up meanwhile.
    const elsewhere = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: target.username,
      password: target.password,
    });
    expect(elsewhere.response.statusCode).toBe(200);

    advanceSeconds(3);
    expect((await right('/api/kitchen/login')).response.statusCode).toBe(200);
    // Afresh: failures are free again.
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      statuses.push(
        (
          await logIn(
            t.app,
            { path: '/api/kitchen/login', username: target.username, password: 'nope-nope' },
            client,
          )
        ).response.statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401]);
  });

  it('counts failures on one instance at another sharing the database', async () => {
    t.clock.set(MORNING);
    const other = await createTestApp(t.database);
    try {
      other.clock.set(MORNING);
      const target = await createStaffUser(t.db, { role: 'staff' });
      const client = nextClient();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const { response } = await logIn(
          t.app,
          { username: target.username, password: 'wrong-password!' },
          client,
        );
        expect(response.statusCode).toBe(401);
      }
      const there = await logIn(
        other.app,
        { username: target.username, password: target.password },
        client,
      );
      expect(refusal(there.response)).toEqual(waitSeconds(1));

      // A success on the second instance clears the client's count for the first.
      other.clock.set(new Date(other.clock.now().getTime() + 1000));
      expect(
        (await logIn(other.app, { username: target.username, password: target.password }, client))
          .response.statusCode,
      ).toBe(200);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const { response } = await logIn(
          t.app,
          { username: target.username, password: 'wrong-again!' },
          client,
        );
        expect(response.statusCode, `attempt ${attempt} after the success`).toBe(401);
      }
    } finally {
      await other.close();
    }
  });

  it('limits guesses of the current password in POST /api/auth/password the same way', async () => {
    t.clock.set(MORNING);
    const user = await createStaffUser(t.db, { role: 'staff' });
    const cookie = await signIn(t.db, user, t.clock.now());
    const client = nextClient();
    const change = (currentPassword: string, remoteAddress = client) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword, newPassword: 'a-new-password-1' },
        headers: { cookie },
        remoteAddress,
      });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await change(`guess-${attempt}`)).statusCode).toBe(400);
    }
    expect(refusal(await change(user.password))).toEqual(waitSeconds(1));
    // The guesses count for the logins of that account from that client too.
    const login = await logIn(t.app, { username: user.username, password: user.password }, client);
    expect(refusal(login.response)).toEqual(waitSeconds(1));
    expect((await change(user.password, nextClient())).statusCode).toBe(200);
  });
});

describe('failed logins are logged without the password', () => {
  const lines: string[] = [];
  let logged: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    logged = await buildApp({
      config: t.config,
      database: t.database,
      now: t.clock.now,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await logged.ready();
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('names the account and the reason, never the password', async () => {
    const secretGuess = 'Pa55word-In-The-Log?';
    await logIn(logged, { username: staff.username, password: secretGuess });
    await logIn(logged, { password: `${secretGuess}-admin` });
    await logIn(logged, {
      path: '/api/kitchen/login',
      username: staff.username,
      password: staff.password,
    });
    const failures = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'login failed');
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatchObject({
      account: staff.username.toLowerCase(),
      reason: 'wrong password',
    });
    expect(failures[2].reason).toMatch(/role staff/);
    const all = lines.join('\n');
    expect(all).not.toContain(secretGuess);
    expect(all).not.toContain(staff.password);
  });
});

describe('changing one’s own password (POST /api/auth/password)', () => {
  const change = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload,
      headers: cookie ? { cookie } : {},
      remoteAddress: nextClient(),
    });

  it('needs a session', async () => {
    const response = await change(undefined, {
      currentPassword: 'x',
      newPassword: 'whatever-1234',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong current password, naming currentPassword, and a too short new one', async () => {
    t.clock.set(MORNING);
    const cookie = await signIn(t.db, staff, t.clock.now());
    const wrong = await change(cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'Your current password is not right.',
      fields: { currentPassword: 'Your current password is not right.' },
    });
    const short = await change(cookie, { currentPassword: staff.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/newPassword.*at least 8/);
    // Nothing changed.
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(row!.passwordHash).toBe(staff.passwordHash);
  });

  it('changes it: the old password stops working, the new one works, other sessions end, this one stays', async () => {
    t.clock.set(MORNING);
    const user = await createStaffUser(t.db, { role: 'kitchen' });
    const here = await signIn(t.db, user, t.clock.now());
    const elsewhere = await signIn(t.db, user, t.clock.now());
    const someoneElse = await signIn(t.db, staff, t.clock.now());

    const response = await change(here, {
      currentPassword: user.password,
      newPassword: 'kitchen-new-pass',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ changed: true });

    expect(await whoAmI(t.app, here)).toMatchObject({ id: user.id });
    expect(await whoAmI(t.app, elsewhere)).toBeNull();
    expect(await whoAmI(t.app, someoneElse)).toMatchObject({ id: staff.id });

    const old = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: user.username,
      password: user.password,
    });
    expect(old.response.statusCode).toBe(401);
    const fresh = await logIn(t.app, {
      path: '/api/kitchen/login',
      username: user.username,
      password: 'kitchen-new-pass',
    });
    expect(fresh.response.statusCode).toBe(200);
  });

  // NOTE: the last test of the file: it leaves the admin with a new password.
  it('lets the admin change the admin password from the back office', async () => {
    t.clock.set(MORNING);
    const cookie = await signIn(t.db, await bootstrapAdmin(), t.clock.now());
    const newPassword = 'owner-changed-it-43';
    expect(
      (await change(cookie, { currentPassword: ADMIN_PASSWORD, newPassword })).statusCode,
    ).toBe(200);
    expect((await logIn(t.app, { password: ADMIN_PASSWORD })).response.statusCode).toBe(401);
    const again = await logIn(t.app, { password: newPassword });
    expect(again.response.statusCode).toBe(200);
    // The session that made the change goes on.
    expect(await adminStatus(cookie)).toBe(200);
  });
});
