/**
 * When a sold-out mark ends (decision 010), in the shop's time zone: 'until 18:00' is the next
 * time the shop's clock shows 18:00; 'end of today's service' is the close of today's last
 * shift (the next midnight once the day's service is over or there is none).
 */
import {
  addDays,
  minutesOfDay,
  shopDayBounds,
  shopToday,
  zonedInstant,
} from '../time/shop-time.ts';

/** The next instant after `now` when the shop's clock shows `time`. */
export function nextTimeOfDay(now: Date, time: string, timeZone: string): Date {
  const today = shopToday(now, timeZone);
  const candidate = zonedInstant(today, time, timeZone);
  return candidate.getTime() > now.getTime()
    ? candidate
    : zonedInstant(addDays(today, 1), time, timeZone);
}

export interface TodayShift {
  open: string;
  close: string;
}

/** The end of today's service: the last close of today's shifts, else the next midnight. */
export function endOfTodaysService(now: Date, shifts: TodayShift[], timeZone: string): Date {
  const today = shopToday(now, timeZone);
  let last: Date | null = null;
  for (const shift of shifts) {
    const overnight = minutesOfDay(shift.close) <= minutesOfDay(shift.open);
    const close = zonedInstant(overnight ? addDays(today, 1) : today, shift.close, timeZone);
    if (!last || close > last) last = close;
  }
  if (last && last.getTime() > now.getTime()) return last;
  return shopDayBounds(today, timeZone).end;
}

/** 'back at 18:00': when a sold-out mark ends, on the shop's clock. */
export function backAtLabel(until: string, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(until));
  return `back at ${time}`;
}

/** 'Sold out · back at 18:00', or 'Sold out' while it lasts until turned back on. */
export function soldOutLabel(until: string | null, timeZone?: string): string {
  return until === null ? 'Sold out' : `Sold out · ${backAtLabel(until, timeZone)}`;
}

/** Whether a sold-out mark still holds at `now` (a passed `until` means on sale again). */
export function isSoldOutAt(soldOut: { until: string | null } | null | undefined, now: Date) {
  if (!soldOut) return false;
  return soldOut.until === null || new Date(soldOut.until).getTime() > now.getTime();
}
