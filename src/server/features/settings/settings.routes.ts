import type { AppContext, AppInstance } from '../../http/types.ts';
import { z } from 'zod';
import {
  adminSettingSchema,
  settingKeySchema,
  settingUpdateSchema,
  settingValueSchema,
  settingWriteSchema,
  shopInfoSchema,
} from '#shared/settings/settings.schema.ts';
import {
  getAdminSetting,
  getSettingRecord,
  getShopInfo,
  listAdminSettings,
  writeSetting,
} from './settings.service.ts';

export async function settingsRoutes(
  app: AppInstance,
  { db, paymentProvider, config }: AppContext,
) {
  app.get('/api/shop-info', { schema: { response: { 200: shopInfoSchema } } }, async () => ({
    ...(await getShopInfo(db)),
    paymentsSimulated: paymentProvider.name === 'simulator',
    publicUrl: config.publicUrl,
  }));

  // Spec customer-site §7: the checkout reads these two without a session.
  for (const key of ['delivery_fee_amount', 'free_delivery_threshold'] as const) {
    app.get(
      `/api/admin/settings/${key}`,
      { schema: { response: { 200: settingValueSchema } } },
      () => getSettingRecord(db, key),
    );
  }

  // The back office (admin only, see auth/access.ts).
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
    (request) => writeSetting(db, request.body.key, request.body.value, request.body.description),
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
    (request) => writeSetting(db, request.params.key, request.body.value, request.body.description),
  );
}
