/**
 * The whole menu on Wolt and Bolt Food, and what they show (decision 027, amended 2026-11-27).
 *
 * Push menu: the shop's menu as customers see it (categories with an item on sale, items not
 * hidden nor taken off sale, their breads, sauces and add-ons, sold-out marks as not enabled),
 * each platform's price adjustment applied, is queued as a `platform-menu` job in the venue's
 * queue (with the pause, the sold-out changes and the hours) and sent in the platform's shape
 * (wolt-sync-mapping.ts, bolt-sync-mapping.ts). Our menu ids are the external ids, so orders
 * map back (decision 017). Before pushing, the page shows what changes against the menu last
 * pushed from here, which is kept (`platform_menu_state`) when the platform accepts it.
 *
 * The drift check: every 10 minutes while the shop is open (and on demand), each enabled
 * platform is read back and what it shows otherwise than we do is kept and shown: an item or
 * option on sale there but sold out here (or the other way round), one missing there, a venue
 * offline that should be online. Fix sends ours again, through the same queue.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addonOptions,
  breadOptions,
  categories,
  menuItemAddonOptions,
  menuItemBreadOptions,
  menuItemSauceOptions,
  menuItems,
  outboundJobs,
  platformMenuState,
  sauceOptions,
} from '../../db/schema.ts';
import {
  adjustedCents,
  describePriceAdjustment,
  parsePriceAdjustment,
} from '#shared/delivery-platforms/price-adjustment.ts';
import type {
  MenuPreview,
  Platform,
  PlatformDifference,
  PlatformDrift,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { getSettings } from '../settings/index.ts';
import { readOnlineOrderingRow } from '../shop-hours/index.ts';

/** One choice of an item: its breads or its sauces (one at most), its add-ons (any). */
interface ShopMenuOption {
  /** 'bread', 'sauce' or 'addons': the group's external id on the platform. */
  id: 'bread' | 'sauce' | 'addons';
  name: string;
  kind: 'single' | 'multi';
  values: {
    id: string;
    name: string;
    priceCents: number;
    available: boolean;
    /** Sauces and add-ons can be sold out (and are option values on the platforms). */
    markable: boolean;
  }[];
}

interface ShopMenuItem {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  /** The photo's public address, or null. */
  imageUrl: string | null;
  /** VAT in basis points, take-away (decision 022): what a delivery is charged. */
  vatBp: number;
  available: boolean;
  options: ShopMenuOption[];
}

/** The menu as a platform is sent it: our ids, cents, prices already adjusted. */
export interface ShopMenu {
  categories: { id: string; name: string; items: ShopMenuItem[] }[];
}

const UNCATEGORISED = { id: 'other', name: 'Other' };

const isSoldOut = (row: { soldOut: boolean; soldOutUntil: Date | null }, now: Date) =>
  row.soldOut && (row.soldOutUntil === null || row.soldOutUntil.getTime() > now.getTime());

/** A photo's address for a platform: ours are paths on the shop's public address. */
function publicImageUrl(image: string | null, address: string): string | null {
  if (!image) return null;
  return /^https?:\/\//.test(image)
    ? image
    : `${address}${image.startsWith('/') ? '' : '/'}${image}`;
}

