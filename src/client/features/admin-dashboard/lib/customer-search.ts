import type { AdminCustomer } from '#shared/admin-dashboard/dashboard.schema.ts';
import { customerNumberLabel } from '#shared/customers/customer-display.ts';

type Searchable = Pick<
  AdminCustomer,
  'firstName' | 'lastName' | 'email' | 'phone' | 'customerNumber'
>;

/**
 * The All Customers search: every word must appear in the name, e-mail, phone or customer
 * number (case and spaces in phone numbers do not matter). An empty search keeps everyone.
 */
export function matchesCustomerSearch(customer: Searchable, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    customer.firstName,
    customer.lastName,
    customer.email,
    customer.phone,
    customer.phone.replace(/\s+/g, ''),
    customerNumberLabel(customer.customerNumber),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}
