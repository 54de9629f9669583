/**
 * The checkout contract (spec customer-site §3, §5, §7): the customer form, the
 * order payload built at checkout, and POST /api/viva-wallet/create-payment.
 * The same schemas validate the form in the browser and the request on the server.
 */
import { z } from 'zod';
import { CARD_WALLET } from './card-wallet.ts';

export { CARD_WALLET };

const trimmed = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/**
 * The largest amount of money a request may name, in euros (docs/operations.md "Limits"): cash
 * handed over at the counter, or an informational total. Far above any sale the shop's ceilings
 * allow, far below what integer cents in the database hold.
 */
const MAX_REQUEST_EUROS = 100_000;

const euros = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim());

/** An amount in euros, a number or a decimal string (the spec sends both), 0 to MAX_REQUEST_EUROS. */
export const euroAmountSchema = z
  .union([z.number(), z.string().max(20)], { error: 'not an amount of money' })
  .refine(
    (value) => {
      const amount = euros(value);
      return Number.isFinite(amount) && amount >= 0 && amount <= MAX_REQUEST_EUROS;
    },
    { error: `must be an amount from 0 to ${MAX_REQUEST_EUROS} euro` },
  );

export const checkoutFormSchema = z.object({
  firstName: trimmed(60, 'First name is too long').min(1, 'First name is required'),
  lastName: trimmed(60, 'Last name is too long').min(1, 'Last name is required'),
  email: z
    .string()
    .trim()
    .max(254, 'Valid email is required')
    .pipe(z.email({ error: 'Valid email is required' })),
  phone: trimmed(30, 'Phone number is too long').min(1, 'Phone number is required'),
  orderType: z.literal('pickup', { error: 'Only pickup orders are possible' }),
  paymentMethod: z.literal(CARD_WALLET, { error: 'Only card payment is possible' }),
  street: trimmed(120, 'Street is too long').optional(),
  city: trimmed(60, 'City is too long').optional(),
  postalCode: trimmed(20, 'Postal code is too long').optional(),
  specialInstructions: trimmed(
    500,
    'Special instructions are too long (500 characters at most)',
  ).optional(),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

const orderLineCustomizationsSchema = z.object({
  sauce: z.string().max(80).nullable().optional(),
  /** A bread the item offers (the POS's customise dialog; the storefront offers none). */
  bread: z.string().max(80).nullable().optional(),
  addOns: z.array(z.string().max(80)).max(20, 'Too many add-ons').default([]),
  specialInstructions: z
    .string()
    .trim()
    .max(300, 'Item notes are too long (300 characters at most)')
    .optional(),
});

/** One cart line as the client sends it; its name and price are informational only. */
export const orderLineInputSchema = z.object({
  menuItemId: z.string().min(1, 'menuItemId is required').max(100),
  name: z.string().max(200).optional(),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(99, 'Quantity must be 99 or less'),
  price: euroAmountSchema.optional(),
  customizations: orderLineCustomizationsSchema.default({ addOns: [] }),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/** Amounts a client sends for information only: the server prices (bounded all the same). */
export const informationalAmountSchema = euroAmountSchema.optional();
const moneyLike = informationalAmountSchema;

const orderCustomerSchema = checkoutFormSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/** The order payload built at checkout (spec §3). Amounts are ignored: the server prices. */
const orderDataSchema = z.object({
  // Pickup from the website and the counter; dine-in from a table (its QR code).
  type: z
    .enum(['pickup', 'dine-in'], { error: 'Only pickup and table orders are possible' })
    .default('pickup'),
  // A card payment for the counter (POS, a staff session) or a table returns there.
  orderSource: z
    .enum(['website', 'pos', 'table'], { error: 'Unknown order source' })
    .default('website'),
  tableNumber: trimmed(20, 'Table number is too long').optional(),
  items: z
    .array(
      orderLineInputSchema.extend({
        /** A discount the cashier chose; only a counter payment may carry one (the server checks). */
        discountId: z.string().max(100).nullable().optional(),
      }),
    )
    .min(1, 'Your cart is empty')
    .max(50, 'Too many lines in one order (50 at most)'),
  subtotal: moneyLike,
  deliveryFee: moneyLike,
  total: moneyLike,
  paymentMethod: z
    .literal(CARD_WALLET, { error: 'Only card payment is possible' })
    .default(CARD_WALLET),
  deliveryAddress: z.null().optional(),
  specialInstructions: trimmed(500, 'Special instructions are too long (500 characters at most)')
    .nullable()
    .optional(),
  /** Beyond the spec: the customer's names as typed, so the server need not split customerName. */
  customer: orderCustomerSchema.optional(),
  /**
   * A scheduled pickup (decision 026): the start of an offered slot (GET /api/pickup-slots);
   * absent for as soon as possible.
   */
  pickupAt: z.iso
    .datetime({ offset: true, error: 'Pickup time must be a date and time' })
    .optional(),
});

export const createPaymentRequestSchema = z.object({
  amount: moneyLike,
  customerEmail: z
    .string()
    .trim()
    .max(254, 'Valid email is required')
    .pipe(z.email({ error: 'Valid email is required' })),
  customerName: trimmed(121, 'Name is too long').min(1, 'Name is required'),
  customerPhone: trimmed(30, 'Phone number is too long').min(1, 'Phone number is required'),
  contactless: z.boolean().optional(),
  orderData: orderDataSchema,
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

export const createPaymentResponseSchema = z.object({
  paymentUrl: z.string(),
  paymentId: z.uuid(),
  /** What will be charged, as priced by the server (2-decimal string). */
  amount: z.string(),
  /**
   * Counter card payments only: the card terminal app's address (an Android POS tries it first
   * and falls back to paymentUrl, spec back-office §7; integrations.md §1.7).
   */
  terminalUrl: z.string().optional(),
});
