/**
 * Viva Wallet's side of the card flow (../shared/integrations.md §1.4-1.6):
 * the webhook (verification GET, payment events POST) and the success and failure
 * return URLs configured on the payment source. Nothing Viva or the browser says is
 * trusted until the transaction has been fetched from Viva.
 */
import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { HttpError } from '../../http/errors.ts';
import { controlCharacterError, findControlCharacter } from '../../http/request-guards.ts';
import { PaymentProviderError } from '../../lib/payment-provider.ts';
import type { VivaClient } from './viva-client.ts';
import {
  confirmPayment,
  findPaymentByReference,
  markPaymentUnsuccessful,
  paymentReturnUrl,
  rememberTransaction,
} from './payments.service.ts';

const PAYMENT_CREATED = 1796;
const PAYMENT_FAILED = 1798;

const webhookSchema = z.object({
  EventTypeId: z.number(),
  EventData: z.object({ TransactionId: z.string().min(1).max(100) }).loose(),
});

const returnQuerySchema = z.object({
  t: z.string().max(100).optional(),
  s: z.string().max(40).optional(),
  eventId: z.string().max(20).optional(),
});

export async function vivaRoutes(app: AppInstance, viva: VivaClient) {
  const { db, orderEvents: events } = app;
  app.get('/api/viva-wallet/webhook', async () => {
    try {
      return { Key: await viva.getWebhookKey() };
    } catch (error) {
      app.log.error({ err: error }, 'could not get the Viva webhook key');
      throw new HttpError(503, 'Webhook verification key unavailable');
    }
  });

  await app.register(async (scope) => {
    // Keep the raw text: JSON.parse would round Viva's 16-digit order codes.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    scope.post('/api/viva-wallet/webhook', async (request, reply) => {
      let json: unknown;
      let event: z.infer<typeof webhookSchema>;
      try {
        json = JSON.parse(String(request.body));
        event = webhookSchema.parse(json);
      } catch {
        return reply.code(400).send({ error: 'Not a Viva webhook event' });
      }
      // The raw text was checked (http/request-guards.ts); an escaped NUL appears only now.
      const field = findControlCharacter(json);
      if (field) throw controlCharacterError(field);
      if (event.EventTypeId !== PAYMENT_CREATED && event.EventTypeId !== PAYMENT_FAILED) {
        return { received: true };
      }
      const transactionId = event.EventData.TransactionId;
      let transaction;
      try {
        transaction = await viva.getTransaction(transactionId);
      } catch (error) {
        // Viva retries a non-2xx answer hourly; that is what we want while it is unreachable.
        request.log.error({ err: error, transactionId }, 'could not verify a Viva webhook');
        return reply.code(503).send({ error: 'Could not verify the transaction, try again later' });
      }
      if (!transaction) {
        request.log.warn(
          { transactionId },
          'Viva webhook for a transaction Viva does not know; ignored',
        );
        return { received: true };
      }
      const payment = await findPaymentByReference(db, 'viva', transaction.orderCode);
      if (!payment) {
        request.log.warn(
          { orderCode: transaction.orderCode },
          'Viva webhook for an order code we never made',
        );
        return { received: true };
      }
      // Known before confirming, so the reconciler can ask about it if this is interrupted.
      await rememberTransaction(db, payment.id, transactionId);
      if (transaction.statusId === 'F') {
        await confirmPayment(
          db,
          payment.id,
          { amountCents: transaction.amountCents, transactionId },
          request.log,
          events,
        );
      } else if (transaction.statusId === 'E') {
        // Not final at Viva: the customer may still pay the same order code.
        await markPaymentUnsuccessful(
          db,
          payment.id,
          'failed',
          `Viva transaction ${transactionId} failed`,
        );
      }
      return { received: true };
    });
  });

  app.get(
    '/api/viva-wallet/return',
    { schema: { querystring: returnQuerySchema } },
    async (request, reply) => {
      const { t: transactionId, s: orderCode } = request.query;
      if (!transactionId) return reply.redirect(paymentReturnUrl(null, 'failed'), 303);
      try {
        const transaction = await viva.getTransaction(transactionId);
        if (!transaction || (orderCode && transaction.orderCode !== orderCode)) {
          request.log.warn(
            { transactionId, orderCode },
            'payment return with an unverifiable transaction',
          );
          return reply.redirect(paymentReturnUrl(null, 'error'), 303);
        }
        const payment = await findPaymentByReference(db, 'viva', transaction.orderCode);
        if (!payment) return reply.redirect(paymentReturnUrl(null, 'error'), 303);
        await rememberTransaction(db, payment.id, transactionId);
        if (transaction.statusId !== 'F') {
          const outcome = payment.status === 'expired' ? 'expired' : 'failed';
          return reply.redirect(paymentReturnUrl(payment, outcome), 303);
        }
        const result = await confirmPayment(
          db,
          payment.id,
          { amountCents: transaction.amountCents, transactionId },
          request.log,
          events,
        );
        return result.outcome === 'order'
          ? reply.redirect(paymentReturnUrl(payment, 'success', result.orderId), 303)
          : reply.redirect(paymentReturnUrl(payment, 'error'), 303);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        request.log.error({ err: error, transactionId }, 'could not verify a payment return');
        return reply.redirect(paymentReturnUrl(null, 'error'), 303);
      }
    },
  );

  app.get(
    '/api/viva-wallet/failure',
    { schema: { querystring: returnQuerySchema } },
    async (request, reply) => {
      const { t: transactionId, s: orderCode } = request.query;
      // Viva sends a cancelled payment to the failure URL too, without a transaction.
      const shown = transactionId ? 'failed' : 'cancelled';
      const payment = orderCode ? await findPaymentByReference(db, 'viva', orderCode) : null;
      if (!payment) return reply.redirect(paymentReturnUrl(null, shown), 303);
      // The customer came back after the checkout's time ran out: say so.
      if (payment.status === 'expired') {
        return reply.redirect(paymentReturnUrl(payment, 'expired'), 303);
      }
      // Anyone can open this address with an order code: only a failure Viva itself reports for
      // this order is recorded; a cancel (no transaction) leaves the checkout pending until it
      // is paid or reconcile.ts ends it at its timeout.
      if (transactionId) {
        try {
          const transaction = await viva.getTransaction(transactionId);
          if (transaction && transaction.orderCode === orderCode && transaction.statusId === 'E') {
            await markPaymentUnsuccessful(
              db,
              payment.id,
              'failed',
              `Viva failure return (${request.query.eventId ?? '-'})`,
            );
          }
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          request.log.error({ err: error, transactionId }, 'could not verify a failure return');
        }
      }
      return reply.redirect(paymentReturnUrl(payment, shown), 303);
    },
  );
}
