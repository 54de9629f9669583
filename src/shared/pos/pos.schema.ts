/**
 * The counter's calls (spec back-office "Menu list of calls", POS rules): POST /api/orders (staff
 * POS), POST /api/admin/orders (admin POS) and POST /api/customers. The server prices every
 * line (src/server/features/orders/place-order.ts); amounts sent are informational only.
 * A counter card payment goes through POST /api/viva-wallet/create-payment with orderSource
 * 'pos' (spec: card is contactless, via the payment provider); these take cash.
 */
import { z } from 'zod';
import { vatRowsSchema } from '../vat/vat.ts';
import {
  euroAmountSchema,
  informationalAmountSchema,
  orderLineInputSchema,
} from '../checkout/checkout.schema.ts';
import { CASH_DRAWER_CHOICES } from '../cash-drawer/cash-drawer.schema.ts';

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
const moneyLike = informationalAmountSchema;

export const POS_MESSAGES = {
  emptyCart: 'Cart is empty',
  customerInformation: 'Please provide all customer information',
  insufficientCash: 'Insufficient cash amount received',
  customerEmail: 'An e-mail is needed to save a customer.',
  nextSessionAdminOnly:
    'Only the admin can record a cash sale against the next drawer session. Open the cash drawer first.',
} as const;

/**
 * Spec back-office §9: the POS's generic customer, a placeholder e-mail and phone for a walk-in
 * card sale (the payment provider asks for a customer). The server links no customer record to
 * it ('.invalid' can never be anyone's address).
 */
export const WALK_IN_CUSTOMER = {
  name: 'Walk-in customer',
  email: 'walk-in@pos.invalid',
  phone: '+0000000000',
} as const;

export const isWalkInEmail = (email: string) =>
  email.trim().toLowerCase() === WALK_IN_CUSTOMER.email;

export const posCustomerSchema = z.object({
  firstName: text(60, 'First name is too long').default(''),
  lastName: text(60, 'Last name is too long').default(''),
  // Staff POS: optional (spec back-office POS rules); a sale without one makes no customer.
  email: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(254)
        .pipe(z.email({ error: 'Valid email is required' })),
    ])
    .default(''),
  phone: text(30, 'Phone number is too long').default(''),
});
export type PosCustomer = z.infer<typeof posCustomerSchema>;

const posOrderLineSchema = orderLineInputSchema.extend({
  /** A discount the cashier chose for this line (menu editor, Discounts tab). */
  discountId: z.string().max(100).nullable().optional(),
});

export const posOrderRequestSchema = z.object({
  // Spec back-office: the order type in the POS is pickup.
  type: z.literal('pickup', { error: 'Counter orders are pickup orders' }).default('pickup'),
  orderSource: z.literal('pos').default('pos'),
  items: z
    .array(posOrderLineSchema, { error: POS_MESSAGES.emptyCart })
    .min(1, POS_MESSAGES.emptyCart)
    .max(50, 'Too many lines in one order (50 at most)'),
  paymentMethod: z.literal('cash', {
    error: 'Card payments at the counter go through the card payment page',
  }),
  /** What the customer handed over, in euros (at most MAX_REQUEST_EUROS); must cover the total. */
  cashReceived: euroAmountSchema.optional(),
  /**
   * Admin POS only, with no drawer open: record the sale against the day's next drawer session
   * (decision 012, update 2026-11-25). Without it such a sale is refused with 409.
   */
  cashDrawer: z.enum(CASH_DRAWER_CHOICES).optional(),
  customer: posCustomerSchema.optional(),
  specialInstructions: text(500, 'Special instructions are too long (500 characters at most)')
    .nullable()
    .optional(),
  subtotal: moneyLike,
  deliveryFee: moneyLike,
  total: moneyLike,
});
export type PosOrderRequest = z.input<typeof posOrderRequestSchema>;

export const posOrderResponseSchema = z.object({
  id: z.uuid(),
  orderNumber: z.number().int(),
  /** As priced by the server (2-decimal string). */
  total: z.string(),
  /** Cash to hand back (2-decimal string), never below 0. */
  change: z.string(),
  /** VAT per rate for the counter receipt (decision 022); absent in answers replayed from before. */
  vat: vatRowsSchema.optional(),
});
export type PosOrderResponse = z.infer<typeof posOrderResponseSchema>;

export const createCustomerRequestSchema = posCustomerSchema;
export const createCustomerResponseSchema = z.object({ id: z.uuid() });
