/**
 * What we tell Wolt of our menu and hours (decision 027), all DOCUMENTED in Wolt's Menu and
 * Venue API references (integrations.md §2.6, §2.7; the official snapshot's update-items,
 * update-options and update-venue-opening-times operations).
 *
 * Sold out and back:
 *
 *   PATCH /venues/{venueId}/items          { "data": [{ "external_id": "<our item id>", "enabled": false }] }
 *   PATCH /venues/{venueId}/options/values { "data": [{ "external_id": "<our sauce or add-on id>", "enabled": true }] }
 *
 * both answered 202. An item names exactly one of external_id, gtin or sku; we use
 * external_id, our menu id, which the venue's Wolt menu must carry as the item's or value's
 * POS id (`external_data`): we do not push the menu itself (decision 017).
 *
 * A restaurant marks an item out of stock with `enabled`: Wolt documents `in_stock` as for
 * retail stores only. `disabled_until` (when a disabled item is on sale again) is documented,
 * but not how it combines with `enabled`, so it is not sent: the end of a mark is its own
 * call when it comes (decision 027). ASSUMED: Wolt's rate limits for restaurants (the retail
 * guide gives one Update Items request per 15 minutes); a 429 is retried with back-off.
 */
import {
  shiftIsUsable,
  shiftPassesMidnight,
  WEEKDAYS,
  type Weekday,
} from '#shared/shop-hours/shop-clock.ts';
import type { WeekHours } from '#shared/shop-hours/shop-hours.ts';
import type { AvailabilityChange } from './platform-api.ts';

export function woltAvailabilityRequest(venueId: string, change: AvailabilityChange) {
  const venue = encodeURIComponent(venueId);
  return {
    path: `/venues/${venue}/${change.kind === 'item' ? 'items' : 'options/values'}`,
    body: { data: [{ external_id: change.id, enabled: change.available }] },
  };
}

/**
 * Opening hours: PATCH /venues/{venueId}/opening-times
 * { "availability": [{ "opening_day": "MONDAY", "opening_time": "18:00",
 *                      "closing_day": "TUESDAY", "closing_time": "02:00" }] }, answered 202:
 * one entry per open shift of the week, in the shop's local time (Wolt reads the venue's). A
 * shift past midnight closes the next day; one that ends at midnight closes at "24:00" the same
 * day (Wolt's own example uses it); equal times are 24 hours. A day with no open shift is
 * closed. It replaces the week's hours (ASSUMED: the reference does not say whether the PATCH
 * merges; we always send the whole week, so either way it ends the same).
 */
export function woltOpeningTimesRequest(venueId: string, week: WeekHours) {
  const availability: {
    opening_day: string;
    opening_time: string;
    closing_day: string;
    closing_time: string;
  }[] = [];
  for (const day of WEEKDAYS) {
    const hours = week[day];
    if (!hours) continue;
    for (const shift of [hours.shift1, hours.shift2]) {
      if (!shiftIsUsable(shift)) continue;
      const untilMidnight = shift.close === '00:00';
      const nextDay = shiftPassesMidnight(shift) && !untilMidnight;
      availability.push({
        opening_day: day.toUpperCase(),
        opening_time: shift.open,
        closing_day: (nextDay ? followingDay(day) : day).toUpperCase(),
        closing_time: untilMidnight ? '24:00' : shift.close,
      });
    }
  }
  return {
    path: `/venues/${encodeURIComponent(venueId)}/opening-times`,
    body: { availability },
  };
}

function followingDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % WEEKDAYS.length]!;
}