/** The menu customers see, at `now`, with `platform`'s price adjustment. */
export async function shopMenuFor(
  db: Db,
  platform: Platform,
  address: string,
  now: Date,
): Promise<ShopMenu> {
  const setting = (await getSettings(db, [`${platform}_menu_price_adjustment`]))[
    `${platform}_menu_price_adjustment`
  ];
  const adjustment = parsePriceAdjustment(setting ?? '') ?? { kind: 'none' as const };
  const [categoryRows, itemRows, breadLinks, sauceLinks, addonLinks] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.name)),
    db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.isHidden, false), eq(menuItems.isAvailable, true)))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.name)),
    db
      .select({ itemId: menuItemBreadOptions.menuItemId, option: breadOptions })
      .from(menuItemBreadOptions)
      .innerJoin(breadOptions, eq(breadOptions.id, menuItemBreadOptions.breadOptionId))
      .orderBy(asc(breadOptions.name)),
    db
      .select({ itemId: menuItemSauceOptions.menuItemId, option: sauceOptions })
      .from(menuItemSauceOptions)
      .innerJoin(sauceOptions, eq(sauceOptions.id, menuItemSauceOptions.sauceOptionId))
      .orderBy(asc(sauceOptions.name)),
    db
      .select({ itemId: menuItemAddonOptions.menuItemId, option: addonOptions })
      .from(menuItemAddonOptions)
      .innerJoin(addonOptions, eq(addonOptions.id, menuItemAddonOptions.addonOptionId))
      .orderBy(asc(addonOptions.name)),
  ]);
  const optionsOf = (itemId: string): ShopMenuOption[] => {
    const groups: ShopMenuOption[] = [];
    const breads = breadLinks.filter((link) => link.itemId === itemId);
    if (breads.length > 0) {
      groups.push({
        id: 'bread',
        name: 'Bread',
        kind: 'single',
        values: breads.map(({ option }) => ({
          id: option.id,
          name: option.name,
          priceCents: 0,
          available: true,
          markable: false,
        })),
      });
    }
    const sauces = sauceLinks.filter((link) => link.itemId === itemId);
    if (sauces.length > 0) {
      groups.push({
        id: 'sauce',
        name: 'Sauce',
        kind: 'single',
        values: sauces.map(({ option }) => ({
          id: option.id,
          name: option.name,
          priceCents: 0,
          available: !isSoldOut(option, now),
          markable: true,
        })),
      });
    }
    const addOns = addonLinks.filter((link) => link.itemId === itemId);
    if (addOns.length > 0) {
      groups.push({
        id: 'addons',
        name: 'Add-ons',
        kind: 'multi',
        values: addOns.map(({ option }) => ({
          id: option.id,
          name: option.name,
          priceCents: adjustedCents(option.priceCents, adjustment, true),
          available: !isSoldOut(option, now),
          markable: true,
        })),
      });
    }
    return groups;
  };
  const categoryVat = new Map(categoryRows.map((row) => [row.id, row.vatTakeAwayBp]));
  const toItem = (row: (typeof itemRows)[number]): ShopMenuItem => ({
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: adjustedCents(row.basePriceCents, adjustment, false),
    imageUrl: publicImageUrl(row.image, address),
    vatBp: row.vatTakeAwayBp ?? (row.categoryId ? categoryVat.get(row.categoryId) : undefined) ?? 0,
    available: !isSoldOut(row, now),
    options: row.customizable ? optionsOf(row.id) : [],
  });
  const known = new Set(categoryRows.map((row) => row.id));
  const menu: ShopMenu = {
    categories: categoryRows.map((row) => ({
      id: row.id,
      name: row.name,
      items: itemRows.filter((item) => item.categoryId === row.id).map(toItem),
    })),
  };
  const others = itemRows.filter((item) => !item.categoryId || !known.has(item.categoryId));
  if (others.length > 0) menu.categories.push({ ...UNCATEGORISED, items: others.map(toItem) });
  menu.categories = menu.categories.filter((category) => category.items.length > 0);
  return menu;
}

