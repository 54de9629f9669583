/**
 * The built client served from memory (static-files.ts): content types, ETag and 304, cache
 * headers, HEAD, source maps only in development, and the single-page fallback's limits.
 * The fallback itself is also covered in app.test.ts ("single-page app fallback").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../../tests/setup/test-app.ts';

const t = useTestApp({ seed: false });

const INDEX = '<!doctype html><title>Smoke &amp; Bun</title><div id="root" data-test="spa"></div>';
const FILES: Record<string, string | Buffer> = {
  'index.html': INDEX,
  'assets/index-3f9a1c.js': 'console.log("app");\n//# sourceMappingURL=index-3f9a1c.js.map',
  'assets/index-3f9a1c.js.map': '{"version":3,"sources":["../../src/client/main.tsx"]}',
  'assets/index-77aa01.css': 'body{margin:0}',
  'assets/inter-latin-wght-normal-Dx4kXJAl.woff2': Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1]),
  'sw.js': "const VERSION = 'abc';",
  'manifest.webmanifest': '{"name":"Smoke & Bun"}',
  'icons/icon-192.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'images/menu/classic fries.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sounds/order-ready.wav': Buffer.from('RIFF\0\0\0\0WAVE'),
};

let clientDir: string;
let outside: string;
let production: TestApp;
let development: TestApp;
/** `npm start` as it ships: NODE_ENV not set at all. */
let defaultStart: TestApp;

beforeAll(async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-static-'));
  clientDir = path.join(root, 'client');
  outside = path.join(root, 'secret.txt');
  fs.writeFileSync(outside, 'not for the web');
  for (const [name, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(clientDir, name)), { recursive: true });
    fs.writeFileSync(path.join(clientDir, name), content);
  }
  production = await createTestApp(t.database, { clientDir, env: { NODE_ENV: 'production' } });
  development = await createTestApp(t.database, { clientDir, env: { NODE_ENV: 'development' } });
  // An empty value is unset for loadConfig: this is the environment of a plain `npm start`.
  defaultStart = await createTestApp(t.database, { clientDir, env: { NODE_ENV: '' } });
});

