/**
 * How a customer is written on every screen, receipt and export (DESIGN departure 20).
 *
 * - A customer number has its own form, C-0006, so that it is never read as an order number
 *   (#1006). The database numbers customers from 1001 (migration 0000), so C-0001 is the first.
 * - A first name alone is "Tom": the last name "-" only stands in for none where a payment
 *   provider needs one (a counter card sale with a first name only; a spec client's one-word
 *   name), and is never shown.
 */

/** The stored customer_number of the first customer is 1001: it is shown as C-0001. */
const CUSTOMER_NUMBER_BASE = 1000;

/** 1006 -> "C-0006"; 12345 -> "C-11345". */
export function customerNumberLabel(customerNumber: number): string {
  const shown =
    customerNumber > CUSTOMER_NUMBER_BASE ? customerNumber - CUSTOMER_NUMBER_BASE : customerNumber;
  return `C-${String(shown).padStart(4, '0')}`;
}

/** The last name as shown: "" for none and for the stand-in "-". */
export function lastNameShown(lastName: string): string {
  const trimmed = lastName.trim();
  return trimmed === '-' ? '' : trimmed;
}

/** "Tom Tamm", "Tom" (for "Tom" and "-"), or "" when neither is known. */
export function personName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastNameShown(lastName)].filter(Boolean).join(' ');
}
