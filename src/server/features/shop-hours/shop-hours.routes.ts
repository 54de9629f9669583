import type { AppContext, AppInstance } from '../../http/types.ts';
import { z } from 'zod';
import {
  dayHoursSchema,
  dayHoursUpdateSchema,
  shopStatusSchema,
  weekdaySchema,
  weekHoursSchema,
} from '#shared/shop-hours/shop-hours.ts';
import { getShopStatus, getWeekHours, setDayHours } from './shop-hours.service.ts';
import { getOnlineOrdering } from '../online-ordering/online-ordering.service.ts';

export async function shopHoursRoutes(app: AppInstance, { db, now }: AppContext) {
  app.get('/api/shop-status', { schema: { response: { 200: shopStatusSchema } } }, async () => {
    const at = now();
    const status = await getShopStatus(db, at);
    // Pause and busy mode ride along (decision 014): the storefront reads one status.
    return { ...status, onlineOrdering: await getOnlineOrdering(db, at, status.timeZone) };
  });

  // Spec customer-site §7: the public footer reads the week's hours.
  app.get('/api/admin/shop-hours', { schema: { response: { 200: weekHoursSchema } } }, () =>
    getWeekHours(db),
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
    (request) => setDayHours(db, request.params.day, request.body),
  );
}
