/**
 * The storefront's menu constants (spec customer-site §3). NOTE: no zod here (decision 016): the
 * storefront's entry bundle imports these, and the schemas (menu.schema.ts) stay out of it.
 */
import type { AddOnOption, Category, SauceOption } from './menu.schema.ts';

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
