/**
 * Back from the card page (payments.service.ts paymentReturnUrl): /pos or /staff-pos with
 * ?payment=success&orderId=…, or cancelled, failed, error, expired. A success clears the sale
 * and shows the order the server made (Order Created, its receipt); anything else keeps the
 * cart for another try. Handled once, then the URL is cleaned so a reload does not repeat it.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { apiGet } from '#client/lib/api-client.ts';
import { orderSchema } from '#shared/orders/order.schema.ts';
import { receiptFromOrder } from '../receipts/index.ts';
import { usePosSale } from './pos-store.ts';
import type { ShownReceipt } from './use-pos-checkout.ts';

export function usePosPaymentReturn(onReceipt: (shown: ShownReceipt) => void) {
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const latest = useRef(onReceipt);
  useEffect(() => {
    latest.current = onReceipt;
  });
  const payment = params.get('payment');
  const orderId = params.get('orderId');
  const search = params.toString();

  useEffect(() => {
    if (!payment || handled.current === search) return;
    handled.current = search;
    switch (payment) {
      case 'success':
        usePosSale.getState().clear();
        if (orderId) {
          void apiGet(`/api/orders/${encodeURIComponent(orderId)}`)
            .then((answer) => {
              const order = orderSchema.parse(answer);
              toast.success('Order Created', {
                description: `Order #${order.orderNumber} · paid by card`,
              });
              latest.current({ receipt: receiptFromOrder(order) });
            })
            .catch((error: unknown) => {
              console.warn('The paid order could not be read for its receipt:', error);
              toast.success('Order Created', { description: 'Paid by card' });
            });
        } else {
          toast.success('Order Created', { description: 'Paid by card' });
        }
        break;
      case 'cancelled':
        toast('Payment Cancelled', {
          description: 'The card payment was cancelled. The cart is kept.',
        });
        break;
      case 'expired':
        toast.error('Payment Time Ran Out', {
          description: 'The card payment was not completed in time. The cart is kept.',
        });
        break;
      case 'failed':
      case 'error':
        toast.error('Payment Failed', {
          description: 'The card payment did not go through. The cart is kept.',
        });
        break;
      default:
        return;
    }
    setParams(new URLSearchParams(), { replace: true });
  }, [payment, orderId, search, setParams]);
}
