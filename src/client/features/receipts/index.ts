/** Receipts, kitchen tickets and the VAT table: the public entry of the client's receipts. */
export { PrintSheet } from './print-sheet.tsx';
export { PrintTicketButton } from './print-ticket-button.tsx';
export { Receipt } from './receipt.tsx';
export { receiptFromOrder, type ReceiptData, type ShopHeader } from './receipt-model.ts';
