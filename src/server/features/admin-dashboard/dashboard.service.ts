/**
 * The admin dashboard's figures and actions (spec back-office "Admin Dashboard"). The day and
 * each figure are defined once, in src/shared/admin-dashboard/dashboard.schema.ts: a day is the
 * shop's calendar day, and deleted orders count nowhere (DESIGN.md departure 10).
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, customers, orderItems, orders, staffUsers } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { shopDayBounds } from '#shared/time/shop-time.ts';
import type {
  AdminCustomer,
  AdminOrder,
  AuditEntry,
  DashboardStats,
  ItemSale,
} from '#shared/admin-dashboard/dashboard.schema.ts';
import type { StaffUser } from '#shared/auth/auth.schema.ts';
import { ACTIVE_ORDER_STATUSES } from '#shared/orders/order-states.ts';
import { getShopTimeZone } from '../shop-hours/index.ts';
import { eventOf, recordOrderEvent } from '../realtime/index.ts';
import {
  orderItemView,
  countsInTheBooks,
  notATestOrder,
  testOrdersNotCounted,
  refundedCentsBetween,
} from '../orders/index.ts';
import { refundsOf, refundView } from '../refunds/index.ts';
import { countsInBooks } from '#shared/refunds/refunds.schema.ts';
import { vatOfLines, vatRowsToDto } from '#shared/vat/vat.ts';

type OrderRow = typeof orders.$inferSelect;
type Executor = Pick<Db, 'insert'>;

async function dayFilter(db: Db, date: string): Promise<SQL> {
  const { start, end } = shopDayBounds(date, await getShopTimeZone(db));
  return and(gte(orders.createdAt, start), lt(orders.createdAt, end), isNull(orders.deletedAt))!;
}

/** GET /api/admin/stats/:date: the four cards. */
export async function dayStats(db: Db, date: string): Promise<DashboardStats> {
  const [row] = await db
    .select({
      // Test orders are in no figure (orders/books.ts), and the dashboard says how many.
      orders: sql<number>`(count(*) filter (where ${notATestOrder}))::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${countsInTheBooks}), 0)::int`,
      pending: sql<number>`(count(*) filter (where ${inArray(orders.status, [...ACTIVE_ORDER_STATUSES])} and ${notATestOrder}))::int`,
      customers: sql<number>`(count(distinct ${orders.customerId}) filter (where ${notATestOrder}))::int`,
      testOrders: testOrdersNotCounted,
    })
    .from(orders)
    .where(await dayFilter(db, date));
  // Sales minus the refunds made this day, whatever day their sale was (decision 021).
  const { start, end } = shopDayBounds(date, await getShopTimeZone(db));
  const refundedCents = await refundedCentsBetween(db, start, end);
  return {
    date,
    todayOrders: row?.orders ?? 0,
    todayRevenue: centsToDecimalString((row?.revenueCents ?? 0) - refundedCents),
    pendingOrders: row?.pending ?? 0,
    totalCustomers: row?.customers ?? 0,
    testOrdersNotCounted: row?.testOrders ?? 0,
  };
}

