/**
 * GET /api/shop-status in two parts: what is stored (the week's hours, the time zone, pause and
 * busy mode), which only a change alters and so is kept in memory (http/public-cache.ts), and
 * the answer at a moment, worked out from those and kept only until the clock may change it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { onlineOrdering as onlineOrderingTable } from '../../db/schema.ts';
import {
  evaluateShopStatus,
  type ShopStatus,
  type WeekHours,
} from '#shared/shop-hours/shop-hours.ts';
import {
  onlineOrderingAt,
  type OnlineOrderingRow,
} from '#shared/online-ordering/online-ordering.ts';
import { getWeekHours, shopTimeZoneOf } from './shop-hours.service.ts';
import { getSettings } from '../settings/index.ts';
import { preOrderDay } from '#shared/pickup/pickup-slots.ts';

/** The one row of pause and busy mode (decision 014). */
export const ONLINE_ORDERING_ROW_ID = 1;

/**
 * The stored pause and busy mode (none until the first change). Read here, with the hours, as
 * part of the shop's status; online-ordering writes it. Kept in this feature so the shop's status
 * does not depend on the feature that pauses orders, which itself reads the hours.
 */
export async function readOnlineOrderingRow(db: Db) {
  const [row] = await db
    .select()
    .from(onlineOrderingTable)
    .where(eq(onlineOrderingTable.id, ONLINE_ORDERING_ROW_ID));
  return row;
}

export interface ShopStatusInputs {
  hours: WeekHours;
  timeZone: string;
  onlineOrdering: OnlineOrderingRow | undefined;
  /** The setting pre_orders_enabled (decision 026). */
  preOrdersEnabled: boolean;
}

export async function readShopStatusInputs(db: Db): Promise<ShopStatusInputs> {
  const [hours, values, onlineOrdering] = await Promise.all([
    getWeekHours(db),
    getSettings(db, ['shop_time_zone', 'pre_orders_enabled']),
    readOnlineOrderingRow(db),
  ]);
  return {
    hours,
    timeZone: shopTimeZoneOf(values.shop_time_zone),
    onlineOrdering,
    preOrdersEnabled: values.pre_orders_enabled !== 'false',
  };
}

/**
 * Open or closed at `now`, with pause and busy mode riding along (decision 014), and, while
 * closed, the day of the next opening the website takes pre-orders for (decision 026).
 */
export function shopStatusAt(inputs: ShopStatusInputs, now: Date): ShopStatus {
  const status = evaluateShopStatus(inputs.hours, now, inputs.timeZone);
  return {
    ...status,
    onlineOrdering: onlineOrderingAt(inputs.onlineOrdering, now, inputs.timeZone),
    preOrderDate:
      !status.isOpen && inputs.preOrdersEnabled
        ? preOrderDay(inputs.hours, now, inputs.timeZone)
        : null,
  };
}

/**
 * The answer at `now` holds until the next minute (every zone's offset is whole minutes, so
 * the shop's clock turns with UTC's) or the end of a pause or busy mode, whichever is first.
 */
export function shopStatusHoldsUntil(inputs: ShopStatusInputs, now: Date): Date {
  const at = now.getTime();
  let until = (Math.floor(at / 60_000) + 1) * 60_000;
  for (const end of [inputs.onlineOrdering?.pausedUntil, inputs.onlineOrdering?.busyUntil]) {
    if (end && end.getTime() > at && end.getTime() < until) until = end.getTime();
  }
  return new Date(until);
}
