/**
 * The payments feature's plugin (docs/decisions/029): the card terminal's way back, the
 * configured provider's own routes (Viva.com's webhook and return pages, or the simulator's
 * card page with its form parser, scoped to it), and the reconciler of expired checkouts.
 */
import fastifyFormbody from '@fastify/formbody';
import type { AppInstance } from '../../http/types.ts';
import { startPaymentReconciler } from './reconcile.ts';
import { simulatorRoutes } from './simulator.routes.ts';
import { terminalRoutes } from './terminal.routes.ts';
import { VivaProvider } from './viva-provider.ts';
import { vivaRoutes } from './viva.routes.ts';

export interface PaymentsOptions {
  /** Settle expired checkouts at start and on a timer (reconcile.ts); main.ts asks for it. */
  reconcile?: boolean;
}

export async function paymentsFeature(app: AppInstance, options: PaymentsOptions = {}) {
  await terminalRoutes(app);
  const provider = app.paymentProvider;
  if (provider instanceof VivaProvider) {
    await vivaRoutes(app, provider.client);
  } else {
    // JSON APIs take JSON only; the form parser lives only on the simulator's own page.
    await app.register(async (scope) => {
      await scope.register(fastifyFormbody);
      await simulatorRoutes(scope);
    });
  }
  if (options.reconcile) startPaymentReconciler(app);
}
