/**
 * Refunds and voids (DESIGN.md departure 16, docs/decisions/021-refunds.md), from the
 * dashboard's Order Details. One transaction, under the order's row lock, decides how much may
 * still go back (never more than was paid less earlier refunds) and records the refund with
 * the way its money goes:
 * - card: a `provider-refund` outbox job in the same transaction (decision 008), so a crash
 *   after the click loses nothing and the provider is called after the commit, by the
 *   dispatcher, with retries; its state goes requested → done or failed;
 * - cash: a pay-out of the open drawer (decision 012), linked to the refund; refused when no
 *   drawer is open;
 * - platform (Wolt, Bolt Food): only the platform refunds; its cancellation is recorded here
 *   as done with no money moved by us (`recordPlatformCancellation`).
 * The sale stays on its own day; the refund counts on the day it was made (reports subtract it).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, outboundJobs, payments, refunds } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { centsToDecimalString } from '#shared/money.ts';
import {
  refundedQuantities,
  lineRefundCents,
  refundableCents,
  REFUND_MESSAGES,
  type Refund,
  type RefundMethod,
} from '#shared/refunds/refunds.schema.ts';
import { moveWithin, type Actor } from '../cash-drawer/index.ts';
import {
  eventOf,
  recordOrderEvent,
  type JobOutcome,
  type JobRunner,
  type OutboundJob,
  type OrderEvents,
} from '../realtime/index.ts';
import { PaymentProviderError, type PaymentProvider } from '../../lib/payment-provider.ts';
import { refundEmailJob } from '../orders/index.ts';

type RefundRow = typeof refunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface RefundInput {
  reason: string;
  lines?: { orderItemId: string; quantity: number }[] | undefined;
  amountCents?: number | undefined;
}

const money = centsToDecimalString;

export function refundView(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    method: row.method,
    amount: money(row.amountCents),
    reason: row.reason,
    lines: row.lines,
    state: row.state,
    providerMessage: row.providerMessage,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
    by: row.byName,
  };
}

/** How an order's money goes back. */
function methodOf(order: OrderRow): RefundMethod {
  if (order.paymentMethod === 'platform') return 'platform';
  if (order.paymentMethod === 'cash') return 'cash';
  return 'card';
}

const PLATFORM_NAMES: Record<string, string> = { wolt: 'Wolt', bolt: 'Bolt Food' };

/** POST /api/admin/orders/:id/refunds */
export async function createRefund(
  db: Db,
  orderId: string,
  input: RefundInput,
  by: Actor,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found.');
    if (order.deletedAt) throw conflict(REFUND_MESSAGES.deleted(order.orderNumber));
    const method = methodOf(order);
    if (method === 'platform') {
      throw conflict(REFUND_MESSAGES.platform(PLATFORM_NAMES[order.orderSource] ?? 'The platform'));
    }
    if (order.paymentStatus !== 'paid') throw conflict(REFUND_MESSAGES.notPaid(order.orderNumber));

    const earlier = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
    const leftCents = refundableCents(order.totalCents, earlier);
    if (leftCents === 0) throw conflict(REFUND_MESSAGES.fullyRefunded(order.orderNumber));

    const lines = input.lines ? await chosenLines(tx, order, input.lines, earlier) : [];
    const amountCents =
      input.amountCents ??
      (input.lines ? lines.reduce((sum, line) => sum + line.cents, 0) : leftCents);
    if (amountCents > leftCents) {
      throw new HttpError(422, REFUND_MESSAGES.tooMuch(money(leftCents), money(amountCents)));
    }

    if (method === 'card') {
      // Refused now rather than failed later: there is nothing to send the provider.
      const [payment] = order.paymentId
        ? await tx.select().from(payments).where(eq(payments.id, order.paymentId))
        : [];
      if (!payment?.providerTransactionId) throw conflict(REFUND_MESSAGES.noTransaction);
    }
    let cashMovementId: string | null = null;
    if (method === 'cash') {
      const payOut = await moveWithin(
        tx,
        {
          kind: 'pay-out',
          amountCents,
          reason: `Refund of order #${order.orderNumber}: ${input.reason}`.slice(0, 200),
          by,
        },
        REFUND_MESSAGES.noDrawer,
      );
      cashMovementId = payOut.movementId;
    }

    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        method,
        amountCents,
        reason: input.reason,
        lines: lines.map(({ orderItemId, name, quantity }) => ({ orderItemId, name, quantity })),
        state: method === 'card' ? 'requested' : 'done',
        doneAt: method === 'card' ? null : sql`now()`,
        cashMovementId,
        byStaffId: by.id,
        byName: by.name,
      })
      .returning();
    if (method === 'card') {
      await tx.insert(outboundJobs).values({
        kind: 'provider-refund',
        orderId,
        payload: { refundId: refund!.id },
      });
    } else {
      await tx.insert(outboundJobs).values(refundEmailJob(orderId, refund!.id));
    }
    const updated = await voidWhenFullyRefunded(tx, order, leftCents - amountCents);
    await recordOrderEvent(tx, eventOf(updated, 'updated'));
    return refund!;
  });
}

