/**
 * Pickup times the kitchen can keep (decision 026): the kitchen makes `unitsPerSlot` prep units
 * per 15-minute slot; an order as soon as possible is quoted from the units queued ahead of it;
 * a scheduled order picks a slot inside opening hours, after the lead time, with room for its
 * units. Instants throughout; the shop's calendar and clock only where a day or an opening time
 * is named (decision 025), so a slot is the same 15 minutes on the days the clocks change.
 */
import type { WeekHours } from '../shop-hours/shop-hours.ts';
import { shiftIsUsable, shiftPassesMidnight } from '../shop-hours/shop-clock.ts';
import { evaluateShopStatus } from '../shop-hours/shop-status.ts';
import { addDays, shopToday, zonedInstant, zonedMoment } from '../time/shop-time.ts';
import { weekdayOf } from '../time/calendar.ts';
import { BASE_PREPARATION_MINUTES } from '../online-ordering/online-ordering-rules.ts';

export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;
/** A quote is a whole number of 5 minutes. */
const QUOTE_STEP_MINUTES = 5;

export interface PickupSlot {
  /** ISO instants: [start, end), 15 minutes. */
  start: string;
  end: string;
  remainingUnits: number;
  /** Room for the order's units (and not in the past or inside the lead time: those are not listed). */
  available: boolean;
}

/**
 * Minutes quoted to an order placed now for as soon as possible: the time the kitchen needs for
 * the units queued ahead plus this order's, at `unitsPerSlot` per 15 minutes, rounded up to 5
 * minutes, never under the base preparation time (15), plus busy mode's extra minutes.
 */
export function asapMinutes(input: {
  queuedUnits: number;
  orderUnits: number;
  unitsPerSlot: number;
  busyExtraMinutes: number;
}): number {
  const units = Math.max(0, input.queuedUnits) + Math.max(0, input.orderUnits);
  const work = (units / Math.max(1, input.unitsPerSlot)) * SLOT_MINUTES;
  const rounded = Math.ceil(work / QUOTE_STEP_MINUTES) * QUOTE_STEP_MINUTES;
  return Math.max(BASE_PREPARATION_MINUTES.from, rounded) + Math.max(0, input.busyExtraMinutes);
}

/**
 * The opening intervals [start, end) of the shifts that open on the shop's calendar day `date`,
 * each with its shift's own kitchen capacity (null: the shop's).
 */
function openingsOn(
  hours: WeekHours,
  date: string,
  timeZone: string,
): { start: number; end: number; unitsPerSlot: number | null }[] {
  const day = hours[weekdayOf(date)];
  const openings: { start: number; end: number; unitsPerSlot: number | null }[] = [];
  for (const shift of [day?.shift1, day?.shift2]) {
    if (!shiftIsUsable(shift)) continue;
    const start = zonedInstant(date, shift.open, timeZone).getTime();
    const closeDate = shiftPassesMidnight(shift) ? addDays(date, 1) : date;
    const end = zonedInstant(closeDate, shift.close, timeZone).getTime();
    if (end > start) openings.push({ start, end, unitsPerSlot: shift.unitsPerSlot ?? null });
  }
  return openings;
}

/**
 * The kitchen's capacity at an instant, prep units per 15 minutes: the own capacity of the
 * shift open then (the first that has one, when two overlap), else the shop's `fallback` (the setting
 * kitchen_units_per_slot), also outside opening hours.
 */
export function unitsPerSlotAt(
  hours: WeekHours,
  instant: number,
  timeZone: string,
  fallback: number,
): number {
  const date = zonedMoment(new Date(instant), timeZone).date;
  for (const openDate of [addDays(date, -1), date]) {
    for (const { start, end, unitsPerSlot } of openingsOn(hours, openDate, timeZone)) {
      if (instant >= start && instant < end && unitsPerSlot !== null) return unitsPerSlot;
    }
  }
  return fallback;
}

/**
 * Open for the whole slot by the shop's clock (shop-status.ts), minute by minute. The same as
 * lying inside its shift on every ordinary day; on the nights the clocks change it is what
 * decides: a shift "until 03:15" on the night 03:00 becomes 04:00 closes at the jump, and a
 * time the clocks show twice is open or closed each time as the clock reads.
 */
