/**
 * Bad input on every route of back-office access (logins, sessions, staff, shop hours,
 * settings) gets a 4xx with a message, never a 500 (DESIGN.md "Contract between client and
 * server"), and changes nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { rowsOf } from '../../../../tests/setup/test-database.ts';
import {
  createStaffUser,
  nextClient,
  signIn,
  type CreatedStaff,
} from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'base' });

let admin: CreatedStaff;
let target: CreatedStaff;

beforeAll(async () => {
  admin = await createStaffUser(t.db, { role: 'admin' });
  target = await createStaffUser(t.db, { role: 'staff' });
});

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With `{param}` where the path parameter goes. */
  path: string;
  /** A valid value for the parameter, and bad ones. */
  param?: { valid: string; bad: string[] };
  /** A valid body; every variant made from it is invalid. */
  body?: { [key: string]: Json };
  /** Top-level fields that must be present. */
  required?: string[];
}

const HUGE = 'x'.repeat(100_000);

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/auth/login',
    body: { password: 'some-password' },
    required: ['password'],
  },
  {
    method: 'POST',
    path: '/api/staff/login',
    body: { username: 'someone', password: 'some-password' },
    required: ['username', 'password'],
  },
  {
    method: 'POST',
    path: '/api/kitchen/login',
    body: { username: 'someone', password: 'some-password' },
    required: ['username', 'password'],
  },
  {
    method: 'POST',
    path: '/api/auth/password',
    body: { currentPassword: 'current-one', newPassword: 'a-new-password' },
    required: ['currentPassword', 'newPassword'],
  },
  {
    method: 'POST',
    path: '/api/admin/staff',
    body: {
      username: 'fuzz.user',
      password: 'fuzz-password',
      name: 'Fuzz',
      role: 'staff',
      isActive: true,
    },
    required: ['username', 'password', 'name'],
  },
  {
    method: 'PUT',
    path: '/api/admin/staff/{param}',
    param: {
      valid: '<target>',
      bad: ['not-a-uuid', '1', "1' or '1'='1", 'x'.repeat(300), '%00', '%E0%A4%A'],
    },
    body: {
      username: 'fuzz.rename',
      name: 'Fuzz',
      role: 'cashier',
      isActive: false,
      password: 'another-password',
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff/{param}',
    param: { valid: '<target>', bad: ['not-a-uuid', '0', 'x'.repeat(300), '%E0%A4%A'] },
  },
  {
    method: 'PUT',
    path: '/api/admin/shop-hours/{param}',
    param: { valid: 'monday', bad: ['Monday', 'funday', 'mon', '8', 'x'.repeat(300), '%E0%A4%A'] },
    body: {
      shift1: { open: '09:00', close: '15:00', isOpen: true },
      // Both open, so that a missing (null) time is wrong too.
      shift2: { open: '18:00', close: '22:00', isOpen: true },
    },
    required: ['shift1', 'shift2'],
  },
  {
    method: 'POST',
    path: '/api/admin/settings',
    body: { key: 'delivery_fee_amount', value: '4', description: 'Delivery fee' },
    required: ['key', 'value'],
  },
  {
    method: 'PUT',
    path: '/api/admin/settings/{param}',
    param: {
      valid: 'free_delivery_threshold',
      bad: ['nope', 'SHOP_NAME', '__proto__', 'constructor', 'x'.repeat(300)],
    },
    body: { value: '40', description: 'Threshold' },
    required: ['value'],
  },
  {
    method: 'GET',
    path: '/api/admin/settings/{param}',
    param: { valid: 'shop_name', bad: ['nope', 'toString', '__proto__', 'x'.repeat(300)] },
  },
];

/** Values no field of these routes accepts in place of a string or a boolean. */
const wrongValues = (value: Json): Json[] =>
  typeof value === 'string'
    ? [null, 123, true, [], {}, HUGE, [value]]
    : typeof value === 'boolean'
      ? [null, 'yes', 'true', 1, [], {}]
      : [null, 'text', 42, []];

