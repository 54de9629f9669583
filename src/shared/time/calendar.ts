/**
 * Calendar days and times of day with no time zone in them (decision 025): days are yyyy-MM-dd
 * strings, times "HH:MM". Part of the time module (shop-time.ts re-exports all of it); a file on
 * the storefront's first load (decision 016) imports this one directly, so that the zone code
 * stays out of that bundle.
 */
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

const DAY_MS = 86_400_000;

/** Minutes since midnight of "HH:MM": '09:30' is 570. */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * A calendar day and a time of day as one count of ms, as though the clock were UTC's: the
 * time module's own arithmetic (shop-time.ts), not for the rest of the code.
 */
export function wallMs(date: string, minutes: number): number {
  const [y, mo, d] = date.split('-').map(Number);
  return Date.UTC(y!, mo! - 1, d!, 0, minutes);
}

/** The calendar day (yyyy-MM-dd) of a `wallMs` count. */
export const dateOfWallMs = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/** A calendar day plus `days` (negative goes back): '2026-03-01' - 1 is '2026-02-28'. */
export function addDays(date: string, days: number): string {
  return dateOfWallMs(wallMs(date, days * 24 * 60));
}

/** The weekday of a calendar day: '2026-11-30' is 'monday'. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay counts from Sunday (0); WEEKDAYS from Monday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Whole days from `from` to `to`: '2026-03-01' to '2026-03-08' is 7 (negative when before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((wallMs(to, 0) - wallMs(from, 0)) / DAY_MS);
}
