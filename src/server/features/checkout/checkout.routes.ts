import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types.ts';
import { roleMayAccess } from '#shared/auth/auth.schema.ts';
import { sessionUser } from '../auth/index.ts';
import {
  createPaymentRequestSchema,
  createPaymentResponseSchema,
} from '#shared/checkout/checkout.schema.ts';
import { startCardCheckout } from '../payments/payments.service.ts';
import { ensureOrderToken, hashOrderToken } from '../orders/order-token.ts';

/** A counter card payment: the signed-in POS user and the POS page it returns to. */
async function posOf(request: FastifyRequest, app: AppInstance) {
  const user = await sessionUser(request, app);
  if (!user || !roleMayAccess(user.role, 'pos')) return null;
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
        pos: request.body.orderData.orderSource === 'pos' ? await posOf(request, app) : null,
        publicUrl: config.publicUrl,
      }),
  );
}
