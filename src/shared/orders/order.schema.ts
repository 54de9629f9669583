/**
 * What the customer side reads about an order (spec customer-site §3).
 * Money is a 2-decimal string at the edge.
 */
import { z } from 'zod';
import { vatRowsSchema } from '../vat/vat.ts';
import { KITCHEN_STATUSES, ORDER_STATUSES, ORDER_TYPES, PAYMENT_STATUSES } from './order-states.ts';

const orderItemCustomizationsSchema = z.object({
  sauce: z.string().nullable(),
  addOns: z.array(z.string()),
  specialInstructions: z.string().nullable(),
});

const orderItemSchema = z.object({
  id: z.uuid(),
  menuItemId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price including add-ons. */
  price: z.string(),
  basePrice: z.string(),
  totalPrice: z.string(),
  bread: z.string().nullable(),
  addOns: z.array(z.object({ name: z.string(), price: z.string() })),
  /** A counter discount on this line: its name and what it took off (2-decimal string). */
  discount: z.object({ name: z.string(), amount: z.string() }).nullable().optional(),
  customizations: orderItemCustomizationsSchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** GET /api/orders/:id, read by the confirmation page. */
export const orderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  type: z.enum(ORDER_TYPES),
  orderSource: z.string(),
  /** The table a dine-in order goes to (table ordering by QR code), or null. */
  tableNumber: z.string().nullable().optional(),
  paymentMethod: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  kitchenStatus: z.enum(KITCHEN_STATUSES).nullable(),
  kitchenEstimatedTime: z.number().int().nullable(),
  /** A scheduled pickup's slot start (decision 026), or null for as soon as possible. */
  pickupAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The minutes quoted to an as-soon-as-possible order when it was placed (decision 026). */
  quotedMinutes: z.number().int().nullable().optional(),
  subtotal: z.string(),
  deliveryFee: z.string(),
  total: z.string(),
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    customerNumber: z.number().int().nullable(),
  }),
  deliveryAddress: z
    .object({
      street: z.string().nullable(),
      city: z.string().nullable(),
      postalCode: z.string().nullable(),
    })
    .nullable(),
  specialInstructions: z.string().nullable(),
  items: z.array(orderItemSchema),
  createdAt: z.iso.datetime({ offset: true }),
  /** Paid through the payment simulator: no money moved. */
  isTest: z.boolean(),
  /** Money given back on this order so far (decision 021), 2-decimal string; absent: none. */
  refundedTotal: z.string().optional(),
  /** Net, VAT and gross per rate, lowest rate first (DESIGN.md departure 15, decision 022). */
  vat: vatRowsSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** Orders as Track Your Meal lists them: no personal data beyond the spec's fields. */
const trackedByEmailSchema = z.array(
  z.object({
    id: z.uuid(),
    orderNumber: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    status: z.enum(ORDER_STATUSES),
    items: z.array(z.object({ quantity: z.number().int(), name: z.string() })),
    total: z.string(),
    kitchenEstimatedTime: z.number().int().nullable(),
  }),
);
export type TrackedByEmail = z.infer<typeof trackedByEmailSchema>;

/**
 * GET /api/orders/track-by-email/:email (docs/decisions/020-private-tracking.md): the same
 * answer whether or not the address has orders, so an e-mail alone tells nobody who is a
 * customer. The spec's list of orders became this object.
 */
export const trackByEmailAnswerSchema = z.object({
  /**
   * The shop sends e-mail: the address's orders, if it has any, were e-mailed to it with a link
   * to each. Depends on the shop's set-up only, never on the address.
   */
  emailed: z.boolean(),
  /** The address's orders placed from this browser (its order token), newest first; else []. */
  orders: trackedByEmailSchema,
});
export type TrackByEmailAnswer = z.infer<typeof trackByEmailAnswerSchema>;

/** GET /api/orders/track/:orderNumber */
export const trackedByNumberSchema = z.object({
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  kitchenStatus: z.enum(KITCHEN_STATUSES).nullable(),
  kitchenStartedAt: z.iso.datetime({ offset: true }).nullable(),
  kitchenEstimatedTime: z.number().int().nullable(),
  kitchenReadyAt: z.iso.datetime({ offset: true }).nullable(),
  /** A scheduled pickup's slot start (decision 026), or null for as soon as possible. */
  pickupAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The minutes quoted to an as-soon-as-possible order when it was placed (decision 026). */
  quotedMinutes: z.number().int().nullable().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  total: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type TrackedByNumber = z.infer<typeof trackedByNumberSchema>;
