import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, orderItems, orders } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { maskEmail, maskLastName, maskPhone } from '#shared/privacy/mask.ts';

/**
 * An order whose total is takings: paid, and not a delivery platform's Test Order (decision
 * 017). Simulator payments stay in: on a laptop the demo's takings are theirs.
 */
export const countsAsRevenue = sql`(${orders.paymentStatus} = 'paid' and not (${orders.isTest} and ${orders.paymentMethod} = 'platform'))`;
import type {
  Order,
  OrderItem,
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

/**
 * GET /api/orders/:id: the confirmation page's view of an order. Anyone with the link reads
 * it, so the person's details are shown in full only when `showsContactDetails` says so (the
 * browser that placed the order, or the owner); others see them masked (DESIGN.md departure
 * 12): e-mail and phone as "j•••@e•••.com" and "•••• 0199", and, our choice beyond the
 * departure's letter, the first name with only the family name's initial, no customer number
 * and no delivery address. The order itself (items, status, totals) stays readable: the link
 * is what a customer shares with whoever picks the food up.
 */
export async function getOrderView(
  db: Db,
  id: string,
  showsContactDetails: (placedByTokenHash: string | null) => boolean | Promise<boolean>,
): Promise<Order> {
  const [row] = await db
    .select({ order: orders, customerNumber: customers.customerNumber })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, id));
  if (!row) throw notFound('Order not found.');
  const { order } = row;
  const full = await showsContactDetails(order.placedByTokenHash);
  const items = await itemsOf(db, [order.id]);
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
          firstName: order.customerFirstName,
          lastName: maskLastName(order.customerLastName),
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
    specialInstructions: order.specialInstructions,
    items: items.map(orderItemView),
    createdAt: order.createdAt.toISOString(),
    isTest: order.isTest,
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

export async function trackByEmail(db: Db, email: string): Promise<TrackedByEmail> {
  const rows = await db
    .select()
    .from(orders)
    .where(sql`lower(${orders.customerEmail}) = ${email.trim().toLowerCase()}`)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(TRACKABLE_LIMIT);
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

export async function trackByNumber(db: Db, orderNumber: number): Promise<TrackedByNumber> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!row) throw notFound(`Order #${orderNumber} not found`);
  const items = await itemsOf(db, [row.id]);
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    kitchenStatus: row.kitchenStatus,
    kitchenStartedAt: iso(row.kitchenStartedAt),
    kitchenEstimatedTime: row.kitchenEstimatedTime,
    kitchenReadyAt: iso(row.kitchenReadyAt),
    createdAt: row.createdAt.toISOString(),
    items: items.map((item) => ({ name: item.name, quantity: item.quantity })),
    total: centsToDecimalString(row.totalCents),
    paymentStatus: row.paymentStatus,
  };
}
