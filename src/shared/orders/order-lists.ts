/**
 * The order's statuses, types, sources and roles as lists: what the storefront's first download
 * needs to check a live message (shared/realtime/server-message.ts), without the state machine
 * and the customer-facing labels of order-states.ts, which re-exports these (decision 016).
 */
// Only these are ever written: an order starts pending (the kitchen's queue), follows the
// kitchen (ORDER_STATUS_FOR_KITCHEN) or is cancelled. The spec's `confirmed` and `paid`
// (customer-site §4) are written by nothing, so they are only in the presentation table.
export const ORDER_STATUSES = ['pending', 'preparing', 'ready', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TYPES = ['pickup', 'delivery', 'dine-in'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_SOURCES = ['website', 'pos', 'table', 'wolt', 'bolt'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** The spec's card-wallet value is `viva-wallet`. */
// Only these are ever written: card sales go through the card wallet (checkout, the counter's
// card and terminal sales), cash at the counter, platform for Wolt and Bolt Food.
export const PAYMENT_METHODS = ['viva-wallet', 'cash', 'platform'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const KITCHEN_STATUSES = ['pending', 'started', 'ready', 'done', 'cleared'] as const;
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];

export const DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const STAFF_ROLES = ['staff', 'cashier', 'server', 'kitchen', 'manager', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Active orders on the dashboard filter and the ones a customer's socket follows. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'preparing', 'ready'];
