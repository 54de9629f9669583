import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { kitchenOrderSchema, kitchenStatusUpdateSchema } from '#shared/kitchen/kitchen.schema.ts';
import {
  clearDoneOrders,
  listKitchenOrders,
  recallLastOrder,
  setKitchenStatus,
} from './kitchen.service.ts';

/** The kitchen display's calls; kitchen or admin sessions (auth/access.ts). */
export async function kitchenFeature(app: AppInstance) {
  const { db, now, orderEvents: events } = app;
  app.get(
    '/api/kitchen/orders',
    { schema: { response: { 200: z.array(kitchenOrderSchema) } } },
    () => listKitchenOrders(db),
  );

  app.put(
    '/api/admin/orders/:id/kitchen-status',
    {
      // A kitchen display that lost its connection sends each queued tap again with the key it
      // got when tapped (decision 024): a repeat is answered from the first, never re-applied.
      config: { idempotent: true },
      schema: {
        params: z.object({ id: z.uuid({ error: 'Order not found.' }) }),
        body: kitchenStatusUpdateSchema,
      },
    },
    async (request) => {
      // The service records the event (and the ready push) with the change; deliver it now.
      const order = await setKitchenStatus(db, request.params.id, request.body, now());
      events.wake();
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        kitchenStatus: order.kitchenStatus,
        kitchenEstimatedTime: order.kitchenEstimatedTime,
      };
    },
  );

  app.post('/api/kitchen/orders/clear-done', async () => {
    const cleared = await clearDoneOrders(db, now());
    events.wake();
    return { cleared: cleared.length };
  });

  app.post('/api/kitchen/orders/recall', async () => {
    const order = await recallLastOrder(db, now());
    events.wake();
    return { id: order.id, orderNumber: order.orderNumber, kitchenStatus: order.kitchenStatus };
  });
}
