/**
 * The webhook inbox (decision 017): a platform's request is verified on its raw bytes, stored,
 * answered at once, and processed from the stored row by the outbox (a 'platform-event' job in
 * the same transaction), so a crash after the 200 loses nothing and a re-send makes no twin.
 */
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, outboundJobs, platformEvents, platformRejections } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  PLATFORM_NAMES,
  type Platform,
  type PlatformEvent,
  type PlatformEventStatus,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { findControlCharacter } from '../../http/request-guards.ts';
import { getSettings } from '../settings/index.ts';
import { verifyBasic, verifyBoltHmac, verifyWolt } from './signatures.ts';
import { woltNotificationSchema } from './wolt-order-mapping.ts';
import { BOLT_EVENTS, boltWebhookSchema } from './bolt-order-mapping.ts';

/** Ids of Test Order's and Test Webhook's samples start so; real platform ids never do. */
export const TEST_ID_PREFIX = 'test-';

/**
 * A rejected request keeps this much of its body: enough to recognise it, not a store. Only the
 * last REJECTED_KEPT per platform stay as rows; the rest are a count (platform_rejections).
 */
const REJECTED_BODY_CHARS = 200;
const REJECTED_KEPT = 20;
/** A signed body we cannot read keeps this much, for whoever looks into it. */
const UNREADABLE_BODY_CHARS = 2_000;

/**
 * Text PostgreSQL can store: a NUL (which a text column refuses) becomes U+FFFD. Decoding the
 * bytes as UTF-8 already turned anything else it cannot hold into U+FFFD.
 */
// eslint-disable-next-line no-control-regex
const storable = (text: string) => text.replace(/\u0000/g, '\uFFFD');

export interface WebhookRequest {
  platform: Platform;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** Bolt: the event named by the URL's last segment (sendNewOrder …), if any. */
  boltEvent?: string | undefined;
  /** The caller's address, kept with a rejected request. */
  remoteAddress?: string | undefined;
}

export interface WebhookAnswer {
  /**
   * 404 while the platform is not enabled (nothing is stored); 400 for anything else not
   * accepted: 401 and 403 are the access table's (auth/access.ts).
   */
  status: 200 | 400 | 404;
  message: string;
  eventId: number | null;
}

