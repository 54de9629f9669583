/**
 * The shop's clock and the open/closed rule (spec: up to two shifts a day; a shift whose closing
 * time is not after its opening time runs past midnight into the next day, 18:00-02:00, and
 * 12:00-00:00 means "until midnight"), evaluated in the shop's time zone.
 *
 * NOTE: no zod here (decision 016): the storefront's entry bundle imports these rules, and the
 * schemas (shop-hours.ts, which re-exports all of this) stay out of it.
 */
import type { DayHours, Shift, ShopStatus, WeekHours } from './shop-hours.ts';
import { minutesOfDay, WEEKDAYS, zonedMoment, type Weekday } from '../time/shop-time.ts';

// The weekdays are the shop clock's (decision 025); the hours' schemas and screens read them here.
export { WEEKDAYS, type Weekday };

/** Spec back-office §9: shift 1 09:00-15:00 closed, shift 2 18:00-22:00 closed. */
export const DEFAULT_DAY_HOURS: DayHours = {
  shift1: { open: '09:00', close: '15:00', isOpen: false },
  shift2: { open: '18:00', close: '22:00', isOpen: false },
};

/** True when the shift passes midnight (close not after open); equal times mean 24 hours. */
export function shiftPassesMidnight(shift: Shift): boolean {
  return (
    shift.open !== null &&
    shift.close !== null &&
    minutesOfDay(shift.close) <= minutesOfDay(shift.open)
  );
}

function shiftIsUsable(shift: Shift | undefined): shift is Shift & { open: string; close: string } {
  return Boolean(shift && shift.isOpen && shift.open && shift.close);
}

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

export function previousWeekday(day: Weekday): Weekday {
  const index = WEEKDAYS.indexOf(day);
  return WEEKDAYS[(index + WEEKDAYS.length - 1) % WEEKDAYS.length]!;
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

/** "09:00 - 15:00, 18:00 - 22:00", or null when no shift is open that day. */
export function describeDayHours(day: DayHours | undefined): string | null {
  if (!day) return null;
  const shifts = [day.shift1, day.shift2].filter(shiftIsUsable);
  if (shifts.length === 0) return null;
  return shifts.map((shift) => `${shift.open} - ${shift.close}`).join(', ');
}

/** The closed banner's text for today (spec customer-site §2). */
export function describeTodayHours(todayHours: ShopStatus['todayHours']): string | null {
  const shifts = [todayHours.shift1, todayHours.shift2].filter(
    (shift): shift is { open: string; close: string } => Boolean(shift),
  );
  if (shifts.length === 0) return null;
  return shifts.map((shift) => `${shift.open} - ${shift.close}`).join(', ');
}
