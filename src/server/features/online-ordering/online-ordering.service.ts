/**
 * Pause and busy mode (decision 014). One row; a pause or busy mode whose time has
 * passed is over when it is read, so nothing has to run to lift it.
 */
import type { Db } from '../../db/client.ts';
import { onlineOrdering } from '../../db/schema.ts';
import { onlineOrderingAt, type OnlineOrdering } from '#shared/online-ordering/online-ordering.ts';
import { endOfTodaysService } from '#shared/menu/sold-out-until.ts';
import {
  getShopStatus,
  getShopTimeZone,
  ONLINE_ORDERING_ROW_ID as ROW_ID,
  readOnlineOrderingRow,
} from '../shop-hours/index.ts';

async function writeRow(db: Db, values: Partial<typeof onlineOrdering.$inferInsert>, now: Date) {
  await db
    .insert(onlineOrdering)
    .values({ id: ROW_ID, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: onlineOrdering.id, set: { ...values, updatedAt: now } });
}

export async function getOnlineOrdering(
  db: Db,
  now: Date,
  timeZone?: string,
): Promise<OnlineOrdering> {
  const [row, zone] = await Promise.all([
    readOnlineOrderingRow(db),
    timeZone ?? getShopTimeZone(db),
  ]);
  return onlineOrderingAt(row, now, zone);
}

/**
 * Pause for `minutes`, or until someone resumes (null). A pause by hand: the kitchen watchdog
 * never lifts it (decision 023).
 */
export async function pauseOnlineOrders(db: Db, minutes: number | null, now: Date) {
  await writeRow(
    db,
    minutes === null
      ? { pausedIndefinitely: true, pausedUntil: null, pausedBy: 'manual' }
      : {
          pausedIndefinitely: false,
          pausedUntil: new Date(now.getTime() + minutes * 60_000),
          pausedBy: 'manual',
        },
    now,
  );
  return getOnlineOrdering(db, now);
}

export async function resumeOnlineOrders(db: Db, now: Date) {
  await writeRow(db, { pausedIndefinitely: false, pausedUntil: null, pausedBy: null }, now);
  return getOnlineOrdering(db, now);
}

/** Busy mode lasts until the end of today's service (a busy evening is not a busy tomorrow). */
export async function setBusyMode(db: Db, extraMinutes: number, now: Date) {
  if (extraMinutes === 0) {
    await writeRow(db, { busyExtraMinutes: 0, busyUntil: null }, now);
  } else {
    const status = await getShopStatus(db, now);
    const shifts = [status.todayHours.shift1, status.todayHours.shift2].filter(
      (shift) => shift !== undefined,
    );
    const until = endOfTodaysService(now, shifts, status.timeZone);
    await writeRow(db, { busyExtraMinutes: extraMinutes, busyUntil: until }, now);
  }
  return getOnlineOrdering(db, now);
}
