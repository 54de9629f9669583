/**
 * The print queue (decision 028): a print job is a row of print_jobs written in the order's
 * transaction. A network printer's job is also an outbox job (kind 'print', decision 008) with
 * the serial key of its printer: the dispatcher sends one job at a time per printer, oldest
 * first, retried with back-off while the printer does not answer; one printer down never holds
 * another. A CloudPRNT printer fetches its queued jobs itself (cloudprnt.routes.ts). A job older
 * than its printer's holdAfterMinutes when the printer answers is not printed: it waits, held,
 * for a human (Print now or Discard in the back office).
 */
import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outboundJobs, printers, printJobs } from '../../db/schema.ts';
import type { OrderSource } from '#shared/orders/order-states.ts';
import type { PrintJobKind } from '#shared/printing/printing.schema.ts';
import { kitchenTicketBytes, receiptBytes, testPageBytes } from './escpos.ts';
import { formatPrintTime, loadPrintOrder, shopHeader } from './print-document.ts';
import { sendToNetworkPrinter } from './network-printer.ts';

/** The app's job runner (realtime/job-runner.ts), by its decorator's type: printing is bounded. */
type JobRunner = FastifyInstance['jobs'];
type JobHandler = Parameters<JobRunner['handle']>[1];
type OutboundJob = Parameters<JobHandler['run']>[0];
type JobOutcome = Awaited<ReturnType<JobHandler['run']>>;
export type PrinterRow = typeof printers.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;

/**
 * The print queue's times are the wall clock's, like its rows' defaults (the database's now()):
 * a job's age decides whether it waits for a human, so both ends of it come from one clock.
 */
export const wallClock = () => new Date();

/** A printer's serial key in the outbox: its jobs go out one at a time, in order. */
const serialKeyOf = (printerId: string) => `printer:${printerId}`;

/**
 * Waits between tries while a printer does not answer: 2 s, 4 s, 8 s, then every 10 s, so a
 * printer switched back on prints within seconds. Never given up by the outbox: a job that
 * waited too long is held for a human instead (holdAfterMinutes).
 */
const PRINT_JOBS_KEEP_MS = 30 * 24 * 60 * 60_000;

const PRINT_RETRY = { maxBackoffMs: 10_000, keepTryingForMs: 7 * 24 * 60 * 60_000 };

/**
 * The print jobs a newly paid order owes, as two statements for the order's own WITH query
 * (orders/place-order.ts storeOrder): `orderId` is the new order's id there. Every enabled
 * printer for the order's channel gets its kitchen ticket; a counter sale's receipt printers
 * also get the customer's receipt.
 */
export function paidOrderPrintJobsSql(orderId: SQL, source: OrderSource): SQL[] {
  return [
    sql`new_print_jobs as (
      insert into print_jobs (printer_id, kind, order_id)
      select p.id, k.kind, ${orderId}
      from printers p cross join (values ('kitchen'), ('receipt')) as k(kind)
      where p.enabled
        and k.kind = any(p.prints)
        and (cardinality(p.sources) = 0 or ${source} = any(p.sources))
        and (k.kind = 'kitchen' or ${source} = 'pos')
      order by p.created_at, p.id, k.kind
      returning id, printer_id, order_id)`,
    sql`new_print_outbound as (
      insert into outbound_jobs (kind, order_id, payload, serial_key)
      select 'print', j.order_id, jsonb_build_object('printJobId', j.id), 'printer:' || j.printer_id
      from new_print_jobs j join printers p on p.id = j.printer_id
      where p.kind = 'escpos-network')`,
  ];
}

/** Queues one job (a reprint, a test page, Print now): its row, and its outbox job if sent by us. */
export async function queuePrintJob(
  db: Db,
  printer: Pick<PrinterRow, 'id' | 'kind'>,
  job: { kind: PrintJobKind; orderId: string | null; reprint?: boolean },
): Promise<PrintJobRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(printJobs)
      .values({
        printerId: printer.id,
        kind: job.kind,
        orderId: job.orderId,
        reprint: job.reprint ?? false,
      })
      .returning();
    if (printer.kind === 'escpos-network') await queueSend(tx, row!);
    return row!;
  });
}

async function queueSend(tx: Db, job: PrintJobRow) {
  await tx.insert(outboundJobs).values({
    kind: 'print',
    orderId: job.orderId,
    payload: { printJobId: job.id },
    serialKey: serialKeyOf(job.printerId),
  });
}

/** Print now on a held job: queued again, at the end of its printer's line, from now. */
export async function releaseHeldJob(
  db: Db,
  jobId: string,
  now: Date,
): Promise<PrintJobRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(printJobs)
      .set({
        state: 'queued',
        queuedAt: now,
        error: null,
        sequence: sql`nextval(pg_get_serial_sequence('print_jobs', 'sequence'))`,
      })
      .where(and(eq(printJobs.id, jobId), eq(printJobs.state, 'held')))
      .returning();
    if (!row) return null;
    const [printer] = await tx.select().from(printers).where(eq(printers.id, row.printerId));
    if (printer?.kind === 'escpos-network') await queueSend(tx, row);
    return row;
  });
}

