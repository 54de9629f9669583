import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopHours } from '../../db/schema.ts';
import {
  type DayHours,
  evaluateShopStatus,
  type ShopStatus,
  type WeekHours,
  type Weekday,
  WEEKDAYS,
} from '#shared/shop-hours/shop-hours.ts';
import { isValidTimeZone, shopToday as shopTodayIn } from '#shared/time/shop-time.ts';
import { SETTINGS } from '#shared/settings/settings.schema.ts';
import { getSetting } from '../settings/index.ts';

export async function getWeekHours(db: Db): Promise<WeekHours> {
  return weekHoursOf(await db.select().from(shopHours).orderBy(asc(shopHours.day)));
}

type ShopHoursRow = Omit<typeof shopHours.$inferSelect, 'updatedAt'>;

/** The week from the shop_hours rows (any order). */
export function weekHoursOf(rows: ShopHoursRow[]): WeekHours {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const week: WeekHours = {};
  // Monday to Sunday, in the order people read a week.
  for (const day of WEEKDAYS) {
    const row = byDay.get(day);
    if (!row) continue;
    week[day] = {
      shift1: {
        open: row.shift1Open,
        close: row.shift1Close,
        isOpen: row.shift1IsOpen,
        // A shift's own capacity (decision 026), only when it has one.
        ...(row.shift1UnitsPerSlot != null && { unitsPerSlot: row.shift1UnitsPerSlot }),
      },
      shift2: {
        open: row.shift2Open,
        close: row.shift2Close,
        isOpen: row.shift2IsOpen,
        ...(row.shift2UnitsPerSlot != null && { unitsPerSlot: row.shift2UnitsPerSlot }),
      },
    };
  }
  return week;
}

/** The shop's IANA time zone; a broken setting falls back to the default rather than failing. */
export async function getShopTimeZone(db: Db): Promise<string> {
  return shopTimeZoneOf(await getSetting(db, 'shop_time_zone'));
}

/** The setting's value if it is a time zone, else the default. */
export function shopTimeZoneOf(setting: string): string {
  return isValidTimeZone(setting) ? setting : SETTINGS.shop_time_zone.defaultValue;
}

export async function getShopStatus(db: Db, now: Date): Promise<ShopStatus> {
  const [hours, timeZone] = await Promise.all([getWeekHours(db), getShopTimeZone(db)]);
  return evaluateShopStatus(hours, now, timeZone);
}

/** PUT /api/admin/shop-hours/:day: replaces that day's two shifts; takes effect at once. */
export async function setDayHours(db: Db, day: Weekday, hours: DayHours): Promise<DayHours> {
  const values = {
    shift1Open: hours.shift1.open,
    shift1Close: hours.shift1.close,
    shift1IsOpen: hours.shift1.isOpen,
    shift2Open: hours.shift2.open,
    shift2Close: hours.shift2.close,
    shift2IsOpen: hours.shift2.isOpen,
    // Left out: the shop's capacity (decision 026).
    shift1UnitsPerSlot: hours.shift1.unitsPerSlot ?? null,
    shift2UnitsPerSlot: hours.shift2.unitsPerSlot ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(shopHours)
    .values({ day, ...values })
    .onConflictDoUpdate({ target: shopHours.day, set: values });
  return hours;
}

/** Today on the shop's clock, yyyy-MM-dd (the dashboard's and the analytics' day). */
export async function shopToday(db: Db, now: Date): Promise<string> {
  return shopTodayIn(now, await getShopTimeZone(db));
}
