/**
 * Spec customer-site §4 "Payment return": what /checkout?payment=success|cancelled|failed|error
 * (and expired, when the checkout's time ran out: payments/reconcile.ts) means for the customer.
 * use-payment-return.ts acts on it once per return.
 */

/** A successful return from the payment page: the order the server created for it. */
export interface PaidOrder {
  /** Null only if the payment page came back without one. */
  orderId: string | null;
}

export function paidOrderFrom(params: URLSearchParams): PaidOrder | null {
  return params.get('payment') === 'success' ? { orderId: params.get('orderId') || null } : null;
}

export interface PaymentReturnNotice {
  /** Which toast: the plain one (`toast(...)`), success or error. */
  kind: 'default' | 'success' | 'error';
  title: string;
  description: string;
  /** A paid order empties the cart and forgets the customer's draft. */
  clearsCart: boolean;
}

/** The toast for a `payment` value, or null for one we do not know (the URL is left alone). */
export function paymentReturnNotice(payment: string | null): PaymentReturnNotice | null {
  switch (payment) {
    case 'success':
      return {
        kind: 'success',
        title: 'Payment Successful',
        description: 'Thank you! We have received your order.',
        clearsCart: true,
      };
    case 'cancelled':
      return {
        kind: 'default',
        title: 'Payment Cancelled',
        description: 'Your payment was cancelled. Your cart has been preserved.',
        clearsCart: false,
      };
    case 'expired':
      return {
        kind: 'error',
        title: 'Payment Time Ran Out',
        description: 'Your payment time ran out. Please place your order again.',
        clearsCart: false,
      };
    case 'failed':
    case 'error':
      return {
        kind: 'error',
        title: 'Payment Failed',
        description: 'There was an issue processing your payment. Please try again.',
        clearsCart: false,
      };
    default:
      return null;
  }
}