function openThroughout(hours: WeekHours, start: number, timeZone: string): boolean {
  const lastMinute = start + (SLOT_MINUTES - 1) * 60_000;
  const isOpen = (at: number) => evaluateShopStatus(hours, new Date(at), timeZone).isOpen;
  if (!isOpen(start) || !isOpen(lastMinute)) return false;
  // The clock ran on evenly between the two (no change of the clocks inside the slot): it read
  // every minute of one stretch of a shift. Else, read every minute.
  const elapsed =
    (zonedMoment(new Date(lastMinute), timeZone).minutes -
      zonedMoment(new Date(start), timeZone).minutes +
      1440) %
    1440;
  if (elapsed === SLOT_MINUTES - 1) return true;
  for (let minute = 1; minute < SLOT_MINUTES - 1; minute += 1) {
    if (!isOpen(start + minute * 60_000)) return false;
  }
  return true;
}

/**
 * The 15-minute slot starts of the shop's day `date`: every slot of a shift that fits before
 * its close, counted from its opening time, from the shifts of that day and the ones of the day
 * before that run past midnight, and open throughout by the shop's clock. Ascending, no repeats
 * (overlapping shifts give each start once).
 */
export function slotStartsOn(hours: WeekHours, date: string, timeZone: string): number[] {
  const starts = new Set<number>();
  for (const openDate of [addDays(date, -1), date]) {
    for (const { start, end } of openingsOn(hours, openDate, timeZone)) {
      for (let slot = start; slot + SLOT_MS <= end; slot += SLOT_MS) {
        if (starts.has(slot) || zonedMoment(new Date(slot), timeZone).date !== date) continue;
        if (openThroughout(hours, slot, timeZone)) starts.add(slot);
      }
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/** The slot (its start, ms) an instant falls in, given the day's slot starts. */
export function slotOf(instant: number, starts: readonly number[]): number | null {
  for (const start of starts) {
    if (instant >= start && instant < start + SLOT_MS) return start;
  }
  return null;
}

/** How far ahead a closed shop looks for its next opening to take pre-orders for. */
const PRE_ORDER_DAYS_AHEAD = 7;

/**
 * Pre-orders (decision 026): the shop's calendar day of the next opening with a slot starting no
 * sooner than `leadMinutes` from now (today, when the shop opens later today), looking at most a
 * week ahead; null when the week has none.
 */
export function preOrderDay(
  hours: WeekHours,
  now: Date,
  timeZone: string,
  leadMinutes: number = BASE_PREPARATION_MINUTES.from,
): string | null {
  const earliest = now.getTime() + leadMinutes * 60_000;
  const today = shopToday(now, timeZone);
  for (let ahead = 0; ahead <= PRE_ORDER_DAYS_AHEAD; ahead += 1) {
    const date = addDays(today, ahead);
    if (slotStartsOn(hours, date, timeZone).some((start) => start >= earliest)) return date;
  }
  return null;
}

export interface SlotInput {
  hours: WeekHours;
  timeZone: string;
  /** The shop's calendar day. */
  date: string;
  now: Date;
  /** No slot starts before now plus these minutes (the as-soon-as-possible quote). */
  leadMinutes: number;
  /** The shop's capacity per slot; a shift with its own (unitsPerSlotAt) has that. */
  unitsPerSlot: number;
  /** Prep units already taken in each slot, by its start (ms): orders and held payments. */
  usedUnits: ReadonlyMap<number, number>;
  /** The units of the order being placed (0 for drinks only). */
  orderUnits: number;
}

/**
 * The slots offered for `date`: inside opening hours, starting no sooner than the lead time
 * from now, each with its remaining units; a slot without room for the order is listed as not
 * available (shown as full), never left out.
 */
export function pickupSlots(input: SlotInput): PickupSlot[] {
  const earliest = input.now.getTime() + input.leadMinutes * 60_000;
  return slotStartsOn(input.hours, input.date, input.timeZone)
    .filter((start) => start >= earliest)
    .map((start) => {
      const capacity = unitsPerSlotAt(input.hours, start, input.timeZone, input.unitsPerSlot);
      const remainingUnits = Math.max(0, capacity - (input.usedUnits.get(start) ?? 0));
      return {
        start: new Date(start).toISOString(),
        end: new Date(start + SLOT_MS).toISOString(),
        remainingUnits,
        available: remainingUnits >= input.orderUnits,
      };
    });
}

/**
 * The kitchen's estimate when it starts an order without choosing one: the minutes left until
 * what the customer was promised, a scheduled pickup or the quote from when the order was placed
 * (at least 1); null for an order promised nothing (a counter sale, a platform order).
 */
export function estimateFromPromise(
  order: { pickupAt: Date | null; quotedMinutes: number | null; createdAt: Date },
  now: Date,
): number | null {
  const due = order.pickupAt
    ? order.pickupAt.getTime()
    : order.quotedMinutes !== null
      ? order.createdAt.getTime() + order.quotedMinutes * 60_000
      : null;
  if (due === null) return null;
  return Math.max(1, Math.ceil((due - now.getTime()) / 60_000));
}
