/**
 * The kitchen watchdog's routes (decision 023): its state for the dashboard's and the POS's
 * banner, the admin's pause setting, and a staff device's push subscription.
 */
import type { AppContext, AppInstance } from '../../http/types.ts';
import { pushSubscriptionSchema } from '#shared/push/push.schema.ts';
import { SHOP_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import { watchdogSettingsSchema, watchdogStatusSchema } from '#shared/watchdog/watchdog.schema.ts';
import { publicDataChanged } from '../../http/public-cache.ts';
import { settings } from '../../db/schema.ts';
import { SETTINGS } from '#shared/settings/settings.schema.ts';
import { saveStaffPushSubscription } from '../push/staff-push.service.ts';
import type { Watchdog } from './watchdog.service.ts';

export async function watchdogRoutes(app: AppInstance, context: AppContext, watchdog: Watchdog) {
  const response = { 200: watchdogStatusSchema };

  app.get('/api/admin/watchdog', { schema: { response } }, () => watchdog.status());

  app.put(
    '/api/admin/watchdog/settings',
    { schema: { body: watchdogSettingsSchema, response } },
    async (request) => {
      const key = 'kitchen_offline_pause_minutes';
      const value = String(request.body.pauseAfterMinutes);
      await context.db
        .insert(settings)
        .values({ key, value, description: SETTINGS[key].description })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: context.now() } });
      await publicDataChanged(context, SHOP_CHANGES_CHANNEL, request.log);
      return watchdog.status();
    },
  );

  app.post(
    '/api/admin/watchdog/push-subscription',
    {
      schema: { body: pushSubscriptionSchema },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await saveStaffPushSubscription(
        context.db,
        request.user!.id,
        request.body,
        context.checkPushEndpoint,
      );
      return reply.code(201).send({ subscribed: true });
    },
  );
}
