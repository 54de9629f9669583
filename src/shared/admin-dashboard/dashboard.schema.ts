/**
 * The admin dashboard's contract (spec back-office "Admin Dashboard", §3, §7).
 *
 * The day's figures, defined once (docs/operations.md "Dashboard figures" says the same):
 * - a day is the shop's calendar day in its time zone (setting shop_time_zone);
 * - Orders: orders created that day that are not deleted (any status, any payment);
 * - Revenue: the total of that day's paid orders that are not deleted, less the refunds made
 *   that day (whatever day their sale was; decision 021);
 * - Pending: that day's orders, not deleted, whose status is pending, preparing or ready;
 * - Customers: distinct customers with a customer record who ordered that day (a walk-in
 *   sale without e-mail has none and is not counted);
 * - Item sales: the lines of the orders counted in Revenue, by item name.
 * Deleted orders (DESIGN.md departure 10) are in none of them. Test orders (paid through the
 * payment simulator, or a Wolt/Bolt Test Order; any channel) are never revenue and in none of
 * them either: one rule for every screen (server orders/books.ts, docs/operations.md "Running
 * the day"); testOrdersNotCounted says how many were left out, and the screen says so.
 */
import { z } from 'zod';
import { WATCHDOG_AUDIT_ACTIONS } from '../watchdog/watchdog.schema.ts';
import { orderSchema } from '../orders/order.schema.ts';
import { daysBetween } from '../time/shop-time.ts';
import { refundSchema } from '../refunds/refunds.schema.ts';

/** yyyy-MM-dd, a real calendar date. */
export const dayStringSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-31')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'That date does not exist');

/** GET /api/admin/stats and /api/admin/stats/:date (spec §3 Stats). */
export const dashboardStatsSchema = z.object({
  /** The day these figures are for (yyyy-MM-dd, the shop's calendar). */
  date: z.string(),
  todayOrders: z.number().int(),
  /** Euro, 2-decimal string. */
  todayRevenue: z.string(),
  pendingOrders: z.number().int(),
  totalCustomers: z.number().int(),
  /** Test orders of the day (not deleted) left out of the four figures. */
  testOrdersNotCounted: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** GET /api/admin/item-sales(/:date): one row per item name, most sold first. */
export const itemSaleSchema = z.object({
  itemName: z.string(),
  quantity: z.number().int(),
  revenue: z.string(),
});
export type ItemSale = z.infer<typeof itemSaleSchema>;

const orderDeletionSchema = z.object({
  deletedAt: z.iso.datetime({ offset: true }),
  /** The name of the staff member who deleted it (null when that account is gone). */
  deletedBy: z.string().nullable(),
  reason: z.string(),
});

/** An order as the dashboard shows it: the full order, who took it, and its deletion. */
export const adminOrderSchema = orderSchema.extend({
  /** The staff member who took a counter (POS) order, or null. */
  takenBy: z.string().nullable(),
  discount: z.string(),
  /** The customer asked to be erased: name, e-mail and phone are gone (departure 10). */
  customerErased: z.boolean(),
  deletion: orderDeletionSchema.nullable(),
  /** Given back so far, 2-decimal string (decision 021): requested and done refunds. */
  refundedTotal: z.string(),
  refunds: z.array(refundSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * GET /api/admin/orders/:date?deleted=true lists the day's deleted orders instead; ?order=<id>
 * only that order, if the list holds it (none otherwise): how the dashboard takes one order's
 * change from the socket without reading the whole day again.
 */
export const adminOrdersQuerySchema = z.object({
  deleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  order: z.uuid({ error: 'must be an order id' }).optional(),
});

/** DELETE /api/admin/orders/:id: a reason is asked (departure 10). */
export const deleteOrderSchema = z.object({
  reason: z
    .string({ error: 'Please say why the order is deleted' })
    .trim()
    .min(3, 'Please say why the order is deleted')
    .max(300, 'Keep the reason under 300 characters'),
});

/** PATCH /api/orders/:id/payment (spec §7). */
export const paymentStatusUpdateSchema = z.object({
  paymentStatus: z.enum(['paid', 'pending'], { error: 'Payment status is paid or pending' }),
});

/** GET /api/admin/customers (spec §3 Customer, with what the owner asks next). */
export const adminCustomerSchema = z.object({
  id: z.uuid(),
  customerNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  orderCount: z.number().int(),
  /** Paid, not deleted orders; 2-decimal string. */
  totalSpent: z.string(),
  lastOrderAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** GET /api/admin/audit-log: what was deleted or erased, by whom, when and why. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  actor: z.string().nullable(),
  action: z.enum([
    'order.deleted',
    'customer.erased',
    'order.payment-status',
    // The kitchen watchdog (decision 023).
    ...WATCHDOG_AUDIT_ACTIONS,
  ]),
  /** What it concerned, e.g. 'Order #1004' or 'Customer C-0002' (never a person's name). */
  subject: z.string(),
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/export/orders.csv and /order-lines.csv: a day or a range (inclusive). */
export const exportRangeSchema = z
  .object({ from: dayStringSchema, to: dayStringSchema })
  .refine((range) => range.from <= range.to, {
    message: 'The start date must not be after the end date',
    path: ['to'],
  })
  .refine((range) => daysBetween(range.from, range.to) <= MAX_EXPORT_DAYS, {
    message: 'Export at most a year at a time',
    path: ['to'],
  });
const MAX_EXPORT_DAYS = 366;

/** Active filter (spec §2): pending, preparing, ready. Done: completed. */
export const DASHBOARD_FILTERS = ['all', 'active', 'done', 'deleted'] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];
