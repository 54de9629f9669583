/**
 * What we tell Bolt Food of our menu and hours (decision 027). Confirmed (integrations.md §3):
 * the endpoints, POST /genericClient/updateMenuItemAvailability and updateProviderSchedule,
 * signed like every call. ASSUMPTION: their bodies, which are not public in what we could
 * reach. This file is the one place that guesses them, to be replaced when sandbox access
 * exists. Sold out and back:
 *
 *   { "provider_id": 789,
 *     "items": [{ "id": "<our item, sauce or add-on id>", "type": "dish" | "option",
 *                 "is_available": false }] }
 *
 * answered `{ "code": 0 }` on success like Bolt's other calls (also assumed). `id` is our menu
 * id, as the restaurant's Bolt menu must carry it: we do not push the menu itself.
 */
import {
  shiftIsUsable,
  shiftPassesMidnight,
  WEEKDAYS,
  type Weekday,
} from '#shared/shop-hours/shop-clock.ts';
import type { WeekHours } from '#shared/shop-hours/shop-hours.ts';
import type { AvailabilityChange } from './platform-api.ts';

export function boltAvailabilityBody(providerId: string | number, change: AvailabilityChange) {
  return {
    provider_id: providerId,
    items: [
      {
        id: change.id,
        type: change.kind === 'item' ? 'dish' : 'option',
        is_available: change.available,
      },
    ],
  };
}

/**
 * Opening hours, ASSUMED: updateProviderSchedule with the whole week as windows within a day,
 * in the shop's local time, a shift past midnight split at it:
 *
 *   { "provider_id": 789,
 *     "schedule": [{ "day": "MONDAY", "open_time": "18:00", "close_time": "24:00" },
 *                  { "day": "TUESDAY", "open_time": "00:00", "close_time": "02:00" }] }
 *
 * `open_time` before `close_time`, which may be "24:00"; a day's windows do not overlap (two
 * that meet or overlap, such as 00:00-12:00 and 12:00-24:00, or last night's shift running into
 * the morning's, are sent as one), in the order of the week. A day without a window is closed.
 */
export function boltScheduleBody(providerId: string | number, week: WeekHours) {
  const schedule: { day: string; open_time: string; close_time: string }[] = [];
  const add = (day: Weekday, open: string, close: string) =>
    schedule.push({ day: day.toUpperCase(), open_time: open, close_time: close });
  for (const day of WEEKDAYS) {
    const hours = week[day];
    if (!hours) continue;
    for (const shift of [hours.shift1, hours.shift2]) {
      if (!shiftIsUsable(shift)) continue;
      if (!shiftPassesMidnight(shift)) {
        add(day, shift.open, shift.close);
        continue;
      }
      add(day, shift.open, '24:00');
      if (shift.close !== '00:00') {
        add(WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % WEEKDAYS.length]!, '00:00', shift.close);
      }
    }
  }
  return { provider_id: providerId, schedule: mergedByDay(schedule) };
}

function mergedByDay<T extends { day: string; open_time: string; close_time: string }>(
  windows: T[],
): T[] {
  const merged: T[] = [];
  for (const day of WEEKDAYS.map((weekday) => weekday.toUpperCase())) {
    const sorted = windows
      .filter((window) => window.day === day)
      .sort((a, b) => a.open_time.localeCompare(b.open_time));
    let current: T | undefined;
    for (const window of sorted) {
      if (current && window.open_time <= current.close_time) {
        if (window.close_time > current.close_time) current.close_time = window.close_time;
        continue;
      }
      current = { ...window };
      merged.push(current);
    }
  }
  return merged;
}
