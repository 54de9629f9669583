import { randomUUID } from 'node:crypto';
import type {
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentRequest,
  TerminalSaleRequest,
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

  /** Its stand-in for the terminal app: a page of this server (simulator.routes.ts). */
  terminalUrl(request: TerminalSaleRequest): string {
    return `${SIMULATOR_PATH}/${request.paymentId}/terminal`;
  }

  /** The terminal sales the simulated terminal approved: transaction id -> what it took. */
  private readonly terminalSales = new Map<string, { paymentId: string; amountCents: number }>();

  /** Called by the simulated terminal when the "card" is tapped and approved. */
  approveTerminalSale(paymentId: string, amountCents: number): string {
    const transactionId = `sim_term_${randomUUID()}`;
    this.terminalSales.set(transactionId, { paymentId, amountCents });
    return transactionId;
  }

  async verifyTerminalSale(transactionId: string, paymentId: string) {
    const sale = this.terminalSales.get(transactionId);
    return sale && sale.paymentId === paymentId ? { amountCents: sale.amountCents } : null;
  }
}
