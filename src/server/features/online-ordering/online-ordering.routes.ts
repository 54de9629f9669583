import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types.ts';
import {
  busyRequestSchema,
  onlineOrderingSchema,
  pauseRequestSchema,
  type OnlineOrdering,
} from '#shared/online-ordering/online-ordering.ts';
import { SHOP_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import { publicDataChanged } from '../../http/public-cache.ts';
import {
  getOnlineOrdering,
  pauseOnlineOrders,
  resumeOnlineOrders,
  setBusyMode,
} from './online-ordering.service.ts';
import { queueVenueStatus } from '../platform-changes/index.ts';

/**
 * Pause and busy mode (decision 014): the dashboard and the kitchen display (kitchen
 * or admin sessions, auth/access.ts). Every change is announced to every socket on every
 * instance (`shopChanged`), so open storefronts show the pause within a second.
 */
export async function onlineOrderingFeature(app: AppInstance) {
  const { db, now } = app;
  const response = { 200: onlineOrderingSchema };

  // Announced before the answer leaves, so whoever made the change hears of it no later;
  // the kept shop status (http/public-cache.ts) is dropped here and on every instance.
  const announced = async (change: Promise<OnlineOrdering>, request: FastifyRequest) => {
    const state = await change;
    app.orderEvents.wake();
    await publicDataChanged(app, SHOP_CHANGES_CHANNEL, request.log);
    return state;
  };

  app.get('/api/admin/online-ordering', { schema: { response } }, () =>
    getOnlineOrdering(db, now()),
  );
  app.put(
    '/api/admin/online-ordering/pause',
    { schema: { body: pauseRequestSchema, response } },
    (request) =>
      announced(
        db.transaction(async (tx) => {
          const state = await pauseOnlineOrders(tx, request.body.minutes, now());
          // The platforms' venues pause too (decision 017), through the outbox.
          await queueVenueStatus(
            tx,
            false,
            request.body.minutes === null
              ? null
              : new Date(now().getTime() + request.body.minutes * 60_000),
          );
          return state;
        }),
        request,
      ),
  );
  app.delete('/api/admin/online-ordering/pause', { schema: { response } }, (request) =>
    announced(
      db.transaction(async (tx) => {
        const state = await resumeOnlineOrders(tx, now());
        await queueVenueStatus(tx, true, null);
        return state;
      }),
      request,
    ),
  );
  app.put(
    '/api/admin/online-ordering/busy',
    { schema: { body: busyRequestSchema, response } },
    (request) => announced(setBusyMode(db, request.body.extraMinutes, now()), request),
  );
}
