import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import {
  orderSchema,
  trackByEmailAnswerSchema,
  trackedByNumberSchema,
} from '#shared/orders/order.schema.ts';
import {
  findTrackedOrderById,
  findTrackedOrderByNumber,
  orderViewOf,
  type OrderReader,
  trackByEmail,
  trackedByNumberOf,
} from './orders.service.ts';
import { isPlacingBrowser } from './order-token.ts';
import { sessionUser } from '../auth/index.ts';
import { roleMayAccess } from '#shared/auth/auth.schema.ts';
import { notFound } from '../../http/errors.ts';
import { createStatusStreams, type StatusStreamLimits } from './order-status-stream.ts';
import { createTrackingLimits } from './tracking-limits.ts';

const orderNumberParams = z.object({
  orderNumber: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'Order number must be a number')
    .transform(Number),
});

/**
 * The public tracking calls (spec customer-site §7) with their limits (tracking-limits.ts) and
 * privacy (docs/decisions/020-private-tracking.md): deleted orders are not tracked, an e-mail
 * alone lists nothing, and only the placing browser (and the owner) sees the person.
 */
export async function ordersFeature(
  app: AppInstance,
  { streamLimits }: { streamLimits?: StatusStreamLimits } = {},
) {
  const { db } = app;
  const limits = createTrackingLimits(app);

  app.get(
    '/api/orders/track-by-email/:email',
    {
      schema: {
        params: z.object({
          email: z
            .string()
            .trim()
            .max(254)
            .pipe(z.email({ error: 'Valid email is required' })),
        }),
        response: { 200: trackByEmailAnswerSchema },
      },
    },
    async (request, reply) => {
      await limits.admitByEmail(request);
      // NOTE: the address is in the URL (the spec's path); app.ts keeps it out of the log.
      void reply.header('cache-control', 'no-store');
      return trackByEmail(db, request.params.email, {
        sendsEmail: app.config.email !== null,
        placedHere: (placedByTokenHash) => isPlacingBrowser(request, placedByTokenHash),
      });
    },
  );

  app.get(
    '/api/orders/track/:orderNumber',
    {
      schema: {
        params: orderNumberParams,
        // No personal data: the schema's keys are all the answer can hold (pinned in a test).
        response: { 200: trackedByNumberSchema },
      },
    },
    async (request) => {
      const { orderNumber } = request.params;
      const { order } = await limits.admit(request, 'byNumber', () =>
        findTrackedOrderByNumber(db, orderNumber),
      );
      if (!order) throw notFound(`Order #${orderNumber} not found`);
      return trackedByNumberOf(db, order);
    },
  );

  // The /track page's live status (order-status-stream.ts says why it is not the WebSocket).
  const streams = createStatusStreams(app.orderEvents, streamLimits);
  app.addHook('preClose', async () => streams.closeAll());
  app.get(
    '/api/orders/track/:orderNumber/events',
    { schema: { params: orderNumberParams } },
    async (request, reply) => {
      const { orderNumber } = request.params;
      const { order, ownerKey } = await limits.admit(request, 'byNumber', () =>
        findTrackedOrderByNumber(db, orderNumber),
      );
      // An unknown (or deleted) number is a 404 like its look-up, not an empty stream.
      if (!order) throw notFound(`Order #${orderNumber} not found`);
      // The placing browser's streams are counted per token, a stranger's per address.
      streams.stream(request, reply, orderNumber, ownerKey ?? request.ip);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      schema: { params: z.object({ id: z.string().max(100) }), response: { 200: orderSchema } },
    },
    async (request) => {
      const { id } = request.params;
      // Order ids are UUIDs; anything else cannot be an order (and is counted all the same).
      const isUuid = z.uuid().safeParse(id).success;
      const { order, byOwner } = await limits.admit(request, 'byId', async () =>
        isUuid ? findTrackedOrderById(db, id) : null,
      );
      if (!order) throw notFound('Order not found.');
      // The person in full for the browser that placed the order and for the owner; names and
      // notes for the kitchen and the counter (a card sale's receipt); nothing for strangers.
      const user = byOwner ? null : await sessionUser(request, app);
      const reader: OrderReader =
        byOwner || user?.role === 'admin'
          ? 'placer'
          : user && (roleMayAccess(user.role, 'kitchen') || roleMayAccess(user.role, 'pos'))
            ? 'staff'
            : 'stranger';
      return orderViewOf(db, order, reader);
    },
  );
}
