import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  addonOptions,
  breadOptions,
  categories,
  menuItemAddonOptions,
  menuItemBreadOptions,
  menuItemSauceOptions,
  menuItems,
  sauceOptions,
  settings,
  shopHours,
} from '../schema.ts';
import { SETTINGS } from '#shared/settings/settings.schema.ts';
import { DEFAULT_DAY_HOURS, WEEKDAYS, type DayHours } from '#shared/shop-hours/shop-hours.ts';
import {
  DEMO_ADD_ONS,
  DEMO_BREADS,
  DEMO_CATEGORIES,
  DEMO_ITEMS,
  DEMO_DIETARY,
  DEMO_SAUCES,
  demoImagePath,
} from './demo-menu.ts';

/** The demo shop is open at any hour: 00:00-12:00 and 12:00-00:00 (until midnight) every day. */
export const DEMO_DAY_HOURS: DayHours = {
  shift1: { open: '00:00', close: '12:00', isOpen: true },
  shift2: { open: '12:00', close: '00:00', isOpen: true },
};

export interface SeedOptions {
  /** Fill an empty menu with the demo menu and open the demo shop around the clock. */
  demo: boolean;
}

/**
 * Runs at every start. Adds what is missing and never overwrites the owner's data:
 * settings get their defaults, days without hours get hours, an empty menu gets the demo menu.
 * Every insert ignores conflicts so that two instances starting together cannot fail.
 */
export async function ensureBaseData(db: Db, options: SeedOptions): Promise<void> {
  await db
    .insert(settings)
    .values(
      Object.values(SETTINGS).map((definition) => ({
        key: definition.key,
        value: definition.defaultValue,
        description: definition.description,
      })),
    )
    .onConflictDoNothing();

  const dayHours = options.demo ? DEMO_DAY_HOURS : DEFAULT_DAY_HOURS;
  await db
    .insert(shopHours)
    .values(
      WEEKDAYS.map((day) => ({
        day,
        shift1Open: dayHours.shift1.open,
        shift1Close: dayHours.shift1.close,
        shift1IsOpen: dayHours.shift1.isOpen,
        shift2Open: dayHours.shift2.open,
        shift2Close: dayHours.shift2.close,
        shift2IsOpen: dayHours.shift2.isOpen,
      })),
    )
    .onConflictDoNothing();

  if (options.demo) await seedDemoMenu(db);
}

async function seedDemoMenu(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(menuItems);
  const [existingCategories] = await db.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) > 0 || (existingCategories?.n ?? 0) > 0) return;

  await db.transaction(async (tx) => {
    await tx.insert(categories).values(DEMO_CATEGORIES).onConflictDoNothing();
    await tx
      .insert(sauceOptions)
      .values(DEMO_SAUCES.map(({ id, name }) => ({ id, name })))
      .onConflictDoNothing();
    await tx.insert(addonOptions).values(DEMO_ADD_ONS).onConflictDoNothing();
    await tx.insert(breadOptions).values(DEMO_BREADS).onConflictDoNothing();
    await tx
      .insert(menuItems)
      .values(
        DEMO_ITEMS.map((item, index) => ({
          id: item.id,
          name: item.name,
          description: item.description,
          basePriceCents: item.priceCents,
          image: demoImagePath(item.id),
          categoryId: item.category,
          popular: item.popular ?? false,
          customizable: item.customizable,
          sortOrder: index,
          allergens: DEMO_DIETARY[item.id]?.allergens ?? [],
          tags: DEMO_DIETARY[item.id]?.tags ?? [],
          vatTakeAwayBp: item.vatTakeAwayBp ?? null,
          vatEatInBp: item.vatEatInBp ?? null,
          // Pickup times (decision 026): a drink takes the kitchen no time.
          prepUnits: item.category === 'drinks' ? 0 : 1,
        })),
      )
      .onConflictDoNothing();

    const pick = <T extends { id: string }>(all: T[], chosen: 'all' | string[] | undefined) =>
      chosen === 'all' ? all.map((option) => option.id) : (chosen ?? []);

    const sauceLinks = DEMO_ITEMS.flatMap((item) =>
      pick(DEMO_SAUCES, item.sauces).map((sauceOptionId) => ({
        menuItemId: item.id,
        sauceOptionId,
      })),
    );
    const addonLinks = DEMO_ITEMS.flatMap((item) =>
      pick(DEMO_ADD_ONS, item.addOns).map((addonOptionId) => ({
        menuItemId: item.id,
        addonOptionId,
      })),
    );
    const breadLinks = DEMO_ITEMS.flatMap((item) =>
      (item.breads ?? []).map((breadOptionId) => ({ menuItemId: item.id, breadOptionId })),
    );
    if (sauceLinks.length)
      await tx.insert(menuItemSauceOptions).values(sauceLinks).onConflictDoNothing();
    if (addonLinks.length)
      await tx.insert(menuItemAddonOptions).values(addonLinks).onConflictDoNothing();
    if (breadLinks.length)
      await tx.insert(menuItemBreadOptions).values(breadLinks).onConflictDoNothing();
  });
}
