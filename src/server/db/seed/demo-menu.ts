/**
 * The demo menu a new shop starts with. Pictures are SVG illustrations that
 * ship in the repo (src/client/public/images/menu), nothing is loaded from the web.
 */
import {
  FALLBACK_ADD_ONS,
  FALLBACK_CATEGORIES,
  FALLBACK_SAUCES,
} from '#shared/menu/menu.schema.ts';
import { eurosToCents } from '#shared/money.ts';
import type { Allergen, DietaryTag } from '#shared/menu/allergens.ts';

export interface DemoItem {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: string;
  popular?: boolean;
  customizable: boolean;
  /** Sauce ids offered with the item (all sauces when 'all'). */
  sauces?: 'all' | string[];
  addOns?: 'all' | string[];
  breads?: string[];
  /** The item's own VAT rates (basis points) where they differ from its category's. */
  vatTakeAwayBp?: number;
  vatEatInBp?: number;
}

/** Spec customer-site §3: the categories, the eight sauces and the add-ons with their prices. */
export const DEMO_CATEGORIES = FALLBACK_CATEGORIES.map((category) => ({
  ...category,
  // Greek rates as an example (integrations.md §5.3, decision 022): food 13 %; soft drinks
  // 13 % take-away but 24 % served at a table. A shop sets its own in the Menu Editor.
  vatTakeAwayBp: 1300,
  vatEatInBp: category.id === 'drinks' ? 2400 : 1300,
}));
export const DEMO_SAUCES = FALLBACK_SAUCES;
export const DEMO_ADD_ONS = FALLBACK_ADD_ONS.map(({ id, name, price }) => ({
  id,
  name,
  priceCents: eurosToCents(price),
}));

export const DEMO_BREADS = [
  { id: 'brioche', name: 'Brioche Bun', description: 'Soft, buttery and lightly sweet' },
  { id: 'potato-bun', name: 'Potato Bun', description: 'Squishy classic for smash burgers' },
  { id: 'sourdough', name: 'Toasted Sourdough', description: 'Crusty and tangy' },
];

const burgerBreads = ['brioche', 'potato-bun', 'sourdough'];
const mayoSauces = ['jumbo-cheesy-mayo', 'truffle-mayo', 'garlic-onion-mayo', 'sour-cream-onion'];

