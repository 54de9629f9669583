/**
 * Pickup times at the checkout (decision 026): the cart's prep units, the customer's choice, and
 * the 409 a checkout gets for a slot it cannot have. Pure, so the unit tests read them plainly.
 */
import { ApiError } from '#client/lib/api-client.ts';
import type { PickupSlot } from '#shared/pickup/pickup-slots.ts';
import { zonedMoment } from '#shared/time/shop-time.ts';

/** As soon as possible, or a slot of later today (its start; null until one is picked). */
export type PickupChoice = { mode: 'asap' } | { mode: 'later'; slot: string | null };

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
  // Read as typed, not parsed (decision 016): our own server's 409 (pickup.service.ts).
  if (!isSlotRefusal(body)) return null;
  return { message: body.error, nextSlots: body.nextSlots };
}

function isSlotRefusal(body: unknown): body is { error: string; nextSlots: PickupSlot[] } {
  if (!body || typeof body !== 'object') return false;
  const { error, nextSlots } = body as { error?: unknown; nextSlots?: unknown };
  return (
    typeof error === 'string' &&
    Array.isArray(nextSlots) &&
    nextSlots.every((slot: unknown) => {
      const { start, end, remainingUnits, available } = (slot ?? {}) as Partial<PickupSlot>;
      return (
        typeof start === 'string' &&
        typeof end === 'string' &&
        typeof remainingUnits === 'number' &&
        typeof available === 'boolean'
      );
    })
  );
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
