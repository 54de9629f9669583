/**
 * The day cash-up at the counter (decision 012), for every POS role. Writes that create
 * something honour the Idempotency-Key header: a double tap on Open, Pay out or Close does it
 * once. Pay out and Close use the general store (http/idempotency.ts); Open keeps its key on the
 * session it opened, so a replay after that drawer closed is refused instead of answered.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { badRequest, unauthorized } from '../../http/errors.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES } from '../../http/idempotency.ts';
import {
  cashMovementRequestSchema,
  closeDrawerRequestSchema,
  currentDrawerResponseSchema,
  drawerSessionParamsSchema,
  drawerSessionResponseSchema,
  openDrawerRequestSchema,
  zReportSchema,
} from '#shared/cash-drawer/cash-drawer.schema.ts';
import {
  closeDrawer,
  currentDrawer,
  drawerReport,
  openDrawer,
  recordMovement,
  type Actor,
} from './cash-drawer.service.ts';

function actor(request: FastifyRequest): Actor {
  const user = request.user;
  if (!user) throw unauthorized();
  return { id: user.id, name: user.name };
}

const keySchema = z.uuid();

/** The Idempotency-Key header, checked as http/idempotency.ts checks it; null without one. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !keySchema.safeParse(header).success) {
    throw badRequest(IDEMPOTENCY_MESSAGES.badKey, { 'Idempotency-Key': 'Must be a UUID' });
  }
  return header.toLowerCase();
}

export async function cashDrawerFeature(app: AppInstance) {
  const { db } = app;
  app.get(
    '/api/pos/cash-drawer',
    { schema: { response: { 200: currentDrawerResponseSchema } } },
    async () => currentDrawer(db),
  );

  app.post(
    '/api/pos/cash-drawer/open',
    {
      // The key is kept with the session, not in the general store (cash-drawer.service.ts).
      schema: { body: openDrawerRequestSchema, response: { 201: drawerSessionResponseSchema } },
    },
    async (request, reply) => {
      const { session, replayed } = await openDrawer(db, {
        floatCents: request.body.float,
        by: actor(request),
        key: idempotencyKeyOf(request),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ session });
    },
  );

  app.post(
    '/api/pos/cash-drawer/movements',
    {
      schema: { body: cashMovementRequestSchema, response: { 201: drawerSessionResponseSchema } },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const { kind, amount, reason } = request.body;
      const session = await recordMovement(db, {
        kind,
        amountCents: amount,
        reason,
        by: actor(request),
      });
      return reply.code(201).send({ session });
    },
  );

  app.post(
    '/api/pos/cash-drawer/close',
    {
      schema: { body: closeDrawerRequestSchema, response: { 200: drawerSessionResponseSchema } },
      config: { idempotent: true },
    },
    async (request) => {
      const session = await closeDrawer(db, {
        countedCents: request.body.counted,
        note: request.body.note,
        by: actor(request),
      });
      return { session };
    },
  );

  app.get(
    '/api/pos/cash-drawer/sessions/:id/report',
    { schema: { params: drawerSessionParamsSchema, response: { 200: zReportSchema } } },
    async (request) => drawerReport(db, request.params.id),
  );
}
