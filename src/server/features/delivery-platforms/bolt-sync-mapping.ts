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
 * id, as the restaurant's Bolt menu must carry it, as Push menu (below) sends it.
 */
import {
  shiftIsUsable,
  shiftPassesMidnight,
  WEEKDAYS,
  type Weekday,
} from '#shared/shop-hours/shop-clock.ts';
import type { WeekHours } from '#shared/shop-hours/shop-hours.ts';
import type { AvailabilityChange } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { ShopMenu } from './platform-menu.ts';

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

/**
 * Push menu (decision 027, amended 2026-11-27), ASSUMED: POST /genericClient/pushMenu (the
 * endpoint is confirmed, §3; whether it replaces the whole menu is not known), with
 *
 *   { "provider_id": 789,
 *     "menu": { "categories": [{ "id": "burgers", "name": "Burgers",
 *       "dishes": [{ "id": "<our item id>", "name": "…", "description": "…", "price": 1254,
 *         "vat_percentage": 13, "image_url": "https://…" | null, "is_available": true,
 *         "option_groups": [{ "id": "sauce", "name": "Sauce", "min": 0, "max": 1,
 *           "options": [{ "id": "<our id>", "name": "…", "price": 0, "is_available": true }] }] }] }] } }
 *
 * prices in cents (Bolt's money unit is not public either), answered `{ "code": 0 }`.
 *
 * The read-back, ASSUMED likewise: POST /genericClient/getMenu `{ "provider_id": 789 }`,
 * answered `{ "code": 0, "menu": <the same shape> }`. Bolt publishes no read of the
 * restaurant's status, so a paused or open venue is not compared.
 */
export function boltMenuBody(providerId: string | number, menu: ShopMenu) {
  return {
    provider_id: providerId,
    menu: {
      categories: menu.categories.map((category) => ({
        id: category.id,
        name: category.name,
        dishes: category.items.map((item) => ({
          id: item.id,
          name: item.name,
          description: item.description,
          price: item.priceCents,
          vat_percentage: item.vatBp / 100,
          image_url: item.imageUrl,
          is_available: item.available,
          option_groups: item.options.map((option) => ({
            id: option.id,
            name: option.name,
            min: 0,
            max: option.kind === 'single' ? 1 : option.values.length,
            options: option.values.map((value) => ({
              id: value.id,
              name: value.name,
              price: value.priceCents,
              is_available: value.available,
            })),
          })),
        })),
      })),
    },
  };
}

/** getMenu's answer (assumed, above): whether each dish and option is available, by our id. */
export function boltMenuShown(body: unknown): {
  items: Map<string, boolean>;
  options: Map<string, boolean>;
} {
  const items = new Map<string, boolean>();
  const options = new Map<string, boolean>();
  const categories = (body as { menu?: { categories?: unknown } } | null)?.menu?.categories;
  if (!Array.isArray(categories)) return { items, options };
  for (const category of categories as { dishes?: unknown }[]) {
    if (!Array.isArray(category.dishes)) continue;
    for (const dish of category.dishes as Record<string, unknown>[]) {
      if (typeof dish.id === 'string' && typeof dish.is_available === 'boolean') {
        items.set(dish.id, dish.is_available);
      }
      if (!Array.isArray(dish.option_groups)) continue;
      for (const group of dish.option_groups as { options?: unknown }[]) {
        if (!Array.isArray(group.options)) continue;
        for (const option of group.options as Record<string, unknown>[]) {
          if (typeof option.id === 'string' && typeof option.is_available === 'boolean') {
            options.set(option.id, option.is_available);
          }
        }
      }
    }
  }
  return { items, options };
}
