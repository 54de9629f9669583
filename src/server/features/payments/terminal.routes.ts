/**
 * The card terminal app's way back (spec back-office §7 "Card flow on Android"; integrations.md
 * §1.7): the Viva.com Terminal app, or the simulator's stand-in, opens
 * GET /api/viva-wallet/terminal-callback?status=…&clientTransactionId=<our payment id>&
 * transactionId=…; the browser lands on the POS again with ?payment=… like after a card page.
 *
 * Anyone can open this address with any query (decision 013). So it settles counter card
 * payments only (a website or table checkout is never touched here), and only as the provider
 * answers for the transaction it names (terminalSale): paid makes the order exactly once
 * (confirmPayment, decision 004), declined or cancelled is recorded, anything else changes
 * nothing. `status` and `message` only choose what the opener's page says.
 */
import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { PaymentProviderError } from '../../lib/payment-provider.ts';
import {
  confirmPayment,
  findPayment,
  isCounterPayment,
  markPaymentUnsuccessful,
  orderOfPayment,
  paymentReturnUrl,
  rememberTransaction,
  TERMINAL_CALLBACK_PATH,
} from './payments.service.ts';

const callbackQuerySchema = z.object({
  status: z.string().max(20).optional(),
  clientTransactionId: z.string().max(100).optional(),
  transactionId: z.string().max(100).optional(),
  message: z.string().max(500).optional(),
});

/** The terminal reports a cancel by the person at the terminal as '(-4) USER_CANCEL' (§1.7). */
const USER_CANCEL = /USER_CANCEL/;

export async function terminalRoutes(app: AppInstance) {
  const { db, orderEvents: events, paymentProvider } = app;
  app.get(
    TERMINAL_CALLBACK_PATH,
    { schema: { querystring: callbackQuerySchema } },
    async (request, reply) => {
      const { status, clientTransactionId, transactionId, message } = request.query;
      const payment =
        clientTransactionId && z.uuid().safeParse(clientTransactionId).success
          ? await findPayment(db, clientTransactionId)
          : null;
      if (!payment || !isCounterPayment(payment)) {
        request.log.warn(
          { clientTransactionId },
          'terminal callback for an unknown or non-counter payment; nothing changed',
        );
        // Not even the payment's own page is named to a stranger.
        return reply.redirect(paymentReturnUrl(null, 'error'), 303);
      }
      const existing = await orderOfPayment(db, payment.id);
      if (existing) return reply.redirect(paymentReturnUrl(payment, 'success', existing.id), 303);

      if (!transactionId) {
        // Nothing the provider can confirm (a cancel at the terminal makes no transaction): the
        // page says what the terminal said; the payment stays pending until it is paid or
        // reconcile.ts ends it at its timeout.
        const shown = message && USER_CANCEL.test(message) ? 'cancelled' : 'failed';
        return reply.redirect(paymentReturnUrl(payment, shown), 303);
      }

      try {
        const sale = await paymentProvider.terminalSale(transactionId, payment.id);
        if (!sale) {
          request.log.warn(
            { paymentId: payment.id, transactionId, status },
            'terminal callback with a transaction the provider does not confirm',
          );
          return reply.redirect(paymentReturnUrl(payment, 'error'), 303);
        }
        if (sale.status !== 'paid') {
          const outcome = sale.status === 'cancelled' ? 'cancelled' : 'failed';
          await markPaymentUnsuccessful(
            db,
            payment.id,
            outcome,
            `terminal: transaction ${transactionId} ${sale.status} (${message ?? '-'})`,
          );
          return reply.redirect(paymentReturnUrl(payment, outcome), 303);
        }
        await rememberTransaction(db, payment.id, transactionId);
        const result = await confirmPayment(
          db,
          payment.id,
          { amountCents: sale.amountCents, transactionId },
          request.log,
          events,
        );
        return result.outcome === 'order'
          ? reply.redirect(paymentReturnUrl(payment, 'success', result.orderId), 303)
          : reply.redirect(paymentReturnUrl(payment, 'error'), 303);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        request.log.error({ err: error, transactionId }, 'could not verify a terminal sale');
        return reply.redirect(paymentReturnUrl(payment, 'error'), 303);
      }
    },
  );
}
