/**
 * Pickup times (decision 026) on the database: the units the kitchen has queued, the units
 * each 15-minute slot has taken (orders, and card payments still being paid for a scheduled
 * slot), the slots offered, and the reservation a scheduled checkout makes in its transaction.
 *
 * A slot's room is checked and taken under a transaction-scoped advisory lock on that slot, so
 * two checkouts for its last units cannot both see room: on PostgreSQL the second waits for the
 * first's commit and then counts its payment (tests: pickup-capacity.test.ts).
 */
import { and, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuItems, orders, payments } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { WeekHours } from '#shared/shop-hours/shop-hours.ts';
import {
  asapMinutes,
  pickupSlots,
  SLOT_MINUTES,
  slotOf,
  slotStartsOn,
  unitsPerSlotAt,
  type PickupSlot,
} from '#shared/pickup/pickup-slots.ts';
import { shopToday, zonedMoment } from '#shared/time/shop-time.ts';
import { BASE_PREPARATION_MINUTES } from '#shared/online-ordering/online-ordering-rules.ts';
import { SETTINGS } from '#shared/settings/settings.schema.ts';

const SLOT_MS = SLOT_MINUTES * 60_000;
/**
 * A scheduled order joins the queue ahead of an as-soon-as-possible one once its pickup is
 * this close: the kitchen is about to start it.
 */
const SCHEDULED_JOINS_QUEUE_MINUTES = 30;
/** How many free slots a refused checkout is offered instead. */
const NEXT_SLOTS_OFFERED = 4;

export interface PickupFacts {
  hours: WeekHours;
  timeZone: string;
  unitsPerSlot: number;
  busyExtraMinutes: number;
}

/** The setting's text as a number of units (a stored value is valid; this guards the rest). */
export function unitsPerSlotOf(setting: string): number {
  const units = Number(setting);
  return Number.isInteger(units) && units >= 1
    ? units
    : Number(SETTINGS.kitchen_units_per_slot.defaultValue);
}

/** Orders that count for the kitchen's work: paid (platform orders arrive paid), not cancelled, not deleted. */
const counted = and(
  eq(orders.paymentStatus, 'paid'),
  ne(orders.status, 'cancelled'),
  isNull(orders.deletedAt),
);

/**
 * The instant an order is due: its scheduled slot, a platform order's agreed pickup, or when it
 * was placed plus its quote (the base preparation time for an order with none: a counter cash
 * sale).
 */
const dueAt = sql<Date>`coalesce(${orders.pickupAt}, ${orders.platformPickupAt}, ${orders.createdAt} + make_interval(mins => coalesce(${orders.quotedMinutes}, ${BASE_PREPARATION_MINUTES.from})))`;

/**
 * The prep units ahead of an order placed now: every counted order the kitchen has not made
 * ready yet (all channels), except scheduled ones whose pickup is still far off.
 */
export function queuedUnitsQuery(db: Db, now: Date) {
  const soon = new Date(now.getTime() + SCHEDULED_JOINS_QUEUE_MINUTES * 60_000);
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
  return db
    .select({ units: sql<string>`coalesce(sum(${orders.prepUnits}), 0)`.as('units') })
    .from(orders)
    .where(
      and(
        counted,
        sql`coalesce(${orders.kitchenStatus}, 'pending') in ('pending', 'started')`,
        // Older than a day is not a queue but a forgotten card; a pre-order may have been
        // placed days before its pickup.
        or(gt(orders.createdAt, dayAgo), gt(orders.pickupAt, dayAgo)),
        or(isNull(orders.pickupAt), lt(orders.pickupAt, soon)),
      ),
    );
}

async function queuedUnits(db: Db, now: Date): Promise<number> {
  const [row] = await queuedUnitsQuery(db, now);
  return Number(row?.units ?? 0);
}

/**
 * The prep units taken in [from, to), each at the instant it is due: counted orders, and pending
 * payments for a scheduled slot that have not expired.
 */
