import type {
  PaymentProvider,
  ProviderRefundRequest,
  ProviderRefundResult,
  ProviderPayment,
  ProviderPaymentRequest,
  TerminalSaleRequest,
  TerminalSaleVerdict,
} from '../../lib/payment-provider.ts';
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

  /**
   * The Viva.com Terminal app's sale request (integrations.md §1.7, documented): amount in
   * integer cents, our payment id as clientTransactionId, the result back on `callback`.
   * `merchantKey` is deprecated ("any value"); `appId` names the caller.
   */
  terminalUrl(request: TerminalSaleRequest): string {
    const query = new URLSearchParams({
      merchantKey: 'ANY',
      appId: 'smokehouse-takeaway-pos',
      action: 'sale',
      clientTransactionId: request.paymentId,
      amount: String(request.amountCents),
      tipAmount: '0',
      show_receipt: 'true',
      show_transaction_result: 'true',
      show_rating: 'false',
      callback: request.callbackUrl,
    });
    return `vivapayclient://pay/v1?${query.toString()}`;
  }

  /**
   * A terminal sale is a normal Viva transaction (§1.7): fetched by id, it must carry our payment
   * id as its merchant reference; its status decides (F paid, E failed, X cancelled; any other,
   * such as A in progress, settles nothing yet). NOTE: that the terminal's clientTransactionId
   * comes back as MerchantTrns is inferred from "it appears as Merchant Reference"; confirm in
   * Viva's demo environment.
   */
  async terminalSale(
    transactionId: string,
    paymentId: string,
  ): Promise<TerminalSaleVerdict | null> {
    const transaction = await this.client.getTransaction(transactionId);
    if (!transaction || transaction.merchantTrns !== paymentId) return null;
    switch (transaction.statusId) {
      case 'F':
        return { status: 'paid', amountCents: transaction.amountCents };
      case 'E':
        return { status: 'declined' };
      case 'X':
        return { status: 'cancelled' };
      default:
        return null;
    }
  }

  /** Cancel Transaction with the amount (integrations.md §5.1): a void the same day, else a refund. */
  async refund(request: ProviderRefundRequest): Promise<ProviderRefundResult> {
    return this.client.cancelTransaction(request.transactionId, request.amountCents);
  }
}
