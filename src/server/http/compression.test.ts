/**
 * Compression (docs/operations.md "Limits"): the client's text files are precompressed by the
 * build (scripts/compress-client.mjs) and sent brotli or gzip from memory; API answers of 1 KiB
 * and more are compressed on the way out; a browser that accepts neither gets plain bytes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { nextClient } from '../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });

// 40 KB of script that compresses well, a small file that is not worth it, and a picture.
const BIG_SCRIPT = Array.from(
  { length: 800 },
  (_, i) => `export const item${i} = "menu item ${i}";`,
).join('\n');
const FILES: Record<string, string | Buffer> = {
  'index.html': `<!doctype html><title>Smoke</title>${'<p>hello</p>'.repeat(200)}`,
  'assets/index-abc123.js': BIG_SCRIPT,
  'assets/tiny-abc123.css': 'body{margin:0}',
  'icons/icon-192.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};

let root: string;
let withClient: TestApp;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-compress-'));
  const clientDir = path.join(root, 'client');
  for (const [name, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(clientDir, name)), { recursive: true });
    fs.writeFileSync(path.join(clientDir, name), content);
  }
  // The build's own step, on this folder.
  execFileSync(process.execPath, ['scripts/compress-client.mjs', clientDir], { stdio: 'pipe' });
  withClient = await createTestApp(t.database, { clientDir });
});

afterAll(async () => {
  await withClient?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const decode = {
  br: (body: Buffer) => zlib.brotliDecompressSync(body).toString('utf8'),
  gzip: (body: Buffer) => zlib.gunzipSync(body).toString('utf8'),
};

describe('the built client, precompressed', () => {
  it('the build writes .br and .gz beside big text files only', () => {
    const assets = fs.readdirSync(path.join(root, 'client', 'assets')).sort();
    expect(assets).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'tiny-abc123.css',
    ]);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0', 'gzip'],
  ] as const)('Accept-Encoding "%s" gets %s, the same script', async (accept, encoding) => {
    const response = await withClient.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(decode[encoding](response.rawPayload)).toBe(BIG_SCRIPT);
  });

  it('a browser that accepts neither gets the plain file', async () => {
    const response = await withClient.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BIG_SCRIPT);
  });

  it('gives each encoding its own ETag and answers 304 to the one it gave', async () => {
    const url = '/assets/index-abc123.js';
    const plain = await withClient.app.inject({ method: 'GET', url });
    const br = await withClient.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await withClient.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const otherEncoding = await withClient.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(otherEncoding.statusCode).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
  });

  it('never serves the compressed copies under their own names', async () => {
    const response = await withClient.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js.br',
    });
    expect(response.statusCode).toBe(404);
  });

  it('sends the page compressed too, and a picture as it is', async () => {
    const page = await withClient.app.inject({
      method: 'GET',
      url: '/track',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(decode.br(page.rawPayload)).toBe(FILES['index.html']);
    const picture = await withClient.app.inject({
      method: 'GET',
      url: '/icons/icon-192.png',
      headers: { 'accept-encoding': 'br' },
    });
    expect(picture.headers['content-encoding']).toBeUndefined();
  });
});

describe('API answers', () => {
  it('compresses the menu (well over 1 KiB) for a browser that accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/menu/items' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/menu/items',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decode[encoding](response.rawPayload))).toEqual(plain.json());
    }
  });

  it('leaves a small answer plain', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('replays an idempotent answer the same with compression on', async () => {
    const key = randomUUID();
    const many = Array.from({ length: 12 }, (_, i) => ({
      menuItemId: i % 2 ? 'cola' : 'classic-smash-burger',
      quantity: 1,
      customizations: { specialInstructions: `line ${i} with a note long enough to weigh` },
    }));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/viva-wallet/create-payment',
        remoteAddress: nextClient(),
        headers: { 'idempotency-key': key, 'accept-encoding': 'gzip' },
        payload: {
          customerEmail: 'ann@example.com',
          customerName: 'Ann Smith',
          customerPhone: '+372 5550 0000',
          orderData: { items: many },
        },
      });
    const first = await send();
    const replay = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const read = (response: typeof first) =>
      response.headers['content-encoding'] === 'gzip'
        ? JSON.parse(decode.gzip(response.rawPayload))
        : response.json();
    expect(read(replay)).toEqual(read(first));
  });
});
