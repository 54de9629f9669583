/**
 * The kitchen's work on paid orders, following the one state table in src/shared
 * (KITCHEN_TRANSITIONS): a skipped or backward step is a 409.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, staffUsers } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { centsToDecimalString } from '#shared/money.ts';
import {
  kitchenStepAllowed,
  ORDER_STATUS_FOR_KITCHEN,
  type KitchenStatus,
} from '#shared/orders/order-states.ts';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { eventOf, recordOrderEvent } from '../realtime/index.ts';
import { queueReadyPushes } from '../push/index.ts';
import { readyEmailJobInsert, iso } from '../orders/index.ts';
import { platformCallForStep, queuePlatformCall } from '../delivery-platforms/index.ts';
import { personName } from '#shared/customers/customer-display.ts';
import { asapMinutes, estimateFromPromise, unitsPerSlotAt } from '#shared/pickup/pickup-slots.ts';
import { getWeekHours, shopTimeZoneOf } from '../shop-hours/index.ts';
import { getSettings } from '../settings/index.ts';
import { unitsPerSlotOf } from '../pickup/index.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Pickup times (decision 026): a scheduled order's pickup and when the kitchen should start it
 * (the pickup less the time its units take: the as-soon-as-possible quote of an empty kitchen);
 * an order for as soon as possible, the minutes it was quoted.
 */
const PLATFORM_PRE_ORDER_MS = 60 * 60_000;

function scheduleOf(
  row: Pick<
    OrderRow,
    | 'pickupAt'
    | 'prepUnits'
    | 'quotedMinutes'
    | 'platformPickupAt'
    | 'platformAcceptBy'
    | 'createdAt'
  >,
  unitsPerSlotAt: (instant: number) => number,
): Pick<KitchenOrder, 'pickupAt' | 'startAt' | 'quotedMinutes'> {
  // A Wolt or Bolt Food order placed for a later pickup (a pre-order: more than an hour after
  // it came in) is scheduled the same way, once nothing waits for our accept (accepting is
  // starting it, decision 017); one for now keeps going straight to New.
  const platformPreOrder =
    !row.platformAcceptBy &&
    row.platformPickupAt &&
    row.platformPickupAt.getTime() - row.createdAt.getTime() > PLATFORM_PRE_ORDER_MS
      ? row.platformPickupAt
      : null;
  const pickupAt = row.pickupAt ?? platformPreOrder;
  if (!pickupAt) return { pickupAt: null, startAt: null, quotedMinutes: row.quotedMinutes };
  const prepMinutes = asapMinutes({
    queuedUnits: 0,
    orderUnits: row.prepUnits,
    unitsPerSlot: unitsPerSlotAt(pickupAt.getTime()),
    busyExtraMinutes: 0,
  });
  return {
    pickupAt: pickupAt.toISOString(),
    startAt: new Date(pickupAt.getTime() - prepMinutes * 60_000).toISOString(),
    quotedMinutes: null,
  };
}

/** The kitchen's capacity at an instant: its shift's own, else the shop's (decision 026). */
async function kitchenPace(db: Db): Promise<(instant: number) => number> {
  const [hours, values] = await Promise.all([
    getWeekHours(db),
    getSettings(db, ['kitchen_units_per_slot', 'shop_time_zone']),
  ]);
  const fallback = unitsPerSlotOf(values.kitchen_units_per_slot);
  const timeZone = shopTimeZoneOf(values.shop_time_zone);
  return (instant) => unitsPerSlotAt(hours, instant, timeZone, fallback);
}

/**
 * What the kitchen display shows: paid, not cancelled, not cleared; oldest first. A Wolt or
 * Bolt Food order the platform cancelled stays, marked, until the kitchen dismisses it
 * (decision 017), and so does an order voided by a whole refund (decision 021).
 */
export async function listKitchenOrders(db: Db): Promise<KitchenOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        or(
          and(eq(orders.paymentStatus, 'paid'), ne(orders.status, 'cancelled')),
          and(inArray(orders.orderSource, ['wolt', 'bolt']), eq(orders.status, 'cancelled')),
          // Voided by a refund of the whole order (decision 021): shown VOID until dismissed.
          and(
            eq(orders.status, 'cancelled'),
            sql`exists (select 1 from refunds where refunds.order_id = ${orders.id})`,
          ),
        ),
        isNull(orders.deletedAt),
        sql`coalesce(${orders.kitchenStatus}, 'pending') <> 'cleared'`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber));
  const items = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderItems.position))
    : [];
  const staffIds = [
    ...new Set(rows.flatMap((row) => (row.takenByStaffId ? [row.takenByStaffId] : []))),
  ];
  const staff = staffIds.length
    ? await db
        .select({ id: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(inArray(staffUsers.id, staffIds))
    : [];
  const staffName = new Map(staff.map((member) => [member.id, member.name]));
  // Only a scheduled order needs the kitchen's pace: the capacity of the shift its pickup falls
  // in (decision 026), else the shop's.
  const unitsPerSlot = rows.some((row) => row.pickupAt || row.platformPickupAt)
    ? await kitchenPace(db)
    : () => 1;
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    kitchenStatus: row.kitchenStatus ?? 'pending',
    kitchenStartedAt: iso(row.kitchenStartedAt),
    kitchenEstimatedTime: row.kitchenEstimatedTime,
    kitchenReadyAt: iso(row.kitchenReadyAt),
    kitchenDoneAt: iso(row.kitchenDoneAt),
    orderSource: row.orderSource,
    type: row.type,
    tableNumber: row.tableNumber,
    customerName: personName(row.customerFirstName, row.customerLastName),
    takenBy: row.takenByStaffId ? (staffName.get(row.takenByStaffId) ?? null) : null,
    specialInstructions: row.specialInstructions,
    total: centsToDecimalString(row.totalCents),
    createdAt: row.createdAt.toISOString(),
    isTest: row.isTest,
    ...scheduleOf(row, unitsPerSlot),
    platform:
      row.orderSource === 'wolt' || row.orderSource === 'bolt'
        ? {
            externalNumber: row.platformOrderNumber,
            acceptBy: iso(row.platformAcceptBy),
            pickupAt: iso(row.platformPickupAt),
            error: row.platformError,
          }
        : null,
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({
        name: item.name,
        quantity: item.quantity,
        sauce: item.sauce,
        addOns: item.addOns.map((addOn) => addOn.name),
        bread: item.bread,
        specialInstructions: item.specialInstructions,
      })),
  }));
}

