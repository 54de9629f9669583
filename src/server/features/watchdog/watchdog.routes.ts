/**
 * The kitchen watchdog's plugin (decision 023, docs/decisions/029): the watchdog itself, with
 * this process's kitchen displays from the realtime feature (`app.realtime`), and its routes: its
 * state for the dashboard's and the POS's banner, the admin's pause setting, and a staff
 * device's push subscription.
 */
import type { AppInstance } from '../../http/types.ts';
import { feature } from '../../http/feature.ts';
import { pushSubscriptionSchema } from '#shared/push/push.schema.ts';
import { SHOP_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import { watchdogSettingsSchema, watchdogStatusSchema } from '#shared/watchdog/watchdog.schema.ts';
import { publicDataChanged } from '../../http/public-cache.ts';
import { settings } from '../../db/schema.ts';
import { SETTINGS } from '#shared/settings/settings.schema.ts';
import { saveStaffPushSubscription } from '../push/index.ts';
import { Watchdog } from './watchdog.service.ts';

/**
 * Shared, so `app.watchdog` is the app's (tests tick it with their own clock); it adds no
 * request hooks. Registered after the realtime feature, whose sockets it counts.
 */
export const watchdogFeature = feature(
  'watchdog',
  async (app: AppInstance) => {
    const { config, database, orderEvents: events, realtime } = app;
    const watchdog = new Watchdog({
      database,
      config: config.watchdog,
      now: app.now,
      log: app.log,
      localDisplays: realtime.kitchenDisplays,
      tellStaff: realtime.tellStaff,
      shopChanged: async () => {
        events.wake();
        await publicDataChanged(app, SHOP_CHANGES_CHANNEL, app.log);
      },
      checkPushEndpoint: app.checkPushEndpoint,
    });
    app.decorate('watchdog', watchdog);
    let earlyTick: NodeJS.Timeout | null = null;
    realtime.onKitchenDisplaysChanged(() => {
      // A display came or went: tick soon (once for a burst), not at the next beat.
      if (!config.watchdog.enabled || earlyTick) return;
      earlyTick = setTimeout(() => {
        earlyTick = null;
        void watchdog.tick();
      }, 200);
      earlyTick.unref();
    });
    const stopWatchdogHours = await database.listen(SHOP_CHANGES_CHANNEL, () =>
      watchdog.forgetHours(),
    );
    await watchdogRoutes(app, watchdog);
    app.addHook('onReady', async () => watchdog.start());
    app.addHook('onClose', async () => {
      if (earlyTick) clearTimeout(earlyTick);
      await stopWatchdogHours();
      await watchdog.stop();
    });
  },
  { shared: true, dependencies: ['realtime'] },
);

async function watchdogRoutes(app: AppInstance, watchdog: Watchdog) {
  const response = { 200: watchdogStatusSchema };

  app.get('/api/admin/watchdog', { schema: { response } }, () => watchdog.status());

  app.put(
    '/api/admin/watchdog/settings',
    { schema: { body: watchdogSettingsSchema, response } },
    async (request) => {
      const key = 'kitchen_offline_pause_minutes';
      const value = String(request.body.pauseAfterMinutes);
      await app.db
        .insert(settings)
        .values({ key, value, description: SETTINGS[key].description })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: app.now() } });
      await publicDataChanged(app, SHOP_CHANGES_CHANNEL, request.log);
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
        app.db,
        request.user!.id,
        request.body,
        app.checkPushEndpoint,
      );
      return reply.code(201).send({ subscribed: true });
    },
  );
}
