/**
 * The Menu Editor on the server (spec back-office §3, §5, §7 "Menu"): items, categories, the
 * three option kinds, links, POS availability and sold-out marks. Money in cents inside, euros
 * at the edge; ids are the slugs the admin types. Every change tells open screens (menuChanged).
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  addonOptions,
  breadOptions,
  categories,
  menuItemAddonOptions,
  menuItemBreadOptions,
  menuItemSauceOptions,
  menuItems,
  sauceOptions,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { centsToEuros, eurosToCents } from '#shared/money.ts';
import type {
  AdminCategory,
  AdminMenuItem,
  SoldOutRequest,
  categoryUpdateSchema,
  categoryWriteSchema,
  menuItemUpdateSchema,
} from '#shared/menu/menu-admin.schema.ts';
import { vatPercentToBp, vatRatePercent } from '#shared/vat/vat.ts';
import { getSetting } from '../settings/index.ts';
import type { z } from 'zod';
import { endOfTodaysService, nextTimeOfDay } from '#shared/menu/sold-out-until.ts';
import { getShopStatus } from '../shop-hours/index.ts';
import { soldOutAt, toMenuItem } from './menu.service.ts';
import { availabilityChanged } from '../platform-changes/index.ts';

type ItemFields = z.output<typeof menuItemUpdateSchema>;

/** Inserts or updates, answering 409 when the admin's id is taken. */
async function unlessTaken<T>(what: string, id: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A ${what} with id "${id}" already exists.`);
    throw error;
  }
}

// ---------------------------------------------------------------- items

async function requireCategory(db: Db, categoryId: string) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!row)
    throw badRequest(`There is no category "${categoryId}".`, { category: 'Choose a category' });
}

const itemColumns = (fields: ItemFields) => ({
  name: fields.name,
  description: fields.description,
  basePriceCents: eurosToCents(fields.basePrice),
  categoryId: fields.category,
  image: fields.image,
  customizable: fields.customizable,
  popular: fields.popular,
  isHidden: fields.isHidden,
  isAvailable: fields.isAvailable,
  sortOrder: fields.sortOrder,
  allergens: fields.allergens,
  tags: fields.tags,
  // Left out keeps the item's own rates; null hands them back to the category (decision 022).
  vatTakeAwayBp: percentToBp(fields.vatTakeAway),
  vatEatInBp: percentToBp(fields.vatEatIn),
  // Left out (an update from an older page) keeps the item's (decision 026).
  prepUnits: fields.prepUnits,
});

/** A rate in % as a column: undefined stays undefined (the column is not written). */
function percentToBp<T extends number | null | undefined>(percent: T) {
  return (typeof percent === 'number' ? vatPercentToBp(percent) : percent) as T;
}

export async function listAdminItems(db: Db, now: Date, onlyId?: string): Promise<AdminMenuItem[]> {
  const where = onlyId ? eq(menuItems.id, onlyId) : undefined;
  const [rows, breads, sauces, addOns] = await Promise.all([
    db
      .select()
      .from(menuItems)
      .where(where)
      .orderBy(asc(menuItems.categoryId), asc(menuItems.sortOrder), asc(menuItems.name)),
    db
      .select()
      .from(menuItemBreadOptions)
      .where(onlyId ? eq(menuItemBreadOptions.menuItemId, onlyId) : undefined),
    db
      .select()
      .from(menuItemSauceOptions)
      .where(onlyId ? eq(menuItemSauceOptions.menuItemId, onlyId) : undefined),
    db
      .select()
      .from(menuItemAddonOptions)
      .where(onlyId ? eq(menuItemAddonOptions.menuItemId, onlyId) : undefined),
  ]);
  const group = <L extends { menuItemId: string }>(links: L[], pick: (link: L) => string) => {
    const byItem = new Map<string, string[]>();
    for (const link of links) {
      const list = byItem.get(link.menuItemId) ?? [];
      list.push(pick(link));
      byItem.set(link.menuItemId, list);
    }
    return byItem;
  };
  const breadIds = group(breads, (link) => link.breadOptionId);
  const sauceIds = group(sauces, (link) => link.sauceOptionId);
  const addOnIds = group(addOns, (link) => link.addonOptionId);
  return rows.map((row) => ({
    ...toMenuItem(row, now),
    isHidden: row.isHidden,
    isAvailable: row.isAvailable,
    sortOrder: row.sortOrder,
    breadOptionIds: (breadIds.get(row.id) ?? []).sort(),
    sauceOptionIds: (sauceIds.get(row.id) ?? []).sort(),
    addOnOptionIds: (addOnIds.get(row.id) ?? []).sort(),
    vatTakeAway: row.vatTakeAwayBp === null ? null : vatRatePercent(row.vatTakeAwayBp),
    vatEatIn: row.vatEatInBp === null ? null : vatRatePercent(row.vatEatInBp),
  }));
}

async function adminItem(db: Db, id: string, now: Date): Promise<AdminMenuItem> {
  const [item] = await listAdminItems(db, now, id);
  if (!item) throw notFound(`Menu item "${id}" not found.`);
  return item;
}

export async function createItem(db: Db, id: string, fields: ItemFields, now: Date) {
  await requireCategory(db, fields.category);
  await unlessTaken('menu item', id, () =>
    db.insert(menuItems).values({ id, ...itemColumns(fields) }),
  );
  return adminItem(db, id, now);
}

export async function updateItem(db: Db, id: string, fields: ItemFields, now: Date) {
  await requireCategory(db, fields.category);
  const updated = await db
    .update(menuItems)
    .set({ ...itemColumns(fields), updatedAt: now })
    .where(eq(menuItems.id, id))
    .returning({ id: menuItems.id });
  if (updated.length === 0) throw notFound(`Menu item "${id}" not found.`);
  return adminItem(db, id, now);
}

/** Past orders keep their lines: order_items keep the name and price, the link goes null. */
export async function deleteItem(db: Db, id: string) {
  const deleted = await db
    .delete(menuItems)
    .where(eq(menuItems.id, id))
    .returning({ id: menuItems.id });
  if (deleted.length === 0) throw notFound(`Menu item "${id}" not found.`);
}

export async function setItemAvailability(db: Db, id: string, isAvailable: boolean, now: Date) {
  const updated = await db
    .update(menuItems)
    .set({ isAvailable, updatedAt: now })
    .where(eq(menuItems.id, id))
    .returning({ id: menuItems.id });
  if (updated.length === 0) throw notFound(`Menu item "${id}" not found.`);
  return adminItem(db, id, now);
}

// ---------------------------------------------------------------- links

const LINKS = {
  bread: {
    table: menuItemBreadOptions,
    column: menuItemBreadOptions.breadOptionId,
    options: breadOptions,
    label: 'bread',
  },
  sauce: {
    table: menuItemSauceOptions,
    column: menuItemSauceOptions.sauceOptionId,
    options: sauceOptions,
    label: 'sauce',
  },
  addon: {
    table: menuItemAddonOptions,
    column: menuItemAddonOptions.addonOptionId,
    options: addonOptions,
    label: 'add-on',
  },
} as const;
export type OptionKind = keyof typeof LINKS;

/** PUT /api/menu/items/:id/{bread,sauce,addon}-options: the item's list becomes exactly these. */
export async function setItemLinks(
  db: Db,
  itemId: string,
  kind: OptionKind,
  optionIds: string[],
  now: Date,
) {
  const link = LINKS[kind];
  const ids = [...new Set(optionIds)];
  await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(eq(menuItems.id, itemId));
    if (!item) throw notFound(`Menu item "${itemId}" not found.`);
    if (ids.length > 0) {
      const known = await tx
        .select({ id: link.options.id })
        .from(link.options)
        .where(inArray(link.options.id, ids));
      const missing = ids.filter((id) => !known.some((row) => row.id === id));
      if (missing.length > 0) {
        throw badRequest(`Unknown ${link.label} option: ${missing.join(', ')}.`);
      }
    }
    const itemColumn =
      kind === 'bread'
        ? menuItemBreadOptions.menuItemId
        : kind === 'sauce'
          ? menuItemSauceOptions.menuItemId
          : menuItemAddonOptions.menuItemId;
    await tx.delete(link.table).where(eq(itemColumn, itemId));
    if (ids.length === 0) return;
    if (kind === 'bread') {
      await tx
        .insert(menuItemBreadOptions)
        .values(ids.map((breadOptionId) => ({ menuItemId: itemId, breadOptionId })));
    } else if (kind === 'sauce') {
      await tx
        .insert(menuItemSauceOptions)
        .values(ids.map((sauceOptionId) => ({ menuItemId: itemId, sauceOptionId })));
    } else {
      await tx
        .insert(menuItemAddonOptions)
        .values(ids.map((addonOptionId) => ({ menuItemId: itemId, addonOptionId })));
    }
  });
  return adminItem(db, itemId, now);
}

// ---------------------------------------------------------------- sold out

/** The instant a sold-out request ends: null for 'indefinite' (decision 010). */
async function soldOutUntil(db: Db, request: SoldOutRequest, now: Date): Promise<Date | null> {
  if (request.mode === 'indefinite' || request.mode === 'off') return null;
  const status = await getShopStatus(db, now);
  if (request.mode === 'until') return nextTimeOfDay(now, request.until!, status.timeZone);
  const shifts = [status.todayHours.shift1, status.todayHours.shift2].filter(
    (shift): shift is { open: string; close: string } => shift !== undefined,
  );
  return endOfTodaysService(now, shifts, status.timeZone);
}

const SOLD_OUT_TABLES = { item: menuItems, sauce: sauceOptions, addon: addonOptions } as const;

export async function setSoldOut(
  db: Db,
  kind: keyof typeof SOLD_OUT_TABLES,
  id: string,
  request: SoldOutRequest,
  now: Date,
) {
  const table = SOLD_OUT_TABLES[kind];
  const until = await soldOutUntil(db, request, now);
  const soldOut = request.mode !== 'off';
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(table)
      .set({ soldOut, soldOutUntil: until })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    if (updated.length === 0) {
      const what = kind === 'item' ? 'Menu item' : kind === 'sauce' ? 'Sauce' : 'Add-on';
      throw notFound(`${what} "${id}" not found.`);
    }
    // The delivery platforms hear of it, and of its end, from the outbox (decision 027).
    await availabilityChanged(tx, kind, id, { soldOut, until });
  });
}

// ---------------------------------------------------------------- categories

type CategoryFields = z.output<typeof categoryUpdateSchema>;

/** A new category's VAT: what the admin gave, else the shop's defaults (settings, decision 022). */
export async function createCategory(db: Db, body: z.output<typeof categoryWriteSchema>) {
  const { vatTakeAway, vatEatIn, ...fields } = body;
  const [takeAwayDefault, eatInDefault] = await Promise.all([
    getSetting(db, 'vat_default_take_away'),
    getSetting(db, 'vat_default_eat_in'),
  ]);
  const values = {
    ...fields,
    vatTakeAwayBp: vatPercentToBp(vatTakeAway ?? (Number(takeAwayDefault) || 0)),
    vatEatInBp: vatPercentToBp(vatEatIn ?? (Number(eatInDefault) || 0)),
  };
  const [row] = await unlessTaken('category', body.id, () =>
    db.insert(categories).values(values).returning(),
  );
  return toCategory(row!);
}

const toCategory = (row: typeof categories.$inferSelect): AdminCategory => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  sortOrder: row.sortOrder,
  vatTakeAway: vatRatePercent(row.vatTakeAwayBp),
  vatEatIn: vatRatePercent(row.vatEatInBp),
});

/** GET /api/admin/menu/categories: the Menu Editor's list, with VAT rates. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(toCategory);
}

export async function updateCategory(db: Db, id: string, body: CategoryFields) {
  const { vatTakeAway, vatEatIn, ...fields } = body;
  const set = {
    ...fields,
    ...(vatTakeAway === undefined ? {} : { vatTakeAwayBp: vatPercentToBp(vatTakeAway) }),
    ...(vatEatIn === undefined ? {} : { vatEatInBp: vatPercentToBp(vatEatIn) }),
  };
  const [row] = await db.update(categories).set(set).where(eq(categories.id, id)).returning();
  if (!row) throw notFound(`Category "${id}" not found.`);
  return toCategory(row);
}

/** A category that still has items is kept: 409 says how many (spec: delete confirms first). */
export async function deleteCategory(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!row) throw notFound(`Category "${id}" not found.`);
    const [used] = await tx
      .select({ n: count() })
      .from(menuItems)
      .where(eq(menuItems.categoryId, id));
    const n = used?.n ?? 0;
    if (n > 0) {
      throw conflict(
        `This category still has ${n} ${n === 1 ? 'item' : 'items'}. Move or delete ${n === 1 ? 'it' : 'them'} first.`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
  });
}

/** PUT /api/menu/categories/order: every category, first to last; sortOrder 1, 2, 3… */
export async function reorderCategories(db: Db, ids: string[]) {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: categories.id }).from(categories).for('update');
    const known = new Set(rows.map((row) => row.id));
    const given = new Set(ids);
    if (
      given.size !== ids.length ||
      given.size !== known.size ||
      ids.some((id) => !known.has(id))
    ) {
      throw badRequest('Send every category exactly once, in the new order. Reload and try again.');
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(categories)
        .set({ sortOrder: index + 1 })
        .where(eq(categories.id, id));
    }
    const ordered = await tx
      .select()
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.name));
    return ordered.map(toCategory);
  });
}

// ---------------------------------------------------------------- options

export async function listBreads(db: Db) {
  return db
    .select({ id: breadOptions.id, name: breadOptions.name, description: breadOptions.description })
    .from(breadOptions)
    .orderBy(asc(breadOptions.name));
}

export async function listSauces(db: Db, now: Date) {
  const rows = await db.select().from(sauceOptions).orderBy(asc(sauceOptions.name));
  return rows.map((row) => ({ id: row.id, name: row.name, soldOut: soldOutAt(row, now) }));
}

export async function listAddOns(db: Db, now: Date) {
  const rows = await db.select().from(addonOptions).orderBy(asc(addonOptions.name));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    price: centsToEuros(row.priceCents),
    soldOut: soldOutAt(row, now),
  }));
}

export async function saveBread(
  db: Db,
  id: string,
  fields: { name: string; description: string },
  mode: 'create' | 'update',
) {
  if (mode === 'create') {
    await unlessTaken('bread option', id, () => db.insert(breadOptions).values({ id, ...fields }));
  } else {
    const rows = await db
      .update(breadOptions)
      .set(fields)
      .where(eq(breadOptions.id, id))
      .returning();
    if (rows.length === 0) throw notFound(`Bread option "${id}" not found.`);
  }
  return { id, ...fields };
}

export async function saveSauce(
  db: Db,
  id: string,
  fields: { name: string },
  mode: 'create' | 'update',
  now: Date,
) {
  if (mode === 'create') {
    await unlessTaken('sauce option', id, () => db.insert(sauceOptions).values({ id, ...fields }));
  } else {
    const rows = await db
      .update(sauceOptions)
      .set(fields)
      .where(eq(sauceOptions.id, id))
      .returning();
    if (rows.length === 0) throw notFound(`Sauce option "${id}" not found.`);
  }
  return (await listSauces(db, now)).find((row) => row.id === id)!;
}

export async function saveAddOn(
  db: Db,
  id: string,
  fields: { name: string; price: number },
  mode: 'create' | 'update',
  now: Date,
) {
  const values = { name: fields.name, priceCents: eurosToCents(fields.price) };
  if (mode === 'create') {
    await unlessTaken('add-on option', id, () => db.insert(addonOptions).values({ id, ...values }));
  } else {
    const rows = await db
      .update(addonOptions)
      .set(values)
      .where(eq(addonOptions.id, id))
      .returning();
    if (rows.length === 0) throw notFound(`Add-on option "${id}" not found.`);
  }
  return (await listAddOns(db, now)).find((row) => row.id === id)!;
}

const OPTION_TABLES = {
  bread: [breadOptions, 'Bread option'],
  sauce: [sauceOptions, 'Sauce option'],
  addon: [addonOptions, 'Add-on option'],
} as const;

/** Deleting an option takes it off every item that offered it; past orders keep its name. */
export async function deleteOption(db: Db, kind: OptionKind, id: string) {
  const [table, label] = OPTION_TABLES[kind];
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (deleted.length === 0) throw notFound(`${label} "${id}" not found.`);
}
