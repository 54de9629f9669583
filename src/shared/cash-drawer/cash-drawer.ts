/**
 * The day cash-up's arithmetic (docs/decisions/012-day-cash-up.md), pure and in integer cents,
 * from plain rows: the server feeds it what the database holds, the tests feed it literals.
 *
 *   expected cash = float + cash received − change given + pay-ins − pay-outs
 *   difference    = counted − expected   (negative: cash is missing; positive: too much)
 */
import {
  ORDER_SOURCES,
  PAYMENT_METHODS,
  type OrderSource,
  type PaymentMethod,
} from '../orders/order-states.ts';

export const CASH_MOVEMENT_KINDS = ['pay-in', 'pay-out'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

/** A cash sale at the counter, as the drawer counts it. */
export interface CashSaleRow {
  totalCents: number;
  /** The cash handed over; null on a sale that did not record it (taken as the exact total). */
  cashReceivedCents: number | null;
  /** The change handed back; null when not recorded. */
  changeCents: number | null;
}

export interface CashMovementRow {
  kind: CashMovementKind;
  amountCents: number;
}

export interface CashFigures {
  floatCents: number;
  /** Number of cash sales counted. */
  cashSalesCount: number;
  /** Cash handed over by customers (before change). */
  cashSalesCents: number;
  changeGivenCents: number;
  payInsCents: number;
  payOutsCents: number;
  expectedCents: number;
}

/** What a sale put into the drawer: the cash received and the change that went back out. */
export function cashOfSale(sale: CashSaleRow): { receivedCents: number; changeCents: number } {
  // A sale without a recorded amount was paid exactly: the total went in, nothing came out.
  if (sale.cashReceivedCents === null) return { receivedCents: sale.totalCents, changeCents: 0 };
  return {
    receivedCents: sale.cashReceivedCents,
    changeCents: sale.changeCents ?? Math.max(0, sale.cashReceivedCents - sale.totalCents),
  };
}

/** The change for a cash sale: what was handed over above the total, never below 0. */
export function changeDueCents(totalCents: number, cashReceivedCents: number): number {
  return Math.max(0, cashReceivedCents - totalCents);
}

export function cashFigures(
  floatCents: number,
  sales: readonly CashSaleRow[],
  movements: readonly CashMovementRow[],
): CashFigures {
  let cashSalesCents = 0;
  let changeGivenCents = 0;
  for (const sale of sales) {
    const { receivedCents, changeCents } = cashOfSale(sale);
    cashSalesCents += receivedCents;
    changeGivenCents += changeCents;
  }
  let payInsCents = 0;
  let payOutsCents = 0;
  for (const movement of movements) {
    if (movement.kind === 'pay-in') payInsCents += movement.amountCents;
    else payOutsCents += movement.amountCents;
  }
  return {
    floatCents,
    cashSalesCount: sales.length,
    cashSalesCents,
    changeGivenCents,
    payInsCents,
    payOutsCents,
    expectedCents: floatCents + cashSalesCents - changeGivenCents + payInsCents - payOutsCents,
  };
}

/** Counted minus expected: negative when cash is missing, positive when there is too much. */
export function cashDifferenceCents(countedCents: number, expectedCents: number): number {
  return countedCents - expectedCents;
}

/** A paid order of the report's window. */
export interface ReportOrderRow {
  paymentMethod: string;
  orderSource: string;
  totalCents: number;
  discountCents: number;
}

/** A line of a paid order of the report's window. */
export interface ReportItemRow {
  name: string;
  quantity: number;
  /** The line's total after its discount. */
  totalPriceCents: number;
}

export interface ReportGroup<K extends string = string> {
  key: K;
  orders: number;
  totalCents: number;
}

interface ItemSold {
  name: string;
  quantity: number;
  revenueCents: number;
}

export interface ReportTotals {
  orderCount: number;
  /** Sum of the orders' totals (what customers paid). */
  salesCents: number;
  discountsCents: number;
  byPaymentMethod: ReportGroup[];
  bySource: ReportGroup[];
  /** Most sold first, then by name. */
  items: ItemSold[];
  itemCount: number;
}

/** Groups by `keyOf`, listing every known key (0 when none) in order, then any other seen. */
function groupOrders(
  orders: readonly ReportOrderRow[],
  known: readonly string[],
  keyOf: (order: ReportOrderRow) => string,
): ReportGroup[] {
  const groups = new Map<string, ReportGroup>(
    known.map((key) => [key, { key, orders: 0, totalCents: 0 }]),
  );
  for (const order of orders) {
    const key = keyOf(order);
    const group = groups.get(key) ?? { key, orders: 0, totalCents: 0 };
    group.orders += 1;
    group.totalCents += order.totalCents;
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function reportTotals(
  orders: readonly ReportOrderRow[],
  items: readonly ReportItemRow[],
): ReportTotals {
  const byName = new Map<string, ItemSold>();
  for (const item of items) {
    const sold = byName.get(item.name) ?? { name: item.name, quantity: 0, revenueCents: 0 };
    sold.quantity += item.quantity;
    sold.revenueCents += item.totalPriceCents;
    byName.set(item.name, sold);
  }
  const sold = [...byName.values()].sort(
    (a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, 'en'),
  );
  return {
    orderCount: orders.length,
    salesCents: orders.reduce((sum, order) => sum + order.totalCents, 0),
    discountsCents: orders.reduce((sum, order) => sum + order.discountCents, 0),
    byPaymentMethod: groupOrders(orders, PAYMENT_METHODS, (order) => order.paymentMethod),
    bySource: groupOrders(orders, ORDER_SOURCES, (order) => order.orderSource),
    items: sold,
    itemCount: sold.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/** How the report names each payment method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  'viva-wallet': 'Card (Viva Wallet)',
  cash: 'Cash',
  platform: 'Paid on the platform',
};

export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  website: 'Website',
  pos: 'Counter (POS)',
  table: 'Table (QR)',
  wolt: 'Wolt',
  bolt: 'Bolt Food',
};

export const labelOf = (labels: Record<string, string>, key: string) =>
  Object.hasOwn(labels, key) ? labels[key]! : key;
