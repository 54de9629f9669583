/**
 * The outbound jobs of the outbox (decision 008): work a change owes outside the database (the
 * "order ready" push, e-mails, refunds at the provider, printer tickets, Wolt and Bolt calls),
 * recorded as `outbound_jobs` rows in the change's own transaction. The runner claims due jobs
 * with a lease, has each kind's handler do them, retries with back-off, runs jobs sharing a
 * serial key one at a time in queue order, and sweeps finished jobs.
 *
 * It knows no feature: each feature registers its kinds' handlers at start-up (`handle`). The
 * order-event dispatcher (order-events.ts) drives it from its own loop, so a service's one
 * `wake()` after a commit delivers both the event and the jobs recorded with it, and the
 * dispatcher's poll picks up what a crash left behind.
 */
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outboundJobs, type OutboundJobKind } from '../../db/schema.ts';

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
const DEFAULT_RETRY: RetryPolicy = { maxBackoffMs: 10 * 60_000, maxAttempts: 10 };

export interface JobHandler {
  run(job: OutboundJob, attempt: number): Promise<JobOutcome>;
  /** Called once when the job is given up after its last try. */
  gaveUp?(job: OutboundJob, lastError: string): Promise<void>;
  /** DEFAULT_RETRY unless given. */
  retry?: RetryPolicy;
}

const JOB_BATCH = 20;
/** A claimed job not finished within this is taken again (its worker died). */
const JOB_LEASE_MS = 60_000;

export interface JobRunnerOptions {
  /**
   * The runner's clock (due jobs, back-off, leases, the sweep); the real one unless given.
   * Tests of a long outage run it ahead of the real time instead of waiting.
   */
  now?: () => Date;
  /** A claimed job's lease, JOB_LEASE_MS unless given (crash tests shorten it). */
  jobLeaseMs?: number;
}

export class JobRunner {
  private handlers = new Map<OutboundJobKind, JobHandler>();
  private sweepers: (() => Promise<void>)[] = [];
  /** The runner's clock; the dispatcher's sweep goes by it too. */
  readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Says who does the outbound jobs of one kind (features register theirs at start-up). */
  handle(kind: OutboundJobKind, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Adds a clean-up to the periodic sweep (a feature's own old rows). */
  sweepAlso(sweeper: () => Promise<void>): void {
    this.sweepers.push(sweeper);
  }

  /** Claims due jobs with a lease, does them, records the outcome. */
  async runDue(): Promise<void> {
    const db = this.db;
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
    await Promise.all(claimed.map((job) => this.runJob(job, job.attempts)));
  }

  private async runJob(job: OutboundJob, attempt: number) {
    const db = this.db;
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

  /**
   * Deletes jobs finished before `before`, then runs the features' own clean-ups. Counted from
   * when a job finished: an e-mail sent after a two-day outage is still there to look up for a
   * day (decision 018).
   */
  async sweep(before: Date): Promise<void> {
    await this.db.delete(outboundJobs).where(lt(outboundJobs.doneAt, before));
    for (const sweeper of this.sweepers) await sweeper();
  }
}
