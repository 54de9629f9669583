/**
 * Pickup times at the checkout (decision 026): the cart's prep units, the customer's choice, and
 * the 409 a checkout gets for a slot it cannot have. Pure, so the unit tests read them plainly.
 */
import { ApiError } from '../../lib/api-client.ts';
import type { CartLine } from '#shared/cart/cart.ts';
import type { MenuItem } from '#shared/menu/menu.schema.ts';
import { slotRefusedSchema } from '#shared/pickup/pickup.schema.ts';
import type { PickupSlot } from '#shared/pickup/pickup-slots.ts';
import { zonedMoment } from '#shared/time/shop-time.ts';

/** As soon as possible, or a slot of later today (its start; null until one is picked). */
export type PickupChoice = { mode: 'asap' } | { mode: 'later'; slot: string | null };

/**
 * The cart's prep units: each line's item's units times its quantity. A line whose item the menu
 * no longer has counts one unit each, as the server counts an item it does not know.
 */
export function cartPrepUnits(
  lines: readonly Pick<CartLine, 'menuItemId' | 'quantity'>[],
  menuItems: readonly Pick<MenuItem, 'id' | 'prepUnits'>[],
): number {
  const units = new Map(menuItems.map((item) => [item.id, item.prepUnits]));
  return lines.reduce((sum, line) => sum + (units.get(line.menuItemId) ?? 1) * line.quantity, 0);
}

/** A refused slot (409 with nextSlots): the server's message and the free slots it offers. */
export interface SlotRefusal {
  message: string;
  nextSlots: PickupSlot[];
}

/** The refusal in a failed create-payment, or null for any other failure. */
export function slotRefusalOf(error: unknown): SlotRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  let body: unknown;
  try {
    body = JSON.parse(error.bodyText);
  } catch {
    return null;
  }
  const parsed = slotRefusedSchema.safeParse(body);
  return parsed.success ? { message: parsed.data.error, nextSlots: parsed.data.nextSlots } : null;
}

/**
 * The slots on the same shop day as `day` (yyyy-MM-dd). The server offers tomorrow's slots too
 * when today has too few, but takes a pickup for today only, so only today's are shown.
 */
export function slotsOnDay(slots: readonly PickupSlot[], day: string, timeZone: string) {
  return slots.filter((slot) => zonedMoment(new Date(slot.start), timeZone).date === day);
}

/** The shop day (yyyy-MM-dd) of an instant. */
export const shopDayOf = (instant: string, timeZone: string) =>
  zonedMoment(new Date(instant), timeZone).date;
