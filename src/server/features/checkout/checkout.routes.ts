import type { AppInstance } from '../../http/types.ts';
import type { StaffUser } from '#shared/auth/auth.schema.ts';
import {
  createPaymentRequestSchema,
  createPaymentResponseSchema,
} from '#shared/checkout/checkout.schema.ts';
import { startCardCheckout } from '../payments/index.ts';
import { ensureOrderToken, hashOrderToken } from '../orders/index.ts';

/**
 * A counter card payment: the signed-in POS user and the POS page it returns to. Who may take
 * one is the access table's (auth/access.ts CHANNEL_ACCESS), which sets `request.user` for it.
 */
function posOf(user: StaffUser | null) {
  if (!user) return null;
  return { staffId: user.id, returnPath: user.role === 'admin' ? '/pos' : '/staff-pos' };
}

export async function checkoutFeature(app: AppInstance) {
  const { config, db, now, paymentProvider } = app;
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
    async (request, reply) =>
      startCardCheckout(db, paymentProvider, request.body, now(), request.log, {
        timeoutSeconds: config.payments.timeoutSeconds,
        placedByTokenHash: hashOrderToken(ensureOrderToken(request, reply, config)),
        pos: request.body.orderData.orderSource === 'pos' ? posOf(request.user) : null,
        publicUrl: config.publicUrl,
      }),
  );
}
