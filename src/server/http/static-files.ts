/**
 * The built client (dist/client), served from memory. Every file is read once at start (a few
 * MB), so serving a page never touches the disk nor libuv's thread pool, which password
 * hashing and DNS share (decision 006, "Hashing").
 *
 * - Content-Type from the extension; a strong ETag from the content, If-None-Match gives 304.
 * - Cache-Control as Vite intends: content-hashed files under assets/ never change
 *   (immutable, a year); everything else, index.html and sw.js first, is revalidated.
 * - Compressed as the build left it (scripts/compress-client.mjs): a file with a .br or .gz
 *   beside it is sent brotli- or gzip-encoded to a browser that accepts it (brotli first), with
 *   Vary: Accept-Encoding and an ETag of its own per encoding. The .br and .gz files are never
 *   served under their own names.
 * - Source maps (*.map) are served only in development: they hand out the whole source.
 * - Any other page path gets the app's page: the single-page app owns its routes and its own
 *   Page Not Found screen. `/` gets index.html; `/track` and `/checkout` get pages/track.html
 *   and pages/checkout.html, with their first screen written in; every other page path gets
 *   shell.html when the build made one (the page with an empty root and without the home page's
 *   hero preload; vite.config.ts `firstPaintHtml`). A missing file under assets/ or a missing map
 *   is a real 404.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
const UNKNOWN_TYPE = 'application/octet-stream';

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export type Encoding = 'br' | 'gzip';

export interface StaticFile {
  body: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** The same content, compressed at build time. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** The build's compressed copies: name suffix and the Content-Encoding it is sent with. */
const COMPRESSED: [suffix: string, encoding: Encoding][] = [
  ['.br', 'br'],
  ['.gz', 'gzip'],
];

export interface StaticFileOptions {
  /** Serve *.map files (development only). */
  sourceMaps: boolean;
}

const isSourceMap = (urlPath: string) => urlPath.endsWith('.map');
// Vite puts content-hashed files under assets/: a missing one is a stale page, not a route.
const isAsset = (urlPath: string) => urlPath.startsWith('/assets/');

function readTree(dir: string, options: StaticFileOptions): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const names = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  const nameSet = new Set(names);
  for (const name of names) {
    const full = path.join(dir, name);
    if (!fs.statSync(full).isFile()) continue;
    // A compressed copy travels with its file, never under its own name.
    if (
      COMPRESSED.some(
        ([suffix]) => name.endsWith(suffix) && nameSet.has(name.slice(0, -suffix.length)),
      )
    ) {
      continue;
    }
    const urlPath = `/${name.split(path.sep).join('/')}`;
    // Not even kept in memory when it would not be served.
    if (isSourceMap(urlPath) && !options.sourceMaps) continue;
    const body = fs.readFileSync(full);
    files.set(urlPath, {
      body,
      contentType: CONTENT_TYPES[path.extname(name).toLowerCase()] ?? UNKNOWN_TYPE,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: isAsset(urlPath) ? IMMUTABLE : REVALIDATE,
      encoded: Object.fromEntries(
        COMPRESSED.filter(([suffix]) => nameSet.has(name + suffix)).map(([suffix, encoding]) => [
          encoding,
          fs.readFileSync(full + suffix),
        ]),
      ),
    });
  }
  return files;
}

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Whether Accept-Encoding admits this coding (a q of 0 refuses it, RFC 9110 12.5.3). */
export function accepts(acceptEncoding: string | undefined, coding: Encoding): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== coding && name.trim() !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The best encoding of `file` this request accepts, or null for the file as it is. */
function encodingFor(file: StaticFile, acceptEncoding: string | undefined): Encoding | null {
  for (const [, encoding] of COMPRESSED) {
    if (file.encoded[encoding] && accepts(acceptEncoding, encoding)) return encoding;
  }
  return null;
}

function pathOf(url: string): string | null {
  const raw = url.split(/[?#]/, 1)[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export class ClientFiles {
  private constructor(
    private readonly files: Map<string, StaticFile>,
    private readonly index: StaticFile,
    private readonly shell: StaticFile,
  ) {}

  /** Reads the built client into memory; null when the folder holds no index.html. */
  static load(dir: string, options: StaticFileOptions): ClientFiles | null {
    if (!fs.existsSync(path.join(dir, 'index.html'))) return null;
    const files = readTree(dir, options);
    const index = files.get('/index.html')!;
    return new ClientFiles(files, index, files.get('/shell.html') ?? index);
  }

  /** How many files and bytes are held. */
  get size(): { files: number; bytes: number } {
    let bytes = 0;
    for (const file of this.files.values()) bytes += file.body.length;
    return { files: this.files.size, bytes };
  }

  /** The file a GET of this URL serves: the file itself, or the app's page for a page path. */
  find(url: string): StaticFile | null {
    const urlPath = pathOf(url);
    if (urlPath === null) return null;
    const file = this.files.get(urlPath);
    if (file) return file;
    if (isSourceMap(urlPath) || isAsset(urlPath)) return null;
    if (urlPath === '/') return this.index;
    // A page whose first screen the build wrote into it (vite.config.ts `firstPaintHtml`).
    return this.files.get(`/pages${urlPath}.html`) ?? this.shell;
  }

  /** Answers a GET or HEAD from memory; null when there is nothing to serve (a 404). */
  serve(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
    const file = this.find(request.url);
    if (!file) return null;
    const encoding = encodingFor(file, request.headers['accept-encoding']);
    // Each representation has its own validator: a cache must not mix them up.
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    reply.header('etag', etag).header('cache-control', file.cacheControl);
    if (Object.keys(file.encoded).length > 0) reply.header('vary', 'Accept-Encoding');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    // For HEAD, Node sends the headers (Content-Length included) and drops the body.
    return reply
      .code(200)
      .type(file.contentType)
      .send(encoding ? file.encoded[encoding] : file.body);
  }
}
