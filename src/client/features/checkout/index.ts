/** Paying for an order: what the table page (spec back-office §2) shares with the checkout. */
export { usePickupSlots } from './api/pickup-slots-query.ts';
export { confirmationPath } from './confirmation-path.ts';
export { LazyPaymentSuccessDialog } from './components/lazy-payment-success-dialog.tsx';
export { clearPresetTable, savePresetTable } from './table-preset.ts';
export { usePaymentReturn, type PaidOrder } from './use-payment-return.ts';
