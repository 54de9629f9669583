/**
 * Order events reach every screen through the outbox (decision 008): services record each
 * change's event in the change's transaction (outbox.ts); this dispatcher, in every app
 * instance, fans the recorded events out in sequence order through PostgreSQL NOTIFY (PGlite:
 * within the process), so each instance tells its own sockets, and runs the outbound jobs (the
 * ready push) with retries and back-off. It runs when a service says it committed (`wake`), and
 * every second anyway, so events committed just before a crash go out after the restart.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Unlisten } from '../../db/client.ts';
import { orderEvents, outboundJobs, type OutboundJobKind } from '../../db/schema.ts';
import {
  ORDER_EVENTS_CHANNEL,
  orderEventSchema,
  type OrderEvent,
} from '#shared/realtime/events.ts';

export type OrderEventListener = (event: OrderEvent) => void;

export type OutboundJob = typeof outboundJobs.$inferSelect;

/**
 * What a job's handler reports: done (`sent`, `gone`, `refused`, `skipped`, or any other word
 * recorded as the outcome), or `{ retry }` with the error to record while it is tried again.
 */
export type JobOutcome = 'retry' | { retry: string } | (string & {});

/**
 * How a kind of job is retried: waits of 2 s, 4 s, 8 s … at most `maxBackoffMs`, given up after
 * `maxAttempts` tries, or (`keepTryingForMs`) only when a try fails that long after the job was
 * recorded, however many tries that took.
 */
export type RetryPolicy =
  { maxBackoffMs: number; maxAttempts: number } | { maxBackoffMs: number; keepTryingForMs: number };

/** The push and the platform calls: stale news after half an hour, so ten tries (decision 008). */
export const DEFAULT_RETRY: RetryPolicy = { maxBackoffMs: 10 * 60_000, maxAttempts: 10 };

export interface JobHandler {
  run(job: OutboundJob, attempt: number): Promise<JobOutcome>;
  /** Called once when the job is given up after its last try. */
  gaveUp?(job: OutboundJob, lastError: string): Promise<void>;
  /** DEFAULT_RETRY unless given. */
  retry?: RetryPolicy;
}

/** One instance fans out at a time, so listeners hear events in sequence order. */
const FAN_OUT_LOCK = 7_340_022;
const FAN_OUT_BATCH = 100;
const JOB_BATCH = 20;
/** A claimed job not finished within this is taken again (its worker died). */
const JOB_LEASE_MS = 60_000;
/**
 * Fanned-out events are kept this long after they were recorded (a reconnect can resume within
 * it), finished jobs this long after they finished.
 */
const KEEP_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

export interface DispatcherOptions {
  /** How often it looks for undelivered events and due jobs without being woken. */
  pollEveryMs?: number;
  /** False: record only, never deliver (a process that dies before delivering, in tests). */
  deliver?: boolean;
  /**
   * The dispatcher's clock (due jobs, back-off, leases, the sweep); the real one unless given.
   * Tests of a long outage run it ahead of the real time instead of waiting.
   */
  now?: () => Date;
  /** A claimed job's lease, JOB_LEASE_MS unless given (crash tests shorten it). */
  jobLeaseMs?: number;
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
  private handlers = new Map<OutboundJobKind, JobHandler>();
  private sweepers: (() => Promise<void>)[] = [];
  private readonly now: () => Date;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: DispatcherOptions = {},
  ) {
    this.delivering = options.deliver !== false;
    this.now = options.now ?? (() => new Date());
  }

  /** Adds a clean-up to the periodic sweep (a feature's own old rows). */
  sweepAlso(sweeper: () => Promise<void>): void {
    this.sweepers.push(sweeper);
  }

  /** Says who does the outbound jobs of one kind (features register theirs at start-up). */
  handle(kind: OutboundJobKind, handler: JobHandler): void {
    this.handlers.set(kind, handler);
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
        await this.runJobs();
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

  /** Claims due jobs with a lease, does them, records the outcome. */
  private async runJobs(): Promise<void> {
    const db = this.database.db;
    const now = this.now();
    // Claims due jobs with a lease in one statement (no transaction needed): SKIP LOCKED keeps
    // two instances from claiming the same job; each answers with its attempts already counted.
    const claimed = await db
      .update(outboundJobs)
      .set({
        attempts: sql`${outboundJobs.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + (this.options.jobLeaseMs ?? JOB_LEASE_MS)),
      })
      .where(
        inArray(
          outboundJobs.id,
          db
            .select({ id: outboundJobs.id })
            .from(outboundJobs)
            .where(
              and(
                isNull(outboundJobs.doneAt),
                lte(outboundJobs.nextAttemptAt, now),
                // Jobs sharing a serial key run one at a time, oldest first.
                sql`(${outboundJobs.serialKey} is null or not exists (
                  select 1 from outbound_jobs earlier
                  where earlier.serial_key = ${outboundJobs.serialKey}
                    and earlier.done_at is null
                    and earlier.queued < ${outboundJobs.queued}))`,
              ),
            )
            .orderBy(asc(outboundJobs.nextAttemptAt))
            .limit(JOB_BATCH)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    await Promise.all(claimed.map((job) => this.runJob(db, job, job.attempts)));
  }

  private async runJob(db: Db, job: OutboundJob, attempt: number) {
    const handler = this.handlers.get(job.kind);
    let outcome: JobOutcome;
    if (!handler) {
      outcome = { retry: `no handler for ${job.kind} in this instance` };
    } else {
      try {
        outcome = await handler.run(job, attempt);
      } catch (error) {
        outcome = { retry: error instanceof Error ? error.message : String(error) };
      }
    }
    if (typeof outcome === 'string' && outcome !== 'retry') {
      await db
        .update(outboundJobs)
        .set({ doneAt: this.now(), outcome })
        .where(eq(outboundJobs.id, job.id));
      return;
    }
    const lastError = typeof outcome === 'string' ? outcome : outcome.retry;
    const policy = handler?.retry ?? DEFAULT_RETRY;
    const now = this.now();
    const finalTry =
      'maxAttempts' in policy
        ? attempt >= policy.maxAttempts
        : now.getTime() - job.createdAt.getTime() >= policy.keepTryingForMs;
    if (finalTry) {
      this.log.error({ jobId: job.id, kind: job.kind, orderId: job.orderId }, 'gave up on a job');
      await db
        .update(outboundJobs)
        .set({ doneAt: now, outcome: `given up: ${lastError}`.slice(0, 500) })
        .where(eq(outboundJobs.id, job.id));
      await handler?.gaveUp?.(job, lastError);
      return;
    }
    const backoff = Math.min(policy.maxBackoffMs, 1_000 * 2 ** attempt);
    await db
      .update(outboundJobs)
      .set({
        nextAttemptAt: new Date(now.getTime() + backoff),
        outcome: lastError === 'retry' ? 'retry' : `retry: ${lastError}`.slice(0, 500),
      })
      .where(eq(outboundJobs.id, job.id));
  }

  private async sweep(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    const before = new Date(now - KEEP_MS);
    const db = this.database.db;
    await db
      .delete(orderEvents)
      .where(and(lt(orderEvents.createdAt, before), sql`${orderEvents.fannedOutAt} is not null`));
    // Counted from when a job finished: an e-mail sent after a two-day outage is still there to
    // look up for a day (decision 018).
    await db.delete(outboundJobs).where(lt(outboundJobs.doneAt, before));
    for (const sweeper of this.sweepers) await sweeper();
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's order-event dispatcher (tests flush it; services wake it through context). */
    orderEvents: OrderEvents;
  }
}
