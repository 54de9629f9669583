/**
 * The refunds feature's public entry (docs/architecture.md "Module boundaries"): an order's
 * refunds, and a platform's cancellation recorded as one (decision 021). Refunds in the books
 * are in orders/refunds-in-books.ts.
 */
export { recordPlatformCancellation, refundsOf, refundView } from './refunds.service.ts';
