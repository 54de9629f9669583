/**
 * Order events reach every screen through the outbox (decision 008): services record each
 * change's event in the change's transaction (outbox.ts); this dispatcher, in every app
 * instance, fans the recorded events out in sequence order through PostgreSQL NOTIFY (PGlite:
 * within the process), so each instance tells its own sockets. Its loop also drives the
 * outbound jobs (job-runner.ts). It runs when a service says it committed (`wake`), and every
 * second anyway, so events and jobs committed just before a crash go out after the restart.
 */
import { and, asc, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Unlisten } from '../../db/client.ts';
import { orderEvents } from '../../db/schema.ts';
import {
  ORDER_EVENTS_CHANNEL,
  orderEventSchema,
  type OrderEvent,
} from '#shared/realtime/events.ts';
import type { JobRunner, JobRunnerOptions } from './job-runner.ts';

export type OrderEventListener = (event: OrderEvent) => void;

/** One instance fans out at a time, so listeners hear events in sequence order. */
const FAN_OUT_LOCK = 7_340_022;
const FAN_OUT_BATCH = 100;
/**
 * Fanned-out events are kept this long after they were recorded (a reconnect can resume within
 * it), finished jobs this long after they finished.
 */
const KEEP_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

/** The dispatcher's settings; `now` and `jobLeaseMs` are the job runner's (JobRunnerOptions). */
export interface DispatcherOptions extends JobRunnerOptions {
  /** How often it looks for undelivered events and due jobs without being woken. */
  pollEveryMs?: number;
  /** False: record only, never deliver (a process that dies before delivering, in tests). */
  deliver?: boolean;
}

export class OrderEvents {
  private listeners = new Set<OrderEventListener>();
  private unlisten: Unlisten | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private lastSweep = 0;
  private delivering: boolean;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    /** The outbound jobs this dispatcher's loop runs after each fan-out. */
    private readonly jobs: JobRunner,
    private readonly options: DispatcherOptions = {},
  ) {
    this.delivering = options.deliver !== false;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(ORDER_EVENTS_CHANNEL, (payload) => {
      let event: OrderEvent;
      try {
        event = orderEventSchema.parse(JSON.parse(payload));
      } catch (error) {
        this.log.warn({ err: error }, 'ignored a malformed order event');
        return;
      }
      for (const listener of this.listeners) listener(event);
    });
    if (this.delivering) this.startPolling();
  }

  private startPolling(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollEveryMs ?? 1_000);
    this.timer.unref();
    this.wake();
  }

  /** Starts delivering in a dispatcher made with `deliver: false` (a restart, in tests). */
  resumeDelivery(): void {
    if (this.delivering || this.stopped) return;
    this.delivering = true;
    this.startPolling();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.unlisten?.();
    this.listeners.clear();
  }

  onEvent(listener: OrderEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A service committed an event: deliver now rather than at the next poll. */
  wake(): void {
    if (this.stopped || !this.delivering) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runUntilIdle().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the run under way (if any) is done, without starting one. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Delivers everything due now; resolves when done (tests wait on it). */
  async flush(): Promise<void> {
    this.wake();
    while (this.running) await this.running;
  }

  private async runUntilIdle(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.fanOut();
        await this.jobs.runDue();
        await this.sweep();
      } catch (error) {
        if (!this.stopped) this.log.error({ err: error }, 'order event dispatch failed');
      }
    } while (this.again && !this.stopped);
  }

  /** Publishes undelivered events in sequence order and marks them, in one transaction. */
  private async fanOut(): Promise<void> {
    const db = this.database.db;
    for (;;) {
      const sent = await db.transaction(async (tx) => {
        const locked = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${FAN_OUT_LOCK}) as locked`,
        );
        if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return 0;
        // One statement picks the batch, NOTIFYs each event in sequence order (volatile
        // calls in the select list run after the ORDER BY) and marks them fanned out.
        // NOTIFY inside the transaction goes out when it commits, together with the marks:
        // every event is fanned out exactly when it is marked (PostgreSQL and PGlite alike).
        const sent = await tx.execute<{ sequence: number }>(sql`
          with batch as (
            select ${orderEvents.sequence} as sequence, ${orderEvents.event} as event
            from ${orderEvents}
            where ${orderEvents.fannedOutAt} is null
            order by ${orderEvents.sequence}
            limit ${FAN_OUT_BATCH}
          ), marked as (
            update ${orderEvents} set fanned_out_at = now()
            where ${orderEvents.sequence} in (select sequence from batch)
          )
          select sequence, pg_notify(${ORDER_EVENTS_CHANNEL},
            (event || jsonb_build_object('sequence', sequence))::text)
          from batch
          order by sequence`);
        const waiting = (sent as unknown as { rows: unknown[] }).rows;
        return waiting.length;
      });
      if (sent < FAN_OUT_BATCH || this.stopped) return;
    }
  }

  private async sweep(): Promise<void> {
    const now = this.jobs.now().getTime();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    const before = new Date(now - KEEP_MS);
    await this.database.db
      .delete(orderEvents)
      .where(and(lt(orderEvents.createdAt, before), sql`${orderEvents.fannedOutAt} is not null`));
    await this.jobs.sweep(before);
  }
}

/** Events after `after`, oldest first, at most `limit` (the resume of a reconnecting socket). */
export async function eventsAfter(db: Db, after: number, limit: number) {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(and(gt(orderEvents.sequence, after), sql`${orderEvents.fannedOutAt} is not null`))
    .orderBy(asc(orderEvents.sequence))
    .limit(limit);
  const [oldest] = await db
    .select({ sequence: orderEvents.sequence })
    .from(orderEvents)
    .orderBy(asc(orderEvents.sequence))
    .limit(1);
  return {
    events: rows.map((row): OrderEvent => ({ ...row.event, sequence: row.sequence })),
    /** The oldest event still kept; a resume from before it has missed some for good. */
    oldestKept: oldest?.sequence ?? null,
  };
}
