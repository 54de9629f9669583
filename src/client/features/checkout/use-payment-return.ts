import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast.tsx';
import { useCart } from '../cart/cart-store.ts';
import { clearCustomerDraft } from './customer-draft.ts';

/** A successful return from the payment page: the order the server created for it. */
export interface PaidOrder {
  /** Null only if the payment page came back without one. */
  orderId: string | null;
}

function paidOrderFrom(params: URLSearchParams): PaidOrder | null {
  return params.get('payment') === 'success' ? { orderId: params.get('orderId') || null } : null;
}

/**
 * Spec customer-site §4 "Payment return": /checkout?payment=success|cancelled|failed|error,
 * and expired when the checkout's time ran out (payments/reconcile.ts on the server).
 * Reacts once per return (StrictMode runs effects twice in development; the ref remembers
 * which return was handled), then replaces the URL with a bare /checkout so that a reload
 * or the back button does not repeat the toast or clear the cart again.
 */
export function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const clearCart = useCart((state) => state.clear);
  const handled = useRef<string | null>(null);
  // Read during the first render, so a successful return never flashes the form or an empty cart.
  const [paidOrder, setPaidOrder] = useState<PaidOrder | null>(() => paidOrderFrom(params));

  const payment = params.get('payment');
  const search = params.toString();

  useEffect(() => {
    if (!payment || handled.current === search) return;
    handled.current = search;
    const current = new URLSearchParams(search);
    switch (payment) {
      case 'success':
        clearCart();
        clearCustomerDraft();
        setPaidOrder(paidOrderFrom(current));
        toast.success('Payment Successful', {
          description: 'Thank you! We have received your order.',
        });
        break;
      case 'cancelled':
        toast('Payment Cancelled', {
          description: 'Your payment was cancelled. Your cart has been preserved.',
        });
        break;
      case 'expired':
        toast.error('Payment Time Ran Out', {
          description: 'Your payment time ran out. Please place your order again.',
        });
        break;
      case 'failed':
      case 'error':
        toast.error('Payment Failed', {
          description: 'There was an issue processing your payment. Please try again.',
        });
        break;
      default:
        // Not a return we know: leave the URL alone.
        return;
    }
    setParams(new URLSearchParams(), { replace: true });
  }, [payment, search, clearCart, setParams]);

  return { paidOrder, dismissPaidOrder: () => setPaidOrder(null) };
}
