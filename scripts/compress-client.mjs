// Precompresses the built client (dist/client) once at build time: every text file gets a .br
// (brotli, best quality) and a .gz (gzip, best level) beside it, kept only when smaller (the
// storefront's small chunks and its 0.8 KB boot script too: a phone pays for each byte, and the
// work is done once, at build time). Source maps are left alone: they are served only in
// development. The server reads the copies into memory with the files (src/server/http/static-files.ts) and sends the one the
// browser accepts, so a phone downloads compressed JavaScript and no request spends CPU on it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist/client');
const TEXT = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.webmanifest',
  '.txt',
  '.xml',
]);

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
  const full = path.join(dir, name);
  if (!TEXT.has(path.extname(name).toLowerCase()) || !fs.statSync(full).isFile()) continue;
  const body = fs.readFileSync(full);
  const brotli = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (brotli.length < body.length) fs.writeFileSync(`${full}.br`, brotli);
  if (gzip.length < body.length) fs.writeFileSync(`${full}.gz`, gzip);
  files += 1;
  before += body.length;
  afterBrotli += Math.min(brotli.length, body.length);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`client precompressed: ${files} files, ${kb(before)} -> ${kb(afterBrotli)} brotli`);
