/**
 * Which orders owe the customer an e-mail, and the outbox jobs that owe them (decision 018).
 * Recorded in the transaction that makes the order paid (place-order.ts storeOrder), ready
 * (kitchen/kitchen.service.ts) or refunded (refunds/refunds.service.ts), whether or not SMTP is configured: without it the job ends as
 * `skipped`, so the outbox shows why no e-mail went.
 */
import { sql, type SQL } from 'drizzle-orm';
import { orders, outboundJobs } from '../../db/schema.ts';
import { WALK_IN_CUSTOMER } from '#shared/pos/pos.schema.ts';
import type { OrderSource } from '#shared/orders/order-states.ts';

/**
 * A "ready" e-mail goes only for an order placed this recently. Done jobs are kept 24 hours
 * (order-events.ts), so within this window the earlier email-ready job of the order is always
 * still there to be found: a Recall never sends a second one (decision 018).
 */
const READY_EMAIL_WITHIN_HOURS = 12;

/** Wolt and Bolt own their customers' messages; their orders carry no e-mail of ours to use. */
const PLATFORM_SOURCES: readonly OrderSource[] = ['wolt', 'bolt'];

/** The address a receipt of this order goes to, or null when it gets none. */
export function receiptRecipientOf(source: OrderSource, email: string | null | undefined) {
  const address = email?.trim() ?? '';
  if (address === '' || PLATFORM_SOURCES.includes(source)) return null;
  // The counter's placeholder for a walk-in customer is nobody's mailbox.
  if (address.toLowerCase() === WALK_IN_CUSTOMER.email) return null;
  return address;
}

/** The receipt job of the order being inserted as `new_order` in storeOrder's statement. */
export const receiptJobOfNewOrder = {
  kind: 'email-receipt' as const,
  orderId: sql`(select id from new_order)`,
  payload: {},
};

/**
 * One statement: an email-ready job for the order unless it has one already, only for a pickup
 * order with a customer's e-mail, placed within READY_EMAIL_WITHIN_HOURS. Run in the kitchen's
 * transaction, which holds the order's row lock, so two readies of one order cannot both
 * insert.
 */
export function readyEmailJobInsert(orderId: string): SQL {
  return sql`
    insert into ${outboundJobs} (kind, order_id, payload)
    select 'email-ready', ${orders.id}, '{}'::jsonb
    from ${orders}
    where ${orders.id} = ${orderId}
      and ${orders.type} = 'pickup'
      and ${orders.orderSource} not in (${sql.join(
        PLATFORM_SOURCES.map((source) => sql`${source}`),
        sql`, `,
      )})
      and btrim(${orders.customerEmail}) <> ''
      and lower(btrim(${orders.customerEmail})) <> ${WALK_IN_CUSTOMER.email}
      and ${orders.createdAt} > now() - make_interval(hours => ${READY_EMAIL_WITHIN_HOURS})
      and not exists (
        select 1 from ${outboundJobs}
        where ${outboundJobs.orderId} = ${orderId} and ${outboundJobs.kind} = 'email-ready')`;
}

/**
 * The e-mail telling the customer money was given back (decision 021), one per refund: recorded
 * when the refund is done (a cash refund at once, a card refund when the provider said yes).
 */
export const refundEmailJob = (orderId: string, refundId: string) => ({
  kind: 'email-refund' as const,
  orderId,
  payload: { refundId },
});
