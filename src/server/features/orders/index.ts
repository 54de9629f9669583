/**
 * The orders feature's public entry (docs/architecture.md "Module boundaries"): placing an order
 * through the one pipeline, what is in the books (sales and refunds, decisions 012 and 021), the
 * VAT of stored orders (decision 022), the order's token, and which order owes the customer an
 * e-mail (decision 018), queued by the change that owes it.
 */
export { countsInTheBooks, notATestOrder, testOrdersNotCounted } from './books.ts';
export { readyEmailJobInsert, receiptRecipientOf, refundEmailJob } from './email-jobs.ts';
export { vatOfOrders } from './order-vat.ts';
export { ensureOrderToken, hashOrderToken, isPlacingBrowser } from './order-token.ts';
export { iso, orderItemView, ordersOfEmail } from './orders.service.ts';
export {
  createdEvent,
  linkCustomer,
  placeOrder,
  placePlatformOrder,
  priceOrder,
  storeOrder,
  withQuery,
  type PlatformLine,
} from './place-order.ts';
export { checkOrderLimits } from './pricing.ts';
export {
  refundCounts,
  refundedCentsBetween,
  refundsCsv,
  refundsInSession,
  vatOfRefunds,
} from './refunds-in-books.ts';
