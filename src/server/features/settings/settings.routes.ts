import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types.ts';
import { z } from 'zod';
import { publicDataChanged } from '../../http/public-cache.ts';
import { SHOP_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import {
  adminSettingSchema,
  settingKeySchema,
  settingUpdateSchema,
  settingValueSchema,
  settingWriteSchema,
  shopInfoSchema,
  shopSettingsResponseSchema,
  shopSettingsSchema,
  type AdminSetting,
} from '#shared/settings/settings.schema.ts';
import {
  getAdminSetting,
  getSettingRecord,
  getShopInfo,
  getShopSettings,
  listAdminSettings,
  publicAddress,
  saveShopSettings,
  writeSetting,
} from './settings.service.ts';

/**
 * Shop info and the checkout's two delivery settings are public and read from memory
 * (http/public-cache.ts); every write drops them here and, through NOTIFY shop_changes, on
 * every instance (whose sockets hear `shopChanged`).
 */
export async function settingsFeature(app: AppInstance) {
  const { db, paymentProvider, config, publicCache } = app;

  app.get(
    '/api/shop-info',
    { compress: false, schema: { response: { 200: shopInfoSchema } } },
    async (request, reply) =>
      publicCache.serve(request, reply, {
        key: 'shop-info',
        schema: shopInfoSchema,
        load: async () => ({
          ...(await getShopInfo(db)),
          paymentsSimulated: paymentProvider.name === 'simulator',
          publicUrl: await publicAddress(db, config),
          emailReceipts: config.email !== null,
        }),
      }),
  );

  // Spec customer-site §7: the checkout reads these two without a session.
  for (const key of ['delivery_fee_amount', 'free_delivery_threshold'] as const) {
    app.get(
      `/api/admin/settings/${key}`,
      { compress: false, schema: { response: { 200: settingValueSchema } } },
      async (request, reply) =>
        publicCache.serve(request, reply, {
          key: `settings/${key}`,
          schema: settingValueSchema,
          load: () => getSettingRecord(db, key),
        }),
    );
  }

  const written = async (change: Promise<AdminSetting>, request: FastifyRequest) => {
    const setting = await change;
    await publicDataChanged(app, SHOP_CHANGES_CHANNEL, request.log);
    return setting;
  };

  // The back office (admin only, see auth/access.ts).
  // The Shop Settings screen (DESIGN.md departure 20): every field in one write.
  app.get(
    '/api/admin/shop-settings',
    { schema: { response: { 200: shopSettingsResponseSchema } } },
    () => getShopSettings(db, config),
  );
  app.put(
    '/api/admin/shop-settings',
    { schema: { body: shopSettingsSchema, response: { 200: shopSettingsResponseSchema } } },
    async (request) => {
      const saved = await saveShopSettings(db, config, request.body);
      await publicDataChanged(app, SHOP_CHANGES_CHANNEL, request.log);
      return saved;
    },
  );
  app.get(
    '/api/admin/settings',
    { schema: { response: { 200: z.array(adminSettingSchema) } } },
    () => listAdminSettings(db),
  );
  app.get(
    '/api/admin/settings/:key',
    {
      schema: {
        params: z.object({ key: settingKeySchema }),
        response: { 200: adminSettingSchema },
      },
    },
    (request) => getAdminSetting(db, request.params.key),
  );
  app.post(
    '/api/admin/settings',
    { schema: { body: settingWriteSchema, response: { 200: adminSettingSchema } } },
    (request) =>
      written(
        writeSetting(db, request.body.key, request.body.value, request.body.description),
        request,
      ),
  );
  app.put(
    '/api/admin/settings/:key',
    {
      schema: {
        params: z.object({ key: settingKeySchema }),
        body: settingUpdateSchema,
        response: { 200: adminSettingSchema },
      },
    },
    (request) =>
      written(
        writeSetting(db, request.params.key, request.body.value, request.body.description),
        request,
      ),
  );
}
