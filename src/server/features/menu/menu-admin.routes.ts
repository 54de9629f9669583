import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import {
  addOnLinksSchema,
  addOnListEntrySchema,
  addOnUpdateSchema,
  addOnWriteSchema,
  adminCategorySchema,
  adminMenuItemSchema,
  availabilitySchema,
  breadLinksSchema,
  breadListEntrySchema,
  breadUpdateSchema,
  breadWriteSchema,
  categoryOrderSchema,
  categoryUpdateSchema,
  categoryWriteSchema,
  discountSchema,
  discountStatusSchema,
  discountUpdateSchema,
  discountWriteSchema,
  menuItemUpdateSchema,
  menuItemWriteSchema,
  sauceLinksSchema,
  sauceListEntrySchema,
  sauceUpdateSchema,
  sauceWriteSchema,
  soldOutRequestSchema,
} from '#shared/menu/menu-admin.schema.ts';
import { MENU_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import { publicDataChanged } from '../../http/public-cache.ts';
import { firstSoldOutEnd } from './menu.service.ts';
import {
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  deleteOption,
  listAddOns,
  listAdminCategories,
  listAdminItems,
  listBreads,
  listSauces,
  reorderCategories,
  saveAddOn,
  saveBread,
  saveSauce,
  setItemAvailability,
  setItemLinks,
  setSoldOut,
  updateCategory,
  updateItem,
} from './menu-admin.service.ts';
import {
  createDiscount,
  deleteDiscount,
  listActiveDiscounts,
  listDiscounts,
  setDiscountStatus,
  updateDiscount,
} from '../discounts/index.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const breadsSchema = z.array(breadListEntrySchema);
const saucesSchema = z.array(sauceListEntrySchema);
const addOnsSchema = z.array(addOnListEntrySchema);

/**
 * The Menu Editor's calls (spec back-office §7 "Menu"): admin-only in auth/access.ts, except
 * the public option lists and the POS's active discounts. After every successful change, open
 * storefronts, POS and editor screens hear `menuChanged` (through NOTIFY, on every instance).
 */
export async function menuAdminRoutes(app: AppInstance) {
  const { db } = app;

  await app.register(async (scope) => {
    // Before the answer leaves (the change is committed by then), so whoever made the change
    // hears of it no later than the answer.
    // The public reads kept in memory (http/public-cache.ts) go with it.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'GET' || request.method === 'HEAD') return payload;
      if (reply.statusCode >= 300) {
        // A write that failed after a partial change (rare) must not leave a stale answer here.
        app.publicCache.clear();
        return payload;
      }
      await publicDataChanged(app, MENU_CHANGES_CHANNEL, request.log);
      return payload;
    });
    registerItems(scope);
    registerCategories(scope);
    registerOptions(scope);
    registerDiscounts(scope);
  });

  // Public reads (spec back-office §7): the storefront and the editor list every option,
  // from memory until a change or a sold-out mark's end (http/public-cache.ts).
  const { publicCache } = app;
  app.get(
    '/api/menu/bread-options',
    { compress: false, schema: { response: { 200: breadsSchema } } },
    async (request, reply) =>
      publicCache.serve(request, reply, {
        key: 'menu/bread-options',
        schema: breadsSchema,
        load: () => listBreads(db),
      }),
  );
  app.get(
    '/api/menu/sauce-options',
    { compress: false, schema: { response: { 200: saucesSchema } } },
    async (request, reply) =>
      publicCache.serve(request, reply, {
        key: 'menu/sauce-options',
        schema: saucesSchema,
        load: (at) => listSauces(db, at),
        expiresAt: firstSoldOutEnd,
      }),
  );
  app.get(
    '/api/menu/addon-options',
    { compress: false, schema: { response: { 200: addOnsSchema } } },
    async (request, reply) =>
      publicCache.serve(request, reply, {
        key: 'menu/addon-options',
        schema: addOnsSchema,
        load: (at) => listAddOns(db, at),
        expiresAt: firstSoldOutEnd,
      }),
  );
}

