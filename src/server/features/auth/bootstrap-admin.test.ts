/**
 * DESIGN.md departure 1: on a start with no active admin, the server creates one from
 * ADMIN_PASSWORD or with a generated password printed once; that password logs in.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { logIn } from '../../../../tests/factories/staff.ts';
import { staffUsers } from '#server/db/schema.ts';
import { ensureAdminAccount } from './bootstrap-admin.ts';
import { firstAdmin } from './passwords.ts';

const t = useTestApp({ seed: 'base' });

describe('ensureAdminAccount', () => {
  it('generates a strong password when ADMIN_PASSWORD is not set, and that password logs in', async () => {
    const result = await ensureAdminAccount(t.db, undefined);
    if (!result.created) throw new Error('expected an admin to be created');
    expect(result).toMatchObject({ created: true, username: 'admin', generated: true });
    expect(result.password).toMatch(/^[A-Za-z2-9]{20}$/);

    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, 'admin'));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(result.password);

    const { response, cookie } = await logIn(t.app, { password: result.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      authenticated: true,
      user: { username: 'admin', role: 'admin' },
    });
    expect(cookie).toBeDefined();

    // A second start finds the admin and neither creates nor prints anything.
    expect(await ensureAdminAccount(t.db, 'some-other-password')).toEqual({ created: false });
  });

  it('creates a new admin beside an inactive "admin", from ADMIN_PASSWORD', async () => {
    await t.db.update(staffUsers).set({ isActive: false }).where(eq(staffUsers.username, 'admin'));
    const result = await ensureAdminAccount(t.db, 'from-the-environment');
    expect(result).toEqual({
      created: true,
      username: 'admin2',
      password: 'from-the-environment',
      generated: false,
    });

    const { response } = await logIn(t.app, { password: 'from-the-environment' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'admin2', role: 'admin' });
  });

  it('uses the first admin whose hash start.ts began early, and drops it when an admin exists', async () => {
    // admin2 from the last test is active.
    expect(await ensureAdminAccount(t.db, 'begun-early', firstAdmin('begun-early'))).toEqual({
      created: false,
    });
    await t.db.update(staffUsers).set({ isActive: false });
    const prepared = firstAdmin(undefined);
    const result = await ensureAdminAccount(t.db, undefined, prepared);
    expect(result).toEqual({
      created: true,
      username: 'admin3',
      password: prepared.password,
      generated: true,
    });
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, 'admin3'));
    expect(row!.passwordHash).toBe(await prepared.passwordHash);

    const { response } = await logIn(t.app, { password: prepared.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'admin3', role: 'admin' });
  });
});