/**
 * A refund of everything that was paid voids the order: cancelled, so the kitchen shows VOID
 * and the customer's page says so. A completed order keeps its status (the meal was served).
 */
async function voidWhenFullyRefunded(tx: Db, order: OrderRow, leftCents: number) {
  if (leftCents > 0 || order.status === 'cancelled' || order.status === 'completed') return order;
  const [updated] = await tx
    .update(orders)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  return updated!;
}

/** The chosen lines with their price, checked against what earlier refunds already took. */
async function chosenLines(
  tx: Db,
  order: OrderRow,
  chosen: { orderItemId: string; quantity: number }[],
  earlier: RefundRow[],
) {
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, order.id),
        inArray(
          orderItems.id,
          chosen.map((line) => line.orderItemId),
        ),
      ),
    )
    .orderBy(asc(orderItems.position));
  const byId = new Map(items.map((item) => [item.id, item]));
  const taken = refundedQuantities(earlier);
  const asked = new Map<string, number>();
  for (const line of chosen) {
    asked.set(line.orderItemId, (asked.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return [...asked].map(([orderItemId, quantity]) => {
    const item = byId.get(orderItemId);
    if (!item) throw new HttpError(422, REFUND_MESSAGES.lineUnknown);
    const left = item.quantity - (taken.get(orderItemId) ?? 0);
    if (quantity > left) throw new HttpError(422, REFUND_MESSAGES.lineTooMany(item.name, left));
    return {
      orderItemId,
      name: item.name,
      quantity,
      cents: lineRefundCents(item, quantity, order),
    };
  });
}

/**
 * Wolt or Bolt Food cancelled a paid order (decision 017): the platform gives the money back,
 * not us; recorded as a done refund of the whole order so the books show it on this day.
 * Called in the cancellation's transaction, under the order's row lock.
 */
export async function recordPlatformCancellation(tx: Db, order: OrderRow): Promise<void> {
  if (order.paymentStatus !== 'paid') return;
  const earlier = await tx.select().from(refunds).where(eq(refunds.orderId, order.id));
  const leftCents = refundableCents(order.totalCents, earlier);
  if (leftCents === 0) return;
  await tx.insert(refunds).values({
    orderId: order.id,
    method: 'platform',
    amountCents: leftCents,
    reason: `Cancelled on ${PLATFORM_NAMES[order.orderSource] ?? 'the platform'}`,
    state: 'done',
    doneAt: sql`now()`,
    providerMessage: 'No money moved by us: the platform refunds its customer.',
  });
}

/** Every refund of these orders, oldest first. */
export async function refundsOf(db: Db, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * The job runner's handler of `provider-refund` jobs: sends the refund to the provider that
 * took the payment, once it is committed; done or failed with the provider's message.
 */
export function registerRefundJobs(
  jobs: JobRunner,
  events: OrderEvents,
  deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger },
) {
  const { db, provider, log } = deps;
  const finish = async (
    refundId: string,
    state: 'done' | 'failed',
    providerMessage: string | null,
  ) => {
    await db.transaction(async (tx) => {
      const [refund] = await tx
        .update(refunds)
        .set({ state, providerMessage, doneAt: sql`now()` })
        .where(and(eq(refunds.id, refundId), eq(refunds.state, 'requested')))
        .returning();
      if (!refund) return;
      if (state === 'done')
        await tx.insert(outboundJobs).values(refundEmailJob(refund.orderId, refund.id));
      const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
      if (order) await recordOrderEvent(tx, eventOf(order, 'updated'));
    });
    events.wake();
  };

  jobs.handle('provider-refund', {
    run: async (job: OutboundJob): Promise<JobOutcome> => {
      const refundId = String(job.payload.refundId ?? '');
      const [row] = await db
        .select({ refund: refunds, payment: payments })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .leftJoin(payments, eq(payments.id, orders.paymentId))
        .where(eq(refunds.id, refundId));
      if (!row || row.refund.state !== 'requested') return 'gone';
      const transactionId = row.payment?.providerTransactionId;
      if (!row.payment || !transactionId) {
        await finish(refundId, 'failed', REFUND_MESSAGES.noTransaction);
        return 'refused';
      }
      if (row.payment.provider !== provider.name) {
        await finish(
          refundId,
          'failed',
          `This payment was taken by ${row.payment.provider}, but the shop now uses ${provider.name}; refund it there.`,
        );
        return 'refused';
      }
      try {
        const result = await provider.refund({
          transactionId,
          amountCents: row.refund.amountCents,
          refundId,
        });
        if (result.status === 'done') {
          await finish(refundId, 'done', null);
          return 'sent';
        }
        await finish(refundId, 'failed', result.message);
        return 'refused';
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          await db
            .update(refunds)
            .set({ providerMessage: `${error.message}; trying again.` })
            .where(and(eq(refunds.id, refundId), eq(refunds.state, 'requested')));
          return { retry: error.message };
        }
        throw error;
      }
    },
    async gaveUp(job, lastError) {
      log.error({ refundId: job.payload.refundId }, 'card refund given up');
      await finish(
        String(job.payload.refundId ?? ''),
        'failed',
        `Could not reach the provider: ${lastError}`,
      );
    },
  });
}
