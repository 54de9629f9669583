import { randomUUID } from 'node:crypto';
import type {
  PaymentProvider,
  ProviderRefundRequest,
  ProviderRefundResult,
  ProviderPayment,
  ProviderPaymentRequest,
  TerminalSaleRequest,
  TerminalSaleVerdict,
} from '../../lib/payment-provider.ts';

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

  /** Its stand-in for the terminal app: a page of this server (simulator.routes.ts). */
  terminalUrl(request: TerminalSaleRequest): string {
    return `${SIMULATOR_PATH}/${request.paymentId}/terminal`;
  }

  /** What the simulated terminal did, by transaction id (in memory: test mode only). */
  private readonly terminalSales = new Map<
    string,
    { paymentId: string; verdict: TerminalSaleVerdict }
  >();

  /**
   * Called by the simulated terminal when the "card" is tapped: approved, declined or cancelled,
   * each a transaction of its own that the callback then asks about, as a real terminal's is.
   */
  recordTerminalSale(paymentId: string, verdict: TerminalSaleVerdict): string {
    const transactionId = `sim_term_${randomUUID()}`;
    this.terminalSales.set(transactionId, { paymentId, verdict });
    return transactionId;
  }

  async terminalSale(transactionId: string, paymentId: string) {
    const sale = this.terminalSales.get(transactionId);
    return sale && sale.paymentId === paymentId ? sale.verdict : null;
  }

  /** Refunds the simulator has given, by our refund id (test mode only: no money moved). */
  readonly refunds: ProviderRefundRequest[] = [];

  /** No money moved, so none goes back: the refund is simply done, as a provider's would be. */
  async refund(request: ProviderRefundRequest): Promise<ProviderRefundResult> {
    this.refunds.push(request);
    return { status: 'done' };
  }
}
