/**
 * One date and time format on every customer page (the confirmation page, the Track Your
 * Meal results, /track): "24 Nov 2026, 18:05" and "18:05", a 24-hour clock as on the
 * truck's board, whatever the browser's language. In the browser's time zone unless told:
 * the customer is at the truck.
 */
import { zonedMoment } from '#shared/time/shop-time.ts';

const options = (timeZone?: string) => ({
  ...(timeZone ? { timeZone } : {}),
  hourCycle: 'h23' as const,
});

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  formats: Map<string, Intl.DateTimeFormat>,
  timeZone: string | undefined,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** "24 Nov 2026, 18:05". */
export function formatCustomerDateTime(date: Date | string, timeZone?: string): string {
  return cached(
    dateTimeFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        ...options(timeZone),
      }),
  ).format(new Date(date));
}

/** "18:05". */
export function formatCustomerClock(date: Date | string, timeZone?: string): string {
  return cached(
    clockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        ...options(timeZone),
      }),
  ).format(new Date(date));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A shop's calendar day (yyyy-MM-dd) as "Wed 2 Dec", or "Wednesday 2 December" when `long`: the
 * day a pre-order is for (decision 026). A calendar day, so read in UTC, never shifted by a zone.
 */
export function formatShopDay(date: string, long = false): string {
  return cached(
    dayFormats,
    long ? 'long' : 'short',
    () =>
      new Intl.DateTimeFormat('en-GB', {
        weekday: long ? 'long' : 'short',
        day: 'numeric',
        month: long ? 'long' : 'short',
        timeZone: 'UTC',
      }),
  )
    .format(new Date(`${date}T12:00:00Z`))
    .replace(',', '');
}

/**
 * "Pickup at 12:30" on the shop's clock, or "Pickup on Wed 2 Dec at 09:15" for a pickup on
 * another day than `now`'s in the shop (a pre-order, decision 026).
 */
export function pickupAtText(pickupAt: string, timeZone: string, now: Date = new Date()): string {
  const clock = formatCustomerClock(pickupAt, timeZone);
  const day = zonedMoment(new Date(pickupAt), timeZone).date;
  return day === zonedMoment(now, timeZone).date
    ? `Pickup at ${clock}`
    : `Pickup on ${formatShopDay(day)} at ${clock}`;
}