function registerItems(app: AppInstance) {
  const { db, now, orderEvents: events } = app;
  app.get(
    '/api/admin/menu/items',
    { schema: { response: { 200: z.array(adminMenuItemSchema) } } },
    () => listAdminItems(db, now()),
  );
  app.post(
    '/api/menu/items',
    { schema: { body: menuItemWriteSchema, response: { 201: adminMenuItemSchema } } },
    async (request, reply) => {
      const { id, ...fields } = request.body;
      return reply.code(201).send(await createItem(db, id, fields, now()));
    },
  );
  app.put(
    '/api/menu/items/:id',
    {
      schema: {
        params: idParams,
        // The spec's form sends the id too; the one in the path wins.
        body: menuItemUpdateSchema.extend({ id: z.string().optional() }),
        response: { 200: adminMenuItemSchema },
      },
    },
    (request) => {
      const { id: _ignored, ...fields } = request.body;
      return updateItem(db, request.params.id, fields, now());
    },
  );
  app.delete('/api/menu/items/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteItem(db, request.params.id);
    return reply.code(204).send();
  });
  app.put(
    '/api/menu/items/:id/availability',
    {
      schema: {
        params: idParams,
        body: availabilitySchema,
        response: { 200: adminMenuItemSchema },
      },
    },
    (request) => setItemAvailability(db, request.params.id, request.body.isAvailable, now()),
  );
  app.put(
    '/api/menu/items/:id/sold-out',
    {
      schema: {
        params: idParams,
        body: soldOutRequestSchema,
        response: { 200: adminMenuItemSchema },
      },
    },
    async (request) => {
      const at = now();
      await setSoldOut(db, 'item', request.params.id, request.body, at);
      events.wake();
      const [item] = await listAdminItems(db, at, request.params.id);
      return item!;
    },
  );
  app.put(
    '/api/menu/items/:id/bread-options',
    {
      schema: { params: idParams, body: breadLinksSchema, response: { 200: adminMenuItemSchema } },
    },
    (request) => setItemLinks(db, request.params.id, 'bread', request.body.breadOptionIds, now()),
  );
  app.put(
    '/api/menu/items/:id/sauce-options',
    {
      schema: { params: idParams, body: sauceLinksSchema, response: { 200: adminMenuItemSchema } },
    },
    (request) => setItemLinks(db, request.params.id, 'sauce', request.body.sauceOptionIds, now()),
  );
  app.put(
    '/api/menu/items/:id/addon-options',
    {
      schema: { params: idParams, body: addOnLinksSchema, response: { 200: adminMenuItemSchema } },
    },
    (request) => setItemLinks(db, request.params.id, 'addon', request.body.addOnOptionIds, now()),
  );
}

function registerCategories(app: AppInstance) {
  const { db } = app;
  app.get(
    '/api/admin/menu/categories',
    { schema: { response: { 200: z.array(adminCategorySchema) } } },
    () => listAdminCategories(db),
  );
  app.post(
    '/api/menu/categories',
    { schema: { body: categoryWriteSchema, response: { 201: adminCategorySchema } } },
    async (request, reply) => reply.code(201).send(await createCategory(db, request.body)),
  );
  app.put(
    '/api/menu/categories/order',
    { schema: { body: categoryOrderSchema, response: { 200: z.array(adminCategorySchema) } } },
    (request) => reorderCategories(db, request.body.ids),
  );
  app.put(
    '/api/menu/categories/:id',
    {
      schema: {
        params: idParams,
        body: categoryUpdateSchema.extend({ id: z.string().optional() }),
        response: { 200: adminCategorySchema },
      },
    },
    (request) => {
      const { id: _ignored, ...fields } = request.body;
      return updateCategory(db, request.params.id, fields);
    },
  );
  app.delete(
    '/api/menu/categories/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      await deleteCategory(db, request.params.id);
      return reply.code(204).send();
    },
  );
}

