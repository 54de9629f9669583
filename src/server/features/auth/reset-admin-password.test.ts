/**
 * `npm run admin:reset-password` (README.md "Forgot the admin password?"): the core resets a
 * forgotten admin password on the database, the new password logs in through the app, and the old
 * one and the admin's open sessions stop working. Runs on PGlite and on PostgreSQL
 * (vitest.config.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, logIn, signIn, whoAmI } from '../../../../tests/factories/staff.ts';
import { loginLimits, staffUsers } from '#server/db/schema.ts';
import { ensureAdminAccount } from './bootstrap-admin.ts';
import { resetAdminPassword, ResetAdminPasswordError } from './reset-admin-password.ts';

const t = useTestApp({ seed: 'base' });

describe('resetAdminPassword', () => {
  it('gives the first admin a generated password that logs in, and ends its sessions', async () => {
    const created = await ensureAdminAccount(t.db, 'forgotten-password');
    if (!created.created) throw new Error('expected an admin to be created');
    const { cookie: oldSession } = await logIn(t.app, { password: 'forgotten-password' });
    expect(await whoAmI(t.app, oldSession)).toMatchObject({ role: 'admin' });
    // A blocked attempt from the owner's own address is lifted too.
    await t.db.insert(loginLimits).values({
      key: 'client:#admin-password:10.9.9.9',
      failures: 9,
      windowStartedAt: new Date(),
      blockedUntil: new Date(Date.now() + 60 * 60_000),
    });

    const result = await resetAdminPassword(t.db);
    expect(result).toMatchObject({
      username: 'admin',
      generated: true,
      reactivated: false,
      sessionsEnded: 1,
    });
    expect(result.password).toMatch(/^[A-Za-z2-9]{20}$/);

    expect(await whoAmI(t.app, oldSession)).toBeNull();
    const old = await logIn(t.app, { password: 'forgotten-password' });
    expect(old.response.statusCode).toBe(401);
    const { response, cookie } = await logIn(t.app, { password: result.password }, '10.9.9.9');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { username: 'admin', role: 'admin' } });
    expect(await whoAmI(t.app, cookie)).toMatchObject({ role: 'admin' });
  });

  it('resets the admin named, case-insensitively, to the password given', async () => {
    const other = await createStaffUser(t.db, { role: 'admin', username: 'Owner2' });
    const session = await signIn(t.db, other);
    await t.db.update(staffUsers).set({ isActive: false }).where(eq(staffUsers.id, other.id));

    const result = await resetAdminPassword(t.db, {
      username: 'owner2',
      password: 'a-new-password',
    });
    expect(result).toEqual({
      username: 'Owner2',
      password: 'a-new-password',
      generated: false,
      reactivated: true,
      sessionsEnded: 1,
    });
    expect(await whoAmI(t.app, session)).toBeNull();
    const { response } = await logIn(t.app, { password: 'a-new-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'Owner2' });
  });

  it('refuses clearly: unknown name, a staff account, a short password, no admin at all', async () => {
    await expect(resetAdminPassword(t.db, { username: 'nobody' })).rejects.toThrow(
      'No account is named "nobody".',
    );
    const staff = await createStaffUser(t.db, { username: 'cook' });
    await expect(resetAdminPassword(t.db, { username: staff.username })).rejects.toThrow(
      /"cook" is a staff account, not an admin/,
    );
    await expect(resetAdminPassword(t.db, { password: 'short' })).rejects.toBeInstanceOf(
      ResetAdminPasswordError,
    );

    await t.db.update(staffUsers).set({ isActive: false }).where(eq(staffUsers.role, 'admin'));
    await expect(resetAdminPassword(t.db)).rejects.toThrow(/There is no active admin account/);
  });
});