/** Every body with one leaf made wrong, and every body with one required field missing. */
function badBodies(body: { [key: string]: Json }, required: string[] = []): Json[] {
  const variants: Json[] = [];
  const walk = (
    node: { [key: string]: Json },
    rebuild: (replacement: { [key: string]: Json }) => Json,
  ) => {
    for (const [key, value] of Object.entries(node)) {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        variants.push(rebuild({ ...node, [key]: null }), rebuild({ ...node, [key]: 'text' }));
        walk(value, (replacement) => rebuild({ ...node, [key]: replacement }));
      } else {
        for (const wrong of wrongValues(value)) variants.push(rebuild({ ...node, [key]: wrong }));
      }
    }
  };
  walk(body, (replacement) => replacement);
  for (const field of required) {
    const { [field]: _missing, ...rest } = body;
    variants.push(rest);
  }
  variants.push(null, [], 'text', 42, [body]);
  return variants;
}

const snapshot = async () => {
  const tables = ['staff_users', 'settings', 'shop_hours'];
  const state: Record<string, unknown> = {};
  for (const table of tables) {
    state[table] = rowsOf(await t.db.execute(sql.raw(`select * from ${table} order by 1`)));
  }
  return JSON.stringify(state);
};

describe('bad input on the routes of back-office access gets a 4xx with a message, never a 500, and changes nothing', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path.replace('{param}', ':param')}`, async () => {
      const cookie = await signIn(t.db, admin, t.clock.now());
      const before = await snapshot();
      let sent = 0;

      const expectRefused = async (
        url: string,
        options: { payload?: string; contentType?: string },
      ) => {
        const response = await t.app.inject({
          method: route.method,
          url,
          headers: {
            cookie,
            ...(options.contentType ? { 'content-type': options.contentType } : {}),
          },
          ...(options.payload !== undefined ? { payload: options.payload } : {}),
          remoteAddress: nextClient(),
        });
        sent += 1;
        const what = `${route.method} ${url.slice(0, 80)} ${String(options.payload).slice(0, 120)}`;
        expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, what).toBeLessThan(500);
        const body = response.json();
        expect(typeof body.error, what).toBe('string');
        expect(body.error.trim().length, what).toBeGreaterThan(0);
      };

      const validUrl = route.path.replace(
        '{param}',
        route.param?.valid === '<target>' ? target.id : (route.param?.valid ?? ''),
      );
      if (route.body) {
        for (const variant of badBodies(route.body, route.required)) {
          await expectRefused(validUrl, {
            payload: JSON.stringify(variant),
            contentType: 'application/json',
          });
        }
        // Not JSON at all, half a JSON, a form, no body, and a body beyond the size limit.
        await expectRefused(validUrl, {
          payload: '{"password": ',
          contentType: 'application/json',
        });
        await expectRefused(validUrl, {
          payload: 'password=x',
          contentType: 'application/x-www-form-urlencoded',
        });
        await expectRefused(validUrl, { payload: 'just text', contentType: 'text/plain' });
        await expectRefused(validUrl, {});
        await expectRefused(validUrl, {
          payload: JSON.stringify({ ...route.body, padding: 'x'.repeat(1_100_000) }),
          contentType: 'application/json',
        });
      }
      for (const bad of route.param?.bad ?? []) {
        const url = route.path.replace('{param}', bad);
        const body = route.body
          ? { payload: JSON.stringify(route.body), contentType: 'application/json' }
          : {};
        await expectRefused(url, body);
      }

      expect(sent).toBeGreaterThanOrEqual(4);
      expect(await snapshot()).toBe(before);
    });
  }
});

describe('odd cookies', () => {
  it('answers GET /api/auth/session and logout with odd cookies without failing', async () => {
    for (const cookie of [
      'sid=',
      'sid=%E0%A4%A',
      `sid=${'a'.repeat(4000)}`,
      'sid=a; sid=b',
      'sid="quoted"',
      'other=1',
    ]) {
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
        remoteAddress: nextClient(),
      });
      expect(session.statusCode, cookie).toBe(200);
      expect(session.json()).toEqual({ authenticated: false, user: null });
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie },
        remoteAddress: nextClient(),
      });
      expect(logout.statusCode, cookie).toBe(200);
      const admin = await t.app.inject({
        method: 'GET',
        url: '/api/admin/staff',
        headers: { cookie },
        remoteAddress: nextClient(),
      });
      expect(admin.statusCode, cookie).toBe(401);
    }
  });
});
