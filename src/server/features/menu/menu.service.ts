import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
import { notFound } from '../../http/errors.ts';
import { centsToEuros } from '#shared/money.ts';
import type { Category, ItemOptions, MenuItem } from '#shared/menu/menu.schema.ts';

type MenuItemRow = typeof menuItems.$inferSelect;

/** Sold out at `now`: null while on sale (decision 010). */
export function soldOutAt(
  row: { soldOut: boolean; soldOutUntil: Date | null },
  now: Date,
): { until: string | null } | null {
  if (!row.soldOut) return null;
  if (row.soldOutUntil === null) return { until: null };
  return row.soldOutUntil.getTime() > now.getTime()
    ? { until: row.soldOutUntil.toISOString() }
    : null;
}

/**
 * The first end of a sold-out mark in these answers: from then on they are wrong, so a kept
 * copy must go (http/public-cache.ts). Null when no mark ends by itself.
 */
export function firstSoldOutEnd(
  marks: Iterable<{ soldOut?: { until: string | null } | null }>,
): Date | null {
  let first: number | null = null;
  for (const { soldOut } of marks) {
    if (!soldOut?.until) continue;
    const end = Date.parse(soldOut.until);
    if (first === null || end < first) first = end;
  }
  return first === null ? null : new Date(first);
}

export function toMenuItem(row: MenuItemRow, now: Date): MenuItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    basePrice: centsToEuros(row.basePriceCents),
    image: row.image,
    category: row.categoryId,
    popular: row.popular,
    customizable: row.customizable,
    allergens: row.allergens,
    tags: row.tags,
    soldOut: soldOutAt(row, now),
    prepUnits: row.prepUnits,
  };
}

/** An item customers can see and buy: not hidden and not taken off sale. */
const isOnSale = and(eq(menuItems.isHidden, false), eq(menuItems.isAvailable, true));

export async function listVisibleItems(db: Db, now: Date): Promise<MenuItem[]> {
  const rows = await db
    .select()
    .from(menuItems)
    .where(isOnSale)
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.name));
  return rows.map((row) => toMenuItem(row, now));
}

/**
 * The customers' categories: those with at least one item on sale. An empty category (a new one,
 * or one whose items are all hidden) is not shown as a tab that opens on nothing; the menu editor
 * lists every category (GET /api/admin/menu/categories). A sold-out item still counts: it is
 * shown, greyed, with when it is back.
 */
export async function listCategories(db: Db): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      icon: categories.icon,
      sortOrder: categories.sortOrder,
    })
    .from(categories)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(menuItems)
          .where(and(eq(menuItems.categoryId, categories.id), isOnSale)),
      ),
    )
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** The sauces, add-ons and breads linked to one item; 404 for an unknown or hidden item. */
export async function getItemOptions(db: Db, itemId: string, now: Date): Promise<ItemOptions> {
  const [item] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.isHidden, false)));
  if (!item) throw notFound(`Menu item ${itemId} not found.`);

  const [breads, sauces, addOns] = await Promise.all([
    db
      .select({
        id: breadOptions.id,
        name: breadOptions.name,
        description: breadOptions.description,
      })
      .from(menuItemBreadOptions)
      .innerJoin(breadOptions, eq(breadOptions.id, menuItemBreadOptions.breadOptionId))
      .where(eq(menuItemBreadOptions.menuItemId, itemId))
      .orderBy(asc(breadOptions.name)),
    db
      .select({
        id: sauceOptions.id,
        name: sauceOptions.name,
        soldOut: sauceOptions.soldOut,
        soldOutUntil: sauceOptions.soldOutUntil,
      })
      .from(menuItemSauceOptions)
      .innerJoin(sauceOptions, eq(sauceOptions.id, menuItemSauceOptions.sauceOptionId))
      .where(eq(menuItemSauceOptions.menuItemId, itemId))
      .orderBy(asc(sauceOptions.name)),
    db
      .select({
        id: addonOptions.id,
        name: addonOptions.name,
        priceCents: addonOptions.priceCents,
        soldOut: addonOptions.soldOut,
        soldOutUntil: addonOptions.soldOutUntil,
      })
      .from(menuItemAddonOptions)
      .innerJoin(addonOptions, eq(addonOptions.id, menuItemAddonOptions.addonOptionId))
      .where(eq(menuItemAddonOptions.menuItemId, itemId))
      .orderBy(asc(addonOptions.name)),
  ]);

  return {
    breadOptions: breads,
    sauceOptions: sauces.map((row) => ({
      id: row.id,
      name: row.name,
      soldOut: soldOutAt(row, now),
    })),
    addOnOptions: addOns.map((row) => ({
      id: row.id,
      name: row.name,
      price: centsToEuros(row.priceCents),
      soldOut: soldOutAt(row, now),
    })),
  };
}
