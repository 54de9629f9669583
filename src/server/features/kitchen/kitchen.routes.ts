import { z } from 'zod';
import type { AppContext, AppInstance } from '../../http/types.ts';
import { kitchenOrderSchema, kitchenStatusUpdateSchema } from '#shared/kitchen/kitchen.schema.ts';
import type { OrderEvents } from '../realtime/order-events.ts';
import { sendOrderReadyPush } from '../push/push.service.ts';
import {
  clearDoneOrders,
  eventOf,
  listKitchenOrders,
  recallLastOrder,
  setKitchenStatus,
} from './kitchen.service.ts';

/** The kitchen display's calls; kitchen or admin sessions (auth/access.ts). */
export async function kitchenRoutes(
  app: AppInstance,
  { db, now }: AppContext,
  events: OrderEvents,
) {
  app.get(
    '/api/kitchen/orders',
    { schema: { response: { 200: z.array(kitchenOrderSchema) } } },
    () => listKitchenOrders(db),
  );

  app.put(
    '/api/admin/orders/:id/kitchen-status',
    {
      schema: {
        params: z.object({ id: z.uuid({ error: 'Order not found.' }) }),
        body: kitchenStatusUpdateSchema,
      },
    },
    async (request) => {
      const order = await setKitchenStatus(db, request.params.id, request.body, now());
      await events.publish(eventOf(order, 'updated'));
      // The customer's phone hears it even with the page closed; not awaited by the kitchen.
      if (order.kitchenStatus === 'ready') void sendOrderReadyPush(db, order, request.log);
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
    await Promise.all(cleared.map((order) => events.publish(eventOf(order, 'updated'))));
    return { cleared: cleared.length };
  });

  app.post('/api/kitchen/orders/recall', async () => {
    const order = await recallLastOrder(db, now());
    await events.publish(eventOf(order, 'updated'));
    return { id: order.id, orderNumber: order.orderNumber, kitchenStatus: order.kitchenStatus };
  });
}
