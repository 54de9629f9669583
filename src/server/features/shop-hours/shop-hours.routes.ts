import type { AppInstance } from '../../http/types.ts';
import { z } from 'zod';
import {
  dayHoursSchema,
  dayHoursUpdateSchema,
  shopStatusSchema,
  weekdaySchema,
  weekHoursSchema,
} from '#shared/shop-hours/shop-hours.ts';
import { SHOP_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import { publicDataChanged } from '../../http/public-cache.ts';
import { getWeekHours, setDayHours } from './shop-hours.service.ts';
import { hoursChanged } from '../platform-changes/index.ts';
import { readShopStatusInputs, shopStatusAt, shopStatusHoldsUntil } from './shop-status.service.ts';

/**
 * The shop status and the week's hours, from memory (http/public-cache.ts): the stored hours,
 * time zone and pause are kept until a change; open or closed is worked out on the app's
 * clock and kept until the next minute (or a pause's end).
 */
export async function shopHoursFeature(app: AppInstance) {
  const { db, publicCache } = app;

  app.get(
    '/api/shop-status',
    { compress: false, schema: { response: { 200: shopStatusSchema } } },
    async (request, reply) =>
      publicCache.serveComputed(request, reply, {
        key: 'shop-status',
        schema: shopStatusSchema,
        loadInputs: () => readShopStatusInputs(db),
        compute: shopStatusAt,
        holdsUntil: shopStatusHoldsUntil,
      }),
  );

  // Spec customer-site §7: the public footer reads the week's hours.
  app.get(
    '/api/admin/shop-hours',
    { compress: false, schema: { response: { 200: weekHoursSchema } } },
    async (request, reply) =>
      publicCache.serve(request, reply, {
        key: 'shop-hours',
        schema: weekHoursSchema,
        load: () => getWeekHours(db),
      }),
  );

  app.put(
    '/api/admin/shop-hours/:day',
    {
      schema: {
        params: z.object({ day: weekdaySchema }),
        body: dayHoursUpdateSchema,
        response: { 200: dayHoursSchema },
      },
    },
    async (request) => {
      const hours = await db.transaction(async (tx) => {
        const saved = await setDayHours(tx, request.params.day, request.body);
        // The delivery platforms get the whole week from the outbox (decision 027).
        await hoursChanged(tx, await getWeekHours(tx));
        return saved;
      });
      app.orderEvents.wake();
      // Storefronts hear `shopChanged` and refetch the status.
      await publicDataChanged(app, SHOP_CHANGES_CHANNEL, request.log);
      return hours;
    },
  );
}
