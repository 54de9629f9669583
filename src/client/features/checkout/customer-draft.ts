/**
 * The customer's details survive the trip to the payment page, so that coming back after
 * Cancel or Decline does not mean typing them again. Kept in sessionStorage: this tab only,
 * gone when it closes, and cleared once the order is paid.
 */
import { checkoutFormSchema, type CheckoutForm } from '#shared/checkout/checkout.schema.ts';
import { CUSTOMER_DRAFT_KEY as KEY } from './customer-draft-key.ts';

const draftSchema = checkoutFormSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  specialInstructions: true,
});
type CustomerDraft = Partial<Pick<CheckoutForm, keyof typeof draftSchema.shape>>;

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

export function loadCustomerDraft(): CustomerDraft {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return {};
    const parsed = draftSchema.partial().safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
