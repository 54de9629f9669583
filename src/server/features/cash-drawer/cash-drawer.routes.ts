/**
 * The day cash-up at the counter (decision 012), for every POS role. Writes that create
 * something honour the Idempotency-Key header (http/idempotency.ts): a double tap on Open,
 * Pay out or Close does it once.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext, AppInstance } from '../../http/types.ts';
import { unauthorized } from '../../http/errors.ts';
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

export async function cashDrawerRoutes(app: AppInstance, { db }: AppContext) {
  app.get(
    '/api/pos/cash-drawer',
    { schema: { response: { 200: currentDrawerResponseSchema } } },
    async () => currentDrawer(db),
  );

  app.post(
    '/api/pos/cash-drawer/open',
    {
      schema: { body: openDrawerRequestSchema, response: { 201: drawerSessionResponseSchema } },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const session = await openDrawer(db, {
        floatCents: request.body.float,
        by: actor(request),
      });
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
