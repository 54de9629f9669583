/**
 * Shop hours and the open/closed rule, evaluated in the shop's time zone.
 * Spec: up to two shifts a day. A shift whose closing time is not after its
 * opening time runs past midnight into the next day (18:00-02:00), and
 * 12:00-00:00 means "until midnight".
 */
import { z } from 'zod';
import { onlineOrderingSchema } from '../online-ordering/online-ordering.ts';

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
export const weekdaySchema = z.enum(WEEKDAYS, { error: 'Unknown day: use monday to sunday' });

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDaySchema = z.string().regex(hhmm, 'Use a time like 09:30');

export const shiftSchema = z.object({
  open: timeOfDaySchema.nullable(),
  close: timeOfDaySchema.nullable(),
  isOpen: z.boolean(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const dayHoursSchema = z.object({ shift1: shiftSchema, shift2: shiftSchema });
export type DayHours = z.infer<typeof dayHoursSchema>;

/** Body of PUT /api/admin/shop-hours/:day, with the spec's messages. */
export const dayHoursUpdateSchema = dayHoursSchema.superRefine((value, ctx) => {
  for (const [key, label] of [
    ['shift1', 'Shift 1'],
    ['shift2', 'Shift 2'],
  ] as const) {
    const shift = value[key];
    if (shift.isOpen && (!shift.open || !shift.close)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `Please set both opening and closing times for ${label}`,
      });
    }
  }
});

/** GET /api/admin/shop-hours: keyed by weekday name; a day with no row is absent. */
export const weekHoursSchema = z.partialRecord(weekdaySchema, dayHoursSchema);
export type WeekHours = z.infer<typeof weekHoursSchema>;

/** Spec back-office §9: shift 1 09:00-15:00 closed, shift 2 18:00-22:00 closed. */
export const DEFAULT_DAY_HOURS: DayHours = {
  shift1: { open: '09:00', close: '15:00', isOpen: false },
  shift2: { open: '18:00', close: '22:00', isOpen: false },
};

export const openShiftSchema = z.object({ open: z.string(), close: z.string() });
export const shopStatusSchema = z.object({
  isOpen: z.boolean(),
  todayHours: z.object({ shift1: openShiftSchema.optional(), shift2: openShiftSchema.optional() }),
  /** HH:MM in the shop's time zone. */
  currentTime: z.string(),
  today: weekdaySchema,
  timeZone: z.string(),
  /** Pause and busy mode (decision 014); GET /api/shop-status always sends it. */
  onlineOrdering: onlineOrderingSchema.optional(),
});
export type ShopStatus = z.infer<typeof shopStatusSchema>;

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