async function usageBetween(
  db: Db,
  from: number,
  to: number,
  now: Date,
): Promise<{ at: number; units: number }[]> {
  const start = new Date(from);
  const end = new Date(to);
  const [orderRows, paymentRows] = await Promise.all([
    db
      .select({ due: dueAt, units: orders.prepUnits })
      .from(orders)
      .where(
        and(
          counted,
          or(
            and(gte(orders.pickupAt, start), lt(orders.pickupAt, end)),
            and(
              isNull(orders.pickupAt),
              // The quote is never a day; the created_at index narrows the search.
              gt(orders.createdAt, new Date(from - 24 * 3_600_000)),
              lt(orders.createdAt, end),
              sql`${dueAt} >= ${start} and ${dueAt} < ${end}`,
            ),
          ),
        ),
      ),
    db
      .select({ pickupAt: payments.pickupAt, units: payments.prepUnits })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          gt(payments.expiresAt, now),
          gte(payments.pickupAt, start),
          lt(payments.pickupAt, end),
        ),
      ),
  ]);
  return [
    ...orderRows.map((row) => ({ at: new Date(row.due).getTime(), units: row.units })),
    ...paymentRows.flatMap((row) =>
      row.pickupAt ? [{ at: row.pickupAt.getTime(), units: row.units }] : [],
    ),
  ].filter((usage) => usage.at >= from && usage.at < to);
}

/**
 * The slots of a shop day with the room each has. Slots are 15 minutes from a shift's opening
 * time; usage is counted per slot start, so it is read per slot, not by a grid.
 */
async function slotsOf(
  db: Db,
  facts: PickupFacts,
  date: string,
  now: Date,
  orderUnits: number,
  leadMinutes: number,
): Promise<PickupSlot[]> {
  const starts = slotStartsOn(facts.hours, date, facts.timeZone);
  if (starts.length === 0) return [];
  // Slots of different shifts need not share a 15-minute grid: each use goes to its own slot.
  const used = new Map<number, number>();
  for (const { at, units } of await usageBetween(db, starts[0]!, starts.at(-1)! + SLOT_MS, now)) {
    const slot = slotOf(at, starts);
    if (slot !== null) used.set(slot, (used.get(slot) ?? 0) + units);
  }
  return pickupSlots({
    hours: facts.hours,
    timeZone: facts.timeZone,
    date,
    now,
    leadMinutes,
    unitsPerSlot: facts.unitsPerSlot,
    usedUnits: used,
    orderUnits,
  });
}

/**
 * The as-soon-as-possible quote at `now` for an order of `orderUnits`; `queued` when the caller
 * has read the queue already (the checkout reads it with its other facts, in one statement).
 */
export async function quoteAsap(
  db: Db,
  facts: PickupFacts,
  now: Date,
  orderUnits: number,
  queued?: number,
): Promise<number> {
  return asapMinutes({
    queuedUnits: queued ?? (await queuedUnits(db, now)),
    orderUnits,
    // The queue drains at the capacity of the shift open now.
    unitsPerSlot: unitsPerSlotAt(facts.hours, now.getTime(), facts.timeZone, facts.unitsPerSlot),
    busyExtraMinutes: facts.busyExtraMinutes,
  });
}

/** GET /api/pickup-slots: the quote now, and the slots of `date` (today when absent). */
export async function listPickupSlots(
  db: Db,
  facts: PickupFacts,
  now: Date,
  date: string | undefined,
  orderUnits: number,
) {
  const asap = await quoteAsap(db, facts, now, orderUnits);
  const day = date ?? shopToday(now, facts.timeZone);
  return { asapMinutes: asap, slots: await slotsOf(db, facts, day, now, orderUnits, asap) };
}

/**
 * The free slots of the day a refused checkout could book (today, or a pre-order's next opening:
 * the only day it may book), for it to offer.
 */
