/** Shop hours and the shop's time zone, written straight into the database. */
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { settings, shopHours } from '#server/db/schema.ts';
import {
  WEEKDAYS,
  type DayHours,
  type Shift,
  type WeekHours,
} from '#shared/shop-hours/shop-hours.ts';

export const CLOSED_SHIFT: Shift = { open: null, close: null, isOpen: false };
export const CLOSED_DAY: DayHours = { shift1: CLOSED_SHIFT, shift2: CLOSED_SHIFT };

/**
 * An open shift `open`-`close`; '18:00', '02:00' runs past midnight. `unitsPerSlot`: its own
 * kitchen capacity (decision 026).
 */
export const openShift = (open: string, close: string, unitsPerSlot?: number): Shift => ({
  open,
  close,
  isOpen: true,
  ...(unitsPerSlot !== undefined && { unitsPerSlot }),
});

/** A day with the given open shifts (at most two); missing shifts are closed. */
export function dayHours(shift1?: Shift, shift2?: Shift): DayHours {
  return { shift1: shift1 ?? CLOSED_SHIFT, shift2: shift2 ?? CLOSED_SHIFT };
}

/** Replaces the whole week: days not in `week` are closed all day. */
export async function setWeekHours(db: Db, week: WeekHours): Promise<void> {
  for (const day of WEEKDAYS) {
    const hours = week[day] ?? CLOSED_DAY;
    const row = {
      shift1Open: hours.shift1.open,
      shift1Close: hours.shift1.close,
      shift1IsOpen: hours.shift1.isOpen,
      shift2Open: hours.shift2.open,
      shift2Close: hours.shift2.close,
      shift2IsOpen: hours.shift2.isOpen,
      shift1UnitsPerSlot: hours.shift1.unitsPerSlot ?? null,
      shift2UnitsPerSlot: hours.shift2.unitsPerSlot ?? null,
    };
    await db
      .insert(shopHours)
      .values({ day, ...row })
      .onConflictDoUpdate({ target: shopHours.day, set: row });
  }
}

/** Sets one setting (inserting the row when it is missing). */
export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}
