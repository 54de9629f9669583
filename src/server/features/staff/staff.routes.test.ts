/**
 * Staff accounts as the admin manages them (spec back-office §2, DESIGN.md departures 2 and 3):
 * create, list, update, delete, passwords never listed, the last active admin kept.
 */
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  createStaffUser,
  logIn,
  nextClient,
  signIn,
  whoAmI,
  type CreatedStaff,
} from '../../../../tests/factories/staff.ts';
import { staffUsers } from '#server/db/schema.ts';
import { staffUserSchema, type StaffUser } from '#shared/auth/auth.schema.ts';

const t = useTestApp({ seed: 'base' });

let owner: CreatedStaff;
let ownerCookie: string;

beforeAll(async () => {
  owner = await createStaffUser(t.db, { username: 'owner', name: 'Shop Owner', role: 'admin' });
});
beforeEach(async () => {
  ownerCookie = await signIn(t.db, owner, t.clock.now());
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, cookie = ownerCookie) =>
  t.app.inject({ method, url, payload, headers: { cookie }, remoteAddress: nextClient() });

const createUser = (payload: object) => call('POST', '/api/admin/staff', payload);
const updateUser = (id: string, payload: object, cookie?: string) =>
  call('PUT', `/api/admin/staff/${id}`, payload, cookie);
const deleteUser = (id: string, cookie?: string) =>
  call('DELETE', `/api/admin/staff/${id}`, undefined, cookie);
const listUsers = async () => {
  const response = await call('GET', '/api/admin/staff');
  expect(response.statusCode).toBe(200);
  return response.json<StaffUser[]>();
};

const LAST_ADMIN = 'This is the last active admin account: add another admin first.';

describe('POST /api/admin/staff', () => {
  it('creates a staff account, active and of role staff by default, and answers it without the password', async () => {
    const response = await createUser({
      username: 'new.cashier',
      password: 'first-shift-pass',
      name: 'Nina New',
    });
    expect(response.statusCode).toBe(201);
    const body = staffUserSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      username: 'new.cashier',
      name: 'Nina New',
      role: 'staff',
      isActive: true,
    });
    expect(response.body).not.toMatch(/password|hash|scrypt/i);
    expect(response.body).not.toContain('first-shift-pass');

    // The account works at the staff login.
    const login = await logIn(t.app, { username: 'new.cashier', password: 'first-shift-pass' });
    expect(login.response.statusCode).toBe(200);
    expect(login.response.json().id).toBe(body.id);
  });

  it('takes a role and the active flag (the Add Kitchen User shortcut)', async () => {
    const kitchen = await createUser({
      username: 'grill.cook',
      password: 'grill-cook-pass',
      name: 'Grill Cook',
      role: 'kitchen',
    });
    expect(kitchen.statusCode).toBe(201);
    expect(kitchen.json()).toMatchObject({ role: 'kitchen', isActive: true });
    const resting = await createUser({
      username: 'on.leave',
      password: 'on-leave-pass',
      name: 'On Leave',
      role: 'manager',
      isActive: false,
    });
    expect(resting.json()).toMatchObject({ role: 'manager', isActive: false });
  });

  it("says 'All fields are required' for a blank username or name, and asks for a longer password", async () => {
    const valid = {
      username: 'complete.user',
      password: 'long-enough-pass',
      name: 'Complete User',
    };
    for (const [field, value, message] of [
      ['username', '', 'All fields are required'],
      ['username', '   ', 'All fields are required'],
      ['name', '', 'All fields are required'],
      ['name', '  ', 'All fields are required'],
      ['password', '', 'Use at least 8 characters'],
      ['password', 'short7!', 'Use at least 8 characters'],
    ] as const) {
      const response = await createUser({ ...valid, [field]: value });
      expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(response.json().error).toBe(`${field}: ${message}`);
      expect(response.json().fields).toEqual({ [field]: message });
    }
    for (const field of ['username', 'password', 'name'] as const) {
      const { [field]: _left, ...rest } = valid;
      const response = await createUser(rest);
      expect(response.statusCode, `without ${field}`).toBe(400);
      expect(response.json().error).toMatch(new RegExp(`^${field}: \\S`));
    }
    expect((await listUsers()).some((user) => user.username === 'complete.user')).toBe(false);
  });

  it('refuses an unknown role and a malformed username', async () => {
    const base = { password: 'long-enough-pass', name: 'Someone' };
    const role = await createUser({ ...base, username: 'role.guess', role: 'owner' });
    expect(role.statusCode).toBe(400);
    expect(role.json().error).toBe('role: Unknown role');
    for (const username of ['has space', 'semi;colon', '<script>', 'x'.repeat(61)]) {
      const response = await createUser({ ...base, username });
      expect(response.statusCode, username).toBe(400);
      expect(response.json().error).toMatch(/^username: /);
    }
  });

  it('refuses a username that exists in another case with 409', async () => {
    await createStaffUser(t.db, { username: 'Taken.Name' });
    const response = await createUser({
      username: 'TAKEN.name',
      password: 'long-enough-pass',
      name: 'Copy Cat',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'The username "TAKEN.name" is already taken.' });
  });

  it('treats letters beyond ASCII alike in any case (the database and the server agree on lower case)', async () => {
    const created = await createUser({
      username: 'ÄNNE.Õun',
      password: 'unicode-pass-1',
      name: 'Änne Õun',
    });
    expect(created.statusCode).toBe(201);
    const login = await logIn(t.app, { username: 'änne.õun', password: 'unicode-pass-1' });
    expect(login.response.statusCode).toBe(200);
    expect(login.response.json().id).toBe(created.json().id);
    const copy = await createUser({
      username: 'änne.õun',
      password: 'unicode-pass-2',
      name: 'Copy',
    });
    expect(copy.statusCode).toBe(409);
  });
});

