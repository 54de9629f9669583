/**
 * Public reads from memory (docs/architecture.md): the menu and its options, the shop's info, hours
 * and delivery settings, and the inputs of the shop status are read from the database once and kept
 * until something changes them. Every phone asks for these on every visit and poll.
 *
 * - An answer is kept as its JSON bytes with a strong ETag (a hash of the bytes) and, from
 *   1 KiB, its brotli and gzip copies, each with an ETag of its own and Vary: Accept-Encoding
 *   (as the built client's files, static-files.ts). Routes served from here set
 *   `compress: false`, so @fastify/compress never re-encodes them under the wrong ETag.
 * - Cache-Control: no-cache: a phone asks every time and gets a 304 while nothing changed,
 *   so it never shows a menu older than the last change.
 * - Dropped whole (`clear()`) by the instance that made a change, before it answers, so the
 *   writer's next read is fresh; other instances drop theirs when the change's NOTIFY
 *   (menu_changes, shop_changes) reaches them. A load that began before a drop is answered
 *   but not kept. Should a NOTIFY be lost (the LISTEN connection was down), nothing is kept
 *   longer than MAX_AGE_MS.
 * - Time: an answer that depends on the clock says when it stops holding (`expiresAt`: a
 *   sold-out mark's end, decision 010); it is kept from the moment it was built (on the app's
 *   clock, `context.now()`, which tests set) until then. The shop status changes every minute:
 *   its inputs are kept until a change, its answer until the next minute or the end of a
 *   pause or busy mode (`serveComputed`).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { MENU_CHANGES_CHANNEL, SHOP_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import { accepts, matches, REVALIDATE, type Encoding } from './static-files.ts';
import type { AppInstance } from './types.ts';

/** Answers from this size on are sent compressed (app.ts gives @fastify/compress the same). */
export const COMPRESSION_THRESHOLD = 1024;
/** The backstop for a lost NOTIFY, on the real (monotonic) clock. */
const MAX_AGE_MS = 60_000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Best first, as static-files.ts picks. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** One JSON answer, ready to send in each encoding. */
interface JsonAnswer {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const etagOf = (body: Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The bytes, their ETag and, from 1 KiB, their compressed copies (best settings: made once). */
async function jsonAnswer(json: string): Promise<JsonAnswer> {
  const body = Buffer.from(json, 'utf8');
  const etag = etagOf(body);
  if (body.length < COMPRESSION_THRESHOLD) return { body, etag, encoded: {} };
  // On the thread pool, off the event loop; a few ms once per change.
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { body, etag, encoded: { br, gzip: gz } };
}

/** Sends an answer in the best encoding the request accepts, or 304 when its ETag matches. */
function sendJsonAnswer<R extends FastifyReply>(
  request: FastifyRequest,
  reply: R,
  answer: JsonAnswer,
): R {
  const acceptEncoding = request.headers['accept-encoding'];
  const encoding =
    request.headers['x-no-compression'] === undefined
      ? (ENCODINGS.find((coding) => answer.encoded[coding] && accepts(acceptEncoding, coding)) ??
        null)
      : null;
  // Each representation has its own validator: a cache must not mix them up.
  const etag = encoding ? `${answer.etag.slice(0, -1)}-${encoding}"` : answer.etag;
  reply.header('etag', etag).header('cache-control', REVALIDATE);
  if (answer.encoded.br || answer.encoded.gzip) reply.header('vary', 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], etag)) {
    reply.code(304).send();
    return reply;
  }
  if (encoding) reply.header('content-encoding', encoding);
  reply
    .type('application/json; charset=utf-8')
    .send(encoding ? answer.encoded[encoding] : answer.body);
  return reply;
}

/**
 * The route's own response serializer (fastify-type-provider-zod): the same bytes, and a
 * value that breaks the contract is the same logged 500. Made per load, which is rare.
 */
function serializerFor(schema: z.ZodType, key: string): (data: unknown) => string {
  return serializerCompiler({ schema, method: 'GET', url: key, httpStatus: '200' }) as (
    data: unknown,
  ) => string;
}

interface Entry<T> {
  value: T;
  /** App clock (ms) the value was built at: it holds from then… */
  from: number;
  /** …until this (ms; Infinity: until a change). */
  until: number;
  /** performance.now() when its load began. */
  loadedAt: number;
}

export interface CachedJson<T> {
  /** What is cached: one per distinct answer (e.g. `menu/items/:id/options` per id). */
  key: string;
  /** The route's 200 schema: the answer is checked and serialized with it. */
  schema: z.ZodType<T>;
  load: (at: Date) => Promise<T>;
  /** When the answer stops holding by itself (a sold-out mark ends); null: never. */
  expiresAt?: (value: T) => Date | null;
}

export interface ComputedJson<I, T> {
  key: string;
  schema: z.ZodType<T>;
  /** The slow part, cached until a change. */
  loadInputs: () => Promise<I>;
  /** The clock-dependent part. */
  compute: (inputs: I, at: Date) => T;
  /** The first moment after `at` at which `compute` may answer differently. */
  holdsUntil: (inputs: I, at: Date) => Date;
}

