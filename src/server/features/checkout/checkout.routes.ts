import type { AppContext, AppInstance } from '../../http/types.ts';
import {
  createPaymentRequestSchema,
  createPaymentResponseSchema,
} from '#shared/checkout/checkout.schema.ts';
import { startCardCheckout } from '../payments/payments.service.ts';
import { ensureOrderToken, hashOrderToken } from '../orders/order-token.ts';

export async function checkoutRoutes(
  app: AppInstance,
  { config, db, now, paymentProvider }: AppContext,
) {
  // Spec customer-site §7: the card-wallet provider's path, whichever provider is configured.
  app.post(
    '/api/viva-wallet/create-payment',
    {
      schema: { body: createPaymentRequestSchema, response: { 200: createPaymentResponseSchema } },
      // Generous: customers on mobile networks share addresses (carrier NAT).
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, idempotent: true },
      // The placing browser's token (DESIGN.md departure 12), set before an Idempotency-Key
      // replay (a preHandler) can answer, so a retry after a lost answer gets the cookie too.
      preValidation: async (request, reply) => {
        ensureOrderToken(request, reply, config);
      },
    },
    (request, reply) =>
      startCardCheckout(db, paymentProvider, request.body, now(), request.log, {
        timeoutSeconds: config.payments.timeoutSeconds,
        placedByTokenHash: hashOrderToken(ensureOrderToken(request, reply, config)),
      }),
  );
}
