import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { pushSubscriptionSchema } from '#shared/push/push.schema.ts';
import { isPlacingBrowser } from '../orders/index.ts';
import { registerPushJobs } from './push-jobs.ts';
import { getVapidKeys, savePushSubscription } from './push.service.ts';

/** The Web Push feature's plugin (docs/decisions/029): its routes and the "order ready" push job. */
export async function pushFeature(app: AppInstance) {
  const { db, checkPushEndpoint } = app;
  // The "order ready" push to each subscribed device, an outbox job (decision 008).
  registerPushJobs(app.jobs, { db, log: app.log, checkPushEndpoint });
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
