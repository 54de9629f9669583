/**
 * The shop's clock and the open/closed rule (spec: up to two shifts a day; a shift whose closing
 * time is not after its opening time runs past midnight into the next day, 18:00-02:00, and
 * 12:00-00:00 means "until midnight"), evaluated in the shop's time zone.
 *
 * NOTE: no zod here (decision 016): the storefront's entry bundle imports these rules, and the
 * schemas (shop-hours.ts, which re-exports all of this) stay out of it.
 */
import type { DayHours, Shift, ShopStatus, WeekHours } from './shop-hours.ts';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Spec back-office §9: shift 1 09:00-15:00 closed, shift 2 18:00-22:00 closed. */
export const DEFAULT_DAY_HOURS: DayHours = {
  shift1: { open: '09:00', close: '15:00', isOpen: false },
  shift2: { open: '18:00', close: '22:00', isOpen: false },
};

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface ZonedMoment {
  day: Weekday;
  /** Minutes since midnight, 0-1439. */
  minutes: number;
  /** HH:MM */
  time: string;
  /** yyyy-MM-dd in the zone. */
  date: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What day and time it is at `now` in `timeZone`. */
export function zonedMoment(now: Date, timeZone: string): ZonedMoment {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return {
    day: String(parts.weekday).toLowerCase() as Weekday,
    minutes: hour * 60 + minute,
    time,
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** True when the shift passes midnight (close not after open); equal times mean 24 hours. */
export function shiftPassesMidnight(shift: Shift): boolean {
  return (
    shift.open !== null && shift.close !== null && toMinutes(shift.close) <= toMinutes(shift.open)
  );
}

function shiftIsUsable(shift: Shift | undefined): shift is Shift & { open: string; close: string } {
  return Boolean(shift && shift.isOpen && shift.open && shift.close);
}

function openOnItsOwnDay(shift: Shift | undefined, minutes: number): boolean {
  if (!shiftIsUsable(shift)) return false;
  const open = toMinutes(shift.open);
  const close = toMinutes(shift.close);
  return close > open ? minutes >= open && minutes < close : minutes >= open;
}

function openAsSpillover(shift: Shift | undefined, minutes: number): boolean {
  if (!shiftIsUsable(shift) || !shiftPassesMidnight(shift)) return false;
  return minutes < toMinutes(shift.close);
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
