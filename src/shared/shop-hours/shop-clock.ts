/**
 * The shop's week and shifts (spec: up to two shifts a day; a shift whose closing time is not
 * after its opening time runs past midnight into the next day, 18:00-02:00, and 12:00-00:00
 * means "until midnight") and how the storefront describes them. Open or closed at a moment, in
 * the shop's time zone, is shop-status.ts.
 *
 * NOTE: no zod and no time zones here (decisions 016 and 025): the storefront's entry bundle
 * imports these rules, and the schemas (shop-hours.ts, which re-exports all of this) and the
 * zone code (time/shop-time.ts) stay out of it.
 */
import type { DayHours, Shift, ShopStatus } from './shop-hours.ts';
import { minutesOfDay, WEEKDAYS, type Weekday } from '../time/calendar.ts';

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

export function shiftIsUsable(
  shift: Shift | undefined,
): shift is Shift & { open: string; close: string } {
  return Boolean(shift && shift.isOpen && shift.open && shift.close);
}

export function previousWeekday(day: Weekday): Weekday {
  const index = WEEKDAYS.indexOf(day);
  return WEEKDAYS[(index + WEEKDAYS.length - 1) % WEEKDAYS.length]!;
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
