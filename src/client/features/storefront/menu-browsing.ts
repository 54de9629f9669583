/**
 * The pure part of browsing the menu (spec customer-site §2), used by use-menu-browsing.ts:
 * which items a category shows, and what a tap on an item does.
 */
import type { CartLine } from '#shared/cart/cart.ts';
import { MOST_ORDERED_CATEGORY_ID } from '#shared/menu/menu-constants.ts';
import type { Category, MenuItem } from '#shared/menu/menu.schema.ts';

/** MOST ORDERED lists the popular items; any other category its own items. */
export function visibleMenuItems(items: MenuItem[] | undefined, categoryId: string): MenuItem[] {
  const all = items ?? [];
  return categoryId === MOST_ORDERED_CATEGORY_ID
    ? all.filter((item) => item.popular)
    : all.filter((item) => item.category === categoryId);
}

/**
 * The categories a customer sees: those with at least one item on the menu. The server leaves
 * empty ones out too (menu.service.ts listCategories); this keeps a category that emptied since
 * the lists were fetched from showing a tab that opens on nothing. Until the items load, all.
 */
export function categoriesWithItems(
  categories: Category[] | undefined,
  items: MenuItem[] | undefined,
): Category[] {
  if (!items) return categories ?? [];
  const used = new Set(items.map((item) => item.category));
  return (categories ?? []).filter((category) => used.has(category.id));
}

/** The heading over the items: "Most Ordered" or the category's name. */
export function categoryHeading(categoryId: string, categories: Category[] | undefined): string {
  return categoryId === MOST_ORDERED_CATEGORY_ID
    ? 'Most Ordered'
    : (categories?.find((category) => category.id === categoryId)?.name ?? '');
}

export type ItemTap =
  { kind: 'nothing' } | { kind: 'open-dialog' } | { kind: 'add'; line: CartLine };

/**
 * Spec §2: a sold-out item does nothing; a customizable one opens its dialog; any other goes
 * straight into the cart, quantity 1, no options. `now` makes the line id (item id + time).
 */
export function tapMenuItem(item: MenuItem, now: number): ItemTap {
  if (item.soldOut) return { kind: 'nothing' };
  if (item.customizable) return { kind: 'open-dialog' };
  return {
    kind: 'add',
    line: {
      id: `${item.id}-${now}`,
      menuItemId: item.id,
      name: item.name,
      price: item.basePrice,
      quantity: 1,
      customizations: { sauce: null, addOns: [] },
      image: item.image,
    },
  };
}
