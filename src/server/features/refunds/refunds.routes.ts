/**
 * Refund and void from the dashboard's Order Details (DESIGN.md departure 16, decision 021).
 * Admin only (auth/access.ts); the Idempotency-Key is honoured (decision 007), so a double tap
 * is one refund. The order's refunds come back with the admin's order views
 * (admin-dashboard/dashboard.service.ts toAdminOrders: `refundedTotal`, `refunds`).
 */
import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { refundRequestSchema, refundSchema } from '#shared/refunds/refunds.schema.ts';
import { createRefund, refundView, registerRefundJobs } from './refunds.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Order not found.' }) });

/** The refunds feature's plugin (docs/decisions/029): its route and the provider-refund job. */
export async function refundsFeature(app: AppInstance) {
  const { db, orderEvents: events } = app;
  // Card refunds go to the provider from the outbox (decision 021).
  registerRefundJobs(app.jobs, events, { db, provider: app.paymentProvider, log: app.log });
  app.post(
    '/api/admin/orders/:id/refunds',
    {
      schema: { params: idParams, body: refundRequestSchema, response: { 201: refundSchema } },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const user = request.user!;
      const refund = await createRefund(
        db,
        request.params.id,
        {
          reason: request.body.reason,
          lines: request.body.lines,
          amountCents: request.body.amount,
        },
        { id: user.id, name: user.name },
      );
      // The provider call (card) and the e-mail go out from the outbox after the commit.
      events.wake();
      return reply.code(201).send(refundView(refund));
    },
  );
}
