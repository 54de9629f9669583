/**
 * Behind a proxy (TRUST_PROXY, docs/operations.md): with a hop count, only the address the
 * trusted proxy saw counts, so a forged X-Forwarded-For cannot dodge a per-address limit; and
 * the session cookie is Secure whenever the public address is https.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { createStaffUser, DEFAULT_STAFF_PASSWORD } from '../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });

const PROXY = '10.1.2.3';
const TRACK = '/api/orders/track/999999';

/** Requests until the first 429, at most `limit`; answers how many passed before it. */
async function requestsBeforeLimit(app: TestApp['app'], headersFor: (index: number) => object) {
  for (let index = 0; index < 400; index += 1) {
    const response = await app.inject({
      method: 'GET',
      url: TRACK,
      remoteAddress: PROXY,
      headers: headersFor(index) as Record<string, string>,
    });
    if (response.statusCode === 429) return index;
    expect(response.statusCode).toBe(404);
  }
  return null;
}

describe('TRUST_PROXY=1', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp(t.database, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('keeps counting one client whatever X-Forwarded-For it forges', async () => {
    // The proxy appends the address it saw; the client controls everything left of it.
    const passed = await requestsBeforeLimit(proxied.app, (index) => ({
      'x-forwarded-for': `198.51.100.${index % 250}, 203.0.113.7`,
    }));
    expect(passed).not.toBeNull();
    expect(passed).toBeGreaterThan(0);
    // Another real client behind the same proxy is not affected.
    const other = await proxied.app.inject({
      method: 'GET',
      url: TRACK,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.8' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('reads the client address one hop back, and only one', async () => {
    let seen: string | undefined;
    const probe = await createTestApp(t.database, {
      env: { TRUST_PROXY: '1' },
      beforeReady: (app) => {
        app.get('/probe-ip', (request) => {
          seen = request.ip;
          return {};
        });
      },
    });
    try {
      await probe.app.inject({
        method: 'GET',
        url: '/probe-ip',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 203.0.113.9' },
      });
      expect(seen).toBe('203.0.113.9');
    } finally {
      await probe.close();
    }
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For altogether: the connection is the client', async () => {
    const passed = await requestsBeforeLimit(t.app, (index) => ({
      'x-forwarded-for': `198.51.100.${index % 250}`,
    }));
    expect(passed).not.toBeNull();
  });
});

describe('the session cookie', () => {
  it('is Secure when PUBLIC_URL is https, even when the proxy speaks plain http to us', async () => {
    const https = await createTestApp(t.database, {
      env: { PUBLIC_URL: 'https://order.example.com' },
    });
    try {
      const staff = await createStaffUser(t.db, { role: 'staff' });
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { username: staff.username, password: DEFAULT_STAFF_PASSWORD },
        remoteAddress: '10.9.9.9',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    } finally {
      await https.close();
    }
  });
});
