import { z } from 'zod';
import type { AppContext, AppInstance } from '../../http/types.ts';
import {
  orderSchema,
  trackedByEmailSchema,
  trackedByNumberSchema,
} from '#shared/orders/order.schema.ts';
import { getOrderView, trackByEmail, trackByNumber } from './orders.service.ts';
import { notFound } from '../../http/errors.ts';

/** Tracking needs no login, so it is rate-limited per client: nobody can harvest orders. */
const TRACKING_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export async function ordersRoutes(app: AppInstance, { db }: AppContext) {
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
      config: { rateLimit: TRACKING_RATE_LIMIT },
    },
    (request) => trackByEmail(db, request.params.email),
  );

  app.get(
    '/api/orders/track/:orderNumber',
    {
      schema: {
        params: z.object({
          orderNumber: z
            .string()
            .trim()
            .regex(/^\d{1,9}$/, 'Order number must be a number')
            .transform(Number),
        }),
        response: { 200: trackedByNumberSchema },
      },
      config: { rateLimit: TRACKING_RATE_LIMIT },
    },
    (request) => trackByNumber(db, request.params.orderNumber),
  );

  app.get(
    '/api/orders/:id',
    {
      schema: { params: z.object({ id: z.string().max(100) }), response: { 200: orderSchema } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    (request) => {
      // Order ids are UUIDs; anything else cannot be an order.
      if (!z.uuid().safeParse(request.params.id).success) throw notFound('Order not found.');
      return getOrderView(db, request.params.id);
    },
  );
}