function header(request: WebhookRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function platformSettings(db: Db, platform: Platform) {
  const values = await getSettings(db, [
    'wolt_api_key',
    'wolt_venue_id',
    'wolt_webhook_secret',
    'wolt_enabled',
    'wolt_auto_accept',
    'bolt_api_key',
    'bolt_restaurant_id',
    'bolt_webhook_secret',
    'bolt_enabled',
    'bolt_auto_accept',
    'bolt_integrator_id',
    'bolt_webhook_auth',
  ]);
  return platform === 'wolt'
    ? {
        apiKey: values.wolt_api_key,
        venueId: values.wolt_venue_id,
        webhookSecret: values.wolt_webhook_secret,
        enabled: values.wolt_enabled === 'true',
        autoAccept: values.wolt_auto_accept === 'true',
        integratorId: '',
        webhookAuth: 'hmac' as const,
      }
    : {
        apiKey: values.bolt_api_key,
        venueId: values.bolt_restaurant_id,
        webhookSecret: values.bolt_webhook_secret,
        enabled: values.bolt_enabled === 'true',
        autoAccept: values.bolt_auto_accept === 'true',
        integratorId: values.bolt_integrator_id,
        webhookAuth: values.bolt_webhook_auth === 'hmac' ? ('hmac' as const) : ('basic' as const),
      };
}
export type PlatformSettings = Awaited<ReturnType<typeof platformSettings>>;

/** Why a request is not the platform's, or null when it is (checked before any parsing). */
function authenticationProblem(request: WebhookRequest, settings: PlatformSettings) {
  const name = PLATFORM_NAMES[request.platform];
  if (!settings.webhookSecret) return `${name} has no webhook secret set`;
  if (request.platform === 'wolt') {
    const signature = header(request, 'wolt-signature');
    if (!signature) return 'no WOLT-SIGNATURE header';
    return verifyWolt(request.body, signature, settings.webhookSecret)
      ? null
      : 'WOLT-SIGNATURE does not match the body';
  }
  if (settings.webhookAuth === 'hmac') {
    const signature = header(request, 'x-server-authorization-hmac-sha256');
    if (!signature) return 'no x-server-authorization-hmac-sha256 header';
    return verifyBoltHmac(request.body, signature, settings.webhookSecret)
      ? null
      : 'the HMAC signature does not match the body';
  }
  const authorization = header(request, 'authorization');
  if (!authorization) return 'no Authorization header';
  return verifyBasic(authorization, settings.webhookSecret) ? null : 'wrong Basic credentials';
}

interface ParsedNotification {
  eventKey: string;
  eventType: string;
  externalOrderId: string;
}

function parseNotification(request: WebhookRequest, json: unknown): ParsedNotification {
  if (request.platform === 'wolt') {
    const notification = woltNotificationSchema.parse(json);
    return {
      eventKey: notification.id,
      eventType: `${notification.type} ${notification.order.status}`,
      externalOrderId: notification.order.id,
    };
  }
  const webhook = boltWebhookSchema.parse(json);
  const event = request.boltEvent ?? webhook.event ?? 'sendNewOrder';
  if (!(BOLT_EVENTS as readonly string[]).includes(event)) {
    throw new Error(`unknown Bolt event ${event}`);
  }
  // Bolt gives no notification id (as far as is public): a re-send is the same event on the
  // same order with the same body.
  const digest = createHash('sha256').update(request.body).digest('hex').slice(0, 32);
  return {
    eventKey: `${event}:${webhook.order_id}:${digest}`,
    eventType: event,
    externalOrderId: webhook.order_id,
  };
}

/**
 * Stores a webhook request and queues its processing; the answer to give the platform. A
 * disabled platform's request is answered 404 and stores nothing; a rejected one is counted
 * and kept among the last REJECTED_KEPT (decision 017), so no caller can fill the database.
 */
export async function receiveWebhook(db: Db, request: WebhookRequest): Promise<WebhookAnswer> {
  const settings = await platformSettings(db, request.platform);
  if (!settings.enabled) {
    return {
      status: 404,
      message: `${PLATFORM_NAMES[request.platform]} orders are not enabled in Delivery Platforms.`,
      eventId: null,
    };
  }
  const problem = authenticationProblem(request, settings);
  const text = request.body.toString('utf8');
  if (problem) {
    const eventId = await recordRejection(db, request, text, problem);
    return { status: 400, message: `Rejected: ${problem}.`, eventId };
  }
  let parsed: ParsedNotification;
  try {
    const json: unknown = JSON.parse(text);
    // A NUL or another control character in a field cannot be stored or shown: never readable.
    const field = findControlCharacter(json);
    if (field) throw new Error(`${field} contains a control character`);
    parsed = parseNotification(request, json);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 300) : 'unreadable';
    const [row] = await db
      .insert(platformEvents)
      .values({
        platform: request.platform,
        status: 'failed',
        body: storable(text.slice(0, UNREADABLE_BODY_CHARS)),
        error: storable(`Signed, but not a notification we can read: ${reason}`),
      })
      .returning({ id: platformEvents.id });
    return { status: 400, message: 'Not a notification we can read.', eventId: row!.id };
  }
  const eventId = await db.transaction(async (tx) => {
    // A re-send is the same row: counted, not queued again.
    const [row] = await tx
      .insert(platformEvents)
      .values({
        platform: request.platform,
        status: 'verified',
        eventKey: parsed.eventKey,
        eventType: parsed.eventType,
        externalOrderId: parsed.externalOrderId,
        body: text,
        // Test Webhook's sample (decision 017): processed, about no real order.
        isTest: parsed.externalOrderId.startsWith(TEST_ID_PREFIX),
      })
      .onConflictDoUpdate({
        target: [platformEvents.platform, platformEvents.eventKey],
        set: { received: sql`${platformEvents.received} + 1` },
      })
      .returning({ id: platformEvents.id, received: platformEvents.received });
    if (row!.received === 1) await queueEventJob(tx, request.platform, row!.id, parsed);
    return row!.id;
  });
  return { status: 200, message: 'Received.', eventId };
}

