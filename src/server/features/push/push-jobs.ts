/**
 * The "order ready" push as outbox jobs (decision 008): the kitchen queues one job per subscribed
 * device in the transaction that makes the order ready, and the push feature registers the job's
 * handler with the app's job runner from its plugin (push.routes.ts), as the e-mail and platform
 * jobs do.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, outboundJobs, pushSubscriptions } from '../../db/schema.ts';
import type { JobRunner } from '../realtime/index.ts';
import type { PushEndpointCheck } from '../../lib/push-endpoint-check.ts';
import { sendReadyPushTo } from './push.service.ts';

/** Adds one "order ready" push job per device subscribed to the order now, in `tx`. */
export async function queueReadyPushes(tx: Db, orderId: string): Promise<void> {
  const devices = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.orderId, orderId));
  if (devices.length === 0) return;
  await tx.insert(outboundJobs).values(
    devices.map((device) => ({
      kind: 'push-ready' as const,
      orderId,
      payload: { subscriptionId: device.id },
    })),
  );
}

/**
 * Registers the "order ready" push job's handler with the app's job runner; `checkPushEndpoint`
 * says where pushes may go (push-endpoint.ts).
 */
export function registerPushJobs(
  jobs: JobRunner,
  {
    db,
    log,
    checkPushEndpoint,
  }: { db: Db; log: FastifyBaseLogger; checkPushEndpoint: PushEndpointCheck },
): void {
  jobs.handle('push-ready', {
    run: async (job) => {
      const subscriptionId = String(job.payload.subscriptionId ?? '');
      const [order] = job.orderId
        ? await db
            .select({ id: orders.id, orderNumber: orders.orderNumber })
            .from(orders)
            .where(eq(orders.id, job.orderId))
        : [];
      if (!order) return 'gone';
      return sendReadyPushTo(db, subscriptionId, order, log, checkPushEndpoint);
    },
  });
}