export const DEMO_ITEMS: DemoItem[] = [
  // breakfast
  {
    id: 'breakfast-burrito',
    name: 'Smokehouse Breakfast Burrito',
    description:
      'Scrambled eggs, chopped brisket, cheddar and pico de gallo in a griddled flour tortilla.',
    priceCents: 890,
    category: 'breakfast',
    popular: true,
    customizable: true,
    sauces: ['spicy-bbq', 'secret-sauce', 'sour-cream-onion'],
    addOns: 'all',
  },
  {
    id: 'bacon-egg-muffin',
    name: 'Bacon & Egg Muffin',
    description:
      'Toasted English muffin, fried free-range egg, smoked bacon and melted American cheese.',
    priceCents: 650,
    category: 'breakfast',
    customizable: true,
    sauces: ['honey-jack-bbq', 'secret-sauce', 'garlic-onion-mayo'],
    addOns: ['extra-cheese', 'egg', 'bacon'],
  },
  {
    id: 'pancake-stack',
    name: 'Buttermilk Pancake Stack',
    description: 'Three fluffy buttermilk pancakes with whipped butter, maple syrup and berries.',
    priceCents: 750,
    category: 'breakfast',
    customizable: true,
    addOns: ['bacon', 'egg'],
  },
  // smoked
  {
    id: 'brisket-plate',
    name: 'Texas Brisket Plate',
    description:
      '250 g of 14-hour oak-smoked brisket, pickles, onions and white bread. Salt, pepper, smoke.',
    priceCents: 1690,
    category: 'smoked',
    popular: true,
    customizable: true,
    sauces: 'all',
    addOns: ['crispy-onions'],
  },
  {
    id: 'pulled-pork-sandwich',
    name: 'Pulled Pork Sandwich',
    description:
      'Hand-pulled smoked pork shoulder, tangy slaw and pickles on a toasted brioche bun.',
    priceCents: 1150,
    category: 'smoked',
    popular: true,
    customizable: true,
    sauces: 'all',
    addOns: 'all',
    breads: burgerBreads,
  },
  {
    id: 'smoked-ribs',
    name: 'St. Louis Ribs (Half Rack)',
    description:
      'Half rack of pork spare ribs, dry rubbed, smoked for six hours and glazed with Honey Jack.',
    priceCents: 1850,
    category: 'smoked',
    customizable: true,
    sauces: ['spicy-bbq', 'honey-jack-bbq', 'secret-sauce'],
  },
  {
    id: 'smoked-chicken-wings',
    name: 'Smoked Chicken Wings',
    description: 'Eight wings, smoked then flash-fried for a crisp skin, tossed in your sauce.',
    priceCents: 990,
    category: 'smoked',
    customizable: true,
    sauces: 'all',
  },
  // burgers
  {
    id: 'classic-smash-burger',
    name: 'Classic Smash Burger',
    description: 'Crispy-edged smashed beef patty, American cheese, pickles and diced onion.',
    priceCents: 1090,
    category: 'burgers',
    popular: true,
    customizable: true,
    sauces: 'all',
    addOns: 'all',
    breads: burgerBreads,
  },
  {
    id: 'double-bacon-smash',
    name: 'Double Bacon Smash',
    description:
      'Two smashed patties, double cheese and thick-cut smoked bacon. Bring an appetite.',
    priceCents: 1390,
    category: 'burgers',
    popular: true,
    customizable: true,
    sauces: 'all',
    addOns: 'all',
    breads: burgerBreads,
  },
  {
    id: 'brisket-burger',
    name: 'Brisket Burger',
    description: 'Beef patty topped with chopped smoked brisket, crispy onions and Spicy BBQ.',
    priceCents: 1450,
    category: 'burgers',
    customizable: true,
    sauces: 'all',
    addOns: 'all',
    breads: burgerBreads,
  },
  {
    id: 'crispy-chicken-burger',
    name: 'Crispy Chicken Burger',
    description: 'Buttermilk-fried chicken thigh, iceberg lettuce and pickles.',
    priceCents: 1190,
    category: 'burgers',
    customizable: true,
    sauces: 'all',
    addOns: 'all',
    breads: burgerBreads,
  },
  {
    id: 'veggie-burger',
    name: 'Smoky Veggie Burger',
    description: 'Black bean and smoked mushroom patty, tomato, lettuce and red onion. Vegetarian.',
    priceCents: 1050,
    category: 'burgers',
    customizable: true,
    sauces: 'all',
    addOns: ['extra-cheese', 'egg', 'crispy-onions'],
    breads: burgerBreads,
  },
  // hot dogs
  {
    id: 'classic-dog',
    name: 'Classic Hot Dog',
    description: 'All-beef frank in a steamed bun with mustard, ketchup and sweet relish.',
    priceCents: 690,
    category: 'hot-dog',
    customizable: true,
    sauces: 'all',
    addOns: ['extra-cheese', 'bacon', 'crispy-onions'],
  },
  {
    id: 'chili-cheese-dog',
    name: 'Chili Cheese Dog',
    description: 'Frank smothered in brisket chili and molten cheddar sauce.',
    priceCents: 850,
    category: 'hot-dog',
    popular: true,
    customizable: true,
    sauces: ['spicy-bbq', 'jumbo-cheesy-mayo', 'secret-sauce'],
    addOns: ['extra-cheese', 'bacon', 'crispy-onions'],
  },
  {
    id: 'bbq-bacon-dog',
    name: 'BBQ Bacon Dog',
    description: 'Bacon-wrapped frank, Honey Jack BBQ and crispy onions.',
    priceCents: 890,
    category: 'hot-dog',
    customizable: true,
    sauces: 'all',
    addOns: ['extra-cheese', 'crispy-onions'],
  },
  // sides
  {
    id: 'mac-and-cheese',
    name: 'Smoked Mac & Cheese',
    description: 'Elbow macaroni in three-cheese sauce, smoked and topped with toasted crumbs.',
    priceCents: 590,
    category: 'sides',
    customizable: true,
    addOns: ['bacon', 'crispy-onions', 'extra-cheese'],
  },
  {
    id: 'coleslaw',
    name: 'Creamy Coleslaw',
    description: 'Crunchy white and red cabbage, carrot and a light buttermilk dressing.',
    priceCents: 350,
    category: 'sides',
    customizable: false,
  },
  {
    id: 'corn-on-the-cob',
    name: 'Charred Corn on the Cob',
    description: 'Two grilled cobs with smoked paprika butter and sea salt.',
    priceCents: 420,
    category: 'sides',
    customizable: false,
  },
  {
    id: 'onion-rings',
    name: 'Beer-Battered Onion Rings',
    description: 'Thick-cut onion rings in a crisp lager batter.',
    priceCents: 490,
    category: 'sides',
    customizable: true,
    sauces: mayoSauces,
  },
  // fries
  {
    id: 'classic-fries',
    name: 'Classic Fries',
    description: 'Skin-on fries, twice cooked, with flaky salt.',
    priceCents: 390,
    category: 'fries',
    customizable: true,
    sauces: 'all',
    addOns: ['extra-cheese', 'bacon', 'crispy-onions'],
  },
  {
    id: 'loaded-brisket-fries',
    name: 'Loaded Brisket Fries',
    description: 'Fries buried under chopped brisket, cheddar sauce, jalapeños and spring onion.',
    priceCents: 890,
    category: 'fries',
    popular: true,
    customizable: true,
    sauces: 'all',
    addOns: ['extra-cheese', 'bacon', 'egg', 'crispy-onions'],
  },
  {
    id: 'sweet-potato-fries',
    name: 'Sweet Potato Fries',
    description: 'Crisp sweet potato fries with a pinch of smoked salt.',
    priceCents: 490,
    category: 'fries',
    customizable: true,
    sauces: 'all',
  },
  // drinks
  {
    id: 'cola',
    name: 'Cola 0.5 l',
    description: 'Ice-cold classic cola.',
    priceCents: 290,
    category: 'drinks',
    customizable: false,
  },
  {
    id: 'lemonade',
    name: 'Homemade Lemonade',
    description: 'Squeezed lemons, cane sugar and fresh mint. Made every morning.',
    priceCents: 390,
    category: 'drinks',
    customizable: false,
  },
  {
    id: 'iced-tea',
    name: 'Peach Iced Tea',
    description: 'Cold-brewed black tea with peach. Not too sweet.',
    priceCents: 350,
    category: 'drinks',
    customizable: false,
  },
  {
    id: 'water',
    name: 'Still Water 0.5 l',
    description: 'Still spring water.',
    priceCents: 190,
    category: 'drinks',
    customizable: false,
    // Water is 13 % served too (integrations.md §5.3).
    vatTakeAwayBp: 1300,
    vatEatInBp: 1300,
  },
  // sauce packs
  {
    id: 'sauce-pack-bbq',
    name: 'Spicy BBQ Sauce Pack',
    description: 'A 60 ml pot of our house Spicy BBQ to take home.',
    priceCents: 150,
    category: 'sauce-packs',
    customizable: false,
  },
  {
    id: 'sauce-pack-truffle',
    name: 'Truffle Mayo Pack',
    description: 'A 60 ml pot of truffle mayo. Great with fries.',
    priceCents: 150,
    category: 'sauce-packs',
    customizable: false,
  },
  {
    id: 'sauce-trio',
    name: 'Sauce Trio',
    description: 'Spicy BBQ, Truffle Mayo and Secret Sauce: three 60 ml pots.',
    priceCents: 390,
    category: 'sauce-packs',
    customizable: false,
  },
];