/** GET /api/admin/item-sales/:date: the lines of the day's paid orders, by item name. */
export async function itemSales(db: Db, date: string): Promise<ItemSale[]> {
  const rows = await db
    .select({
      itemName: orderItems.name,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
      revenueCents: sql<number>`sum(${orderItems.totalPriceCents})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(await dayFilter(db, date), countsInTheBooks))
    .groupBy(orderItems.name)
    .orderBy(desc(sql`sum(${orderItems.quantity})`), asc(orderItems.name));
  return rows.map((row) => ({
    itemName: row.itemName,
    quantity: row.quantity,
    revenue: centsToDecimalString(row.revenueCents),
  }));
}

/** Orders as the dashboard shows them, with their lines, staff names and deletion. */
export async function toAdminOrders(db: Db, rows: OrderRow[]): Promise<AdminOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const staffIds = [
    ...new Set(
      rows.flatMap((row) => [row.takenByStaffId, row.deletedByStaffId].filter((id) => id !== null)),
    ),
  ];
  const customerIds = [...new Set(rows.flatMap((row) => (row.customerId ? [row.customerId] : [])))];
  const [items, staff, people, orderRefunds] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.position)),
    staffIds.length
      ? db
          .select({ id: staffUsers.id, name: staffUsers.name })
          .from(staffUsers)
          .where(inArray(staffUsers.id, staffIds))
      : [],
    customerIds.length
      ? db
          .select({ id: customers.id, customerNumber: customers.customerNumber })
          .from(customers)
          .where(inArray(customers.id, customerIds))
      : [],
    refundsOf(db, ids),
  ]);
  const staffName = new Map(staff.map((member) => [member.id, member.name]));
  const customerNumber = new Map(people.map((person) => [person.id, person.customerNumber]));
  // The lines grouped once, not searched again for every order.
  const linesByOrder = new Map<string, (typeof items)[number][]>();
  for (const item of items) {
    const lines = linesByOrder.get(item.orderId);
    if (lines) lines.push(item);
    else linesByOrder.set(item.orderId, [item]);
  }
  const refundsByOrder = new Map<string, (typeof orderRefunds)[number][]>();
  for (const refund of orderRefunds) {
    refundsByOrder.set(refund.orderId, [...(refundsByOrder.get(refund.orderId) ?? []), refund]);
  }
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    type: row.type,
    orderSource: row.orderSource,
    tableNumber: row.tableNumber,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    kitchenStatus: row.kitchenStatus,
    kitchenEstimatedTime: row.kitchenEstimatedTime,
    pickupAt: row.pickupAt ? row.pickupAt.toISOString() : null,
    quotedMinutes: row.quotedMinutes,
    subtotal: centsToDecimalString(row.subtotalCents),
    discount: centsToDecimalString(row.discountCents),
    deliveryFee: centsToDecimalString(row.deliveryFeeCents),
    total: centsToDecimalString(row.totalCents),
    customer: {
      firstName: row.customerFirstName,
      lastName: row.customerLastName,
      email: row.customerEmail,
      phone: row.customerPhone,
      customerNumber: row.customerId ? (customerNumber.get(row.customerId) ?? null) : null,
    },
    customerErased: row.customerErasedAt !== null,
    deliveryAddress:
      row.deliveryStreet || row.deliveryCity || row.deliveryPostalCode
        ? { street: row.deliveryStreet, city: row.deliveryCity, postalCode: row.deliveryPostalCode }
        : null,
    specialInstructions: row.specialInstructions,
    takenBy: row.takenByStaffId ? (staffName.get(row.takenByStaffId) ?? null) : null,
    deletion: row.deletedAt
      ? {
          deletedAt: row.deletedAt.toISOString(),
          deletedBy: row.deletedByStaffId ? (staffName.get(row.deletedByStaffId) ?? null) : null,
          reason: row.deletedReason ?? '',
        }
      : null,
    items: (linesByOrder.get(row.id) ?? []).map(orderItemView),
    createdAt: row.createdAt.toISOString(),
    isTest: row.isTest,
    // Decision 021: what was given back (requested and done; a failed refund gave nothing).
    refundedTotal: centsToDecimalString(
      (refundsByOrder.get(row.id) ?? [])
        .filter((refund) => countsInBooks(refund.state))
        .reduce((sum, refund) => sum + refund.amountCents, 0),
    ),
    refunds: (refundsByOrder.get(row.id) ?? []).map(refundView),
    vat: vatRowsToDto(vatOfLines(row, linesByOrder.get(row.id) ?? [])),
  }));
}

/**
 * GET /api/admin/orders/:date: the day's orders, newest first; or the day's deleted ones; or of
 * either, only the one order asked for.
 */
export async function dayOrders(
  db: Db,
  date: string,
  options: { deleted: boolean; orderId?: string },
): Promise<AdminOrder[]> {
  const { start, end } = shopDayBounds(date, await getShopTimeZone(db));
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, start),
        lt(orders.createdAt, end),
        options.deleted ? isNotNull(orders.deletedAt) : isNull(orders.deletedAt),
        options.orderId === undefined ? undefined : eq(orders.id, options.orderId),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return toAdminOrders(db, rows);
}

/** GET /api/admin/orders: the latest orders, not deleted (spec: calendar and kitchen read it). */
const RECENT_ORDERS_LIMIT = 200;
export async function recentOrders(db: Db): Promise<AdminOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(isNull(orders.deletedAt))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(RECENT_ORDERS_LIMIT);
  return toAdminOrders(db, rows);
}

async function audit(
  tx: Executor,
  actor: StaffUser,
  entry: { action: AuditEntry['action']; subject: string; detail: string; at: Date },
) {
  await tx.insert(auditLog).values({
    at: entry.at,
    actorStaffId: actor.id,
    actorName: actor.name,
    action: entry.action,
    subject: entry.subject,
    detail: entry.detail,
  });
}

/**
 * DELETE /api/admin/orders/:id (departure 10): the order leaves the dashboard, the totals, the
 * calendar and the kitchen; the row stays, marked with who, when and why, and the audit log
 * says so. Deleting twice is a 409, not a second entry.
 */
export async function deleteOrder(
  db: Db,
  orderId: string,
  actor: StaffUser,
  reason: string,
  now: Date,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found.');
    if (order.deletedAt) throw conflict(`Order #${order.orderNumber} is already deleted.`);
    const [deleted] = await tx
      .update(orders)
      .set({ deletedAt: now, deletedByStaffId: actor.id, deletedReason: reason, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    await audit(tx, actor, {
      action: 'order.deleted',
      subject: `Order #${order.orderNumber}`,
      detail: `€${centsToDecimalString(order.totalCents)}, ${order.paymentStatus}. Reason: ${reason}`,
      at: now,
    });
    // The kitchen and other dashboards drop it live.
    await recordOrderEvent(tx, eventOf(deleted!, 'deleted'));
    return deleted!;
  });
}

/** PATCH /api/orders/:id/payment (spec §7): paid or pending, recorded in the audit log. */
export async function setPaymentStatus(
  db: Db,
  orderId: string,
  paymentStatus: 'paid' | 'pending',
  actor: StaffUser,
  now: Date,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.deletedAt) throw notFound('Order not found.');
    if (order.paymentStatus === paymentStatus) return order;
    if (order.paymentStatus === 'refunded' || order.paymentStatus === 'failed') {
      throw conflict(
        `Order #${order.orderNumber} is ${order.paymentStatus}; it cannot be changed here.`,
      );
    }
    const [updated] = await tx
      .update(orders)
      .set({ paymentStatus, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    await audit(tx, actor, {
      action: 'order.payment-status',
      subject: `Order #${order.orderNumber}`,
      detail: `Payment ${order.paymentStatus} → ${paymentStatus}`,
      at: now,
    });
    await recordOrderEvent(tx, eventOf(updated!, 'updated'));
    return updated!;
  });
}

/** GET /api/admin/customers: everyone not erased, with what they ordered. */
export async function listCustomers(db: Db): Promise<AdminCustomer[]> {
  const rows = await db
    .select({
      customer: customers,
      orderCount: sql<number>`count(${orders.id}) filter (where ${orders.deletedAt} is null)::int`,
      spentCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.deletedAt} is null and ${orders.paymentStatus} = 'paid'), 0)::int`,
      lastOrderAt: sql<
        string | null
      >`max(${orders.createdAt}) filter (where ${orders.deletedAt} is null)`,
    })
    .from(customers)
    .leftJoin(orders, eq(orders.customerId, customers.id))
    .where(isNull(customers.erasedAt))
    .groupBy(customers.id)
    .orderBy(desc(customers.customerNumber));
  return rows.map(({ customer, orderCount, spentCents, lastOrderAt }) => ({
    id: customer.id,
    customerNumber: customer.customerNumber,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    createdAt: customer.createdAt.toISOString(),
    orderCount,
    totalSpent: centsToDecimalString(spentCents),
    lastOrderAt: lastOrderAt ? new Date(lastOrderAt).toISOString() : null,
  }));
}

const AUDIT_LOG_LIMIT = 200;
export async function listAuditLog(db: Db): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_LOG_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorName,
    action: row.action,
    subject: row.subject,
    detail: row.detail,
  }));
}
