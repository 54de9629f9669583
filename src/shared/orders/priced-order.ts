/**
 * An order as the server priced it (orders/place-order.ts priceOrder): what a pending card
 * payment remembers (payments.order_data, db/schema.ts) and what every order is stored from.
 * Types only, so the database schema can name them without importing a feature.
 */
import type { OrderCustomer } from '../checkout/checkout.schema.ts';
import type { DiscountType, OrderSource, OrderType, PaymentMethod } from './order-states.ts';

/** One line priced from the database (orders/pricing.ts priceLines). */
export interface PricedLine {
  menuItemId: string;
  name: string;
  basePriceCents: number;
  unitPriceCents: number;
  quantity: number;
  totalPriceCents: number;
  sauce: string | null;
  bread: string | null;
  addOns: { name: string; priceCents: number }[];
  specialInstructions: string | null;
  /** The kitchen's work in one (the item's prep units, decision 026); absent on older rows. */
  prepUnits?: number;
}

/** The discount a line got, as the order keeps it (order_items.discount). */
interface LineDiscount {
  id: string;
  name: string;
  type: DiscountType;
  value: number;
  discountAmountCents: number;
}

export interface PricedOrderLine extends Omit<PricedLine, 'menuItemId'> {
  /** Null for a platform's item that is not mapped to ours. */
  menuItemId: string | null;
  /** Taken off `totalPriceCents` already. */
  discount?: LineDiscount | null;
}

/**
 * What a pending card payment remembers (payments.order_data) and what every order is stored
 * from. Rows written before the pipeline lack the optional fields: they were website pickups.
 */
export interface PricedOrder {
  type: OrderType;
  orderSource: OrderSource;
  paymentMethod: PaymentMethod;
  lines: PricedOrderLine[];
  subtotalCents: number;
  deliveryFeeCents: number;
  discountCents?: number;
  totalCents: number;
  customer: OrderCustomer | null;
  specialInstructions: string | null;
  tableNumber?: string | null;
  takenByStaffId?: string | null;
  externalId?: string | null;
  /** 'platform' when Wolt or Bolt set the prices; the database otherwise. */
  pricedBy?: 'menu' | 'platform';
  /** The page a card payment comes back to (chosen by the server, never by the client). */
  returnPath?: string;
  /**
   * Pickup times (decision 026): the kitchen's work in the order, the slot start of a scheduled
   * pickup (ISO), and the minutes quoted to an order for as soon as possible. Absent on orders
   * priced before, and on counter cash sales and platform orders (their units are counted
   * when stored; they are due when placed plus the base preparation time).
   */
  prepUnits?: number;
  pickupAt?: string | null;
  quotedMinutes?: number | null;
}
