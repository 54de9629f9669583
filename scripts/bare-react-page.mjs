// The reference for `npm run lighthouse` (docs/performance.md): bench/bare-react, React 19 and a
// button, built by the same Vite and React plugin as the shop, served from loopback the way the
// shop serves its files (gzip -9 made once, long-lived cache for the hashed assets). Measured in
// the same run as the shop's pages, so a busy machine moves both.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** Builds the bare page and serves it; resolves to its URL, its JavaScript (gzip) and `close`. */
export async function startBarePage() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-react-'));
  await build({
    root: path.resolve('bench/bare-react'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const files = new Map();
  let javascriptGzip = 0;
  for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(outDir, name);
    if (!fs.statSync(full).isFile()) continue;
    const body = fs.readFileSync(full);
    const gzip = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (name.endsWith('.js')) javascriptGzip += gzip.length;
    files.set(`/${name.split(path.sep).join('/')}`, {
      body,
      gzip,
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
    });
  }
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const file = files.get(pathname === '/' ? '/index.html' : pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'Accept-Encoding',
    });
    response.end(gzip ? file.gzip : file.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    javascriptGzip,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}
