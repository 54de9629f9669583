import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, orderItems, orders, outboundJobs, refunds } from '../../db/schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { MASK, maskEmail, maskLastName, maskPhone } from '#shared/privacy/mask.ts';
import { receiptRecipientOf } from './email-jobs.ts';
import { vatRowsToDto } from '#shared/vat/vat.ts';
import { vatOfLines } from '#shared/vat/vat.ts';
import type {
  Order,
  OrderItem,
  TrackByEmailAnswer,
  TrackedByEmail,
  TrackedByNumber,
} from '#shared/orders/order.schema.ts';

/** A timestamp at the API edge: ISO 8601, or null. */
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function itemsOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.position));
}

/** An order a tracking call may show: deleted orders are not tracked (DESIGN.md departure 10). */
const trackable = isNull(orders.deletedAt);

/** The order with this id, unless deleted; null otherwise. */
export async function findTrackedOrderById(db: Db, id: string) {
  const [row] = await db
    .select({ order: orders, customerNumber: customers.customerNumber })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, id), trackable));
  return row ? { ...row, placedByTokenHash: row.order.placedByTokenHash } : null;
}
export type TrackedOrderById = NonNullable<Awaited<ReturnType<typeof findTrackedOrderById>>>;

/** What a stranger sees instead of the person's name (docs/decisions/020). */
const HIDDEN_NAME = MASK;

/**
 * Who reads an order by id: `placer` is the browser that placed it or the owner (everything);
 * `staff` a kitchen or counter session (names and notes, which their own screens show, for the
 * counter's receipt; e-mail and phone masked); `stranger` anyone else.
 */
export type OrderReader = 'placer' | 'staff' | 'stranger';

/**
 * GET /api/orders/:id: the confirmation page's view of an order. Anyone with the link reads
 * it, so the person is shown only to the `reader` entitled to it: a stranger sees e-mail and
 * phone masked as "j•••@e•••.com" and "•••• 0199" (DESIGN.md departure 12), and, beyond the
 * departure's letter (docs/decisions/020), no name, no notes (the order's and its lines'), no
 * customer number and no delivery address. The order itself (items, status, totals) stays
 * readable: the link is what a customer shares with whoever picks the food up.
 */
export async function orderViewOf(
  db: Db,
  row: TrackedOrderById,
  reader: OrderReader,
): Promise<Order> {
  const { order } = row;
  const full = reader === 'placer';
  const namesAndNotes = reader !== 'stranger';
  const [items, [refunded]] = await Promise.all([
    itemsOf(db, [order.id]),
    // Decision 021: what was given back (not failed), so the customer's page can say so.
    db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), ne(refunds.state, 'failed'))),
  ]);
  const hasAddress =
    full && Boolean(order.deliveryStreet || order.deliveryCity || order.deliveryPostalCode);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    type: order.type,
    orderSource: order.orderSource,
    tableNumber: order.tableNumber,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    kitchenStatus: order.kitchenStatus,
    kitchenEstimatedTime: order.kitchenEstimatedTime,
    pickupAt: order.pickupAt ? order.pickupAt.toISOString() : null,
    quotedMinutes: order.quotedMinutes,
    subtotal: centsToDecimalString(order.subtotalCents),
    deliveryFee: centsToDecimalString(order.deliveryFeeCents),
    total: centsToDecimalString(order.totalCents),
    customer: full
      ? {
          firstName: order.customerFirstName,
          lastName: order.customerLastName,
          email: order.customerEmail,
          phone: order.customerPhone,
          customerNumber: row.customerNumber ?? null,
        }
      : {
          firstName: namesAndNotes ? order.customerFirstName : HIDDEN_NAME,
          lastName: namesAndNotes ? maskLastName(order.customerLastName) : '',
          email: maskEmail(order.customerEmail),
          phone: maskPhone(order.customerPhone),
          customerNumber: null,
        },
    deliveryAddress: hasAddress
      ? {
          street: order.deliveryStreet,
          city: order.deliveryCity,
          postalCode: order.deliveryPostalCode,
        }
      : null,
    specialInstructions: namesAndNotes ? order.specialInstructions : null,
    items: items.map((item) => {
      const view = orderItemView(item);
      return namesAndNotes
        ? view
        : { ...view, customizations: { ...view.customizations, specialInstructions: null } };
    }),
    createdAt: order.createdAt.toISOString(),
    isTest: order.isTest,
    ...(refunded && refunded.cents > 0
      ? { refundedTotal: centsToDecimalString(refunded.cents) }
      : {}),
    vat: vatRowsToDto(vatOfLines(order, items)),
  };
}

