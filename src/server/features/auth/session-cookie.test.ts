import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, logIn, nextClient } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'base' });

describe('sliding session and the browser cookie', () => {
  it("keeps the browser's cookie alive as long as the server keeps the session", async () => {
    const user = await createStaffUser(t.db);
    t.clock.set('2025-06-10T07:00:00Z');
    const login = await logIn(t.app, { username: user.username, password: user.password });
    const loginCookie = login.response.cookies.find((c) => c.name === 'sid')!;
    t.clock.advanceMinutes(6 * 60);
    const used = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: login.cookie! },
      remoteAddress: nextClient(),
    });
    expect(used.json().authenticated).toBe(true);
    // The server now keeps the session until 18 h after login; a browser drops a cookie with
    // Max-Age 12 h at 12 h unless the server sends it again (or sends it without Max-Age).
    const refreshed = used.cookies.find((c) => c.name === 'sid');
    const browserKeepsItFor = refreshed
      ? refreshed.maxAge
      : loginCookie.maxAge === undefined
        ? Infinity
        : loginCookie.maxAge - 6 * 3600;
    expect(browserKeepsItFor).toBeGreaterThanOrEqual(12 * 3600 - 60);
  });
});