afterAll(async () => {
  await production?.close();
  await development?.close();
  await defaultStart?.close();
  if (clientDir) fs.rmSync(path.dirname(clientDir), { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, app = production.app) =>
  app.inject({ method: 'GET', url, headers });

describe('serving the built client from memory', () => {
  it.each([
    ['/index.html', 'text/html; charset=utf-8'],
    ['/assets/index-3f9a1c.js', 'text/javascript; charset=utf-8'],
    ['/assets/index-77aa01.css', 'text/css; charset=utf-8'],
    ['/assets/inter-latin-wght-normal-Dx4kXJAl.woff2', 'font/woff2'],
    ['/sw.js', 'text/javascript; charset=utf-8'],
    ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['/icons/icon-192.png', 'image/png'],
    ['/images/menu/classic%20fries.svg', 'image/svg+xml'],
    ['/sounds/order-ready.wav', 'audio/wav'],
  ])('answers %s as %s, byte for byte', async (url, contentType) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    const name = decodeURIComponent(url.slice(1));
    expect(response.rawPayload.equals(Buffer.from(FILES[name]!))).toBe(true);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
  });

  it('caches hashed assets for a year and makes everything else revalidate', async () => {
    for (const url of ['/assets/index-3f9a1c.js', '/assets/index-77aa01.css']) {
      expect((await get(url)).headers['cache-control'], url).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/menu/today']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 304 without a body when If-None-Match names the ETag, 200 when it does not', async () => {
    const first = await get('/assets/index-3f9a1c.js');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/assets/index-3f9a1c.js', { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const changed = await get('/assets/index-3f9a1c.js', { 'if-none-match': '"stale"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('console.log("app")');
    // Different content, different tag; the page fallback shares index.html's.
    expect((await get('/sw.js')).headers.etag).not.toBe(etag);
    expect((await get('/some/page')).headers.etag).toBe((await get('/index.html')).headers.etag);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const url of ['/assets/index-77aa01.css', '/some/page']) {
      const head = await production.app.inject({ method: 'HEAD', url });
      const full = await get(url);
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      for (const header of ['content-type', 'content-length', 'etag', 'cache-control']) {
        expect(head.headers[header], `${url} ${header}`).toBe(full.headers[header]);
      }
    }
  });

  it('does not serve source maps outside development', async () => {
    const map = await get('/assets/index-3f9a1c.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.json()).toEqual({ error: 'Not found: GET /assets/index-3f9a1c.js.map' });
    const elsewhere = await get('/index.js.map');
    expect(elsewhere.statusCode).toBe(404);

    const inDevelopment = await get('/assets/index-3f9a1c.js.map', {}, development.app);
    expect(inDevelopment.statusCode).toBe(200);
    expect(inDevelopment.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(inDevelopment.json()).toMatchObject({ version: 3 });
  });

  it('does not serve source maps on a default start (NODE_ENV unset), only when it says development', async () => {
    expect(defaultStart.config.env).toBe('development');
    for (const url of ['/assets/index-3f9a1c.js.map', '/assets/index-3f9a1c.js.ma%70']) {
      const map = await get(url, { 'accept-encoding': 'br, gzip' }, defaultStart.app);
      expect(map.statusCode, url).toBe(404);
      expect(map.body, url).not.toContain('"version":3');
    }
    // The file that names the map is still served; only the map is withheld.
    expect((await get('/assets/index-3f9a1c.js', {}, defaultStart.app)).statusCode).toBe(200);
  });

  it('answers 404 for a missing asset instead of the page, and never reads outside the folder', async () => {
    const missing = await get('/assets/index-000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('not for the web');
    }
  });

  it('keeps serving from memory when the files on disk go away', async () => {
    const fresh = await createTestApp(t.database, { clientDir });
    try {
      fs.rmSync(path.join(clientDir, 'assets', 'index-77aa01.css'));
      fs.rmSync(path.join(clientDir, 'index.html'));
      expect((await get('/assets/index-77aa01.css', {}, fresh.app)).body).toBe('body{margin:0}');
      expect((await get('/track', {}, fresh.app)).body).toBe(INDEX);
    } finally {
      await fresh.close();
    }
  });
});

describe('the home page and the other page paths', () => {
  const HOME = '<!doctype html><link rel="preload" as="image" href="/hero.avif"><div id="root">';
  const SHELL = '<!doctype html><div id="root">';
  const TRACK = '<!doctype html><div id="root"><h1>Track Your Order</h1>';
  const CHECKOUT = '<!doctype html><div id="root"><h1>Checkout</h1>';
  let root: string;
  let app: TestApp;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shell-'));
    fs.writeFileSync(path.join(root, 'index.html'), HOME);
    fs.writeFileSync(path.join(root, 'shell.html'), SHELL);
    fs.mkdirSync(path.join(root, 'pages'));
    fs.writeFileSync(path.join(root, 'pages', 'track.html'), TRACK);
    fs.writeFileSync(path.join(root, 'pages', 'checkout.html'), CHECKOUT);
    app = await createTestApp(t.database, { clientDir: root, env: { NODE_ENV: 'production' } });
  });

  afterAll(async () => {
    await app?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends / the page with the hero preload, /track and /checkout their own page, every other page path the shell', async () => {
    for (const [url, body] of [
      ['/', HOME],
      ['/?table=4', HOME],
      ['/index.html', HOME],
      ['/checkout', CHECKOUT],
      ['/checkout?payment=cancelled', CHECKOUT],
      ['/track', TRACK],
      ['/track?order=1001', TRACK],
      ['/track/', SHELL],
      ['/order-confirmation/abc', SHELL],
      ['/admin', SHELL],
      ['/table', SHELL],
      ['/pages', SHELL],
    ] as const) {
      const response = await get(url, {}, app.app);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(body);
    }
  });
});