/** An order line at the API edge (spec customer-site §3 "Order item"): money as 2-decimal strings. */
export function orderItemView(item: typeof orderItems.$inferSelect): OrderItem {
  return {
    id: item.id,
    menuItemId: item.menuItemId,
    name: item.name,
    quantity: item.quantity,
    price: centsToDecimalString(item.unitPriceCents),
    basePrice: centsToDecimalString(item.basePriceCents),
    totalPrice: centsToDecimalString(item.totalPriceCents),
    bread: item.bread,
    addOns: item.addOns.map((addOn) => ({
      name: addOn.name,
      price: centsToDecimalString(addOn.priceCents),
    })),
    discount: item.discount
      ? {
          name: item.discount.name,
          amount: centsToDecimalString(item.discount.discountAmountCents),
        }
      : null,
    customizations: {
      sauce: item.sauce,
      addOns: item.addOns.map((addOn) => addOn.name),
      specialInstructions: item.specialInstructions,
    },
  };
}

/** A customer tracking by e-mail sees their latest orders, not their whole history. */
const TRACKABLE_LIMIT = 20;

/** The newest trackable orders of an e-mail address, in any case. */
export async function ordersOfEmail(db: Db, email: string) {
  return db
    .select()
    .from(orders)
    .where(and(sql`lower(${orders.customerEmail}) = ${email.trim().toLowerCase()}`, trackable))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(TRACKABLE_LIMIT);
}

/** Orders as the Track Your Meal dialog lists them. */
async function trackedByEmailOf(
  db: Db,
  rows: (typeof orders.$inferSelect)[],
): Promise<TrackedByEmail> {
  const items = await itemsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({ quantity: item.quantity, name: item.name })),
    total: centsToDecimalString(row.totalCents),
    kitchenEstimatedTime: row.kitchenEstimatedTime,
  }));
}

/**
 * A links e-mail goes to one address at most this often, however often it is asked for
 * (docs/decisions/020): the look-up cannot be used to flood a customer's inbox.
 */
const ORDER_LINKS_EMAIL_EVERY_MINUTES = 15;

/**
 * GET /api/orders/track-by-email/:email (docs/decisions/020): the answer is the same whether
 * or not the address has orders. The orders go to that address by e-mail (when the shop sends
 * e-mail), and are listed only to the browser that placed them (`placedHere`).
 */
export async function trackByEmail(
  db: Db,
  email: string,
  options: { sendsEmail: boolean; placedHere: (placedByTokenHash: string | null) => boolean },
): Promise<TrackByEmailAnswer> {
  const rows = await ordersOfEmail(db, email);
  const recipientOrders = rows.filter((row) =>
    receiptRecipientOf(row.orderSource, row.customerEmail),
  );
  if (options.sendsEmail && recipientOrders.length > 0) {
    // One statement: the links job of the newest order, unless this address had one lately.
    const ids = recipientOrders.map((row) => row.id);
    await db.execute(sql`
      insert into ${outboundJobs} (kind, order_id, payload)
      select 'email-order-links', ${ids[0]}::uuid, '{}'::jsonb
      where not exists (
        select 1 from ${outboundJobs}
        where ${outboundJobs.kind} = 'email-order-links'
          and ${inArray(outboundJobs.orderId, ids)}
          and ${outboundJobs.createdAt} > now() - make_interval(mins => ${ORDER_LINKS_EMAIL_EVERY_MINUTES}))`);
  }
  return {
    emailed: options.sendsEmail,
    orders: await trackedByEmailOf(
      db,
      rows.filter((row) => options.placedHere(row.placedByTokenHash)),
    ),
  };
}

/** The order with this number, unless deleted; null otherwise. */
export async function findTrackedOrderByNumber(db: Db, orderNumber: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), trackable));
  return row ?? null;
}

/** GET /api/orders/track/:orderNumber: what anyone with the number sees, nothing personal. */
export async function trackedByNumberOf(
  db: Db,
  row: typeof orders.$inferSelect,
): Promise<TrackedByNumber> {
  const items = await itemsOf(db, [row.id]);
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    kitchenStatus: row.kitchenStatus,
    kitchenStartedAt: iso(row.kitchenStartedAt),
    kitchenEstimatedTime: row.kitchenEstimatedTime,
    kitchenReadyAt: iso(row.kitchenReadyAt),
    pickupAt: iso(row.pickupAt),
    quotedMinutes: row.quotedMinutes,
    createdAt: row.createdAt.toISOString(),
    items: items.map((item) => ({ name: item.name, quantity: item.quantity })),
    total: centsToDecimalString(row.totalCents),
    paymentStatus: row.paymentStatus,
  };
}
