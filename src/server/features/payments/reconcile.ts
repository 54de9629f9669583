/**
 * Pending card checkouts never stay pending forever. A checkout past its expires_at
 * (PAYMENT_TIMEOUT_SECONDS after it started) is settled by asking its provider:
 *
 * - simulator: nobody paid in time, so it expires.
 * - viva: the transaction we know of (from a return or a webhook), then every transaction of the
 *   order code. Paid (F): the order is made, exactly once (confirmPayment). Failed (E): failed.
 *   Cancelled (X) or no transaction at all: expired. In progress (A), anything else, or Viva not
 *   answering: asked again next round, until GIVE_UP_AFTER_MS past the expiry, then expired
 *   with an error in the log for a person to check in Viva's dashboard.
 *
 * Every change is a guarded update (only while the payment is still pending), so a webhook or
 * return confirming the same payment at the same moment always wins, and several app instances
 * may reconcile side by side. A payment confirmed after it expired still makes its order
 * (payments.service.ts confirmPayment): money taken beats the clock.
 */
import { and, asc, eq, gt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import type { AppInstance } from '../../http/types.ts';
import type { OrderEvents } from '../realtime/index.ts';
import { PaymentProviderError, type PaymentProvider } from '../../lib/payment-provider.ts';
import { confirmPayment, settlePendingPayment } from './payments.service.ts';
import type { VivaClient, VivaTransaction } from './viva-client.ts';
import { VivaProvider } from './viva-provider.ts';

/** Payments read per query, oldest expiry first. */
const RECONCILE_BATCH_SIZE = 50;
/** A run reads at most this many batches; the rest waits for the next run. */
const MAX_BATCHES_PER_RUN = 10;
/** Viva retries a webhook hourly for 24 hours; after that no one will tell us any more. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

type Payment = typeof payments.$inferSelect;

/** What the provider says about an expired checkout. */
type Verdict =
  | { kind: 'paid'; transactionId: string; amountCents: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'expired'; reason: string }
  | { kind: 'wait'; reason: string };

export interface ReconcileSummary {
  checked: number;
  paid: number;
  failed: number;
  expired: number;
  /** Still pending: the provider could not say yet. */
  waiting: number;
}

/** The verdict on all the transactions of one Viva order. */
function verdictOfTransactions(transactions: VivaTransaction[]): Verdict {
  const paid = transactions.find((transaction) => transaction.statusId === 'F');
  if (paid) {
    return { kind: 'paid', transactionId: paid.transactionId, amountCents: paid.amountCents };
  }
  const undecided = transactions.find(
    (transaction) => transaction.statusId !== 'E' && transaction.statusId !== 'X',
  );
  if (undecided) {
    // A = still in progress; C, R, M… should not happen on an unconfirmed checkout: a person looks.
    return {
      kind: 'wait',
      reason: `Viva transaction ${undecided.transactionId} is ${undecided.statusId}`,
    };
  }
  const failed = transactions.find((transaction) => transaction.statusId === 'E');
  if (failed) return { kind: 'failed', reason: `Viva transaction ${failed.transactionId} failed` };
  if (transactions.length > 0) return { kind: 'expired', reason: 'cancelled at Viva' };
  return { kind: 'expired', reason: 'payment timeout: no transaction at Viva' };
}

/** Asks Viva what became of one checkout. Throws PaymentProviderError when Viva does not answer. */
async function askViva(client: VivaClient, payment: Payment): Promise<Verdict> {
  let known: VivaTransaction | null = null;
  if (payment.providerTransactionId) {
    known = await client.getTransaction(payment.providerTransactionId);
    // A transaction of another order cannot pay this one.
    if (known && known.orderCode !== payment.providerReference) known = null;
    if (known?.statusId === 'F') return verdictOfTransactions([known]);
  }
  // The order code covers what we never heard of: a retry after a decline, a lost return.
  if (payment.providerReference && client.canListOrderTransactions) {
    return verdictOfTransactions(await client.listOrderTransactions(payment.providerReference));
  }
  if (known) return verdictOfTransactions([known]);
  // NOTE: without VIVA_MERCHANT_ID/VIVA_API_KEY there are no webhooks either, so nothing could
  // still tell us about this checkout; Viva's own order timed out with ours.
  return { kind: 'expired', reason: 'payment timeout: no Viva transaction known' };
}

async function verdictOf(provider: PaymentProvider, payment: Payment): Promise<Verdict> {
  if (payment.provider === 'simulator') return { kind: 'expired', reason: 'payment timeout' };
  if (payment.provider === 'viva' && provider instanceof VivaProvider) {
    return askViva(provider.client, payment);
  }
  return {
    kind: 'wait',
    reason: `payment provider ${payment.provider} is not the one configured (${provider.name})`,
  };
}

async function settle(
  db: Db,
  provider: PaymentProvider,
  payment: Payment,
  now: Date,
  log: FastifyBaseLogger,
  events: OrderEvents | undefined,
): Promise<keyof Omit<ReconcileSummary, 'checked'>> {
  const context = { paymentId: payment.id, provider: payment.provider };
  let verdict: Verdict;
  try {
    verdict = await verdictOf(provider, payment);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    verdict = { kind: 'wait', reason: error.message };
  }

  switch (verdict.kind) {
    case 'paid': {
      const result = await confirmPayment(
        db,
        payment.id,
        { amountCents: verdict.amountCents, transactionId: verdict.transactionId },
        log,
        events,
      );
      if (result.outcome === 'order') {
        log.info({ ...context, orderId: result.orderId }, 'expired checkout was paid: order made');
        return 'paid';
      }
      // Money was taken but not the checkout's amount: no order, and a person must look.
      log.error(
        { ...context, transactionId: verdict.transactionId, paidCents: verdict.amountCents },
        'expired checkout paid with a different amount; no order made, check it at the provider',
      );
      await settlePendingPayment(
        db,
        payment.id,
        'failed',
        `amount mismatch: paid ${verdict.amountCents}`,
      );
      return 'failed';
    }
    case 'failed':
    case 'expired':
      await settlePendingPayment(db, payment.id, verdict.kind, verdict.reason);
      log.info({ ...context, reason: verdict.reason }, `checkout ${verdict.kind}`);
      return verdict.kind;
    case 'wait': {
      const overdueMs = now.getTime() - (payment.expiresAt?.getTime() ?? now.getTime());
      if (overdueMs < GIVE_UP_AFTER_MS) {
        log.warn({ ...context, reason: verdict.reason }, 'expired checkout not settled yet');
        return 'waiting';
      }
      await settlePendingPayment(
        db,
        payment.id,
        'expired',
        `not settled 24 h after its timeout: ${verdict.reason}`,
      );
      log.error(
        { ...context, providerReference: payment.providerReference, reason: verdict.reason },
        'gave up on a checkout the provider never settled; marked expired, check it at the provider',
      );
      return 'expired';
    }
  }
}

/** Settles every pending checkout whose time ran out by `now`. */
export async function reconcilePayments(
  db: Db,
  provider: PaymentProvider,
  now: Date,
  log: FastifyBaseLogger,
  events?: OrderEvents,
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { checked: 0, paid: 0, failed: 0, expired: 0, waiting: 0 };
  // Keyset paging: payments still waiting stay pending and must not fill every batch.
  let after: { expiresAt: Date; id: string } | null = null;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const due: Payment[] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          lte(payments.expiresAt, now),
          after
            ? or(
                gt(payments.expiresAt, after.expiresAt),
                and(eq(payments.expiresAt, after.expiresAt), gt(payments.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(payments.expiresAt), asc(payments.id))
      .limit(RECONCILE_BATCH_SIZE);

    for (const payment of due) {
      summary.checked += 1;
      try {
        summary[await settle(db, provider, payment, now, log, events)] += 1;
      } catch (error) {
        summary.waiting += 1;
        log.error({ err: error, paymentId: payment.id }, 'could not reconcile a checkout');
      }
    }
    const last = due.at(-1);
    if (!last?.expiresAt || due.length < RECONCILE_BATCH_SIZE) break;
    after = { expiresAt: last.expiresAt, id: last.id };
  }
  if (summary.checked > 0) log.info(summary, 'expired checkouts reconciled');
  return summary;
}

/**
 * Runs reconcilePayments once when the app is ready and then every PAYMENT_RECONCILE_SECONDS,
 * one run at a time; the timer does not keep the process alive, and closing the app stops it
 * (after the run in progress). The payments feature starts it only when asked
 * (AppDeps.reconcilePayments).
 */
export function startPaymentReconciler(app: AppInstance): void {
  const { db, now, paymentProvider, orderEvents: events, config } = app;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, config.payments.reconcileEverySeconds * 1000);
    timer.unref();
  };
  function run() {
    running = reconcilePayments(db, paymentProvider, now(), app.log, events)
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'),
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  // Not awaited: a slow provider must not hold up the start.
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