export class PublicCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly loading = new Map<string, Promise<Entry<unknown>>>();
  private generation = 0;

  constructor(
    private readonly now: () => Date,
    private readonly maxAgeMs = MAX_AGE_MS,
  ) {}

  /** Forgets everything; loads under way are answered but not kept. */
  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.generation += 1;
  }

  /** Answers a GET from memory, loading it first when it is missing or no longer holds. */
  serve<T, R extends FastifyReply>(
    request: FastifyRequest,
    reply: R,
    route: CachedJson<T>,
  ): R | Promise<R> {
    const at = this.now();
    const hit = this.peek<JsonAnswer>(route.key, at);
    if (hit) return sendJsonAnswer(request, reply, hit);
    const serialize = serializerFor(route.schema, route.key);
    return this.load(route.key, at, async (loadAt) => {
      const value = await route.load(loadAt);
      return {
        value: await jsonAnswer(serialize(value)),
        until: route.expiresAt?.(value) ?? null,
      };
    }).then((answer) => sendJsonAnswer(request, reply, answer));
  }

  /**
   * Answers a GET worked out from cached inputs and the clock (the shop status): the answer
   * is kept too, from the moment it was worked out until `holdsUntil` says it may change.
   */
  serveComputed<I, T, R extends FastifyReply>(
    request: FastifyRequest,
    reply: R,
    route: ComputedJson<I, T>,
  ): R | Promise<R> {
    const at = this.now();
    const answerKey = `${route.key}#answer`;
    const kept = this.peek<JsonAnswer>(answerKey, at);
    if (kept) return sendJsonAnswer(request, reply, kept);
    const generation = this.generation;
    const answer = async (inputs: I) => {
      const value = route.compute(inputs, at);
      const prepared = await jsonAnswer(serializerFor(route.schema, route.key)(value));
      if (this.generation === generation) {
        this.entries.set(answerKey, {
          value: prepared,
          from: at.getTime(),
          until: route.holdsUntil(inputs, at).getTime(),
          loadedAt: performance.now(),
        });
      }
      return sendJsonAnswer(request, reply, prepared);
    };
    const inputs = this.peek<I>(route.key, at);
    if (inputs !== undefined) return answer(inputs);
    return this.load(route.key, at, async () => ({
      value: await route.loadInputs(),
      until: null,
    })).then(answer);
  }

  /** The value kept for `key` if it still holds at `at`. */
  private peek<T>(key: string, at: Date): T | undefined {
    const entry = this.entries.get(key);
    return entry && this.holds(entry, at.getTime()) ? (entry.value as T) : undefined;
  }

  private holds(entry: Entry<unknown>, at: number): boolean {
    return (
      entry.from <= at && at < entry.until && performance.now() - entry.loadedAt < this.maxAgeMs
    );
  }

  /** Loads once for everyone asking meanwhile; keeps the value unless a change came first. */
  private async load<T>(
    key: string,
    at: Date,
    build: (at: Date) => Promise<{ value: T; until: Date | null }>,
  ): Promise<T> {
    const pending = this.loading.get(key);
    if (pending) {
      const entry = await pending;
      // Built for another moment (a test clock moved meanwhile): load our own.
      if (this.holds(entry, at.getTime())) return entry.value as T;
    }
    const generation = this.generation;
    const loadedAt = performance.now();
    const promise = build(at).then(({ value, until }) => {
      const entry: Entry<T> = {
        value,
        from: at.getTime(),
        until: until ? until.getTime() : Infinity,
        loadedAt,
      };
      if (this.generation === generation) this.entries.set(key, entry);
      return entry;
    });
    this.loading.set(key, promise);
    try {
      return (await promise).value;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }
}

/** Other instances' changes (and this one's, again) reach this cache through NOTIFY. */
export async function listenForPublicChanges(
  app: AppInstance,
  database: Database,
  cache: PublicCache,
): Promise<void> {
  const stops = await Promise.all(
    [MENU_CHANGES_CHANNEL, SHOP_CHANGES_CHANNEL].map((channel) =>
      database.listen(channel, () => cache.clear()),
    ),
  );
  app.addHook('onClose', async () => {
    for (const stop of stops) await stop();
  });
}

/**
 * After a change to something public: this instance forgets at once, every instance (and its
 * sockets, realtime.routes.ts) hears of it through NOTIFY on `channel`.
 */
export async function publicDataChanged(
  context: { database: Database; publicCache: PublicCache },
  channel: typeof MENU_CHANGES_CHANNEL | typeof SHOP_CHANGES_CHANNEL,
  log: FastifyBaseLogger,
): Promise<void> {
  context.publicCache.clear();
  await context.database.notify(channel, '').catch((error: unknown) => {
    log.warn({ err: error }, `could not announce a change on ${channel}`);
  });
}
