/**
 * Open or closed at a moment (spec: the shop's hours, evaluated on its clock in its time zone;
 * a shift past midnight keeps the shop open into the next day's small hours).
 */
import type { Shift, ShopStatus, WeekHours } from './shop-hours.ts';
import { previousWeekday, shiftIsUsable, shiftPassesMidnight } from './shop-clock.ts';
import { minutesOfDay, zonedMoment } from '../time/shop-time.ts';

function openOnItsOwnDay(shift: Shift | undefined, minutes: number): boolean {
  if (!shiftIsUsable(shift)) return false;
  const open = minutesOfDay(shift.open);
  const close = minutesOfDay(shift.close);
  return close > open ? minutes >= open && minutes < close : minutes >= open;
}

function openAsSpillover(shift: Shift | undefined, minutes: number): boolean {
  if (!shiftIsUsable(shift) || !shiftPassesMidnight(shift)) return false;
  return minutes < minutesOfDay(shift.close);
}

/** The open/closed answer of GET /api/shop-status. */
export function evaluateShopStatus(hours: WeekHours, now: Date, timeZone: string): ShopStatus {
  const moment = zonedMoment(now, timeZone);
  const today = hours[moment.day];
  const yesterday = hours[previousWeekday(moment.day)];
  const isOpen =
    openOnItsOwnDay(today?.shift1, moment.minutes) ||
    openOnItsOwnDay(today?.shift2, moment.minutes) ||
    openAsSpillover(yesterday?.shift1, moment.minutes) ||
    openAsSpillover(yesterday?.shift2, moment.minutes);

  const todayHours: ShopStatus['todayHours'] = {};
  if (shiftIsUsable(today?.shift1))
    todayHours.shift1 = { open: today.shift1.open, close: today.shift1.close };
  if (shiftIsUsable(today?.shift2))
    todayHours.shift2 = { open: today.shift2.open, close: today.shift2.close };

  return { isOpen, todayHours, currentTime: moment.time, today: moment.day, timeZone };
}
