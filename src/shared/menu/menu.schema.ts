import { z } from 'zod';

/** A menu item as the storefront reads it (GET /api/menu/items). */
export const menuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Euros, as a number (spec customer-site §3). */
  basePrice: z.number(),
  image: z.string().nullable(),
  category: z.string().nullable(),
  popular: z.boolean(),
  customizable: z.boolean(),
  /** EU allergen keys (allergens.ts). */
  allergens: z.array(z.string()),
  /** Dietary marks (allergens.ts). */
  tags: z.array(z.string()),
  /** Null while on sale; `until` null means until someone turns it back on (decision 010). */
  soldOut: z.object({ until: z.string().nullable() }).nullable(),
  /** The kitchen's work in one of this item, 0 to 100 (decision 026): what a pickup slot holds. */
  prepUnits: z.number().int().min(0).max(100),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

const breadOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});
const sauceOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  soldOut: z.object({ until: z.string().nullable() }).nullable().optional(),
});
const addOnOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Euros. */
  price: z.number(),
  soldOut: z.object({ until: z.string().nullable() }).nullable().optional(),
});
export type SauceOption = z.infer<typeof sauceOptionSchema>;
export type AddOnOption = z.infer<typeof addOnOptionSchema>;

/** GET /api/menu/items/:id/options: only the options linked to that item. */
export const itemOptionsSchema = z.object({
  breadOptions: z.array(breadOptionSchema),
  sauceOptions: z.array(sauceOptionSchema),
  addOnOptions: z.array(addOnOptionSchema),
});
export type ItemOptions = z.infer<typeof itemOptionsSchema>;

export const menuItemIdParamsSchema = z.object({
  id: z.string().min(1).max(100),
});

// The fallback lists and the MOST ORDERED id live in menu-constants.ts (no zod there, so the
// storefront's entry bundle can use them); they are re-exported here.
export {
  FALLBACK_ADD_ONS,
  FALLBACK_CATEGORIES,
  FALLBACK_SAUCES,
  MOST_ORDERED_CATEGORY_ID,
} from './menu-constants.ts';
