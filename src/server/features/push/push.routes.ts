import { z } from 'zod';
import type { AppContext, AppInstance } from '../../http/types.ts';
import { pushSubscriptionSchema } from '#shared/push/push.schema.ts';
import { isPlacingBrowser } from '../orders/order-token.ts';
import { getVapidKeys, savePushSubscription } from './push.service.ts';

export async function pushRoutes(app: AppInstance, { db, checkPushEndpoint }: AppContext) {
  app.get('/api/push/public-key', async () => ({ publicKey: (await getVapidKeys(db)).publicKey }));

  app.post(
    '/api/orders/:id/push-subscription',
    {
      schema: {
        params: z.object({ id: z.uuid({ error: 'Order not found.' }) }),
        body: pushSubscriptionSchema,
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // The order_token cookie set at checkout says this is the browser that placed the order.
      await savePushSubscription(
        db,
        request.params.id,
        request.body,
        (placedByTokenHash) => isPlacingBrowser(request, placedByTokenHash),
        checkPushEndpoint,
      );
      return reply.code(201).send({ subscribed: true });
    },
  );
}
