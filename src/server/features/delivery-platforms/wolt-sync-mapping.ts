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
 * POS id (`external_data`), as Push menu (below) sends it.
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
import type { AvailabilityChange } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { ShopMenu } from './platform-menu.ts';

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

/**
 * Push menu (decision 027, amended 2026-11-27): POST /v1/restaurants/{venueId}/menu, which
 * creates or REPLACES the venue's whole menu (integrations.md §2.7, documented; the page says
 * so before sending). The body, in the create-menu schema's fields:
 *
 *   { "id": "<venue id>", "currency": "EUR", "primary_language": "en",
 *     "categories": [{ "id": "burgers", "name": [{ "lang": "en", "value": "Burgers" }],
 *       "items": [{ "name": [...], "description": [...], "price": 12.54,
 *         "sales_tax_percentage": 13, "enabled": true,
 *         "delivery_methods": ["homedelivery", "takeaway"], "external_data": "<our item id>",
 *         "image_url": "https://…/images/menu/classic-smash-burger.svg",
 *         "options": [{ "name": [...], "type": "SingleChoice" | "MultiChoice",
 *           "selection_range": { "min": 0, "max": 1 }, "external_data": "sauce" | "bread" | "addons",
 *           "values": [{ "name": [...], "price": 0, "enabled": true, "default": false,
 *                        "external_data": "<our sauce, bread or add-on id>" }] }] }] }] }
 *
 * DOCUMENTED: the fields of the minimal example (§2.7), prices in major units including tax
 * (a double: 1254 cents is 12.54), `external_data` as the POS id that comes back in orders
 * (`pos_id`, `value_pos_id`). ASSUMED: `image_url` as the photo's field (not in the example),
 * "SingleChoice" as the one-of type beside the example's "MultiChoice", the answer (any 2xx:
 * Wolt may process it asynchronously, §2.7 says to check the code in the sandbox).
 */
export function woltMenuRequest(venueId: string, menu: ShopMenu) {
  const text = (value: string) => [{ lang: 'en', value }];
  return {
    path: `/v1/restaurants/${encodeURIComponent(venueId)}/menu`,
    body: {
      id: venueId,
      currency: 'EUR',
      primary_language: 'en',
      categories: menu.categories.map((category) => ({
        id: category.id,
        name: text(category.name),
        items: category.items.map((item) => ({
          name: text(item.name),
          description: text(item.description),
          price: item.priceCents / 100,
          sales_tax_percentage: item.vatBp / 100,
          enabled: item.available,
          delivery_methods: ['homedelivery', 'takeaway'],
          external_data: item.id,
          ...(item.imageUrl && { image_url: item.imageUrl }),
          options: item.options.map((option) => ({
            name: text(option.name),
            type: option.kind === 'single' ? 'SingleChoice' : 'MultiChoice',
            selection_range: { min: 0, max: option.kind === 'single' ? 1 : option.values.length },
            external_data: option.id,
            values: option.values.map((value) => ({
              name: text(value.name),
              price: value.priceCents / 100,
              enabled: value.available,
              default: false,
              external_data: value.id,
            })),
          })),
        })),
      })),
    },
  };
}

/**
 * The read-back for the drift check (decision 027, amended):
 *
 *   GET /v2/venues/{venueId}/menu → 202 { "request_id", "resource_url" }, then GET resource_url
 *   (no key: a presigned address) until { "status": "READY", "menu": { "items": [...] } }
 *   ("PENDING" meanwhile, "ERROR" with "error"), each item { "id", "product": { "external_id" },
 *   "enabled" }.
 *   GET /venues/{venueId}/status → { "status": { "is_online": true, … } } (§2.6, documented).
 *
 * DOCUMENTED: the status call. From third-party code only (CODE, not Wolt's promise): the menu
 * read's export-and-poll and `product.external_id` in MenuData v2. ASSUMED: `enabled` on a v2
 * item; option values are not read (v2's shape of them is not known to us), so a sauce or an
 * add-on's drift is not seen on Wolt.
 */
export function woltMenuItemsShown(menu: unknown): Map<string, boolean> {
  const shown = new Map<string, boolean>();
  const items = (menu as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return shown;
  for (const item of items as Record<string, unknown>[]) {
    const product = item.product as { external_id?: unknown } | undefined;
    const id = product?.external_id ?? item.external_id;
    if (typeof id === 'string' && typeof item.enabled === 'boolean') shown.set(id, item.enabled);
  }
  return shown;
}
