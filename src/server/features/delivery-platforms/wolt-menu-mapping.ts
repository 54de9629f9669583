/**
 * What we tell Wolt of our menu (decision 027), DOCUMENTED in Wolt's Menu API reference
 * (integrations.md §2.7; the official snapshot's update-items and update-options operations):
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
import type { AvailabilityChange } from './platform-api.ts';

export function woltAvailabilityRequest(venueId: string, change: AvailabilityChange) {
  const venue = encodeURIComponent(venueId);
  return {
    path: `/venues/${venue}/${change.kind === 'item' ? 'items' : 'options/values'}`,
    body: { data: [{ external_id: change.id, enabled: change.available }] },
  };
}
