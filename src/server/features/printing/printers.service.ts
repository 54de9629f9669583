/**
 * Printers as a back-office setting (decision 028): add, change, remove, and each one's state
 * as the kitchen display, the dashboard and the back office show it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, printers, printJobs } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { PrintJob, Printer, PrinterInput } from '#shared/printing/printing.schema.ts';
import { DEFAULT_HOLD_AFTER_MINUTES } from '#shared/printing/printing.schema.ts';
import type { PrinterRow } from './print-jobs.ts';

/** The path a CloudPRNT printer polls (its secret is the last segment). */
export const CLOUDPRNT_PATH = '/api/cloudprnt';

/** A CloudPRNT printer that has not polled for this long is shown failing. */
const CLOUDPRNT_SILENT_MS = 60_000;

export async function createPrinter(db: Db, input: PrinterInput): Promise<PrinterRow> {
  const [row] = await db
    .insert(printers)
    .values({
      name: input.name,
      kind: input.kind,
      host: input.kind === 'escpos-network' ? (input.host ?? null) : null,
      port: input.port ?? 9100,
      model:
        input.model ?? (input.kind === 'star-cloudprnt' ? 'star-mc-print2' : 'epson-tm-t20iii'),
      prints: input.prints,
      sources: input.sources ?? [],
      holdAfterMinutes: input.holdAfterMinutes ?? DEFAULT_HOLD_AFTER_MINUTES,
      enabled: input.enabled ?? true,
      cloudPrntToken:
        input.kind === 'star-cloudprnt' ? randomBytes(18).toString('base64url') : null,
    })
    .returning();
  return row!;
}

export async function updatePrinter(db: Db, id: string, input: PrinterInput): Promise<PrinterRow> {
  const [existing] = await db.select().from(printers).where(eq(printers.id, id));
  if (!existing) throw notFound('Printer not found.');
  const [row] = await db
    .update(printers)
    .set({
      name: input.name,
      kind: input.kind,
      host: input.kind === 'escpos-network' ? (input.host ?? null) : null,
      port: input.port ?? existing.port,
      model: input.model ?? existing.model,
      prints: input.prints,
      sources: input.sources ?? [],
      holdAfterMinutes: input.holdAfterMinutes ?? existing.holdAfterMinutes,
      enabled: input.enabled ?? existing.enabled,
      cloudPrntToken:
        input.kind === 'star-cloudprnt'
          ? (existing.cloudPrntToken ?? randomBytes(18).toString('base64url'))
          : null,
    })
    .where(eq(printers.id, id))
    .returning();
  return row!;
}

export async function deletePrinter(db: Db, id: string): Promise<void> {
  const removed = await db
    .delete(printers)
    .where(eq(printers.id, id))
    .returning({ id: printers.id });
  if (removed.length === 0) throw notFound('Printer not found.');
}

export async function findPrinter(db: Db, id: string): Promise<PrinterRow> {
  const [row] = await db.select().from(printers).where(eq(printers.id, id));
  if (!row) throw notFound('Printer not found.');
  return row;
}

/** Every printer with its state: ready, printing (jobs on their way) or failing since when. */
export async function listPrinters(db: Db, now: Date): Promise<Printer[]> {
  const rows = await db.select().from(printers).orderBy(asc(printers.createdAt), asc(printers.id));
  const counts = rows.length
    ? await db
        .select({
          printerId: printJobs.printerId,
          queued: sql<number>`count(*) filter (where ${printJobs.state} = 'queued')::int`,
          held: sql<number>`count(*) filter (where ${printJobs.state} = 'held')::int`,
        })
        .from(printJobs)
        .where(inArray(printJobs.state, ['queued', 'held']))
        .groupBy(printJobs.printerId)
    : [];
  const countOf = new Map(counts.map((row) => [row.printerId, row]));
  return rows.map((row) => {
    const { queued = 0, held = 0 } = countOf.get(row.id) ?? {};
    let failingSince = row.failingSince;
    let lastError = row.lastError;
    if (row.kind === 'star-cloudprnt' && row.enabled) {
      const seen = row.lastSeenAt?.getTime() ?? null;
      if (seen === null || now.getTime() - seen > CLOUDPRNT_SILENT_MS) {
        failingSince = row.lastSeenAt ?? row.createdAt;
        lastError = row.lastSeenAt
          ? 'The printer has stopped polling (is it on and online?)'
          : 'The printer has not polled yet: enter its CloudPRNT URL in the printer.';
      }
    }
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      host: row.host,
      port: row.port,
      model: row.model,
      prints: row.prints,
      sources: row.sources,
      holdAfterMinutes: row.holdAfterMinutes,
      enabled: row.enabled,
      cloudPrntPath: row.cloudPrntToken ? `${CLOUDPRNT_PATH}/${row.cloudPrntToken}` : null,
      state: failingSince ? 'failing' : queued > 0 ? 'printing' : 'ready',
      failingSince: failingSince?.toISOString() ?? null,
      lastError: failingSince ? lastError : null,
      lastPrintedAt: row.lastPrintedAt?.toISOString() ?? null,
      queued,
      held,
    };
  });
}

/** Jobs waiting for a human (held), newest first. */
export async function listHeldJobs(db: Db): Promise<PrintJob[]> {
  const rows = await db
    .select({
      job: printJobs,
      printerName: printers.name,
      orderNumber: orders.orderNumber,
    })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .leftJoin(orders, eq(orders.id, printJobs.orderId))
    .where(and(eq(printJobs.state, 'held')))
    .orderBy(desc(printJobs.sequence))
    .limit(200);
  return rows.map(({ job, printerName, orderNumber }) => ({
    id: job.id,
    printerId: job.printerId,
    printerName,
    kind: job.kind,
    orderId: job.orderId,
    orderNumber: orderNumber ?? null,
    reprint: job.reprint,
    state: job.state,
    createdAt: job.createdAt.toISOString(),
    error: job.error,
  }));
}

/** The enabled printers that print `kind` (a reprint goes to each). */
export async function printersFor(db: Db, kind: 'kitchen' | 'receipt'): Promise<PrinterRow[]> {
  return db
    .select()
    .from(printers)
    .where(and(eq(printers.enabled, true), sql`${kind} = any(${printers.prints})`))
    .orderBy(asc(printers.createdAt));
}
