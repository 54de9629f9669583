import { isValidTimeZone } from '#shared/time/shop-time.ts';

type SoldOut = { until: string | null } | null | undefined;

/** Whether a sold-out mark still holds at `now` (a time that has passed means on sale). */
export function isSoldOut(soldOut: SoldOut, now: Date): boolean {
  if (!soldOut) return false;
  return soldOut.until === null || new Date(soldOut.until).getTime() > now.getTime();
}

/** HH:MM on the shop's clock (the browser's own when the zone is unknown). */
export function formatClock(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone && isValidTimeZone(timeZone) ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** 'Sold out · back at 18:00', 'Sold out · until turned back on', or null while on sale. */
export function soldOutText(soldOut: SoldOut, now: Date, timeZone?: string): string | null {
  if (!soldOut || !isSoldOut(soldOut, now)) return null;
  if (soldOut.until === null) return 'Sold out · until turned back on';
  return `Sold out · back at ${formatClock(soldOut.until, timeZone)}`;
}

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** ISO weekday 1 (Monday) to 7 (Sunday) as Mon..Sun. */
export const weekdayShort = (day: number) => WEEKDAY_SHORT[day - 1] ?? String(day);
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A discount's window in words: 'Always', or e.g. 'Mon, Fri · 11:00–14:00 · from 2026-01-01'. */
export function describeWindow(discount: {
  validFrom: string | null;
  validTo: string | null;
  weekdays: number[];
  timeFrom: string | null;
  timeTo: string | null;
}): string {
  const parts: string[] = [];
  if (discount.weekdays.length > 0 && discount.weekdays.length < 7) {
    parts.push(
      [...discount.weekdays]
        .sort((a, b) => a - b)
        .map(weekdayShort)
        .join(', '),
    );
  }
  if (discount.timeFrom && discount.timeTo) parts.push(`${discount.timeFrom}–${discount.timeTo}`);
  if (discount.validFrom && discount.validTo) {
    parts.push(`${discount.validFrom} to ${discount.validTo}`);
  } else if (discount.validFrom) {
    parts.push(`from ${discount.validFrom}`);
  } else if (discount.validTo) {
    parts.push(`until ${discount.validTo}`);
  }
  return parts.length > 0 ? parts.join(' · ') : 'Always';
}
