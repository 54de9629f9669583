import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { useCart } from '../cart/index.ts';
import { reportPageView } from '#client/lib/page-views/page-view-reporter.ts';
import { clearCustomerDraft } from './customer-draft.ts';
import {
  paidOrderFrom,
  paymentReturnNotice,
  type PaidOrder,
  type PaymentReturnNotice,
} from './payment-return.ts';

export type { PaidOrder } from './payment-return.ts';

/**
 * Spec customer-site §4 "Payment return" (payment-return.ts says what each return means).
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
  // A return that did not pay stays on the page as well as in the toast: a toast is gone in
  // 5 s, and the customer may have looked away while the payment page answered.
  const [unpaidNotice, setUnpaidNotice] = useState<PaymentReturnNotice | null>(null);

  const payment = params.get('payment');
  const search = params.toString();

  useEffect(() => {
    if (!payment || handled.current === search) return;
    handled.current = search;
    const notice = paymentReturnNotice(payment);
    // Not a return we know: leave the URL alone.
    if (!notice) return;
    if (notice.clearsCart) {
      // The funnel's last step (decision 015), once per return.
      reportPageView('/paid');
      clearCart();
      clearCustomerDraft();
      setPaidOrder(paidOrderFrom(new URLSearchParams(search)));
    } else {
      setUnpaidNotice(notice);
    }
    const show = notice.kind === 'default' ? toast : toast[notice.kind];
    show(notice.title, { description: notice.description });
    setParams(new URLSearchParams(), { replace: true });
  }, [payment, search, clearCart, setParams]);

  return {
    paidOrder,
    dismissPaidOrder: () => setPaidOrder(null),
    unpaidNotice,
    dismissUnpaidNotice: () => setUnpaidNotice(null),
  };
}
