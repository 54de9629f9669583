/**
 * A card payment provider (DESIGN.md "payments"): the simulator by default so the
 * whole flow works offline, Viva Wallet Smart Checkout in production.
 */
export interface ProviderPaymentRequest {
  /** Our payment id; the provider keeps it as the merchant reference. */
  paymentId: string;
  amountCents: number;
  customer: { email: string; fullName: string; phone: string };
  /** Short text the customer sees on the payment page. */
  description: string;
  /** How long the provider keeps the payment open (our checkout expires after the same time). */
  timeoutSeconds: number;
}

export interface ProviderPayment {
  /** Where the customer's browser is sent to pay. */
  paymentUrl: string;
  /** The provider's own id of the payment (Viva's order code), if it has one. */
  providerReference: string | null;
}

/** A counter card sale on the card terminal app (integrations.md §1.7). */
export interface TerminalSaleRequest {
  /** Our payment id: the terminal keeps it as the merchant reference (clientTransactionId). */
  paymentId: string;
  amountCents: number;
  /** Where the terminal app sends the browser back with the result. */
  callbackUrl: string;
}

/** A terminal transaction as the provider reports it. */
export type TerminalSaleVerdict =
  { status: 'paid'; amountCents: number } | { status: 'declined' } | { status: 'cancelled' };

export interface PaymentProvider {
  readonly name: 'simulator' | 'viva';
  createPayment(request: ProviderPaymentRequest): Promise<ProviderPayment>;
  /** Spec back-office: on Android the counter tries the card terminal app first. */
  terminalUrl(request: TerminalSaleRequest): string;
  /**
   * What the provider itself says of a terminal transaction for our payment (decision 013): paid
   * with the cents it took, declined, or cancelled; null when it does not know the transaction or
   * it carries another merchant reference. The callback's own query is never trusted.
   */
  terminalSale(transactionId: string, paymentId: string): Promise<TerminalSaleVerdict | null>;
  /**
   * Gives `amountCents` of a card transaction back (decision 021; Viva: Cancel Transaction,
   * integrations.md §5.1): done, or refused with the provider's message. Throws
   * PaymentProviderError when the provider could not be reached (the outbox tries again).
   */
  refund(request: ProviderRefundRequest): Promise<ProviderRefundResult>;
}

/** A refund of (part of) one card transaction. */
export interface ProviderRefundRequest {
  transactionId: string;
  amountCents: number;
  /** Our refund id. */
  refundId: string;
}

export type ProviderRefundResult = { status: 'done' } | { status: 'refused'; message: string };

/** The provider could not be reached or refused: the customer should try again later. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
