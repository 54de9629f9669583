import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, useTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { setSetting } from '../../tests/factories/shop-hours.ts';
import { conflict } from './http/errors.ts';
import type { AppInstance } from './http/types.ts';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/**
 * Routes that exist only in this test, to drive the error handler from outside. They sit
 * outside /api/, whose routes must each have an access rule (auth/access.ts).
 */
function addProbeRoutes(app: AppInstance) {
  app.get('/__probe/crash', () => {
    throw new Error('connection to 10.0.0.7 refused: password=hunter2');
  });
  app.get('/__probe/conflict', () => {
    throw conflict('That table is already taken.');
  });
  app.post(
    '/__probe/echo',
    { schema: { body: z.object({ name: z.string().min(1), quantity: z.number().int() }) } },
    (request) => request.body,
  );
}

const t = useTestApp({ seed: 'demo', beforeReady: addProbeRoutes });

describe('errors', () => {
  it('answers an unknown /api path with 404 JSON { error }', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'Not found: GET /api/no-such-thing' });
  });

  it('answers a thrown plain Error with 500 and a generic message, never its details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/__probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: GENERIC_500 });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/stack|at .*\.ts/);
  });

  it('answers a domain error with its status and message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/__probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'That table is already taken.' });
  });

  it('answers an invalid JSON body with 400 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/__probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Burger", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: expect.stringMatching(/JSON/) });
  });

  it('answers a body that fails its schema with 400, naming the fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/__probe/echo',
      payload: { name: '', quantity: 1.5 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; fields: Record<string, string> }>();
    expect(Object.keys(body.fields).sort()).toEqual(['name', 'quantity']);
    expect(body.error).toContain('name: ');
    expect(body.error).toContain('quantity: ');
  });

  it('passes a valid body through', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/__probe/echo',
      payload: { name: 'Burger', quantity: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Burger', quantity: 2 });
  });
});

describe('GET /healthz', () => {
  it('answers 200 with the kind of database in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.testDatabase.kind });
  });

  it("sends the test clock's time as the Date header, for pages that time by the server", async () => {
    t.clock.set('2025-06-10T15:00:00Z');
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['date']).toBe('Tue, 10 Jun 2025 15:00:00 GMT');
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(notFound.headers['date']).toBe('Tue, 10 Jun 2025 15:00:00 GMT');
  });
});

describe('security headers', () => {
  it.each(['/api/menu/categories', '/api/no-such-thing', '/healthz'])(
    'are set on %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
    },
  );
});

describe('settings the storefront reads', () => {
  it('GET /api/shop-info gives the demo shop name and contact details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shop-info' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Smoke & Bun',
      phone: '+372 5555 0199',
      email: 'hello@smokeandbun.example',
      address: 'Telliskivi 60a, Tallinn',
      mapUrl: expect.stringMatching(/^https:\/\//),
      facebookUrl: expect.stringMatching(/^https:\/\//),
      instagramUrl: expect.stringMatching(/^https:\/\//),
      tiktokUrl: expect.stringMatching(/^https:\/\//),
    });
  });

  it('GET /api/shop-info follows a changed setting', async () => {
    await setSetting(t.db, 'shop_name', 'Brisket Brothers');
    // Straight into the database, past the settings API that drops the kept shop info.
    t.app.publicCache.clear();
    const response = await t.app.inject({ method: 'GET', url: '/api/shop-info' });
    expect(response.json()).toMatchObject({ name: 'Brisket Brothers' });
    await setSetting(t.db, 'shop_name', 'Smoke & Bun');
    t.app.publicCache.clear();
  });

  it.each([
    ['delivery_fee_amount', '5'],
    ['free_delivery_threshold', '50'],
  ])('GET /api/admin/settings/%s gives value %s without a session', async (key, value) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/settings/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ key, value });
  });
});

describe('single-page app fallback', () => {
  let clientDir: string;
  let withClient: TestApp;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>Smoke &amp; Bun</title><div id="root" data-test="spa"></div>',
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'main-3f9a1c.js'), 'console.log("app");');
    fs.writeFileSync(path.join(clientDir, 'humans.txt'), 'Team: Smoke & Bun\n');
    withClient = await createTestApp(t.database, { clientDir });
  });

  afterAll(async () => {
    await withClient?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves index.html for any page path, uncached', async () => {
    for (const url of ['/some/page', '/track?order=1001', '/admin']) {
      const response = await withClient.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('data-test="spa"');
    }
  });

  it('keeps 404 JSON for unknown API paths and for non-GET requests', async () => {
    const api = await withClient.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found: GET /api/nope' });

    const post = await withClient.app.inject({ method: 'POST', url: '/some/page' });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves static files, hashed assets cached for a year', async () => {
    const asset = await withClient.app.inject({ method: 'GET', url: '/assets/main-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("app");');

    const humans = await withClient.app.inject({ method: 'GET', url: '/humans.txt' });
    expect(humans.statusCode).toBe(200);
    expect(humans.headers['cache-control']).toBe('no-cache');
    expect(humans.body).toBe('Team: Smoke & Bun\n');
  });

  it('still answers the API next to the client', async () => {
    const response = await withClient.app.inject({ method: 'GET', url: '/api/menu/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('without a client, a page path is a 404 JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found: GET /some/page' });
  });
});
