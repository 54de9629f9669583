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

export interface PaymentProvider {
  readonly name: 'simulator' | 'viva';
  createPayment(request: ProviderPaymentRequest): Promise<ProviderPayment>;
}

/** The provider could not be reached or refused: the customer should try again later. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