describe('GET /api/admin/staff', () => {
  it('lists every account with name, username, role, active state and creation time, never a password or hash', async () => {
    const listed = await listUsers();
    expect(listed.length).toBeGreaterThanOrEqual(3);
    for (const user of listed) staffUserSchema.strict().parse(user);
    expect(listed.map((user) => user.username)).toEqual(
      expect.arrayContaining(['owner', 'new.cashier', 'grill.cook']),
    );
    const response = await call('GET', '/api/admin/staff');
    expect(response.body).not.toMatch(/password|hash|scrypt|salt/i);
    for (const secret of ['first-shift-pass', 'grill-cook-pass', owner.password]) {
      expect(response.body).not.toContain(secret);
    }
  });
});

describe('PUT /api/admin/staff/:id', () => {
  it('changes the name, role and active state', async () => {
    const user = await createStaffUser(t.db, { name: 'Before Name', role: 'staff' });
    const response = await updateUser(user.id, {
      name: '  After Name  ',
      role: 'cashier',
      isActive: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      name: 'After Name',
      role: 'cashier',
      isActive: false,
    });
    expect(response.body).not.toMatch(/password|hash/i);
    const listed = (await listUsers()).find((row) => row.id === user.id);
    expect(listed).toMatchObject({ name: 'After Name', role: 'cashier', isActive: false });
  });

  it('sets a new password: it works for login, the old one does not, and open sessions end', async () => {
    const user = await createStaffUser(t.db, { role: 'server' });
    const session = await signIn(t.db, user, t.clock.now());
    expect(await whoAmI(t.app, session)).toMatchObject({ id: user.id });

    const response = await updateUser(user.id, { password: 'admin-set-this-1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('admin-set-this-1');
    expect(await whoAmI(t.app, session)).toBeNull();
    expect(
      (await logIn(t.app, { username: user.username, password: user.password })).response
        .statusCode,
    ).toBe(401);
    expect(
      (await logIn(t.app, { username: user.username, password: 'admin-set-this-1' })).response
        .statusCode,
    ).toBe(200);
  });

  it('ends the sessions of a deactivated account, which then cannot log in until reactivated', async () => {
    const user = await createStaffUser(t.db, { role: 'kitchen' });
    const session = await signIn(t.db, user, t.clock.now());
    expect((await updateUser(user.id, { isActive: false })).statusCode).toBe(200);
    expect(await whoAmI(t.app, session)).toBeNull();
    // Reactivating does not bring the old session back.
    expect((await updateUser(user.id, { isActive: true })).statusCode).toBe(200);
    expect(await whoAmI(t.app, session)).toBeNull();
  });

  it('applies a role change to open sessions at once', async () => {
    const deputy = await createStaffUser(t.db, { role: 'admin' });
    const session = await signIn(t.db, deputy, t.clock.now());
    expect((await call('GET', '/api/admin/staff', undefined, session)).statusCode).toBe(200);
    expect((await updateUser(deputy.id, { role: 'manager' })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/staff', undefined, session)).statusCode).toBe(403);
  });

  it('renames, refusing a name another account has in any case', async () => {
    const user = await createStaffUser(t.db, { username: 'rename.me' });
    const renamed = await updateUser(user.id, { username: 'Renamed.Now' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().username).toBe('Renamed.Now');
    // Its own name in another case is fine.
    expect((await updateUser(user.id, { username: 'renamed.now' })).statusCode).toBe(200);
    const clash = await updateUser(user.id, { username: 'OWNER' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: 'The username "OWNER" is already taken.' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await updateUser(crypto.randomUUID(), { name: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Staff user not found.' });
    for (const id of ['not-a-uuid', '123', 'x'.repeat(100)]) {
      const response = await updateUser(id, { name: 'Ghost' });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toMatch(/\S/);
    }
  });

  it('refuses bad values with a message', async () => {
    const user = await createStaffUser(t.db);
    for (const payload of [
      { role: 'owner' },
      { isActive: 'yes' },
      { name: '' },
      { password: 'short' },
      { username: 'bad name' },
    ]) {
      const response = await updateUser(user.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(/\S/);
    }
    expect(
      (await t.db.select().from(staffUsers).where(eq(staffUsers.id, user.id)))[0],
    ).toMatchObject({
      role: 'staff',
      isActive: true,
      name: user.name,
      username: user.username,
      passwordHash: user.passwordHash,
    });
  });
});

describe('DELETE /api/admin/staff/:id', () => {
  it('deletes (204, no body), ends the sessions, then answers 404; a malformed id gets 400', async () => {
    const user = await createStaffUser(t.db, { role: 'cashier' });
    const session = await signIn(t.db, user, t.clock.now());
    const first = await deleteUser(user.id);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await listUsers()).some((row) => row.id === user.id)).toBe(false);
    expect(await whoAmI(t.app, session)).toBeNull();

    const again = await deleteUser(user.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Staff user not found.' });

    const malformed = await deleteUser('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/\S/);
  });
});

describe('the last active admin', () => {
  beforeEach(async () => {
    // Leave `owner` as the only active admin.
    await t.db
      .update(staffUsers)
      .set({ isActive: false })
      .where(and(eq(staffUsers.role, 'admin'), ne(staffUsers.id, owner.id)));
    await t.db
      .update(staffUsers)
      .set({ isActive: true, role: 'admin' })
      .where(eq(staffUsers.id, owner.id));
  });

  it('cannot be deleted, deactivated or demoted (409 with a message)', async () => {
    // An inactive admin does not count.
    await createStaffUser(t.db, { role: 'admin', isActive: false });

    const deleted = await deleteUser(owner.id);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ error: LAST_ADMIN });
    for (const payload of [
      { isActive: false },
      { role: 'manager' },
      { role: 'kitchen', isActive: false },
    ]) {
      const response = await updateUser(owner.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json()).toEqual({ error: LAST_ADMIN });
    }
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.id, owner.id));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
    // Other changes to the last admin are fine.
    expect(
      (await updateUser(owner.id, { name: 'The Owner', role: 'admin', isActive: true })).statusCode,
    ).toBe(200);
  });

  it('can be demoted, deactivated or deleted once a second admin exists', async () => {
    const created = await createUser({
      username: 'second.admin',
      password: 'second-admin-pass',
      name: 'Second',
      role: 'admin',
    });
    expect(created.statusCode).toBe(201);
    const second = created.json<StaffUser>();
    const secondCookie = await signIn(t.db, second, t.clock.now());

    expect((await updateUser(owner.id, { role: 'manager' })).statusCode).toBe(200);
    // Now the second admin is the last one.
    expect((await deleteUser(second.id, secondCookie)).statusCode).toBe(409);
    expect((await updateUser(second.id, { isActive: false }, secondCookie)).statusCode).toBe(409);

    expect((await updateUser(owner.id, { role: 'admin' }, secondCookie)).statusCode).toBe(200);
    expect((await updateUser(second.id, { isActive: false }, secondCookie)).statusCode).toBe(200);
    // Deactivating ended the second admin's own session.
    expect((await call('GET', '/api/admin/staff', undefined, secondCookie)).statusCode).toBe(401);

    const third = await createStaffUser(t.db, { role: 'admin' });
    expect((await deleteUser(third.id)).statusCode).toBe(204);
    expect(
      (await t.db.select().from(staffUsers).where(eq(staffUsers.id, owner.id)))[0],
    ).toMatchObject({
      role: 'admin',
      isActive: true,
    });
  });
});
