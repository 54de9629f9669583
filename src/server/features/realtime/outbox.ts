/**
 * The outbox (decision 008): a service records an order change's event, and the outbound work it
 * owes, in the same transaction as the change. Nothing is sent from here; the dispatcher
 * (order-events.ts) delivers after the commit, also after a crash and restart.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderEvents, type orders } from '../../db/schema.ts';
import type { OrderEventPayload } from '#shared/realtime/events.ts';

/** The event of a change to `order`, as the screens get it. */
export function eventOf(
  order: typeof orders.$inferSelect,
  change: OrderEventPayload['change'],
): OrderEventPayload {
  return {
    change,
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    kitchenStatus: order.kitchenStatus,
    kitchenEstimatedTime: order.kitchenEstimatedTime,
  };
}

/** Serialises event writers so that sequence numbers are handed out in commit order. */
const EVENT_WRITERS_LOCK = 7_340_021;

/**
 * Records `event` in the caller's transaction; call it last in that transaction (it takes a
 * lock held until the commit). The caller records the jobs the change owes before it (the
 * kitchen's "ready" push and e-mail: push/push-jobs.ts, orders/email-jobs.ts).
 */
export async function recordOrderEvent(tx: Db, event: OrderEventPayload): Promise<void> {
  // NOTE: a later writer waits here until this transaction commits, so it cannot take a lower
  // number and commit after a reader has already seen a higher one. One statement: the
  // materialized CTE takes the lock before the insert's row (and so its sequence number) is made.
  await tx.execute(sql`
    with writers_lock as materialized (select pg_advisory_xact_lock(${EVENT_WRITERS_LOCK}))
    insert into ${orderEvents} (order_id, event)
    select ${event.orderId}, ${JSON.stringify(event)}::jsonb from writers_lock`);
}
