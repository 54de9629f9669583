import type {
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentRequest,
} from './payment-provider.ts';
import type { VivaClient } from './viva-client.ts';

export class VivaProvider implements PaymentProvider {
  readonly name = 'viva' as const;

  constructor(readonly client: VivaClient) {}

  async createPayment(request: ProviderPaymentRequest): Promise<ProviderPayment> {
    const orderCode = await this.client.createOrder({
      amountCents: request.amountCents,
      // Our payment id comes back in webhooks and transactions as MerchantTrns.
      merchantTrns: request.paymentId,
      customerTrns: request.description,
      customer: request.customer,
      timeoutSeconds: request.timeoutSeconds,
    });
    return { paymentUrl: this.client.checkoutPageUrl(orderCode), providerReference: orderCode };
  }
}