async function nextFreeSlots(
  db: Db,
  facts: PickupFacts,
  now: Date,
  date: string,
  orderUnits: number,
  leadMinutes: number,
): Promise<PickupSlot[]> {
  const slots = await slotsOf(db, facts, date, now, orderUnits, leadMinutes);
  return slots.filter((slot) => slot.available).slice(0, NEXT_SLOTS_OFFERED);
}

/** A refused slot: 409, with the next free slots in the body. */
export class SlotUnavailableError extends HttpError {
  constructor(
    message: string,
    readonly nextSlots: PickupSlot[],
  ) {
    super(409, message, undefined, { nextSlots });
  }
}

export const SLOT_FULL_MESSAGE =
  'Sorry, that pickup time has just filled up. Please choose another time.';
export const SLOT_INVALID_MESSAGE =
  'That pickup time is not offered. Please choose one of the times shown.';

/**
 * Inside the checkout's transaction, before its payment row is written: whether `pickup.at` is
 * an offered slot start (on `pickup.date`, the day the checkout may book: today, or the next
 * opening for a pre-order; inside opening hours, after the lead: the as-soon-as-possible quote
 * for the order) with room for its units. Takes the slot's lock, held until the transaction ends, so the room
 * it saw is still there when the payment is written. Answers null when the slot is the
 * order's, else why not (the caller ends the transaction and then calls `slotRefusal`, so the
 * next free slots are not looked up while the lock is held).
 */
export async function reserveSlot(
  tx: Db,
  facts: PickupFacts,
  now: Date,
  pickup: { at: Date; date: string; units: number; leadMinutes: number },
): Promise<string | null> {
  const at = pickup.at.getTime();
  const lead = pickup.leadMinutes;
  const orderUnits = pickup.units;
  const date = zonedMoment(pickup.at, facts.timeZone).date;
  if (date !== pickup.date) return SLOT_INVALID_MESSAGE;
  const offered = slotStartsOn(facts.hours, date, facts.timeZone);
  if (!offered.includes(at) || at < now.getTime() + lead * 60_000) return SLOT_INVALID_MESSAGE;
  // One lock per slot start (minutes since the epoch fit an int4 until the year 6053).
  await tx.execute(sql`select pg_advisory_xact_lock(26026, ${Math.floor(at / 60_000)}::int)`);
  const used = (await usageBetween(tx, at, at + SLOT_MS, now)).reduce(
    (sum, usage) => sum + usage.units,
    0,
  );
  const capacity = unitsPerSlotAt(facts.hours, at, facts.timeZone, facts.unitsPerSlot);
  return capacity - used < orderUnits ? SLOT_FULL_MESSAGE : null;
}

/** The 409 for a refused slot, with the next free slots of the day it may book. */
export async function slotRefusal(
  db: Db,
  facts: PickupFacts,
  now: Date,
  pickup: { date: string; units: number; leadMinutes: number },
  message: string,
): Promise<SlotUnavailableError> {
  return new SlotUnavailableError(
    message,
    await nextFreeSlots(db, facts, now, pickup.date, pickup.units, pickup.leadMinutes),
  );
}

/**
 * The prep units of priced lines, by their menu items' prep units; a line of no item of ours (a
 * platform's unmapped item) counts as one unit each, like a new item.
 */
export async function prepUnitsOf(
  db: Db,
  lines: readonly { menuItemId: string | null; quantity: number }[],
): Promise<number> {
  const ids = [...new Set(lines.flatMap((line) => (line.menuItemId ? [line.menuItemId] : [])))];
  const rows = ids.length
    ? await db
        .select({ id: menuItems.id, prepUnits: menuItems.prepUnits })
        .from(menuItems)
        .where(inArray(menuItems.id, ids))
    : [];
  const units = new Map(rows.map((row) => [row.id, row.prepUnits]));
  return lines.reduce(
    (sum, line) => sum + (line.menuItemId ? (units.get(line.menuItemId) ?? 1) : 1) * line.quantity,
    0,
  );
}
