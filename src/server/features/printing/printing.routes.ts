/**
 * Receipt printers (decision 028): the back office's printers (admin), their state for the
 * kitchen display and the dashboard, jobs waiting for a human, Reprint on an order, and the
 * endpoint a Star CloudPRNT printer polls.
 */
import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { notFound } from '../../http/errors.ts';
import {
  printerInputSchema,
  printerSchema,
  printJobSchema,
  reprintRequestSchema,
} from '#shared/printing/printing.schema.ts';
import {
  discardHeldJob,
  queuePrintJob,
  registerPrintJobs,
  releaseHeldJob,
  wallClock,
} from './print-jobs.ts';
import {
  createPrinter,
  deletePrinter,
  findPrinter,
  listHeldJobs,
  listPrinters,
  printersFor,
  updatePrinter,
} from './printers.service.ts';
import { cloudPrntRoutes } from './cloudprnt.routes.ts';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';

const idParams = z.object({ id: z.uuid({ error: 'Not found.' }) });
const queuedSchema = z.object({ jobIds: z.array(z.uuid()) });

/** The printing feature's plugin (docs/decisions/029): its routes, CloudPRNT's and its print jobs. */
export async function printingFeature(app: AppInstance) {
  const { db, orderEvents: events } = app;
  // The wall clock, as the print queue's rows (print-jobs.ts wallClock).
  const now = wallClock;
  const viewOf = async (id: string) => {
    const printer = (await listPrinters(db, now())).find((row) => row.id === id);
    if (!printer) throw notFound('Printer not found.');
    return printer;
  };

  app.get(
    '/api/admin/printers',
    { schema: { response: { 200: z.array(printerSchema) } } },
    async () => listPrinters(db, now()),
  );
  // The same list for the kitchen display and the dashboard (each printer's state), without
  // a CloudPRNT printer's secret URL: any signed-in account reads it.
  app.get(
    '/api/admin/printers/status',
    { schema: { response: { 200: z.array(printerSchema) } } },
    async () =>
      (await listPrinters(db, now())).map((printer) => ({ ...printer, cloudPrntPath: null })),
  );
  app.post(
    '/api/admin/printers',
    { schema: { body: printerInputSchema, response: { 201: printerSchema } } },
    async (request, reply) => {
      const row = await createPrinter(db, request.body);
      return reply.code(201).send(await viewOf(row.id));
    },
  );
  app.put(
    '/api/admin/printers/:id',
    { schema: { params: idParams, body: printerInputSchema, response: { 200: printerSchema } } },
    async (request) => {
      const row = await updatePrinter(db, request.params.id, request.body);
      return viewOf(row.id);
    },
  );
  app.delete(
    '/api/admin/printers/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      await deletePrinter(db, request.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    '/api/admin/printers/:id/test',
    { schema: { params: idParams, response: { 202: queuedSchema } } },
    async (request, reply) => {
      const printer = await findPrinter(db, request.params.id);
      const job = await queuePrintJob(db, printer, { kind: 'test', orderId: null });
      events.wake();
      return reply.code(202).send({ jobIds: [job.id] });
    },
  );

  app.get(
    '/api/admin/print-jobs/held',
    { schema: { response: { 200: z.array(printJobSchema) } } },
    async () => listHeldJobs(db),
  );
  app.post(
    '/api/admin/print-jobs/:id/print-now',
    { schema: { params: idParams, response: { 202: queuedSchema } } },
    async (request, reply) => {
      const job = await releaseHeldJob(db, request.params.id, now());
      if (!job) throw notFound('No such job waits to be printed.');
      events.wake();
      return reply.code(202).send({ jobIds: [job.id] });
    },
  );
  app.post(
    '/api/admin/print-jobs/:id/discard',
    { schema: { params: idParams } },
    async (request, reply) => {
      const job = await discardHeldJob(db, request.params.id);
      if (!job) throw notFound('No such job waits to be printed.');
      return reply.code(204).send();
    },
  );

  // Reprint on an order (kitchen display, dashboard, POS): a new job, marked REPRINT, on each
  // printer that prints that kind.
  app.post(
    '/api/admin/orders/:id/print',
    { schema: { params: idParams, body: reprintRequestSchema, response: { 202: queuedSchema } } },
    async (request, reply) => {
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, request.params.id));
      if (!order) throw notFound('Order not found.');
      const targets = await printersFor(db, request.body.kind);
      const jobIds: string[] = [];
      for (const printer of targets) {
        const job = await queuePrintJob(db, printer, {
          kind: request.body.kind,
          orderId: order.id,
          reprint: true,
        });
        jobIds.push(job.id);
      }
      events.wake();
      return reply.code(202).send({ jobIds });
    },
  );

  await cloudPrntRoutes(app);
  // Kitchen tickets and receipts to network printers, one printer's jobs in order (decision 028).
  registerPrintJobs(app.jobs, { db, log: app.log });
}
