import { z } from 'zod';
import type { AppContext, AppInstance } from '../../http/types.ts';
import {
  categorySchema,
  itemOptionsSchema,
  menuItemIdParamsSchema,
  menuItemSchema,
} from '#shared/menu/menu.schema.ts';
import { getItemOptions, listCategories, listVisibleItems } from './menu.service.ts';

export async function menuRoutes(app: AppInstance, { db, now }: AppContext) {
  app.get('/api/menu/items', { schema: { response: { 200: z.array(menuItemSchema) } } }, () =>
    listVisibleItems(db, now()),
  );

  app.get('/api/menu/categories', { schema: { response: { 200: z.array(categorySchema) } } }, () =>
    listCategories(db),
  );

  app.get(
    '/api/menu/items/:id/options',
    { schema: { params: menuItemIdParamsSchema, response: { 200: itemOptionsSchema } } },
    (request) => getItemOptions(db, request.params.id, now()),
  );
}