/**
 * A rejected request: counted, and kept as a row with its address, time and the start of its
 * body among the platform's last REJECTED_KEPT; older rejected rows go in the same transaction.
 */
async function recordRejection(
  db: Db,
  request: WebhookRequest,
  text: string,
  problem: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(platformRejections)
      .values({ platform: request.platform, count: 1 })
      .onConflictDoUpdate({
        target: platformRejections.platform,
        set: { count: sql`${platformRejections.count} + 1`, lastAt: sql`now()` },
      });
    const [row] = await tx
      .insert(platformEvents)
      .values({
        platform: request.platform,
        status: 'rejected',
        body: storable(text.slice(0, REJECTED_BODY_CHARS)),
        error: problem,
        remoteAddress: request.remoteAddress?.slice(0, 64) ?? null,
      })
      .returning({ id: platformEvents.id });
    const kept = tx
      .select({ id: platformEvents.id })
      .from(platformEvents)
      .where(
        and(eq(platformEvents.platform, request.platform), eq(platformEvents.status, 'rejected')),
      )
      .orderBy(desc(platformEvents.id))
      .offset(REJECTED_KEPT - 1)
      .limit(1);
    await tx
      .delete(platformEvents)
      .where(
        and(
          eq(platformEvents.platform, request.platform),
          eq(platformEvents.status, 'rejected'),
          lt(platformEvents.id, sql`(${kept})`),
        ),
      );
    return row!.id;
  });
}

/** How many requests to this platform's webhook were rejected, ever. */
export async function rejectedCalls(db: Db, platform: Platform): Promise<number> {
  const [row] = await db
    .select({ count: platformRejections.count })
    .from(platformRejections)
    .where(eq(platformRejections.platform, platform));
  return row?.count ?? 0;
}

async function queueEventJob(
  tx: Db,
  platform: Platform,
  eventId: number,
  parsed: Pick<ParsedNotification, 'externalOrderId'>,
) {
  await tx.insert(outboundJobs).values({
    kind: 'platform-event',
    payload: { eventId },
    // One order's notifications are processed one at a time, in the order they came.
    serialKey: `${platform}:external:${parsed.externalOrderId}`,
  });
}

export async function markEvent(
  db: Db,
  eventId: number,
  change: { status: PlatformEventStatus; error?: string | null; orderId?: string | null },
) {
  await db
    .update(platformEvents)
    .set({
      status: change.status,
      error: change.error ?? null,
      ...(change.orderId !== undefined && { orderId: change.orderId }),
      ...(change.status === 'processed' && { processedAt: new Date() }),
    })
    .where(eq(platformEvents.id, eventId));
}

/**
 * Whether the platform sent a verified cancel for this order (Bolt's sendCancelOrder), in
 * whatever state its processing is: a new order arriving after it is already over.
 */
export async function cancelReceived(
  db: Db,
  platform: Platform,
  externalOrderId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: platformEvents.id })
    .from(platformEvents)
    .where(
      and(
        eq(platformEvents.platform, platform),
        eq(platformEvents.externalOrderId, externalOrderId),
        eq(platformEvents.eventType, 'sendCancelOrder'),
        ne(platformEvents.status, 'rejected'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Retry on a failed event: processed again from its stored body. */
export async function retryEvent(db: Db, eventId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.id, eventId))
      .for('update');
    if (!event) throw notFound('No such webhook event.');
    if (event.status !== 'failed' || !event.externalOrderId) {
      throw conflict(
        event.status === 'rejected'
          ? 'A rejected request is not processed: its signature did not verify.'
          : event.status === 'failed'
            ? 'This request could not be read, so it cannot be processed again.'
            : `This event is ${event.status}; only a failed one can be retried.`,
      );
    }
    await tx
      .update(platformEvents)
      .set({ status: 'verified', error: null })
      .where(eq(platformEvents.id, eventId));
    await queueEventJob(tx, event.platform, event.id, {
      externalOrderId: event.externalOrderId,
    });
  });
}

