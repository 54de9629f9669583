import { Suspense } from 'react';
import { onDemand } from '#client/lib/on-demand.ts';
import type { PaymentSuccessDialogProps } from './payment-success-dialog.tsx';

/**
 * The Order Complete dialog's code (and the dialog library's) is fetched when a payment has
 * gone through, not with the checkout page: the page under it already says thank you and links
 * the order (docs/performance.md "What a first visit downloads").
 */
const PaymentSuccessDialog = onDemand(() => import('./payment-success-dialog.tsx')).component(
  (module) => module.PaymentSuccessDialog,
);

export function LazyPaymentSuccessDialog(props: PaymentSuccessDialogProps) {
  return (
    <Suspense fallback={null}>
      <PaymentSuccessDialog {...props} />
    </Suspense>
  );
}
