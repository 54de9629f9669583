/**
 * The one way an order is born (docs/architecture.md, "The order pipeline"). Every channel
 * (the website's card checkout, the counter POS, table ordering, Wolt and Bolt Food) calls
 * these, so the rules live once:
 *
 * 1. priceOrder: the lines priced from the database (DESIGN.md "Rules the server owns"), a
 *    POS line's discount applied by the shared rules (src/shared/discounts), availability
 *    checked, totals summed, the channel's facts (source, type, table, staff member, the page
 *    a card payment returns to) attached. Nothing is written.
 * 2. storeOrder: inside the caller's transaction, the order and its lines are written with the
 *    payment's method and status, and the customer is linked by the rule of `linkCustomer`.
 *
 * A card order is priced first and kept on its payment row (payments.order_data) until the
 * provider confirms; a cash sale and a platform order are priced and stored at once
 * (placeOrder, placePlatformOrder). Platforms set their own prices: those are taken as given
 * and recorded as such (`pricedBy: 'platform'`).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, discounts, orderItems, orders, outboundJobs } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lineVatRateSql } from '../menu/index.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { OrderCustomer, OrderLineInput } from '#shared/checkout/checkout.schema.ts';
import { lineDiscountCents } from '#shared/discounts/discount-rules.ts';
import { changeDueCents } from '#shared/cash-drawer/cash-drawer.ts';
import type {
  OrderSource,
  OrderType,
  PaymentMethod,
  PaymentStatus,
} from '#shared/orders/order-states.ts';
import { ORDER_STATUS_FOR_KITCHEN } from '#shared/orders/order-states.ts';
import { priceLines, sumLines } from './pricing.ts';
import type { PricedLine, PricedOrder, PricedOrderLine } from '#shared/orders/priced-order.ts';
import { type OrderEvents, recordOrderEvent } from '../realtime/index.ts';
import { receiptJobOfNewOrder, receiptRecipientOf } from './email-jobs.ts';
import { getShopTimeZone } from '../shop-hours/index.ts';
import { getSetting } from '../settings/index.ts';
import { discountOpen } from '../discounts/index.ts';
import type { OrderEventPayload } from '#shared/realtime/events.ts';
import { prepUnitsOf } from '../pickup/index.ts';
import { paidOrderPrintJobsSql } from '../printing/index.ts';

/** A line as a channel asks for it; POS lines may name a discount. */
interface OrderLineRequest extends OrderLineInput {
  discountId?: string | null | undefined;
}

export interface OrderRequest {
  source: OrderSource;
  type: OrderType;
  lines: OrderLineRequest[];
  /** Null for a counter sale with no name given. */
  customer: OrderCustomer | null;
  specialInstructions?: string | null | undefined;
  tableNumber?: string | null | undefined;
  /** The staff member who took the order at the counter. */
  takenByStaffId?: string | null | undefined;
}

/** Where a card payment of this channel comes back to. */
function returnPathOf(request: Pick<OrderRequest, 'source' | 'tableNumber'>, posPath?: string) {
  switch (request.source) {
    case 'pos':
      return posPath ?? '/pos';
    case 'table':
      return `/table?table=${encodeURIComponent(request.tableNumber ?? '')}`;
    default:
      return '/checkout';
  }
}

