/**
 * What a printed receipt and a kitchen ticket say, built from a counter sale, an order read from
 * the server (GET /api/orders/:id) or a kitchen order. Pure: the print layouts only show these.
 * Money is integer cents.
 */
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import type { Order } from '#shared/orders/order.schema.ts';
import type { OrderType } from '#shared/orders/order-states.ts';
import { eurosToCents } from '#shared/money.ts';
import type { VatRowDto } from '#shared/vat/vat.ts';

interface ReceiptLine {
  quantity: number;
  name: string;
  /** Bread, sauce and add-ons in words. */
  options: string[];
  note: string | null;
  /** Before the line's discount. */
  subtotalCents: number;
  discount: { name: string; amountCents: number } | null;
  /** What the line costs (after its discount). */
  totalCents: number;
}

export interface ReceiptData {
  /** Null while an offline sale waits to be sent (the server gives the number). */
  orderNumber: number | null;
  createdAt: string;
  lines: ReceiptLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  paymentMethod: 'cash' | 'card';
  /** Cash only. */
  cashReceivedCents: number | null;
  changeCents: number | null;
  /**
   * VAT per rate as the server computed it (decision 022); null while an offline sale waits
   * (the rates are the server's: the receipt prints without them then).
   */
  vat?: VatRowDto[] | null;
}

export interface ShopHeader {
  name: string;
  address: string;
  phone?: string;
}

interface TicketLine {
  quantity: number;
  name: string;
  options: string[];
  note: string | null;
}

export interface KitchenTicketData {
  orderNumber: number;
  type: OrderType;
  tableNumber: string | null;
  customerName: string;
  createdAt: string;
  lines: TicketLine[];
  specialInstructions: string | null;
}

/** A card or cash order as the server stored it, for the receipt after a card payment. */
export function receiptFromOrder(order: Order): ReceiptData {
  const lines = order.items.map((item): ReceiptLine => {
    const subtotalCents = eurosToCents(item.price) * item.quantity;
    const totalCents = eurosToCents(item.totalPrice);
    const off = subtotalCents - totalCents;
    const options = [
      ...(item.bread ? [item.bread] : []),
      ...(item.customizations.sauce ? [item.customizations.sauce] : []),
      ...item.addOns.map((addOn) => `+ ${addOn.name}`),
    ];
    return {
      quantity: item.quantity,
      name: item.name,
      options,
      note: item.customizations.specialInstructions,
      subtotalCents,
      // Named as on the cash receipt (sale-receipt.ts): the discount the counter applied.
      discount: off > 0 ? { name: item.discount?.name || 'Discount', amountCents: off } : null,
      totalCents,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
  const totalCents = eurosToCents(order.total);
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    lines,
    subtotalCents,
    discountCents: Math.max(0, subtotalCents - lines.reduce((sum, l) => sum + l.totalCents, 0)),
    totalCents,
    paymentMethod: order.paymentMethod === 'cash' ? 'cash' : 'card',
    cashReceivedCents: null,
    changeCents: null,
    vat: order.vat,
  };
}

export function ticketFromKitchenOrder(order: KitchenOrder): KitchenTicketData {
  return {
    orderNumber: order.orderNumber,
    type: order.type,
    tableNumber: order.tableNumber,
    customerName: order.customerName,
    createdAt: order.createdAt,
    lines: order.items.map((item) => ({
      quantity: item.quantity,
      name: item.name,
      options: [
        ...(item.bread ? [item.bread] : []),
        ...(item.sauce ? [item.sauce] : []),
        ...item.addOns.map((name) => `+ ${name}`),
      ],
      note: item.specialInstructions,
    })),
    specialInstructions: order.specialInstructions,
  };
}

const TYPE_LABEL: Record<OrderType, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  'dine-in': 'Dine-in',
};

export const orderTypeLabel = (type: OrderType) => TYPE_LABEL[type];

/** "12 Jun 2026, 18:05" in the shop's time zone when known (receipts are read in the shop). */
export function formatReceiptTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--:--';
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
