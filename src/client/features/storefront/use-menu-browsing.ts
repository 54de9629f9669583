/**
 * Browsing the menu and putting items in the cart, as the storefront and the table page do it
 * (spec customer-site §2): a category (MOST ORDERED first), the live menu (decision 010), and a
 * chosen item whose dialog follows the live row, so it sees the item sell out.
 */
import { useMemo, useState } from 'react';
import { toast } from '#client/components/ui/toast.tsx';
import { useCart } from '../cart/index.ts';
import type { CartLine } from '#shared/cart/cart.ts';
import { MOST_ORDERED_CATEGORY_ID } from '#shared/menu/menu-constants.ts';
import type { Category, MenuItem } from '#shared/menu/menu.schema.ts';
import {
  categoriesWithItems,
  categoryHeading,
  tapMenuItem,
  visibleMenuItems,
} from './menu-browsing.ts';
import { useLiveMenu } from '#client/lib/shop/use-live-menu.ts';

export function useMenuBrowsing(items: MenuItem[] | undefined, categories: Category[] | undefined) {
  const addLine = useCart((state) => state.addLine);
  const [selectedCategory, setSelectedCategory] = useState(MOST_ORDERED_CATEGORY_ID);
  const [chosenItemId, setChosenItemId] = useState<string | null>(null);
  const chosenItem = items?.find((item) => item.id === chosenItemId) ?? null;
  useLiveMenu(items);

  const visibleItems = useMemo(
    () => visibleMenuItems(items, selectedCategory),
    [items, selectedCategory],
  );
  const selectedName = categoryHeading(selectedCategory, categories);
  const shownCategories = useMemo(
    () => categoriesWithItems(categories, items),
    [categories, items],
  );

  const addToCart = (line: CartLine) => {
    addLine(line);
    toast.success('Added to Cart', { description: `${line.quantity}× ${line.name}` });
  };

  // Spec §2: items that are not customizable skip the dialog (menu-browsing.ts).
  const chooseItem = (item: MenuItem) => {
    const tap = tapMenuItem(item, Date.now());
    if (tap.kind === 'open-dialog') setChosenItemId(item.id);
    if (tap.kind === 'add') addToCart(tap.line);
  };

  return {
    /** The category filters: only categories with something in them. */
    shownCategories,
    selectedCategory,
    setSelectedCategory,
    visibleItems,
    selectedName,
    chosenItem,
    chooseItem,
    closeItem: () => setChosenItemId(null),
    /** The item dialog's Add: into the cart, dialog closed. */
    addChosen: (line: CartLine) => {
      addToCart(line);
      setChosenItemId(null);
    },
  };
}