export const demoImagePath = (itemId: string) => `/images/menu/${itemId}.svg`;

/**
 * What the demo dishes contain, as their descriptions and house recipes have it (EU Regulation
 * 1169/2011 Annex II). A sauce's own allergens belong to the sauce the customer picks.
 */
export const DEMO_DIETARY: Record<string, { allergens: Allergen[]; tags: DietaryTag[] }> = {
  'breakfast-burrito': { allergens: ['gluten', 'eggs', 'milk'], tags: [] },
  'bacon-egg-muffin': { allergens: ['gluten', 'eggs', 'milk'], tags: [] },
  'pancake-stack': { allergens: ['gluten', 'eggs', 'milk'], tags: ['vegetarian'] },
  'brisket-plate': { allergens: ['gluten', 'mustard'], tags: [] },
  'pulled-pork-sandwich': { allergens: ['gluten', 'eggs', 'milk', 'mustard'], tags: [] },
  'smoked-ribs': { allergens: ['mustard'], tags: [] },
  'smoked-chicken-wings': { allergens: [], tags: [] },
  'classic-smash-burger': { allergens: ['gluten', 'milk', 'mustard'], tags: [] },
  'double-bacon-smash': { allergens: ['gluten', 'milk', 'mustard'], tags: [] },
  'brisket-burger': { allergens: ['gluten', 'milk', 'mustard'], tags: ['spicy'] },
  'crispy-chicken-burger': { allergens: ['gluten', 'eggs', 'milk', 'mustard'], tags: [] },
  'veggie-burger': { allergens: ['gluten', 'eggs', 'milk'], tags: ['vegetarian'] },
  'classic-dog': { allergens: ['gluten', 'mustard'], tags: [] },
  'chili-cheese-dog': { allergens: ['gluten', 'milk', 'celery'], tags: ['spicy'] },
  'bbq-bacon-dog': { allergens: ['gluten', 'mustard'], tags: [] },
  'mac-and-cheese': { allergens: ['gluten', 'milk'], tags: ['vegetarian'] },
  coleslaw: { allergens: ['eggs', 'milk', 'mustard'], tags: ['vegetarian', 'gluten-free'] },
  'corn-on-the-cob': { allergens: ['milk'], tags: ['vegetarian', 'gluten-free'] },
  'onion-rings': { allergens: ['gluten'], tags: ['vegetarian'] },
  'classic-fries': { allergens: [], tags: ['vegan', 'gluten-free'] },
  'loaded-brisket-fries': { allergens: ['milk'], tags: ['spicy'] },
  'sweet-potato-fries': { allergens: [], tags: ['vegan', 'gluten-free'] },
  cola: { allergens: [], tags: ['vegan', 'gluten-free'] },
  lemonade: { allergens: [], tags: ['vegan', 'gluten-free'] },
  'iced-tea': { allergens: [], tags: ['vegan', 'gluten-free'] },
  water: { allergens: [], tags: ['vegan', 'gluten-free'] },
  'sauce-pack-bbq': { allergens: ['mustard'], tags: ['vegan', 'spicy'] },
  'sauce-pack-truffle': { allergens: ['eggs', 'mustard'], tags: ['vegetarian'] },
  'sauce-trio': { allergens: ['eggs', 'mustard'], tags: ['vegetarian', 'spicy'] },
};
