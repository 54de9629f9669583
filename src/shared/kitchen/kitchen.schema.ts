import { z } from 'zod';
import {
  ESTIMATE_CHOICES,
  KITCHEN_STATUSES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  ORDER_TYPES,
} from '../orders/order-states.ts';

/** An order as the kitchen display shows it (GET /api/kitchen/orders). */
export const kitchenOrderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  kitchenStatus: z.enum(KITCHEN_STATUSES),
  kitchenStartedAt: z.iso.datetime({ offset: true }).nullable(),
  kitchenEstimatedTime: z.number().int().nullable(),
  kitchenReadyAt: z.iso.datetime({ offset: true }).nullable(),
  kitchenDoneAt: z.iso.datetime({ offset: true }).nullable(),
  orderSource: z.enum(ORDER_SOURCES),
  type: z.enum(ORDER_TYPES),
  tableNumber: z.string().nullable(),
  customerName: z.string(),
  /** The staff member who took a counter order, or null. */
  takenBy: z.string().nullable().optional(),
  specialInstructions: z.string().nullable(),
  total: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Paid through the payment simulator, or a platform's Test Order: a TEST badge. */
  isTest: z.boolean(),
  /**
   * Pickup times (decision 026): a scheduled order's pickup and when the kitchen should start
   * it (it waits under Later until then), or null; an as-soon-as-possible order's quote.
   */
  pickupAt: z.iso.datetime({ offset: true }).nullable().optional(),
  startAt: z.iso.datetime({ offset: true }).nullable().optional(),
  quotedMinutes: z.number().int().nullable().optional(),
  /**
   * A Wolt or Bolt Food order (decision 017), else null: the platform's own order number, the
   * moment it stops waiting for our accept (the countdown while kitchenStatus is pending: Start
   * accepts it), the pickup time agreed, and the last call to the platform that failed.
   * status 'cancelled' with a platform: the platform cancelled it; the card stays, with an
   * alert, until the kitchen dismisses it.
   */
  platform: z
    .object({
      externalNumber: z.string().nullable(),
      acceptBy: z.iso.datetime({ offset: true }).nullable(),
      pickupAt: z.iso.datetime({ offset: true }).nullable(),
      error: z.string().nullable(),
    })
    .nullable()
    .optional(),
  items: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      sauce: z.string().nullable(),
      addOns: z.array(z.string()),
      bread: z.string().nullable(),
      specialInstructions: z.string().nullable(),
    }),
  ),
});
export type KitchenOrder = z.infer<typeof kitchenOrderSchema>;

/** PUT /api/admin/orders/:id/kitchen-status (spec: kitchenStatus, optional estimatedTime, timestamp). */
export const kitchenStatusUpdateSchema = z
  .object({
    kitchenStatus: z.enum(KITCHEN_STATUSES, { error: 'Unknown kitchen status' }),
    estimatedTime: z
      .number()
      .int()
      .refine((minutes) => (ESTIMATE_CHOICES as readonly number[]).includes(minutes), {
        message: `Estimated time must be one of ${ESTIMATE_CHOICES.join(', ')} minutes`,
      })
      .optional(),
    /** Sent by the spec's client; the server records its own time. */
    timestamp: z.string().max(40).optional(),
  })
  .refine((body) => body.estimatedTime === undefined || body.kitchenStatus === 'started', {
    message: 'An estimated time goes only with started',
    path: ['estimatedTime'],
  });
