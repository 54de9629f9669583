/**
 * Where the customer's checkout details wait in this tab (customer-draft.ts), and their removal
 * once the order is paid. Without zod: the table page and the payment return use only this, and
 * the storefront's first screens load no schemas (decision 016).
 */
export const CUSTOMER_DRAFT_KEY = 'checkout-customer';

export function clearCustomerDraft(): void {
  try {
    sessionStorage.removeItem(CUSTOMER_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
