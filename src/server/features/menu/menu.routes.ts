import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import {
  categorySchema,
  itemOptionsSchema,
  menuItemIdParamsSchema,
  menuItemSchema,
} from '#shared/menu/menu.schema.ts';
import {
  firstSoldOutEnd,
  getItemOptions,
  listCategories,
  listVisibleItems,
} from './menu.service.ts';
import { menuAdminRoutes } from './menu-admin.routes.ts';

const itemsSchema = z.array(menuItemSchema);
const categoriesSchema = z.array(categorySchema);

/**
 * The menu feature's plugin (docs/decisions/029). The storefront's menu, from memory
 * (http/public-cache.ts): kept until the menu editor (menu-admin.routes.ts) changes something or
 * a sold-out mark ends.
 */
export async function menuFeature(app: AppInstance) {
  const { db, publicCache } = app;
  app.get(
    '/api/menu/items',
    { compress: false, schema: { response: { 200: itemsSchema } } },
    async (request, reply) =>
      publicCache.serve(request, reply, {
        key: 'menu/items',
        schema: itemsSchema,
        load: (at) => listVisibleItems(db, at),
        expiresAt: firstSoldOutEnd,
      }),
  );

  app.get(
    '/api/menu/categories',
    { compress: false, schema: { response: { 200: categoriesSchema } } },
    async (request, reply) =>
      publicCache.serve(request, reply, {
        key: 'menu/categories',
        schema: categoriesSchema,
        load: () => listCategories(db),
      }),
  );

  app.get(
    '/api/menu/items/:id/options',
    {
      compress: false,
      schema: { params: menuItemIdParamsSchema, response: { 200: itemOptionsSchema } },
    },
    async (request, reply) =>
      publicCache.serve(request, reply, {
        // Only items that exist are kept: an unknown id is a 404, which is not.
        key: `menu/items/${request.params.id}/options`,
        schema: itemOptionsSchema,
        load: (at) => getItemOptions(db, request.params.id, at),
        expiresAt: (options) => firstSoldOutEnd([...options.sauceOptions, ...options.addOnOptions]),
      }),
  );
  await menuAdminRoutes(app);
}
