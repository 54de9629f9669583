import type { AppContext, AppInstance } from '../../http/types.ts';
import {
  createPaymentRequestSchema,
  createPaymentResponseSchema,
} from '#shared/checkout/checkout.schema.ts';
import { startCardCheckout } from '../payments/payments.service.ts';

export async function checkoutRoutes(app: AppInstance, { db, now, paymentProvider }: AppContext) {
  // Spec customer-site §7: the card-wallet provider's path, whichever provider is configured.
  app.post(
    '/api/viva-wallet/create-payment',
    {
      schema: { body: createPaymentRequestSchema, response: { 200: createPaymentResponseSchema } },
      // Generous: customers on mobile networks share addresses (carrier NAT).
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    (request) => startCardCheckout(db, paymentProvider, request.body, now(), request.log),
  );
}