function registerOptions(app: AppInstance) {
  const { db, now, orderEvents: events } = app;
  app.post(
    '/api/menu/bread-options',
    { schema: { body: breadWriteSchema, response: { 201: breadListEntrySchema } } },
    async (request, reply) => {
      const { id, ...fields } = request.body;
      return reply.code(201).send(await saveBread(db, id, fields, 'create'));
    },
  );
  app.put(
    '/api/menu/bread-options/:id',
    {
      schema: {
        params: idParams,
        body: breadUpdateSchema.extend({ id: z.string().optional() }),
        response: { 200: breadListEntrySchema },
      },
    },
    (request) => {
      const { id: _ignored, ...fields } = request.body;
      return saveBread(db, request.params.id, fields, 'update');
    },
  );
  app.post(
    '/api/menu/sauce-options',
    { schema: { body: sauceWriteSchema, response: { 201: sauceListEntrySchema } } },
    async (request, reply) => {
      const { id, ...fields } = request.body;
      return reply.code(201).send(await saveSauce(db, id, fields, 'create', now()));
    },
  );
  app.put(
    '/api/menu/sauce-options/:id',
    {
      schema: {
        params: idParams,
        body: sauceUpdateSchema.extend({ id: z.string().optional() }),
        response: { 200: sauceListEntrySchema },
      },
    },
    (request) => {
      const { id: _ignored, ...fields } = request.body;
      return saveSauce(db, request.params.id, fields, 'update', now());
    },
  );
  app.post(
    '/api/menu/addon-options',
    { schema: { body: addOnWriteSchema, response: { 201: addOnListEntrySchema } } },
    async (request, reply) => {
      const { id, ...fields } = request.body;
      return reply.code(201).send(await saveAddOn(db, id, fields, 'create', now()));
    },
  );
  app.put(
    '/api/menu/addon-options/:id',
    {
      schema: {
        params: idParams,
        body: addOnUpdateSchema.extend({ id: z.string().optional() }),
        response: { 200: addOnListEntrySchema },
      },
    },
    (request) => {
      const { id: _ignored, ...fields } = request.body;
      return saveAddOn(db, request.params.id, fields, 'update', now());
    },
  );
  for (const [path, kind] of [
    ['bread-options', 'bread'],
    ['sauce-options', 'sauce'],
    ['addon-options', 'addon'],
  ] as const) {
    app.delete(
      `/api/menu/${path}/:id`,
      { schema: { params: idParams } },
      async (request, reply) => {
        await deleteOption(db, kind, request.params.id);
        return reply.code(204).send();
      },
    );
  }
  app.put(
    '/api/menu/sauce-options/:id/sold-out',
    {
      schema: {
        params: idParams,
        body: soldOutRequestSchema,
        response: { 200: sauceListEntrySchema },
      },
    },
    async (request, reply) => {
      const at = now();
      await setSoldOut(db, 'sauce', request.params.id, request.body, at);
      events.wake();
      const sauce = (await listSauces(db, at)).find((row) => row.id === request.params.id);
      return reply.send(sauce!);
    },
  );
  app.put(
    '/api/menu/addon-options/:id/sold-out',
    {
      schema: {
        params: idParams,
        body: soldOutRequestSchema,
        response: { 200: addOnListEntrySchema },
      },
    },
    async (request, reply) => {
      const at = now();
      await setSoldOut(db, 'addon', request.params.id, request.body, at);
      events.wake();
      const addOn = (await listAddOns(db, at)).find((row) => row.id === request.params.id);
      return reply.send(addOn!);
    },
  );
}

function registerDiscounts(app: AppInstance) {
  const { db, now } = app;
  app.get('/api/admin/discounts', { schema: { response: { 200: z.array(discountSchema) } } }, () =>
    listDiscounts(db),
  );
  app.get(
    '/api/admin/discounts/active',
    { schema: { response: { 200: z.array(discountSchema) } } },
    () => listActiveDiscounts(db, now()),
  );
  app.post(
    '/api/admin/discounts',
    { schema: { body: discountWriteSchema, response: { 201: discountSchema } } },
    async (request, reply) => {
      const { id, ...fields } = request.body;
      return reply.code(201).send(await createDiscount(db, id, fields));
    },
  );
  app.put(
    '/api/admin/discounts/:id',
    { schema: { params: idParams, body: discountUpdateSchema, response: { 200: discountSchema } } },
    (request) => {
      const { id: _ignored, ...fields } = request.body;
      return updateDiscount(db, request.params.id, fields);
    },
  );
  app.patch(
    '/api/admin/discounts/:id/status',
    { schema: { params: idParams, body: discountStatusSchema, response: { 200: discountSchema } } },
    (request) => setDiscountStatus(db, request.params.id, request.body.isActive),
  );
  app.delete(
    '/api/admin/discounts/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      await deleteDiscount(db, request.params.id);
      return reply.code(204).send();
    },
  );
}