export interface KitchenChange {
  kitchenStatus: KitchenStatus;
  /** Minutes; only with started. */
  estimatedTime?: number | undefined;
}

/** PUT /api/admin/orders/:id/kitchen-status: one step of the kitchen, in a transaction. */
export async function setKitchenStatus(
  db: Db,
  orderId: string,
  change: KitchenChange,
  now: Date,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found.');
    if (order.paymentStatus !== 'paid' || order.status === 'cancelled' || order.deletedAt) {
      throw conflict(`Order #${order.orderNumber} is not a paid order the kitchen can work on.`);
    }
    const from = order.kitchenStatus;
    if (!kitchenStepAllowed(from, change.kitchenStatus)) {
      throw conflict(
        `Order #${order.orderNumber} cannot go from ${from ?? 'pending'} to ${change.kitchenStatus}.`,
      );
    }
    const next = change.kitchenStatus;
    // A Wolt or Bolt Food order: the call this step owes the platform, sent by the outbox.
    const platformCall =
      order.orderSource === 'wolt' || order.orderSource === 'bolt'
        ? platformCallForStep(order, from, next, change.estimatedTime, now)
        : null;
    const [updated] = await tx
      .update(orders)
      .set({
        kitchenStatus: next,
        status: ORDER_STATUS_FOR_KITCHEN[next],
        ...(next === 'started' && from !== 'started' && { kitchenStartedAt: now }),
        ...(next === 'started' &&
          change.estimatedTime !== undefined && { kitchenEstimatedTime: change.estimatedTime }),
        // Started without an estimate: it starts from what the customer was promised (decision
        // 026), so the tracking page's ready time is the promise until the kitchen says more.
        ...(next === 'started' &&
          from !== 'started' &&
          change.estimatedTime === undefined &&
          order.kitchenEstimatedTime === null && {
            kitchenEstimatedTime: estimateFromPromise(order, now),
          }),
        ...(next === 'ready' && {
          kitchenReadyAt: now,
          kitchenDoneAt: null,
          kitchenClearedAt: null,
        }),
        ...(next === 'done' && { kitchenDoneAt: now }),
        ...(next === 'cleared' && { kitchenClearedAt: now }),
        ...(platformCall?.action === 'accept' && {
          platformAcceptBy: null,
          ...(platformCall.adjustedPickupTime && {
            platformPickupAt: new Date(platformCall.adjustedPickupTime),
          }),
        }),
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (platformCall) await queuePlatformCall(tx, order, platformCall);
    // The event, and on ready the customer's push and "ready" e-mail, are committed with the
    // change (outbox, decisions 008 and 018). A Recall finds the order's first e-mail job.
    if (next === 'ready') {
      await queueReadyPushes(tx, orderId);
      await tx.execute(readyEmailJobInsert(orderId));
    }
    await recordOrderEvent(tx, eventOf(updated!, 'updated'));
    return updated!;
  });
}

/** Clear All (spec): every done order leaves the display; they stay in the admin views. */
export async function clearDoneOrders(db: Db, now: Date): Promise<OrderRow[]> {
  return db.transaction(async (tx) => {
    const cleared = await tx
      .update(orders)
      .set({ kitchenStatus: 'cleared', kitchenClearedAt: now, updatedAt: now })
      .where(and(eq(orders.kitchenStatus, 'done'), eq(orders.paymentStatus, 'paid')))
      .returning();
    for (const order of cleared) await recordOrderEvent(tx, eventOf(order, 'updated'));
    return cleared;
  });
}

/** Recall: the order most recently marked done or cleared comes back as ready. */
export async function recallLastOrder(db: Db, now: Date): Promise<OrderRow> {
  const [last] = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.kitchenStatus, ['done', 'cleared']), isNull(orders.deletedAt)))
    .orderBy(
      desc(sql`greatest(${orders.kitchenDoneAt}, ${orders.kitchenClearedAt})`),
      desc(orders.updatedAt),
    )
    .limit(1);
  if (!last) throw notFound('There is no finished order to recall.');
  return setKitchenStatus(db, last.id, { kitchenStatus: 'ready' }, now);
}
