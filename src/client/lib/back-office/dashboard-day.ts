/**
 * The dashboard's day (spec back-office "Admin Dashboard": the day navigator). Days are
 * yyyy-MM-dd strings on the shop's calendar; "today" is what the server says it is (the `date`
 * of GET /api/admin/stats), never the browser's clock, which may sit in another time zone.
 */
import { dayStringSchema } from '#shared/admin-dashboard/dashboard.schema.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A real calendar date written yyyy-MM-dd. */
export function isDayString(value: unknown): value is string {
  return dayStringSchema.safeParse(value).success;
}

/** 'Sat 21 Nov 2026'. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The navigator's label: 'Today', or the formatted date. */
export function dayLabel(day: string, today: string | undefined): string {
  return day === today ? 'Today' : formatDay(day);
}

/**
 * The day the address asks for (?date=yyyy-MM-dd), or today without one. A day that is not a
 * date, or lies after today, shows today: there is nothing to see in the future.
 * `undefined` while today is not known yet and the address names no usable day.
 */
export function selectedDay(param: string | null, today: string | undefined): string | undefined {
  if (param !== null && isDayString(param) && (today === undefined || param <= today)) {
    return param;
  }
  return today;
}

/**
 * The ?date= value for a day: none for today, so that a bookmark of the dashboard keeps
 * following today.
 */
export function dateParamFor(day: string, today: string | undefined): string | null {
  return day === today ? null : day;
}