/** JSON with sorted keys: a menu kept in jsonb comes back with its keys reordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const euro = (cents: number) => `€${centsToDecimalString(cents)}`;

/** What pushing `next` changes against `previous` (the menu last pushed; null: none yet). */
function menuChanges(previous: ShopMenu | null, next: ShopMenu): MenuPreview['changes'] {
  const changes: MenuPreview['changes'] = [];
  const itemsOf = (menu: ShopMenu | null) =>
    new Map(
      (menu?.categories ?? []).flatMap((category) =>
        category.items.map((item) => [item.id, { item, categoryId: category.id }] as const),
      ),
    );
  const before = itemsOf(previous);
  const after = itemsOf(next);
  const beforeCategories = new Map(previous?.categories.map((c) => [c.id, c]) ?? []);
  const afterCategories = new Map(next.categories.map((c) => [c.id, c]));
  for (const [id, category] of afterCategories) {
    if (!beforeCategories.has(id)) {
      changes.push({ change: 'added', kind: 'category', id, name: category.name, detail: '' });
    } else if (beforeCategories.get(id)!.name !== category.name) {
      changes.push({
        change: 'changed',
        kind: 'category',
        id,
        name: category.name,
        detail: `renamed from ${beforeCategories.get(id)!.name}`,
      });
    }
  }
  for (const [id, category] of beforeCategories) {
    if (!afterCategories.has(id)) {
      changes.push({ change: 'removed', kind: 'category', id, name: category.name, detail: '' });
    }
  }
  for (const [id, { item, categoryId }] of after) {
    const old = before.get(id);
    if (!old) {
      changes.push({
        change: 'added',
        kind: 'item',
        id,
        name: item.name,
        detail: `${euro(item.priceCents)}${item.available ? '' : ', sold out'}`,
      });
      continue;
    }
    const details: string[] = [];
    if (old.item.name !== item.name) details.push(`renamed from ${old.item.name}`);
    if (old.item.priceCents !== item.priceCents) {
      details.push(`price ${euro(old.item.priceCents)} → ${euro(item.priceCents)}`);
    }
    if (old.item.description !== item.description) details.push('description');
    if (old.item.imageUrl !== item.imageUrl)
      details.push(item.imageUrl ? 'photo' : 'photo removed');
    if (old.item.vatBp !== item.vatBp)
      details.push(`VAT ${old.item.vatBp / 100} % → ${item.vatBp / 100} %`);
    if (old.categoryId !== categoryId) details.push('moved to another category');
    if (old.item.available !== item.available)
      details.push(item.available ? 'on sale again' : 'sold out');
    if (canonical(old.item.options) !== canonical(item.options)) details.push('choices');
    if (details.length > 0) {
      changes.push({
        change: 'changed',
        kind: 'item',
        id,
        name: item.name,
        detail: details.join(', '),
      });
    }
  }
  for (const [id, { item }] of before) {
    if (!after.has(id))
      changes.push({ change: 'removed', kind: 'item', id, name: item.name, detail: '' });
  }
  return changes;
}

async function menuState(db: Db, platform: Platform) {
  const [row] = await db
    .select()
    .from(platformMenuState)
    .where(eq(platformMenuState.platform, platform));
  return row;
}

/** The page's preview of Push menu. */
export async function menuPreview(
  db: Db,
  platform: Platform,
  address: string,
  now: Date,
): Promise<MenuPreview> {
  const [menu, state, settings] = await Promise.all([
    shopMenuFor(db, platform, address, now),
    menuState(db, platform),
    getSettings(db, [`${platform}_menu_price_adjustment`]),
  ]);
  const adjustment = parsePriceAdjustment(settings[`${platform}_menu_price_adjustment`] ?? '') ?? {
    kind: 'none' as const,
  };
  return {
    platform,
    replacesWholeMenu: platform === 'wolt',
    priceAdjustment: describePriceAdjustment(adjustment),
    lastPushedAt: state?.pushedAt ? state.pushedAt.toISOString() : null,
    categories: menu.categories.length,
    items: menu.categories.reduce((sum, category) => sum + category.items.length, 0),
    changes: menuChanges((state?.pushedMenu as ShopMenu | null | undefined) ?? null, menu),
  };
}

/** Push menu: the menu as it is now, queued for the platform in its venue's queue. */
export async function queueMenuPush(
  db: Db,
  platform: Platform,
  address: string,
  now: Date,
): Promise<void> {
  const menu = await shopMenuFor(db, platform, address, now);
  await db.insert(outboundJobs).values({
    kind: 'platform-menu',
    payload: { platform, menu },
    serialKey: `${platform}:venue`,
  });
}

/** The platform took the menu: kept, so the next preview compares with it. */
export async function menuPushed(
  db: Db,
  platform: Platform,
  menu: ShopMenu,
  at: Date,
): Promise<void> {
  await db
    .insert(platformMenuState)
    .values({ platform, pushedMenu: menu, pushedAt: at })
    .onConflictDoUpdate({
      target: platformMenuState.platform,
      set: { pushedMenu: menu, pushedAt: at },
    });
}

// ---------------------------------------------------------------- the drift check

/**
 * What a platform shows, read back: by our id, whether each item and option value is on sale
 * (absent: not on the platform's menu), and whether the venue is online (null: not readable).
 */
export interface PlatformReadBack {
  items: Map<string, boolean>;
  /** Null when the platform's read-back does not tell option values apart. */
  options: Map<string, boolean> | null;
  online: boolean | null;
}

const label = (available: boolean) => (available ? 'on sale' : 'sold out');

