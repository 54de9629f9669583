/**
 * Star CloudPRNT (decision 028): a printer that cannot be reached from a server in the cloud
 * polls this server over https instead. The printer POSTs its status; the answer says whether a
 * job is ready (jobReady, with the job's token); the printer GETs the job's bytes, prints, and
 * DELETEs with a result code. Only a DELETE with a 2xx code marks the job printed, once; any
 * other code keeps it first in the line and shows the printer failing. The printer's secret
 * is the last segment of its URL (the back office shows it).
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { printers, printJobs } from '../../db/schema.ts';
import type { AppInstance } from '../../http/types.ts';
import { notFound } from '../../http/errors.ts';
import {
  bytesOf,
  holdIfStale,
  markFailing,
  markPrinted,
  queuedJobs,
  wallClock,
} from './print-jobs.ts';
import { CLOUDPRNT_PATH } from './printers.service.ts';

const tokenParams = z.object({ token: z.string().min(16).max(64) });
const pollSchema = z
  .object({
    status: z.string().max(200).optional(),
    printerMAC: z.string().max(40).optional(),
    statusCode: z.string().max(100).optional(),
    printingInProgress: z.boolean().optional(),
  })
  .loose();
const pollAnswerSchema = z.object({
  jobReady: z.boolean(),
  mediaTypes: z.array(z.string()).optional(),
  jobToken: z.string().optional(),
  deleteMethod: z.literal('DELETE').optional(),
});
const jobQuery = z
  .object({
    token: z.string().max(64).optional(),
    type: z.string().max(100).optional(),
    mac: z.string().max(40).optional(),
    code: z.string().max(100).optional(),
  })
  .loose();

const STARPRNT = 'application/vnd.star.starprnt';

export async function cloudPrntRoutes(app: AppInstance) {
  const { db } = app;
  const now = wallClock;
  const printerOf = async (token: string) => {
    const [printer] = await db
      .select()
      .from(printers)
      .where(and(eq(printers.cloudPrntToken, token), eq(printers.kind, 'star-cloudprnt')));
    return printer ?? null;
  };
  /** The first queued job, after holding the ones that waited too long. */
  const nextJob = async (printer: typeof printers.$inferSelect) => {
    for (;;) {
      const [job] = await queuedJobs(db, printer.id);
      if (!job) return null;
      if (!(await holdIfStale(db, job, printer, now()))) return job;
    }
  };

  app.post(
    `${CLOUDPRNT_PATH}/:token`,
    { schema: { params: tokenParams, body: pollSchema, response: { 200: pollAnswerSchema } } },
    async (request) => {
      const printer = await printerOf(request.params.token);
      if (!printer) throw notFound('Unknown printer.');
      const seen = now();
      await db.update(printers).set({ lastSeenAt: seen }).where(eq(printers.id, printer.id));
      // The printer reports trouble (paper out, cover open) in its status code.
      const code = decodeURIComponent(request.body.statusCode ?? '200');
      if (!code.startsWith('2'))
        await markFailing(db, printer.id, `The printer says ${code}`, seen);
      const job = printer.enabled ? await nextJob(printer) : null;
      if (!job) return { jobReady: false };
      return {
        jobReady: true,
        mediaTypes: [STARPRNT],
        jobToken: job.id,
        deleteMethod: 'DELETE' as const,
      };
    },
  );

  app.get(
    `${CLOUDPRNT_PATH}/:token`,
    { schema: { params: tokenParams, querystring: jobQuery } },
    async (request, reply) => {
      const printer = await printerOf(request.params.token);
      if (!printer) throw notFound('Unknown printer.');
      const [job] = request.query.token
        ? await db
            .select()
            .from(printJobs)
            .where(
              and(
                eq(printJobs.id, request.query.token),
                eq(printJobs.printerId, printer.id),
                eq(printJobs.state, 'queued'),
              ),
            )
        : await queuedJobs(db, printer.id);
      if (!job) throw notFound('No job.');
      const bytes = await bytesOf(db, job, printer, now());
      if (!bytes) {
        await db
          .update(printJobs)
          .set({ state: 'discarded', error: 'The order is gone.' })
          .where(eq(printJobs.id, job.id));
        throw notFound('No job.');
      }
      return reply.type(STARPRNT).header('cache-control', 'no-store').send(Buffer.from(bytes));
    },
  );

  app.delete(
    `${CLOUDPRNT_PATH}/:token`,
    { schema: { params: tokenParams, querystring: jobQuery } },
    async (request, reply) => {
      const printer = await printerOf(request.params.token);
      if (!printer) throw notFound('Unknown printer.');
      const [job] = request.query.token
        ? await db
            .select()
            .from(printJobs)
            .where(and(eq(printJobs.id, request.query.token), eq(printJobs.printerId, printer.id)))
        : await queuedJobs(db, printer.id);
      const code = request.query.code ?? '200 OK';
      if (job?.state === 'queued') {
        if (code.startsWith('2')) await markPrinted(db, job, now());
        else {
          await markFailing(db, printer.id, `The printer could not print: ${code}`, now());
          await db
            .update(printJobs)
            .set({ error: code.slice(0, 300) })
            .where(eq(printJobs.id, job.id));
        }
      }
      return reply.code(200).send();
    },
  );
}
