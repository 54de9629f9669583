/**
 * Platform orders in our kitchen (decision 017): a mapped Wolt or Bolt Food order placed
 * through the one pipeline, the platform's cancel, the kitchen's reject and dismiss, and the
 * calls each kitchen step owes the platform, queued in the step's own transaction (outbox).
 */
import { recordPlatformCancellation } from '../refunds/index.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuItems, orders, outboundJobs } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { KitchenStatus } from '#shared/orders/order-states.ts';
import { placePlatformOrder } from '../orders/index.ts';
import { type OrderEvents, eventOf, recordOrderEvent } from '../realtime/index.ts';
import type { MappedPlatformOrder } from './platform-order.ts';

type OrderRow = typeof orders.$inferSelect;

export const PLATFORM_ACTIONS = ['accept', 'reject', 'ready', 'delivered'] as const;
export type PlatformAction = (typeof PLATFORM_ACTIONS)[number];

/** A call a kitchen step owes the platform (type aliases, so they fit the job's jsonb). */
export type PlatformCall = {
  action: PlatformAction;
  adjustedPickupTime?: string | null;
  code?: string;
  reason?: string;
};
export type PlatformCallPayload = PlatformCall & { platform: Platform };

/** Wolt allows an adjusted pickup at most 25 minutes after its own estimate (§2.4). */
const MAX_PICKUP_DELAY_MS = 25 * 60_000;

function isPlatformOrder(order: Pick<OrderRow, 'orderSource'>): order is OrderRow & {
  orderSource: Platform;
} {
  return order.orderSource === 'wolt' || order.orderSource === 'bolt';
}

/** Queues one call to the platform in the caller's transaction; calls of one order run in order. */
export async function queuePlatformCall(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'orderSource' | 'isTest'>,
  call: PlatformCall,
): Promise<void> {
  if (!isPlatformOrder(order as OrderRow) || order.isTest) return;
  const platform = order.orderSource as Platform;
  await tx.insert(outboundJobs).values({
    kind: 'platform-call',
    orderId: order.id,
    payload: { platform, ...call },
    serialKey: `${platform}:order:${order.id}`,
  });
}

/**
 * What a kitchen step owes the platform (decision 017): Start accepts (with the pickup time the
 * cook's estimate gives), Ready marks it ready, Done marks it picked up. A Recall (done back to
 * ready) owes nothing: the platform already heard it was collected.
 */
export function platformCallForStep(
  order: Pick<OrderRow, 'platformPickupAt'>,
  from: KitchenStatus | null,
  next: KitchenStatus,
  estimateMinutes: number | undefined,
  now: Date,
): PlatformCall | null {
  const previous = from ?? 'pending';
  if (previous === 'pending' && next === 'started') {
    return { action: 'accept', adjustedPickupTime: adjustedPickup(order, estimateMinutes, now) };
  }
  if (previous === 'started' && next === 'ready') return { action: 'ready' };
  if (previous === 'ready' && next === 'done') return { action: 'delivered' };
  return null;
}

function adjustedPickup(
  order: Pick<OrderRow, 'platformPickupAt'>,
  estimateMinutes: number | undefined,
  now: Date,
): string | null {
  if (estimateMinutes === undefined) return null;
  let pickup = now.getTime() + estimateMinutes * 60_000;
  const platformEta = order.platformPickupAt?.getTime();
  if (platformEta !== undefined) {
    // Earlier than the platform's own estimate needs no adjusting; later is capped.
    if (pickup <= platformEta) return null;
    pickup = Math.min(pickup, platformEta + MAX_PICKUP_DELAY_MS);
  }
  return new Date(pickup).toISOString();
}

