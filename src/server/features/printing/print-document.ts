/**
 * What a printed kitchen ticket and a customer receipt say (decision 028), read from the
 * database: the same content as the browser's 80 mm layouts (client receipts/receipt.tsx), plus
 * what the kitchen needs on paper: the platform badge, the pickup time and the lines'
 * allergens. Money is integer cents.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuItems, orderItems, orders } from '../../db/schema.ts';
import { personName } from '#shared/customers/customer-display.ts';
import { ALLERGEN_LABELS, ALLERGENS, type Allergen } from '#shared/menu/allergens.ts';
import type { OrderSource, OrderType } from '#shared/orders/order-states.ts';
import { getSettings } from '../settings/index.ts';
import { shopTimeZoneOf } from '../shop-hours/index.ts';
import { vatOfLines, type VatRow } from '#shared/vat/vat.ts';

interface PrintLine {
  quantity: number;
  name: string;
  /** Bread, sauce and add-ons in words. */
  options: string[];
  note: string | null;
  allergens: string[];
  /** Before the line's discount. */
  subtotalCents: number;
  discount: { name: string; amountCents: number } | null;
  totalCents: number;
}

export interface PrintOrder {
  orderNumber: number;
  type: OrderType;
  source: OrderSource;
  tableNumber: string | null;
  /** Wolt or Bolt Food and its own order number. */
  platform: { name: string; number: string | null } | null;
  customerName: string;
  /** "27 Nov 2026, 18:05" in the shop's time zone. */
  placedAt: string;
  /** A scheduled pickup ("Pickup 18:30"), else null. */
  pickupAt: string | null;
  lines: PrintLine[];
  specialInstructions: string | null;
  subtotalCents: number;
  discountCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  paymentMethod: string;
  cashReceivedCents: number | null;
  changeCents: number | null;
  /** VAT per rate (decision 022), as the browser's receipt shows it. */
  vat: VatRow[];
  isTest: boolean;
}

export interface ShopHeader {
  name: string;
  address: string;
  phone: string;
  timeZone: string;
}

const TYPE_LABEL: Record<OrderType, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  'dine-in': 'Dine-in',
};
export const orderTypeLabel = (type: OrderType) => TYPE_LABEL[type];

const PLATFORM_LABEL: Partial<Record<OrderSource, string>> = { wolt: 'Wolt', bolt: 'Bolt Food' };

/** As the browser's formatReceiptTime: "12 Jun 2026, 18:05". */
export function formatPrintTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(date);
}

function formatClock(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(date);
}

export async function shopHeader(db: Db): Promise<ShopHeader> {
  const values = await getSettings(db, [
    'shop_name',
    'shop_address',
    'shop_phone',
    'shop_time_zone',
  ]);
  return {
    name: values.shop_name,
    address: values.shop_address,
    phone: values.shop_phone,
    timeZone: shopTimeZoneOf(values.shop_time_zone),
  };
}

/** The order as it prints, or null when it is gone. */
export async function loadPrintOrder(
  db: Db,
  orderId: string,
  timeZone: string,
): Promise<PrintOrder | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const menuIds = [...new Set(items.flatMap((item) => (item.menuItemId ? [item.menuItemId] : [])))];
  const allergenRows = menuIds.length
    ? await db
        .select({ id: menuItems.id, allergens: menuItems.allergens })
        .from(menuItems)
        .where(inArray(menuItems.id, menuIds))
    : [];
  const allergensOf = new Map(allergenRows.map((row) => [row.id, row.allergens]));
  const lines = items.map((item): PrintLine => {
    const subtotalCents = item.unitPriceCents * item.quantity;
    const off = subtotalCents - item.totalPriceCents;
    const allergens = (item.menuItemId ? (allergensOf.get(item.menuItemId) ?? []) : [])
      .filter((key): key is Allergen => (ALLERGENS as readonly string[]).includes(key))
      .map((key) => ALLERGEN_LABELS[key]);
    return {
      quantity: item.quantity,
      name: item.name,
      options: [
        ...(item.bread ? [item.bread] : []),
        ...(item.sauce ? [item.sauce] : []),
        ...item.addOns.map((addOn) => `+ ${addOn.name}`),
      ],
      note: item.specialInstructions,
      allergens,
      subtotalCents,
      discount: off > 0 ? { name: item.discount?.name || 'Discount', amountCents: off } : null,
      totalCents: item.totalPriceCents,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
  const platformName = PLATFORM_LABEL[order.orderSource];
  const pickupAt = order.pickupAt ?? order.platformPickupAt;
  return {
    orderNumber: order.orderNumber,
    type: order.type,
    source: order.orderSource,
    tableNumber: order.tableNumber,
    platform: platformName ? { name: platformName, number: order.platformOrderNumber } : null,
    customerName: personName(order.customerFirstName, order.customerLastName),
    placedAt: formatPrintTime(order.createdAt, timeZone),
    pickupAt: pickupAt ? formatClock(pickupAt, timeZone) : null,
    lines,
    specialInstructions: order.specialInstructions,
    subtotalCents,
    discountCents: Math.max(0, subtotalCents - lines.reduce((sum, l) => sum + l.totalCents, 0)),
    deliveryFeeCents: order.deliveryFeeCents,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod,
    cashReceivedCents: order.cashReceivedCents,
    changeCents: order.changeCents,
    vat: vatOfLines(order, items),
    isTest: order.isTest,
  };
}