/** The differences between what we sell now and what the platform shows. */
export function differences(
  ours: ShopMenu,
  theirs: PlatformReadBack,
  shouldBeOnline: boolean,
): PlatformDifference[] {
  const found: PlatformDifference[] = [];
  const seenOptions = new Set<string>();
  for (const category of ours.categories) {
    for (const item of category.items) {
      const shown = theirs.items.get(item.id);
      if (shown === undefined) {
        found.push({
          kind: 'item',
          id: item.id,
          name: item.name,
          ours: label(item.available),
          theirs: 'missing',
        });
      } else if (shown !== item.available) {
        found.push({
          kind: 'item',
          id: item.id,
          name: item.name,
          ours: label(item.available),
          theirs: label(shown),
        });
      }
      if (!theirs.options) continue;
      for (const option of item.options) {
        for (const value of option.values) {
          if (!value.markable || seenOptions.has(value.id)) continue;
          seenOptions.add(value.id);
          const shownValue = theirs.options.get(value.id);
          if (shownValue !== undefined && shownValue !== value.available) {
            found.push({
              kind: 'option',
              id: value.id,
              name: value.name,
              ours: label(value.available),
              theirs: label(shownValue),
            });
          }
        }
      }
    }
  }
  if (theirs.online !== null && theirs.online !== shouldBeOnline) {
    found.push({
      kind: 'venue',
      id: 'venue',
      name: 'Venue',
      ours: shouldBeOnline ? 'online' : 'offline',
      theirs: theirs.online ? 'online' : 'offline',
    });
  }
  return found;
}

/** Online orders are not paused (decision 014): the venues should be online. */
export async function shouldBeOnline(db: Db, now: Date): Promise<boolean> {
  const row = await readOnlineOrderingRow(db);
  if (!row) return true;
  if (row.pausedIndefinitely) return false;
  return !(row.pausedUntil && row.pausedUntil.getTime() > now.getTime());
}

export async function recordDrift(
  db: Db,
  platform: Platform,
  at: Date,
  result: { differences: PlatformDifference[] } | { error: string },
): Promise<void> {
  const set =
    'error' in result
      ? { driftCheckedAt: at, driftError: result.error.slice(0, 300) }
      : { driftCheckedAt: at, driftError: null, differences: result.differences };
  await db
    .insert(platformMenuState)
    .values({ platform, ...set })
    .onConflictDoUpdate({ target: platformMenuState.platform, set });
}

export async function platformDrift(db: Db, platform: Platform): Promise<PlatformDrift> {
  const state = await menuState(db, platform);
  return {
    checkedAt: state?.driftCheckedAt ? state.driftCheckedAt.toISOString() : null,
    error: state?.driftError ?? null,
    differences: (state?.differences as PlatformDifference[] | undefined) ?? [],
  };
}

/**
 * Fix: sends ours again for each difference, in the venue's queue: an item or option value's
 * state (missing items need Push menu, which the page offers), and the venue's online status.
 * Returns how many jobs were queued.
 */
export async function queueDriftFix(db: Db, platform: Platform): Promise<number> {
  const { differences: found } = await platformDrift(db, platform);
  const jobs: (typeof outboundJobs.$inferInsert)[] = [];
  for (const difference of found) {
    if (difference.theirs === 'missing') continue;
    if (difference.kind === 'venue') {
      const online = difference.ours === 'online';
      const row = online ? undefined : await readOnlineOrderingRow(db);
      jobs.push({
        kind: 'platform-venue',
        payload: {
          platform,
          online,
          until: row?.pausedUntil && !row.pausedIndefinitely ? row.pausedUntil.toISOString() : null,
        },
        serialKey: `${platform}:venue`,
      });
      continue;
    }
    const kind =
      difference.kind === 'item'
        ? 'item'
        : (
              await db
                .select({ id: sauceOptions.id })
                .from(sauceOptions)
                .where(eq(sauceOptions.id, difference.id))
            ).length > 0
          ? 'sauce'
          : 'addon';
    jobs.push({
      kind: 'platform-availability',
      payload: { platform, kind, id: difference.id, available: difference.ours === 'on sale' },
      serialKey: `${platform}:venue`,
    });
  }
  if (jobs.length > 0) await db.insert(outboundJobs).values(jobs);
  // The differences stay shown until a read-back finds them mended (Check now, or the timer).
  return jobs.length;
}
