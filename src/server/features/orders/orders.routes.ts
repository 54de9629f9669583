import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext, AppInstance } from '../../http/types.ts';
import {
  orderSchema,
  trackedByEmailSchema,
  trackedByNumberSchema,
} from '#shared/orders/order.schema.ts';
import { getOrderView, trackByEmail, trackByNumber } from './orders.service.ts';
import { isPlacingBrowser } from './order-token.ts';
import { sessionUser } from '../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { TooManyRequestsError } from '../../http/too-many-requests.ts';
import { createStatusStreams, type StatusStreamLimits } from './order-status-stream.ts';

export const TRACKING_LIMIT_MESSAGE =
  'Too many tracking requests. Please wait a minute and try again.';

/**
 * Tracking needs no login, so nobody may harvest orders with it (DESIGN.md departure 12):
 * - per client address, 20 look-ups a minute by number or e-mail; 120 reads of an order by id
 *   (the confirmation page re-reads its order at every kitchen step);
 * - in total, across every address, TRACKING_TOTAL_PER_MINUTE, so that many addresses (a
 *   botnet, or more than the per-address table remembers) cannot walk the order numbers.
 * Counters live in this process's memory, like the rest of @fastify/rate-limit's: with N
 * instances the total allowed is N times as much. See docs/operations.md "Limits".
 */
export const TRACKING_PER_ADDRESS_PER_MINUTE = { lookUp: 20, readById: 120 } as const;
export const TRACKING_TOTAL_PER_MINUTE = 600;
const MINUTE_MS = 60_000;

const orderNumberParams = z.object({
  orderNumber: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'Order number must be a number')
    .transform(Number),
});

const trackingRateLimit = (max: number) => ({
  max,
  timeWindow: MINUTE_MS,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new TooManyRequestsError(TRACKING_LIMIT_MESSAGE, Math.ceil(context.ttl / 1000)),
});

export async function ordersRoutes(
  app: AppInstance,
  context: AppContext,
  streamLimits?: StatusStreamLimits,
) {
  const { db } = context;

  // @fastify/rate-limit takes one limit per route; the total is a second limiter with one key.
  // It runs after the per-address one (a preHandler), so a client already refused does not
  // use up everybody's allowance.
  const trackingTotal = app.createRateLimit({
    max: TRACKING_TOTAL_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: () => 'tracking:all-clients',
  });
  const withinTrackingTotal = async (request: FastifyRequest) => {
    const result = await trackingTotal(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new TooManyRequestsError(TRACKING_LIMIT_MESSAGE, result.ttlInSeconds);
    }
  };

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
        response: { 200: trackedByEmailSchema },
      },
      config: { rateLimit: trackingRateLimit(TRACKING_PER_ADDRESS_PER_MINUTE.lookUp) },
      preHandler: withinTrackingTotal,
    },
    (request) => trackByEmail(db, request.params.email),
  );

  app.get(
    '/api/orders/track/:orderNumber',
    {
      schema: {
        params: orderNumberParams,
        // No personal data: the schema's keys are all the answer can hold (pinned in a test).
        response: { 200: trackedByNumberSchema },
      },
      config: { rateLimit: trackingRateLimit(TRACKING_PER_ADDRESS_PER_MINUTE.lookUp) },
      preHandler: withinTrackingTotal,
    },
    (request) => trackByNumber(db, request.params.orderNumber),
  );

  // The /track page's live status (order-status-stream.ts says why it is not the WebSocket).
  const streams = createStatusStreams(context.events, streamLimits);
  app.addHook('preClose', async () => streams.closeAll());
  app.get(
    '/api/orders/track/:orderNumber/events',
    {
      schema: { params: orderNumberParams },
      config: { rateLimit: trackingRateLimit(TRACKING_PER_ADDRESS_PER_MINUTE.lookUp) },
      preHandler: withinTrackingTotal,
    },
    async (request, reply) => {
      // An unknown number is a 404 like its look-up, not an empty stream.
      await trackByNumber(db, request.params.orderNumber);
      streams.stream(request, reply, request.params.orderNumber);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      schema: { params: z.object({ id: z.string().max(100) }), response: { 200: orderSchema } },
      config: { rateLimit: trackingRateLimit(TRACKING_PER_ADDRESS_PER_MINUTE.readById) },
      preHandler: withinTrackingTotal,
    },
    (request) => {
      // Order ids are UUIDs; anything else cannot be an order.
      if (!z.uuid().safeParse(request.params.id).success) throw notFound('Order not found.');
      // Contact details in full for the browser that placed the order and for the owner.
      return getOrderView(
        db,
        request.params.id,
        async (placedByTokenHash) =>
          isPlacingBrowser(request, placedByTokenHash) ||
          (await sessionUser(request, context))?.role === 'admin',
      );
    },
  );
}