/**
 * After a Retry, the event as soon as it is processed or failed again, or as it stands (still
 * `verified`: queued) once `waitMs` has passed (decision 017: Retry says how it ended, or that
 * it is queued, never a failure it has not had). The dispatcher may be this process's or
 * another's: the row is read, not the job.
 */
export async function eventOutcome(db: Db, eventId: number, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const event = await getEvent(db, eventId);
    if (event.status !== 'verified' || Date.now() >= deadline) return event;
    await delay(Math.min(100, deadline - Date.now()));
  }
}

type EventRow = typeof platformEvents.$inferSelect;

function toPlatformEvent(row: EventRow, orderNumber: number | null): PlatformEvent {
  return {
    id: row.id,
    platform: row.platform,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    eventType: row.eventType,
    externalOrderId: row.externalOrderId,
    received: row.received,
    error: row.error,
    orderId: row.orderId,
    orderNumber,
    isTest: row.isTest,
    remoteAddress: row.remoteAddress,
  };
}

export async function listEvents(
  db: Db,
  filter: { platform?: Platform | undefined; status?: PlatformEventStatus | undefined },
): Promise<PlatformEvent[]> {
  const rows = await db
    .select({ event: platformEvents, orderNumber: orders.orderNumber })
    .from(platformEvents)
    .leftJoin(orders, eq(orders.id, platformEvents.orderId))
    .where(
      and(
        filter.platform ? eq(platformEvents.platform, filter.platform) : undefined,
        filter.status ? eq(platformEvents.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(platformEvents.id))
    .limit(100);
  return rows.map((row) => toPlatformEvent(row.event, row.orderNumber ?? null));
}

async function getEvent(db: Db, eventId: number): Promise<PlatformEvent> {
  const [row] = await db
    .select({ event: platformEvents, orderNumber: orders.orderNumber })
    .from(platformEvents)
    .leftJoin(orders, eq(orders.id, platformEvents.orderId))
    .where(eq(platformEvents.id, eventId));
  if (!row) throw notFound('No such webhook event.');
  return toPlatformEvent(row.event, row.orderNumber ?? null);
}

/** The status panel's last event and last error per platform. */
export async function lastActivity(db: Db, platform: Platform) {
  const [last] = await db
    .select({ receivedAt: platformEvents.receivedAt })
    .from(platformEvents)
    .where(eq(platformEvents.platform, platform))
    .orderBy(desc(platformEvents.id))
    .limit(1);
  const [lastEventError] = await db
    .select({ at: platformEvents.receivedAt, message: platformEvents.error })
    .from(platformEvents)
    .where(
      and(
        eq(platformEvents.platform, platform),
        sql`${platformEvents.status} in ('rejected', 'failed')`,
      ),
    )
    .orderBy(desc(platformEvents.id))
    .limit(1);
  // A call to the platform that failed (kitchen steps, pause, sold out and hours: decision 027)
  // counts as an error too.
  const [lastCallError] = await db
    .select({ at: outboundJobs.nextAttemptAt, message: outboundJobs.outcome })
    .from(outboundJobs)
    .where(
      and(
        sql`${outboundJobs.kind} in ('platform-call', 'platform-venue', 'platform-availability', 'platform-hours', 'platform-menu')`,
        sql`${outboundJobs.payload}->>'platform' = ${platform}`,
        sql`(${outboundJobs.outcome} like 'retry:%' or ${outboundJobs.outcome} like 'given up%' or ${outboundJobs.outcome} like 'refused%')`,
      ),
    )
    .orderBy(desc(outboundJobs.queued))
    .limit(1);
  const errors = [lastEventError, lastCallError]
    .filter((error): error is { at: Date; message: string } => Boolean(error?.message))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    lastEventAt: last ? last.receivedAt.toISOString() : null,
    lastError: errors[0] ? { at: errors[0].at.toISOString(), message: errors[0].message } : null,
  };
}