/** Places a mapped platform order (a webhook's, or Test Order's through the same mapping). */
export async function placeMappedOrder(
  db: Db,
  platform: Platform,
  mapped: MappedPlatformOrder,
  options: { isTest: boolean; autoAccept: boolean },
  events?: OrderEvents,
) {
  // A platform line names our item by its POS id (§2.7 external_data); keep only real ones.
  const named = [
    ...new Set(mapped.lines.flatMap((line) => (line.menuItemId ? [line.menuItemId] : []))),
  ].filter((id) => id.length <= 100);
  const known = named.length
    ? new Set(
        (
          await db.select({ id: menuItems.id }).from(menuItems).where(inArray(menuItems.id, named))
        ).map((row) => row.id),
      )
    : new Set<string>();
  const accepted = options.autoAccept && mapped.acceptBy !== null;
  return placePlatformOrder(
    db,
    {
      source: platform,
      externalId: mapped.externalId,
      type: mapped.type,
      lines: mapped.lines.map((line) => ({
        ...line,
        menuItemId: line.menuItemId && known.has(line.menuItemId) ? line.menuItemId : null,
      })),
      customer: {
        firstName: mapped.customerName,
        lastName: '',
        email: '',
        phone: mapped.customerPhone,
      },
      specialInstructions: mapped.specialInstructions,
      deliveryFeeCents: mapped.deliveryFeeCents,
      facts: {
        externalNumber: mapped.externalNumber,
        acceptBy: mapped.acceptBy,
        pickupAt: mapped.pickupAt,
        isTest: options.isTest,
        accepted,
      },
    },
    events,
    accepted
      ? (tx, order) =>
          queuePlatformCall(
            tx,
            { id: order.id, orderSource: platform, isTest: options.isTest },
            { action: 'accept', adjustedPickupTime: null },
          )
      : undefined,
  );
}

export async function findPlatformOrderRow(db: Db, platform: Platform, externalId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderSource, platform), eq(orders.externalId, externalId)));
  return row ?? null;
}

/**
 * The platform cancelled the order (Wolt CANCELED, Bolt sendCancelOrder): it is cancelled and
 * refunded by the platform (a done refund with no money moved by us, decision 021), and the kitchen's card says so until someone dismisses it.
 */
export async function cancelByPlatform(
  db: Db,
  platform: Platform,
  externalId: string,
  now: Date,
): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderSource, platform), eq(orders.externalId, externalId)))
      .for('update');
    if (!order || order.status === 'cancelled') return order ?? null;
    // The sale stays on its day; the platform's refund counts on this one (decision 021).
    await recordPlatformCancellation(tx, order);
    const [updated] = await tx
      .update(orders)
      .set({
        status: 'cancelled',
        platformAcceptBy: null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await recordOrderEvent(tx, eventOf(updated!, 'updated'));
    return updated!;
  });
}

/** The kitchen rejects a platform order it has not accepted: cancelled here, rejected there. */
export async function rejectPlatformOrder(
  db: Db,
  orderId: string,
  rejection: { code: string; reason: string },
  now: Date,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.deletedAt) throw notFound('Order not found.');
    if (!isPlatformOrder(order)) {
      throw conflict(`Order #${order.orderNumber} is not a Wolt or Bolt Food order.`);
    }
    if (order.status === 'cancelled') {
      throw conflict(`Order #${order.orderNumber} is already cancelled.`);
    }
    if ((order.kitchenStatus ?? 'pending') !== 'pending') {
      throw conflict(`Order #${order.orderNumber} is already accepted; it cannot be rejected.`);
    }
    await recordPlatformCancellation(tx, order);
    const [updated] = await tx
      .update(orders)
      .set({
        status: 'cancelled',
        kitchenStatus: 'cleared',
        kitchenClearedAt: now,
        platformAcceptBy: null,
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .returning();
    await queuePlatformCall(tx, order, { action: 'reject', ...rejection });
    await recordOrderEvent(tx, eventOf(updated!, 'updated'));
    return updated!;
  });
}

/** Dismiss: a platform-cancelled order's card leaves the kitchen display. */
export async function dismissCancelledOrder(db: Db, orderId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found.');
    if (order.status !== 'cancelled') {
      throw conflict(`Order #${order.orderNumber} is not cancelled; finish it as usual.`);
    }
    if (order.kitchenStatus === 'cleared') return;
    const [updated] = await tx
      .update(orders)
      .set({ kitchenStatus: 'cleared', kitchenClearedAt: now, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    await recordOrderEvent(tx, eventOf(updated!, 'updated'));
  });
}

/** Shows (or clears, with null) the last failed call on the order's kitchen card. */
export async function setPlatformError(db: Db, orderId: string, error: string | null) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.platformError === error) return;
    const [updated] = await tx
      .update(orders)
      .set({ platformError: error })
      .where(eq(orders.id, orderId))
      .returning();
    await recordOrderEvent(tx, eventOf(updated!, 'updated'));
  });
}
