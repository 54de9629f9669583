/**
 * Menu rows inserted straight through Drizzle. Every factory takes overrides and returns
 * the inserted row, so a test states only what matters to it.
 */
import type { Db } from '#server/db/client.ts';
import {
  addonOptions,
  breadOptions,
  categories,
  menuItemAddonOptions,
  menuItemBreadOptions,
  menuItemSauceOptions,
  menuItems,
  sauceOptions,
} from '#server/db/schema.ts';
import { uniqueId } from './unique.ts';

type CategoryRow = typeof categories.$inferSelect;
type MenuItemRow = typeof menuItems.$inferSelect;

export async function createCategory(
  db: Db,
  overrides: Partial<typeof categories.$inferInsert> = {},
): Promise<CategoryRow> {
  const id = overrides.id ?? uniqueId('category');
  const [row] = await db
    .insert(categories)
    .values({ id, name: `Category ${id}`, icon: '🍽️', sortOrder: 50, ...overrides })
    .returning();
  return row!;
}

export interface MenuItemOverrides extends Partial<typeof menuItems.$inferInsert> {
  /** Option ids to link to the item (the options must exist). */
  sauceIds?: string[];
  addOnIds?: string[];
  breadIds?: string[];
}

/** A visible, available item; pass `categoryId: null` for none, or omit to create a category. */
export async function createMenuItem(
  db: Db,
  overrides: MenuItemOverrides = {},
): Promise<MenuItemRow> {
  const { sauceIds = [], addOnIds = [], breadIds = [], ...columns } = overrides;
  const id = columns.id ?? uniqueId('item');
  const categoryId =
    columns.categoryId === undefined ? (await createCategory(db)).id : columns.categoryId;
  const [row] = await db
    .insert(menuItems)
    .values({
      id,
      name: `Item ${id}`,
      description: `Description of ${id}`,
      basePriceCents: 990,
      image: `/images/menu/${id}.svg`,
      popular: false,
      customizable: true,
      isHidden: false,
      isAvailable: true,
      sortOrder: 100,
      ...columns,
      categoryId,
    })
    .returning();
  if (sauceIds.length > 0) {
    await db
      .insert(menuItemSauceOptions)
      .values(sauceIds.map((sauceOptionId) => ({ menuItemId: id, sauceOptionId })));
  }
  if (addOnIds.length > 0) {
    await db
      .insert(menuItemAddonOptions)
      .values(addOnIds.map((addonOptionId) => ({ menuItemId: id, addonOptionId })));
  }
  if (breadIds.length > 0) {
    await db
      .insert(menuItemBreadOptions)
      .values(breadIds.map((breadOptionId) => ({ menuItemId: id, breadOptionId })));
  }
  return row!;
}

export async function createSauceOption(
  db: Db,
  overrides: Partial<typeof sauceOptions.$inferInsert> = {},
) {
  const id = overrides.id ?? uniqueId('sauce');
  const [row] = await db
    .insert(sauceOptions)
    .values({ id, name: `Sauce ${id}`, ...overrides })
    .returning();
  return row!;
}

export async function createAddOnOption(
  db: Db,
  overrides: Partial<typeof addonOptions.$inferInsert> = {},
) {
  const id = overrides.id ?? uniqueId('addon');
  const [row] = await db
    .insert(addonOptions)
    .values({ id, name: `Add-on ${id}`, priceCents: 100, ...overrides })
    .returning();
  return row!;
}

export async function createBreadOption(
  db: Db,
  overrides: Partial<typeof breadOptions.$inferInsert> = {},
) {
  const id = overrides.id ?? uniqueId('bread');
  const [row] = await db
    .insert(breadOptions)
    .values({ id, name: `Bread ${id}`, description: 'Freshly baked', ...overrides })
    .returning();
  return row!;
}