/** `path` with `?key=value&…` (or `&…` when it has a query already). */
export function withQuery(path: string, query: Record<string, string>) {
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${new URLSearchParams(query).toString()}`;
}

async function applyDiscounts(
  db: Db,
  source: OrderSource,
  requested: OrderLineRequest[],
  lines: PricedLine[],
  now: Date,
): Promise<PricedOrderLine[]> {
  const ids = [...new Set(requested.flatMap((line) => (line.discountId ? [line.discountId] : [])))];
  if (ids.length === 0) return lines;
  // Spec back-office: discounts are chosen at the POS; the storefront sends none.
  if (source !== 'pos') throw badRequest('Discounts can only be given at the counter.');
  const [rows, timeZone] = await Promise.all([
    db.select().from(discounts).where(inArray(discounts.id, ids)),
    getShopTimeZone(db),
  ]);
  // Active and inside its validity window (a happy hour), or not accepted at all.
  const byId = new Map(
    rows.filter((row) => discountOpen(row, now, timeZone)).map((row) => [row.id, row]),
  );
  return lines.map((line, index) => {
    const discountId = requested[index]?.discountId;
    if (!discountId) return line;
    const discount = byId.get(discountId);
    if (!discount) throw badRequest('That discount is not available any more.');
    const rule = {
      type: discount.type,
      value: discount.value,
      minOrderAmountCents: discount.minOrderAmountCents,
    };
    const off = lineDiscountCents(line.totalPriceCents, rule);
    if (off === 0) {
      throw badRequest(`"${discount.name}" does not apply to "${line.name}" at this amount.`);
    }
    return {
      ...line,
      totalPriceCents: line.totalPriceCents - off,
      discount: {
        id: discount.id,
        name: discount.name,
        type: discount.type,
        value: discount.value,
        discountAmountCents: off,
      },
    };
  });
}

/**
 * A table of this shop: a whole number from 1 to the setting table_count (the QR codes print
 * those). Answers it without leading zeros ('04' is table 4).
 */
async function checkTableNumber(db: Db, given: string, setting?: string): Promise<string> {
  const tableCount = Number(setting ?? (await getSetting(db, 'table_count'))) || 10;
  const text = given.trim();
  const table = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(table >= 1 && table <= tableCount)) {
    throw badRequest(
      `Table ${text || '?'} is not one of ours. Please scan the QR code on your table again.`,
      { tableNumber: `Tables are numbered 1 to ${tableCount}` },
    );
  }
  return String(table);
}

/**
 * Prices an order from the database; writes nothing. `known`: settings the caller has read
 * already (the card checkout reads them all at once), so they are not read again.
 */
export async function priceOrder(
  db: Db,
  request: OrderRequest,
  payment: { method: PaymentMethod; returnPath?: string; now: Date },
  known: { timeZone?: string; tableCount?: string } = {},
): Promise<PricedOrder> {
  if (request.type === 'dine-in' && !request.tableNumber?.trim()) {
    throw badRequest('A table order needs its table number.');
  }
  const tableNumber =
    request.source === 'table'
      ? await checkTableNumber(db, request.tableNumber ?? '', known.tableCount)
      : null;
  const priced = await priceLines(db, request.lines, payment.now, known.timeZone);
  const lines = await applyDiscounts(db, request.source, request.lines, priced, payment.now);
  const subtotalCents = sumLines(priced);
  const totalAfterDiscounts = lines.reduce((sum, line) => sum + line.totalPriceCents, 0);
  // Pickup and dine-in only (spec customer-site §9): no delivery fee.
  const deliveryFeeCents = 0;
  return {
    type: request.type,
    orderSource: request.source,
    paymentMethod: payment.method,
    lines,
    subtotalCents,
    deliveryFeeCents,
    discountCents: subtotalCents - totalAfterDiscounts,
    totalCents: totalAfterDiscounts + deliveryFeeCents,
    customer: request.customer,
    specialInstructions: request.specialInstructions?.trim() || null,
    tableNumber: tableNumber ?? (request.tableNumber?.trim() || null),
    takenByStaffId: request.takenByStaffId ?? null,
    externalId: null,
    pricedBy: 'menu',
    returnPath: payment.returnPath ?? returnPathOf(request),
    prepUnits: priced.reduce((sum, line) => sum + (line.prepUnits ?? 1) * line.quantity, 0),
  };
}

/**
 * The customer an order is linked to (spec back-office "Customer"). By e-mail, any case: a
 * known customer keeps their name and phone (an order never overwrites them; blanks are
 * filled); a new e-mail makes a customer. No e-mail (a counter sale, a platform order) makes
 * none: strangers are never merged under one record.
 */
export async function linkCustomer(db: Db, customer: OrderCustomer | null): Promise<string | null> {
  const upsert = customerUpsert(customer);
  if (!upsert) return null;
  const result = await db.execute<{ id: string }>(upsert);
  const row = (result as unknown as { rows: { id: string }[] }).rows[0];
  if (!row) throw new Error('customer upsert returned no row');
  return row.id;
}

/** The upsert of linkCustomer, answering the customer's id; null when there is no e-mail. */
function customerUpsert(customer: OrderCustomer | null): SQL | null {
  const email = customer?.email.trim() ?? '';
  if (!customer || email === '') return null;
  return sql`
    insert into ${customers} (first_name, last_name, email, phone)
    values (${customer.firstName}, ${customer.lastName}, ${email}, ${customer.phone})
    on conflict ((lower(email))) do update
      set first_name = coalesce(nullif(${customers.firstName}, ''), excluded.first_name),
          last_name = coalesce(nullif(${customers.lastName}, ''), excluded.last_name),
          phone = coalesce(nullif(${customers.phone}, ''), excluded.phone)
    returning id`;
}

/**
 * The Idempotency-Key a sale was sent with (http/idempotency.ts `request.idempotency`): stored
 * on the order in its own transaction, so a retry at any later time finds the order (decision
 * 007).
 */
export interface OrderKey {
  /** Whose key it is (`staff:<id>`): one account's key never finds another's order. */
  scope: string;
  key: string;
  /** The request it was made for: the key reused for another sale is refused. */
  requestHash: string;
}

const ORDER_KEY_MESSAGES = {
  otherRequest: 'This Idempotency-Key was already used for a different request.',
} as const;

/** What a keyed sale's answer is made of, whether it was made now or by an earlier try. */
export interface PlacedOrder {
  id: string;
  orderNumber: number;
  totalCents: number;
  changeCents: number | null;
  /** Made by an earlier request with the same key: nothing was written now. */
  replayed: boolean;
}

/** The order an earlier request with this key made, or null; the key for another sale is a 409. */
async function findKeyedOrder(db: Db, key: OrderKey): Promise<PlacedOrder | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalCents: orders.totalCents,
      changeCents: orders.changeCents,
      requestHash: orders.idempotencyRequestHash,
    })
    .from(orders)
    .where(and(eq(orders.idempotencyScope, key.scope), eq(orders.idempotencyKey, key.key)));
  if (!row) return null;
  if (row.requestHash !== key.requestHash) throw conflict(ORDER_KEY_MESSAGES.otherRequest);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    totalCents: row.totalCents,
    changeCents: row.changeCents,
    replayed: true,
  };
}

export interface StoredPayment {
  status: PaymentStatus;
  /** The card payment that paid for it; unique, so one payment makes one order. */
  paymentId?: string | null;
  /** Paid through the payment simulator: no money moved. */
  isTest?: boolean;
  /** SHA-256 of the placing browser's order token (order-token.ts). */
  placedByTokenHash?: string | null;
  /** A cash sale: the cash handed over and the change given back (the drawer counts them). */
  cashReceivedCents?: number | null;
  changeCents?: number | null;
  /** The request's Idempotency-Key, kept with the order (unique per scope). */
  key?: OrderKey | null;
  /** A counter cash sale's drawer session (decision 012), decided in the same transaction. */
  drawer?: { cashDrawerSessionId: string | null; cashDrawerNextSession: boolean };
}

/**
 * Writes a priced order and its lines; call inside a transaction. One statement: the customer
 * (linkCustomer's rule), the order, its lines and, when paid, its receipt e-mail's outbox job
 * are data-modifying parts of one WITH query.
 */
export async function storeOrder(
  db: Db,
  priced: PricedOrder,
  payment: StoredPayment,
): Promise<{ id: string; orderNumber: number }> {
  const customer = customerUpsert(priced.customer);
  const order = db
    .insert(orders)
    .values({
      // A new order waits for the kitchen, paid or not (spec customer-site §4: pending).
      status: 'pending',
      type: priced.type,
      orderSource: priced.orderSource,
      paymentMethod: priced.paymentMethod,
      paymentStatus: payment.status,
      kitchenStatus: 'pending',
      prepUnits: priced.prepUnits ?? (await prepUnitsOf(db, priced.lines)),
      pickupAt: priced.pickupAt ? new Date(priced.pickupAt) : null,
      quotedMinutes: priced.quotedMinutes ?? null,
      subtotalCents: priced.subtotalCents,
      deliveryFeeCents: priced.deliveryFeeCents,
      discountCents: priced.discountCents ?? 0,
      totalCents: priced.totalCents,
      customerId: customer ? sql`(select id from new_customer)` : null,
      customerFirstName: priced.customer?.firstName ?? '',
      customerLastName: priced.customer?.lastName ?? '',
      customerEmail: priced.customer?.email ?? '',
      customerPhone: priced.customer?.phone ?? '',
      specialInstructions: priced.specialInstructions,
      tableNumber: priced.tableNumber ?? null,
      externalId: priced.externalId ?? null,
      takenByStaffId: priced.takenByStaffId ?? null,
      paymentId: payment.paymentId ?? null,
      isTest: payment.isTest ?? false,
      placedByTokenHash: payment.placedByTokenHash ?? null,
      cashReceivedCents: payment.cashReceivedCents ?? null,
      changeCents: payment.changeCents ?? null,
      idempotencyScope: payment.key?.scope ?? null,
      idempotencyKey: payment.key?.key ?? null,
      idempotencyRequestHash: payment.key?.requestHash ?? null,
      ...payment.drawer,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const items =
    priced.lines.length === 0
      ? null
      : db.insert(orderItems).values(
          priced.lines.map((line, position) => ({
            orderId: sql`(select id from new_order)`,
            menuItemId: line.menuItemId,
            name: line.name,
            basePriceCents: line.basePriceCents,
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
            totalPriceCents: line.totalPriceCents,
            sauce: line.sauce,
            bread: line.bread ?? null,
            addOns: line.addOns,
            specialInstructions: line.specialInstructions,
            discount: line.discount ?? null,
            position,
            // Snapshotted with the line (decision 022).
            vatRateBp: lineVatRateSql(line.menuItemId, priced.type),
          })),
        );
  // A paid order with the customer's e-mail owes a receipt, recorded with it (decision 018).
  const receipt =
    payment.status === 'paid' && receiptRecipientOf(priced.orderSource, priced.customer?.email)
      ? db.insert(outboundJobs).values(receiptJobOfNewOrder)
      : null;
  const parts = [
    ...(customer ? [sql`new_customer as (${customer})`] : []),
    // A query builder put into sql`` brings its own parentheses.
    sql`new_order as ${order}`,
    ...(items ? [sql`new_items as ${items}`] : []),
    ...(receipt ? [sql`new_receipt as ${receipt}`] : []),
    // A paid order's kitchen ticket (and a counter sale's receipt) on its printers, queued with
    // it (decision 028).
    ...(payment.status === 'paid'
      ? paidOrderPrintJobsSql(sql`(select id from new_order)`, priced.orderSource)
      : []),
  ];
  const result = await db.execute<{ id: string; order_number: number }>(
    sql`with ${sql.join(parts, sql`, `)} select id, order_number from new_order`,
  );
  const created = (result as unknown as { rows: { id: string; order_number: number }[] }).rows[0];
  if (!created) throw new Error('order insert returned no row');
  return { id: created.id, orderNumber: Number(created.order_number) };
}

/**
 * A sale paid on the spot (cash at the counter): priced and stored at once. With a key, a sale
 * an earlier request made with it is answered instead (nothing is priced or written again:
 * an item sold out since does not refuse a sale that was made).
 */
export async function placeOrder(
  db: Db,
  request: OrderRequest,
  payment: {
    method: PaymentMethod;
    status: PaymentStatus;
    now: Date;
    /** Refuses the priced order (throws) before anything is written, e.g. too little cash. */
    check?: (priced: PricedOrder) => void;
    /** Cash handed over for a cash sale; absent means the exact total (no change). */
    cashReceivedCents?: number | null;
    /** The request's Idempotency-Key (OrderKey). */
    key?: OrderKey | null;
    /** Runs in the order's transaction before it is stored: the counter's cash drawer. */
    drawer?: (tx: Db) => Promise<NonNullable<StoredPayment['drawer']>>;
  },
  events?: OrderEvents,
): Promise<PlacedOrder> {
  const key = payment.key ?? null;
  const earlier = key ? await findKeyedOrder(db, key) : null;
  if (earlier) return earlier;
  const priced = await priceOrder(db, request, { method: payment.method, now: payment.now });
  payment.check?.(priced);
  // The drawer's expected cash counts what went in and what went back out (decision 012).
  const cashReceivedCents =
    payment.method === 'cash' ? (payment.cashReceivedCents ?? priced.totalCents) : null;
  const changeCents =
    cashReceivedCents === null ? null : changeDueCents(priced.totalCents, cashReceivedCents);
  let stored: { id: string; orderNumber: number };
  try {
    stored = await db.transaction(async (tx) => {
      const order = await storeOrder(tx, priced, {
        status: payment.status,
        cashReceivedCents,
        changeCents,
        key,
        drawer: await payment.drawer?.(tx),
      });
      await recordOrderEvent(tx, createdEvent(order));
      return order;
    });
  } catch (error) {
    // The same key at once on two requests (a claim taken over from one still running): the
    // unique (scope, key) kept one order; answer with it.
    const twin = key && isUniqueViolation(error) ? await findKeyedOrder(db, key) : null;
    if (twin) return twin;
    throw error;
  }
  events?.wake();
  return { ...stored, totalCents: priced.totalCents, changeCents, replayed: false };
}

/** The event of a new order: it waits for the kitchen (spec customer-site §4). */
export function createdEvent(order: { id: string; orderNumber: number }): OrderEventPayload {
  return {
    change: 'created',
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: 'pending',
    kitchenStatus: 'pending',
    kitchenEstimatedTime: null,
  };
}

/** A line as Wolt or Bolt Food sends it: their name and prices, in cents. */
export interface PlatformLine {
  name: string;
  quantity: number;
  /** The platform's price of one, options included. */
  unitPriceCents: number;
  /** Our menu item, when the platform's item is mapped to one. */
  menuItemId?: string | null;
  /** The options as the platform names them ('Toppings: Truffles'); their prices are in the unit price. */
  options?: string[];
  specialInstructions?: string | null;
}

/** What a platform order carries beyond a sale (decision 017). */
export interface PlatformOrderFacts {
  externalNumber?: string | null;
  acceptBy?: Date | null;
  pickupAt?: Date | null;
  /** Test Order on the platform screen: a TEST badge, no calls to the platform, no revenue. */
  isTest?: boolean;
  /** Accepted at once (the platform's auto-accept setting): the kitchen starts it. */
  accepted?: boolean;
}

/**
 * An order from Wolt or Bolt Food: their prices as given (recorded as such), paid on the
 * platform. A re-sent webhook finds the order it made (unique source + external id).
 * `inTransaction` runs in the order's transaction (the platform's accept job, decision 017).
 */
export async function placePlatformOrder(
  db: Db,
  input: {
    source: 'wolt' | 'bolt';
    externalId: string;
    type: OrderType;
    lines: PlatformLine[];
    customer: OrderCustomer | null;
    specialInstructions?: string | null;
    deliveryFeeCents?: number;
    facts?: PlatformOrderFacts;
  },
  events?: OrderEvents,
  inTransaction?: (tx: Db, order: { id: string; orderNumber: number }) => Promise<void>,
): Promise<{ id: string; orderNumber: number; created: boolean }> {
  if (input.lines.length === 0) throw badRequest('A platform order needs at least one line.');
  const lines: PricedOrderLine[] = input.lines.map((line) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      throw badRequest(`"${line.name}": quantity must be a whole number of at least 1.`);
    }
    if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
      throw badRequest(`"${line.name}": price must be whole cents, not below 0.`);
    }
    return {
      menuItemId: line.menuItemId ?? null,
      name: line.name,
      basePriceCents: line.unitPriceCents,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      totalPriceCents: line.unitPriceCents * line.quantity,
      sauce: null,
      bread: null,
      addOns: (line.options ?? []).map((name) => ({ name, priceCents: 0 })),
      specialInstructions: line.specialInstructions?.trim() || null,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalPriceCents, 0);
  const deliveryFeeCents = input.deliveryFeeCents ?? 0;
  const priced: PricedOrder = {
    type: input.type,
    orderSource: input.source,
    paymentMethod: 'platform',
    lines,
    subtotalCents,
    deliveryFeeCents,
    discountCents: 0,
    totalCents: subtotalCents + deliveryFeeCents,
    customer: input.customer,
    specialInstructions: input.specialInstructions?.trim() || null,
    externalId: input.externalId,
    pricedBy: 'platform',
  };
  const facts = input.facts ?? {};
  const existing = await findPlatformOrder(db, input.source, input.externalId);
  if (existing) return { ...existing, created: false };
  try {
    const stored = await db.transaction(async (tx) => {
      const order = await storeOrder(tx, priced, { status: 'paid', isTest: facts.isTest ?? false });
      const [row] = await tx
        .update(orders)
        .set({
          platformOrderNumber: facts.externalNumber ?? null,
          platformAcceptBy: facts.accepted ? null : (facts.acceptBy ?? null),
          platformPickupAt: facts.pickupAt ?? null,
          ...(facts.accepted && {
            kitchenStatus: 'started' as const,
            status: ORDER_STATUS_FOR_KITCHEN.started,
            kitchenStartedAt: new Date(),
          }),
        })
        .where(eq(orders.id, order.id))
        .returning({ status: orders.status, kitchenStatus: orders.kitchenStatus });
      await inTransaction?.(tx, order);
      await recordOrderEvent(tx, {
        ...createdEvent(order),
        status: row!.status,
        kitchenStatus: row!.kitchenStatus,
      });
      return order;
    });
    events?.wake();
    return { ...stored, created: true };
  } catch (error) {
    // The same webhook twice at once: the unique (source, external id) keeps one order.
    const twin = await findPlatformOrder(db, input.source, input.externalId);
    if (twin) return { ...twin, created: false };
    throw error;
  }
}

async function findPlatformOrder(db: Db, source: OrderSource, externalId: string) {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.orderSource, source), eq(orders.externalId, externalId)));
  return row ?? null;
}
