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
