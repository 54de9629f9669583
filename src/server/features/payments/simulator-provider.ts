import type {
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentRequest,
} from './payment-provider.ts';

export const SIMULATOR_PATH = '/payments/simulator';

/**
 * The built-in payment simulator: its "hosted card page" is a page of this server
 * (simulator.routes.ts), so the whole checkout runs with no provider account.
 */
export class SimulatorProvider implements PaymentProvider {
  readonly name = 'simulator' as const;

  async createPayment(request: ProviderPaymentRequest): Promise<ProviderPayment> {
    return {
      // Relative, so it works whatever address the customer reached the shop at.
      paymentUrl: `${SIMULATOR_PATH}/${request.paymentId}`,
      providerReference: `sim_${request.paymentId}`,
    };
  }
}
