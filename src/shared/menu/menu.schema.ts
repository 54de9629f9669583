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
});
export type MenuItem = z.infer<typeof menuItemSchema>;
export type SoldOut = MenuItem['soldOut'];

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const breadOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});
export const sauceOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  soldOut: z.object({ until: z.string().nullable() }).nullable().optional(),
});
export const addOnOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Euros. */
  price: z.number(),
  soldOut: z.object({ until: z.string().nullable() }).nullable().optional(),
});
export type BreadOption = z.infer<typeof breadOptionSchema>;
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

/** The id of the synthetic first category that lists popular items. */
export const MOST_ORDERED_CATEGORY_ID = 'most-ordered';

/** Spec customer-site §3: used when the categories cannot be loaded. */
export const FALLBACK_CATEGORIES: Category[] = [
  { id: 'breakfast', name: 'Breakfast', icon: '🍳', sortOrder: 1 },
  { id: 'smoked', name: 'Smoked', icon: '🔥', sortOrder: 2 },
  { id: 'burgers', name: 'Burgers', icon: '🍔', sortOrder: 3 },
  { id: 'hot-dog', name: 'Hot Dogs', icon: '🌭', sortOrder: 4 },
  { id: 'sides', name: 'Sides', icon: '🥗', sortOrder: 5 },
  { id: 'drinks', name: 'Drinks', icon: '🥤', sortOrder: 6 },
  { id: 'fries', name: 'Fries', icon: '🍟', sortOrder: 7 },
  { id: 'sauce-packs', name: 'Sauce Packs', icon: '🥫', sortOrder: 8 },
];

/** Spec customer-site §3: used when an item's options cannot be loaded. */
export const FALLBACK_SAUCES: SauceOption[] = [
  'Spicy BBQ',
  'Honey Jack BBQ',
  'Jumbo Cheesy Mayo',
  'Truffle Mayo',
  'Spicy Doritos Mayo',
  'Garlic & Onion Mayo',
  'Sour Cream & Onion',
  'Secret Sauce',
].map((name) => ({ id: name.toLowerCase().replace(/[^a-z]+/g, '-'), name }));

export const FALLBACK_ADD_ONS: AddOnOption[] = [
  { id: 'extra-cheese', name: 'Extra Cheese', price: 1 },
  { id: 'egg', name: 'Egg', price: 1 },
  { id: 'bacon', name: 'Bacon', price: 1 },
  { id: 'crispy-onions', name: 'Crispy Onions', price: 0.5 },
];
