/**
 * The one place that knows about time zones and calendar days (decision 025). The shop's clock
 * runs in its time zone (settings `shop_time_zone`); days are yyyy-MM-dd strings on the shop's
 * calendar, times of day "HH:MM" on its clock. The zone's offset at an instant comes from
 * @date-fns/tz (`tzOffset`, on the runtime's own time-zone data); nothing else here reads a zone.
 *
 * The module is this file and calendar.ts (days and times with no zone, re-exported here):
 * import from here, except on the storefront's first load (decision 016), which imports
 * calendar.ts alone. Pure: the browser runs it too (the calendar's today, the POS's discounts).
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
import { addDays, dateOfWallMs, minutesOfDay, wallMs, WEEKDAYS, type Weekday } from './calendar.ts';

export { addDays, daysBetween, minutesOfDay, WEEKDAYS, type Weekday } from './calendar.ts';

/** What the shop's clock and calendar show at an instant. */
export interface ZonedMoment {
  day: Weekday;
  /** Minutes since midnight, 0-1439. */
  minutes: number;
  /** HH:MM */
  time: string;
  /** yyyy-MM-dd in the zone. */
  date: string;
}

const MINUTE_MS = 60_000;

/** Whether the runtime knows `timeZone` (an IANA name such as Europe/Tallinn, or UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const knownZones = new Set<string>();

/** The zone's offset from UTC at `at` (ms since the epoch), in ms; a RangeError for no zone. */
function offsetMs(timeZone: string, at: number): number {
  if (!knownZones.has(timeZone)) {
    // tzOffset answers NaN (or reads an offset out of the name) for a zone Intl does not know:
    // refuse it as Intl does.
    if (!isValidTimeZone(timeZone)) throw new RangeError(`Invalid time zone: ${timeZone}`);
    knownZones.add(timeZone);
  }
  return Math.round(tzOffset(timeZone, new Date(at)) * MINUTE_MS);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** What the zone's clock and calendar show at `instant`. */
export function zonedMoment(instant: Date, timeZone: string): ZonedMoment {
  const at = instant.getTime();
  const wall = new Date(at + offsetMs(timeZone, at));
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  return {
    // getUTCDay counts from Sunday (0); WEEKDAYS from Monday.
    day: WEEKDAYS[(wall.getUTCDay() + 6) % 7]!,
    minutes: hour * 60 + minute,
    time: `${pad(hour)}:${pad(minute)}`,
    date: dateOfWallMs(wall.getTime()),
  };
}

/** Today on the shop's calendar (yyyy-MM-dd) at `now`. */
export function shopToday(now: Date, timeZone: string): string {
  return zonedMoment(now, timeZone).date;
}

/**
 * The instant the zone's clock shows `time` (HH:MM) on `date` (yyyy-MM-dd). The offset is read
 * at the wall time taken as UTC, then again at the instant that gives, so a time on either side
 * of a daylight-saving change lands right. A time the clocks skip (03:30 in Tallinn on the
 * spring-forward day) or show twice (03:30 on the fall-back day) resolves as it always has here:
 * see the tables in shop-time.test.ts (decision 025).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = wallMs(date, minutesOfDay(time));
  const guess = wall - offsetMs(timeZone, wall);
  return new Date(wall - offsetMs(timeZone, guess));
}

/**
 * The shop's calendar day `date` as the instants [start, end): from its midnight to the next
 * day's, 23 or 25 hours long on the days the clocks change.
 */
export function shopDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedInstant(date, '00:00', timeZone),
    end: zonedInstant(addDays(date, 1), '00:00', timeZone),
  };
}