export async function discardHeldJob(db: Db, jobId: string): Promise<PrintJobRow | null> {
  const [row] = await db
    .update(printJobs)
    .set({ state: 'discarded' })
    .where(and(eq(printJobs.id, jobId), eq(printJobs.state, 'held')))
    .returning();
  return row ?? null;
}

/** The job's bytes for its printer, or null when its order is gone. */
export async function bytesOf(
  db: Db,
  job: PrintJobRow,
  printer: PrinterRow,
  now: Date,
): Promise<Uint8Array | null> {
  const shop = await shopHeader(db);
  if (job.kind === 'test') {
    return testPageBytes(printer.name, formatPrintTime(now, shop.timeZone), printer.model);
  }
  if (!job.orderId) return null;
  const order = await loadPrintOrder(db, job.orderId, shop.timeZone);
  if (!order) return null;
  const marks = { reprint: job.reprint };
  return job.kind === 'kitchen'
    ? kitchenTicketBytes(order, printer.model, marks)
    : receiptBytes(order, shop, printer.model, marks);
}

/** True when the job waited longer than its printer allows: it is held instead of printed. */
export async function holdIfStale(
  db: Db,
  job: PrintJobRow,
  printer: PrinterRow,
  now: Date,
): Promise<boolean> {
  const waitedMs = now.getTime() - job.queuedAt.getTime();
  if (waitedMs <= printer.holdAfterMinutes * 60_000) return false;
  await db
    .update(printJobs)
    .set({
      state: 'held',
      error: `Waited more than ${printer.holdAfterMinutes} minutes for the printer: Print now or Discard.`,
    })
    .where(and(eq(printJobs.id, job.id), eq(printJobs.state, 'queued')));
  return true;
}

/** The job went out: recorded, and the printer is well again. */
export async function markPrinted(db: Db, job: PrintJobRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(printJobs)
      .set({ state: 'printed', printedAt: now, error: null })
      .where(eq(printJobs.id, job.id));
    await tx
      .update(printers)
      .set({ failingSince: null, lastError: null, lastPrintedAt: now })
      .where(eq(printers.id, job.printerId));
  });
}

export async function markFailing(db: Db, printerId: string, error: string, now: Date) {
  await db
    .update(printers)
    .set({
      failingSince: sql`coalesce(${printers.failingSince}, ${now})`,
      lastError: error.slice(0, 300),
    })
    .where(eq(printers.id, printerId));
}

export interface PrintJobsDeps {
  db: Db;
  /** wallClock unless given. */
  now?: () => Date;
  log: FastifyBaseLogger;
  /** The wait for a network printer's connection and close; 5 s unless given. */
  sendTimeoutMs?: number;
}

/** Registers the 'print' outbox jobs: a network printer's ticket, receipt or test page. */
export function registerPrintJobs(jobs: JobRunner, deps: PrintJobsDeps): void {
  const { db } = deps;
  const now = deps.now ?? wallClock;
  const run = async (outbound: OutboundJob): Promise<JobOutcome> => {
    const jobId = String(outbound.payload.printJobId ?? '');
    const [job] = await db.select().from(printJobs).where(eq(printJobs.id, jobId));
    if (!job) return 'gone';
    if (job.state !== 'queued') return 'skipped';
    const [printer] = await db.select().from(printers).where(eq(printers.id, job.printerId));
    if (!printer) return 'gone';
    if (printer.kind !== 'escpos-network' || !printer.host) return 'skipped';
    if (!printer.enabled) {
      // Switched off in the back office: the job waits for a human, as an old one does.
      await db
        .update(printJobs)
        .set({ state: 'held', error: 'The printer is switched off in the back office.' })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.state, 'queued')));
      return 'held';
    }
    if (await holdIfStale(db, job, printer, now())) return 'held';
    const bytes = await bytesOf(db, job, printer, now());
    if (!bytes) {
      await db
        .update(printJobs)
        .set({ state: 'discarded', error: 'The order is gone.' })
        .where(eq(printJobs.id, job.id));
      return 'gone';
    }
    try {
      await sendToNetworkPrinter(printer.host, printer.port, bytes, {
        timeoutMs: deps.sendTimeoutMs,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markFailing(db, printer.id, message, now());
      await db
        .update(printJobs)
        .set({ error: message.slice(0, 300) })
        .where(eq(printJobs.id, job.id));
      return { retry: message };
    }
    await markPrinted(db, job, now());
    return 'sent';
  };
  jobs.handle('print', { run, retry: PRINT_RETRY });
  // Printed and discarded jobs are kept 30 days (a dispute about a ticket), then swept.
  jobs.sweepAlso(async () => {
    await db
      .delete(printJobs)
      .where(
        and(
          inArray(printJobs.state, ['printed', 'discarded']),
          lt(printJobs.createdAt, new Date(wallClock().getTime() - PRINT_JOBS_KEEP_MS)),
        ),
      );
  });
}

/** A printer's queued jobs, oldest first (CloudPRNT takes the first). */
export async function queuedJobs(db: Db, printerId: string, limit = 1): Promise<PrintJobRow[]> {
  return db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.printerId, printerId), eq(printJobs.state, 'queued')))
    .orderBy(asc(printJobs.sequence))
    .limit(limit);
}
