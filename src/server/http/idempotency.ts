/**
 * Idempotency-Key for order-creating calls (DESIGN.md departure 14, docs/decisions/007): a
 * double tap at the counter or a retry after a dropped connection never makes two orders.
 *
 * A route opts in with `config: { idempotent: true }`. When the request carries an
 * `Idempotency-Key` header (a UUID the client makes once per attempt):
 * - the first request with that key claims it in the database and runs; its answer is stored;
 * - the same key with the same request gets the stored answer (`Idempotent-Replayed: true`),
 *   also while the first is still running (it waits for it), on any app instance;
 * - the same key with a different request, or from another signed-in account, is a 409: a key
 *   belongs to the account that sent it (anonymous calls share the scope `anonymous`);
 * - a claim is a lease the running request renews: when its process dies, the next request
 *   with the key takes over once the lease ran out.
 * Answers of 5xx and 429 are not kept, so a retry runs again. Keys are kept 48 hours
 * (IDEMPOTENCY_KEY_RETENTION_HOURS, shared with the counter's outbox).
 *
 * An order-creating handler also stores the key with the order it makes, in the order's own
 * transaction (`request.idempotency`, orders/place-order.ts): a retry after a crash between the
 * order's commit and the answer's, or after the sweep, finds that order and answers with it.
 * Without the header the call works as the spec describes it (no protection).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_RETENTION_HOURS,
  IDEMPOTENCY_STILL_RUNNING_MESSAGE,
} from '#shared/idempotency/idempotency.ts';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { badRequest, conflict } from './errors.ts';
import type { AppInstance } from './types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Order-creating call: honours the Idempotency-Key header (http/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: { route: string; key: string; renew: NodeJS.Timeout } | null;
    /** The validated key of a keyed call, for the handler to store with what it makes. */
    idempotency: IdempotencyKeyOf | null;
  }
}

/** A keyed call as the handler stores it with its order (orders.idempotency_*). */
interface IdempotencyKeyOf {
  /** Who the key belongs to: `staff:<id>` when signed in, else `anonymous`. */
  scope: string;
  key: string;
  /** SHA-256 of the method, path, validated body and scope. */
  requestHash: string;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long the same request waits for the first one with its key before giving up. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
/**
 * A claim is held this long and renewed by its running request every LEASE_RENEW_MS; a claim
 * whose lease ran out belongs to a request that died (its process was killed): the next one
 * takes over. Rows claimed before leases count 60 s from their creation.
 */
const LEASE_SECONDS = 15;
const LEASE_RENEW_MS = 5_000;
const LEGACY_ABANDONED_AFTER_SECONDS = 60;
/** No request runs this long: its lease is not renewed past it. */
const MAX_RENEW_MS = 5 * 60_000;
/** Kept 48 hours (decision 007), as the counter's outbox knows. */
const KEEP_HOURS = IDEMPOTENCY_KEY_RETENTION_HOURS;
const SWEEP_EVERY_MS = 10 * 60_000;

const keySchema = z.uuid();

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be a UUID, made once per attempt.',
  otherRequest: 'This Idempotency-Key was already used for a different request.',
  // Shared: the counter's outbox retries it rather than calling the sale refused.
  stillRunning: IDEMPOTENCY_STILL_RUNNING_MESSAGE,
} as const;

function requestHash(request: FastifyRequest, scope: string): string {
  // The validated body: the same order typed with other spacing is the same request. The
  // scope: another account's request with this key is not this one.
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.body ?? null, scope]))
    .digest('hex');
}

function scopeOf(request: FastifyRequest): string {
  return request.user ? `staff:${request.user.id}` : 'anonymous';
}

const leaseEnd = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function claim(db: Db, route: string, key: string, hash: string): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ route, key, requestHash: hash, claimedUntil: leaseEnd })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export function registerIdempotency(
  app: AppInstance,
  db: Db,
  { answerDelayMs = 0 }: { answerDelayMs?: number } = {},
) {
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('idempotency', null);
  let lastSweep = 0;

  /** Keeps the claim held while its request runs (LEASE_SECONDS). */
  function renewWhileRunning(request: FastifyRequest, route: string, key: string) {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > MAX_RENEW_MS) {
        clearInterval(timer);
        return;
      }
      void db
        .update(idempotencyKeys)
        .set({ claimedUntil: leaseEnd })
        .where(
          and(
            eq(idempotencyKeys.route, route),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.statusCode),
          ),
        )
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'idempotency lease renewal failed'),
        );
    }, LEASE_RENEW_MS);
    timer.unref();
    return timer;
  }

  const stopRenewing = (request: FastifyRequest) => {
    if (request.idempotencyClaim) clearInterval(request.idempotencyClaim.renew);
  };

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !keySchema.safeParse(header).success) {
      throw badRequest(IDEMPOTENCY_MESSAGES.badKey, { 'Idempotency-Key': 'Must be a UUID' });
    }
    const key = header.toLowerCase();
    const route = `${request.method} ${request.routeOptions.url}`;
    const scope = scopeOf(request);
    const hash = requestHash(request, scope);

    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      void db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`))
        .catch((error: unknown) => request.log.warn({ err: error }, 'idempotency sweep failed'));
    }

    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await claim(db, route, key, hash)) {
        request.idempotencyClaim = { route, key, renew: renewWhileRunning(request, route, key) };
        request.idempotency = { scope, key, requestHash: hash };
        return;
      }
      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key)));
      if (!first) continue; // swept or released between the two statements: claim again
      if (first.statusCode === null) {
        // A claim left by a request that died is released, and this one runs instead. Should
        // that request have made its order before it died, the handler finds the order by its
        // key (orders.idempotency_key) and answers with it.
        const released = await db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.route, route),
              eq(idempotencyKeys.key, key),
              isNull(idempotencyKeys.statusCode),
              sql`coalesce(${idempotencyKeys.claimedUntil}, ${idempotencyKeys.createdAt} + make_interval(secs => ${LEGACY_ABANDONED_AFTER_SECONDS})) < now()`,
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (released.length > 0) continue;
      }
      if (first.requestHash !== hash) throw conflict(IDEMPOTENCY_MESSAGES.otherRequest);
      if (first.statusCode !== null) {
        return reply
          .code(first.statusCode)
          .header('content-type', first.contentType ?? 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(first.responseBody ?? '');
      }
      // The first request is still running, here or on another instance: wait for its answer.
      if (Date.now() > deadline) throw conflict(IDEMPOTENCY_MESSAGES.stillRunning);
      await wait(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return payload;
    stopRenewing(request);
    request.idempotencyClaim = null;
    const where = and(
      eq(idempotencyKeys.route, claimed.route),
      eq(idempotencyKeys.key, claimed.key),
    );
    const status = reply.statusCode;
    // Tests only (config.idempotencyAnswerDelayMs): the window a kill can fall into.
    if (answerDelayMs > 0) await wait(answerDelayMs);
    try {
      if (status >= 500 || status === 429 || typeof payload !== 'string') {
        // Not an answer to keep: the client's retry with the same key runs again.
        await db.delete(idempotencyKeys).where(where);
      } else {
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({
            statusCode: status,
            responseBody: payload,
            contentType: typeof contentType === 'string' ? contentType : null,
            completedAt: new Date(),
          })
          .where(where);
      }
    } catch (error) {
      request.log.error({ err: error, key: claimed.key }, 'could not store an idempotent answer');
    }
    return payload;
  });

  // An answer that never reached onSend (the connection closed first): the lease runs out.
  app.addHook('onResponse', async (request) => stopRenewing(request));
}
