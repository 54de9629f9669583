/**
 * The customer's details survive the trip to the payment page, so that coming back after
 * Cancel or Decline does not mean typing them again. Kept in sessionStorage: this tab only,
 * gone when it closes, and cleared once the order is paid. Read back as text only, without
 * zod (the table page and the checkout's first screen load none, decision 016): the form checks
 * them with its schema when the customer pays.
 */
import type { CheckoutForm } from '#shared/checkout/checkout.schema.ts';

const KEY = 'checkout-customer';

const DRAFT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'specialInstructions'] as const;
type CustomerDraft = Partial<Pick<CheckoutForm, (typeof DRAFT_FIELDS)[number]>>;

/** Longer than any field the form takes (checkout.schema.ts): a stored value past it is not ours. */
const MAX_DRAFT_LENGTH = 1000;

export function saveCustomerDraft(values: CheckoutForm): void {
  const { firstName, lastName, email, phone, specialInstructions } = values;
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ firstName, lastName, email, phone, specialInstructions }),
    );
  } catch {
    // Private mode or full storage: the customer types the details again, nothing worse.
  }
}

/** The stored details: each field that is text of a sensible length; nothing else. */
export function loadCustomerDraft(): CustomerDraft {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return {};
    const stored: unknown = JSON.parse(raw);
    if (!stored || typeof stored !== 'object') return {};
    const draft: CustomerDraft = {};
    for (const field of DRAFT_FIELDS) {
      const value = (stored as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.length <= MAX_DRAFT_LENGTH) draft[field] = value;
    }
    return draft;
  } catch {
    return {};
  }
}

export function clearCustomerDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
