import type { Db } from '../../db/client.ts';
import type { AppInstance } from '../../http/types.ts';
import { pickupSlotsQuerySchema, pickupSlotsResponseSchema } from '#shared/pickup/pickup.schema.ts';
import { getSettings } from '../settings/index.ts';
import { getWeekHours, readOnlineOrderingRow, shopTimeZoneOf } from '../shop-hours/index.ts';
import { onlineOrderingAt } from '#shared/online-ordering/online-ordering.ts';
import { listPickupSlots, unitsPerSlotOf, type PickupFacts } from './pickup.service.ts';

/** The shop's hours, zone, kitchen capacity and busy mode, as the slots need them. */
async function readPickupFacts(db: Db, now: Date): Promise<PickupFacts> {
  // The three reads at once: busy mode needs the stored row, not the zone.
  const [hours, values, online] = await Promise.all([
    getWeekHours(db),
    getSettings(db, ['shop_time_zone', 'kitchen_units_per_slot']),
    readOnlineOrderingRow(db),
  ]);
  const timeZone = shopTimeZoneOf(values.shop_time_zone);
  return {
    hours,
    timeZone,
    unitsPerSlot: unitsPerSlotOf(values.kitchen_units_per_slot),
    busyExtraMinutes: onlineOrderingAt(online, now, timeZone).busyExtraMinutes,
  };
}

/** Pickup times (decision 026): the quote and the slots, for the storefront and the checkout. */
export async function pickupFeature(app: AppInstance) {
  const { db } = app;
  app.get(
    '/api/pickup-slots',
    {
      schema: {
        querystring: pickupSlotsQuerySchema,
        response: { 200: pickupSlotsResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const facts = await readPickupFacts(db, now);
      // Room changes with every order: never kept by a browser or a proxy.
      void reply.header('cache-control', 'no-store');
      return listPickupSlots(db, facts, now, request.query.date, request.query.units);
    },
  );
}
