import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { truncateAllTables, useTestDatabase } from '../../../../tests/setup/test-database.ts';
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
import { ensureBaseData } from './seed.ts';
import { SETTINGS } from '#shared/settings/settings.schema.ts';
import {
  evaluateShopStatus,
  WEEKDAYS,
  type WeekHours,
  type Weekday,
} from '#shared/shop-hours/shop-hours.ts';

const t = useTestDatabase();

beforeEach(async () => {
  await truncateAllTables(t.db);
});

const SEEDED_TABLES = {
  categories,
  menuItems,
  sauceOptions,
  addonOptions,
  breadOptions,
  menuItemSauceOptions,
  menuItemAddonOptions,
  menuItemBreadOptions,
  settings,
  shopHours,
};

/** Every row of every table the seed writes, in a stable order, for before/after comparisons. */
async function snapshot(db: Db) {
  const result: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(SEEDED_TABLES)) {
    const rows = await db.select().from(table);
    result[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

async function countOf(db: Db, table: (typeof SEEDED_TABLES)[keyof typeof SEEDED_TABLES]) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** The week as stored, read straight from the table (independent of the shop-hours service). */
async function storedWeek(db: Db): Promise<WeekHours> {
  const rows = await db.select().from(shopHours);
  return Object.fromEntries(
    rows.map((row) => [
      row.day as Weekday,
      {
        shift1: { open: row.shift1Open, close: row.shift1Close, isOpen: row.shift1IsOpen },
        shift2: { open: row.shift2Open, close: row.shift2Close, isOpen: row.shift2IsOpen },
      },
    ]),
  );
}

/** Every half hour of the week of Monday 9 June 2025 in Tallinn, plus the minutes around midnight. */
function momentsOfAWeek(): Date[] {
  const mondayMidnight = Date.parse('2025-06-09T00:00:00+03:00');
  const moments: Date[] = [];
  for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 30) {
    moments.push(new Date(mondayMidnight + minutes * 60_000));
    if (minutes % (24 * 60) === 0 && minutes > 0) {
      moments.push(new Date(mondayMidnight + (minutes - 1) * 60_000)); // 23:59
    }
  }
  return moments;
}

describe('ensureBaseData with the demo', () => {
  it('fills an empty database with the demo menu and options', async () => {
    await ensureBaseData(t.db, { demo: true });

    expect(await countOf(t.db, categories)).toBe(8);
    expect(await countOf(t.db, menuItems)).toBeGreaterThanOrEqual(24);

    const sauces = await t.db.select({ name: sauceOptions.name }).from(sauceOptions);
    expect(sauces.map((sauce) => sauce.name).sort()).toEqual(
      [
        'Spicy BBQ',
        'Honey Jack BBQ',
        'Jumbo Cheesy Mayo',
        'Truffle Mayo',
        'Spicy Doritos Mayo',
        'Garlic & Onion Mayo',
        'Sour Cream & Onion',
        'Secret Sauce',
      ].sort(),
    );

    const addOns = await t.db.select().from(addonOptions);
    expect(Object.fromEntries(addOns.map((addOn) => [addOn.name, addOn.priceCents]))).toEqual({
      'Extra Cheese': 100,
      Egg: 100,
      Bacon: 100,
      'Crispy Onions': 50,
    });

    const burgerSauces = await t.db
      .select()
      .from(menuItemSauceOptions)
      .where(eq(menuItemSauceOptions.menuItemId, 'classic-smash-burger'));
    expect(burgerSauces).toHaveLength(8);

    const items = await t.db.select().from(menuItems);
    for (const item of items) {
      expect(item.basePriceCents, item.id).toBeGreaterThan(0);
      expect(Number.isInteger(item.basePriceCents), item.id).toBe(true);
      expect(item.isHidden || !item.isAvailable, item.id).toBe(false);
      expect(item.categoryId, item.id).not.toBeNull();
    }
  });

  it('writes every setting with its default value and description', async () => {
    await ensureBaseData(t.db, { demo: true });
    const rows = await t.db.select().from(settings);
    const stored = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(Object.keys(stored).sort()).toEqual(Object.keys(SETTINGS).sort());
    for (const definition of Object.values(SETTINGS)) {
      expect(stored[definition.key]).toMatchObject({
        value: definition.defaultValue,
        description: definition.description,
      });
    }
    expect(stored.delivery_fee_amount?.value).toBe('5');
    expect(stored.free_delivery_threshold?.value).toBe('50');
    expect(stored.shop_time_zone?.value).toBe('Europe/Tallinn');
  });

  it('opens the demo shop at every moment of the week', async () => {
    await ensureBaseData(t.db, { demo: true });
    const week = await storedWeek(t.db);
    expect(Object.keys(week).sort()).toEqual([...WEEKDAYS].sort());

    const closedAt = momentsOfAWeek()
      .filter((moment) => !evaluateShopStatus(week, moment, 'Europe/Tallinn').isOpen)
      .map((moment) => moment.toISOString());
    expect(closedAt).toEqual([]);
  });

  it('changes nothing when it runs a second time', async () => {
    await ensureBaseData(t.db, { demo: true });
    const before = await snapshot(t.db);
    await ensureBaseData(t.db, { demo: true });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("never overwrites the owner's changes, and adds only what is missing", async () => {
    await ensureBaseData(t.db, { demo: true });
    await t.db
      .update(settings)
      .set({ value: '3.5' })
      .where(eq(settings.key, 'delivery_fee_amount'));
    await t.db.update(settings).set({ value: 'Brisket Bros' }).where(eq(settings.key, 'shop_name'));
    await t.db.delete(settings).where(eq(settings.key, 'agency_name'));
    await t.db
      .update(shopHours)
      .set({ shift1IsOpen: false, shift2IsOpen: false })
      .where(eq(shopHours.day, 'monday'));
    await t.db.delete(menuItems).where(eq(menuItems.id, 'cola'));
    await t.db
      .update(menuItems)
      .set({ basePriceCents: 1199 })
      .where(eq(menuItems.id, 'classic-smash-burger'));
    const itemCount = await countOf(t.db, menuItems);

    await ensureBaseData(t.db, { demo: true });

    const value = async (key: string) =>
      (await t.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;
    expect(await value('delivery_fee_amount')).toBe('3.5');
    expect(await value('shop_name')).toBe('Brisket Bros');
    expect(await value('agency_name')).toBe(SETTINGS.agency_name.defaultValue);

    const [monday] = await t.db.select().from(shopHours).where(eq(shopHours.day, 'monday'));
    expect(monday).toMatchObject({ shift1IsOpen: false, shift2IsOpen: false });

    expect(await t.db.select().from(menuItems).where(eq(menuItems.id, 'cola'))).toEqual([]);
    const [burger] = await t.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.id, 'classic-smash-burger'));
    expect(burger?.basePriceCents).toBe(1199);
    expect(await countOf(t.db, menuItems)).toBe(itemCount);
  });

  it('does not bring the demo menu back into a shop whose owner emptied the menu', async () => {
    await ensureBaseData(t.db, { demo: true });
    await t.db.delete(menuItems);
    await ensureBaseData(t.db, { demo: true });
    expect(await countOf(t.db, menuItems)).toBe(0);
  });
});

describe('ensureBaseData without the demo', () => {
  it('creates settings and closed hours but no menu', async () => {
    await ensureBaseData(t.db, { demo: false });

    for (const table of [categories, menuItems, sauceOptions, addonOptions, breadOptions]) {
      expect(await countOf(t.db, table)).toBe(0);
    }
    expect(await countOf(t.db, settings)).toBe(Object.keys(SETTINGS).length);
  });

  it("uses the spec's default hours: 09:00-15:00 and 18:00-22:00, both closed", async () => {
    await ensureBaseData(t.db, { demo: false });
    const week = await storedWeek(t.db);
    expect(Object.keys(week).sort()).toEqual([...WEEKDAYS].sort());
    for (const day of WEEKDAYS) {
      expect(week[day], day).toEqual({
        shift1: { open: '09:00', close: '15:00', isOpen: false },
        shift2: { open: '18:00', close: '22:00', isOpen: false },
      });
    }
    const openAt = momentsOfAWeek().filter(
      (moment) => evaluateShopStatus(week, moment, 'Europe/Tallinn').isOpen,
    );
    expect(openAt).toEqual([]);
  });
});

describe('the demo menu declares allergens (EU 1169/2011)', () => {
  it('for every dish, as written here', async () => {
    await ensureBaseData(t.db, { demo: true });
    const rows = await t.db.select().from(menuItems);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A few dishes, written out by hand from their descriptions.
    expect(byId.get('pancake-stack')).toMatchObject({
      allergens: ['gluten', 'eggs', 'milk'],
      tags: ['vegetarian'],
    });
    expect(byId.get('classic-fries')).toMatchObject({
      allergens: [],
      tags: ['vegan', 'gluten-free'],
    });
    expect(byId.get('chili-cheese-dog')).toMatchObject({
      allergens: ['gluten', 'milk', 'celery'],
      tags: ['spicy'],
    });
    // Every dish with bread or a bun declares gluten.
    for (const id of ['brisket-plate', 'classic-smash-burger', 'classic-dog', 'veggie-burger']) {
      expect(byId.get(id)?.allergens, id).toContain('gluten');
    }
    // No dish is left undeclared by accident: only drinks, fries and wings have none.
    const none = rows
      .filter((row) => row.allergens.length === 0)
      .map((row) => row.id)
      .sort();
    expect(none).toEqual(
      [
        'classic-fries',
        'cola',
        'iced-tea',
        'lemonade',
        'smoked-chicken-wings',
        'sweet-potato-fries',
        'water',
      ].sort(),
    );
  });
});
