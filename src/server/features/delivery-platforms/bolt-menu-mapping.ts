/**
 * What we tell Bolt Food of our menu (decision 027). Confirmed (integrations.md §3): the
 * endpoint, POST /genericClient/updateMenuItemAvailability, signed like every call.
 * ASSUMPTION: its body, which is not public in what we could reach. This file is the one place
 * that guesses it, to be replaced when sandbox access exists:
 *
 *   { "provider_id": 789,
 *     "items": [{ "id": "<our item, sauce or add-on id>", "type": "dish" | "option",
 *                 "is_available": false }] }
 *
 * answered `{ "code": 0 }` on success like Bolt's other calls (also assumed). `id` is our menu
 * id, as the restaurant's Bolt menu must carry it: we do not push the menu itself.
 */
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
