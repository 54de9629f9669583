/**
 * The order state machine: one table, used by the server to enforce and by
 * the screens to show the allowed actions and labels (STYLE.md habit 5).
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

export interface StatusPresentation {
  /** Short label on the confirmation page's status card. */
  label: string;
  /** Sentence shown to a customer tracking the order, when the spec gives one. */
  message: string | null;
  tone: 'yellow' | 'blue' | 'green' | 'grey' | 'red' | 'neutral';
}

/** Statuses spec customer-site §4 names that no order is given here. */
type SpecOnlyStatus = 'confirmed' | 'paid';

/** Spec customer-site §4's table: every status it names, written or not. */
const STATUS_PRESENTATION: Record<OrderStatus | SpecOnlyStatus, StatusPresentation> = {
  // Not the spec's "Awaiting Confirmation": a pending order is paid and confirmed (the page's
  // heading says Order Confirmed) and waits for the kitchen, as its message says.
  pending: {
    label: 'In the Queue',
    message: 'Your order is in queue and will be prepared shortly.',
    tone: 'yellow',
  },
  confirmed: { label: 'Order Confirmed', message: null, tone: 'neutral' },
  paid: { label: 'Payment Received', message: null, tone: 'neutral' },
  preparing: { label: 'Being Prepared', message: 'Your order is being prepared!', tone: 'blue' },
  ready: {
    label: 'Ready for Pickup',
    message: 'Your order is ready for pickup! Please come to the counter.',
    tone: 'green',
  },
  completed: { label: 'DONE', message: null, tone: 'grey' },
  cancelled: { label: 'Cancelled', message: 'This order was cancelled.', tone: 'red' },
};

/** Spec customer-site §4: any status not in the table shows "Processing". */
export function presentStatus(status: string): StatusPresentation {
  // hasOwn: 'toString' and friends are not statuses.
  return Object.hasOwn(STATUS_PRESENTATION, status)
    ? STATUS_PRESENTATION[status as OrderStatus | SpecOnlyStatus]
    : { label: 'Processing', message: null, tone: 'neutral' };
}

/** The status the customer sees on /track: derived from the kitchen status when there is one. */
export function displayStatus(status: string, kitchenStatus: string | null | undefined): string {
  switch (kitchenStatus) {
    case 'pending':
      return 'pending';
    case 'started':
      return 'preparing';
    case 'ready':
      return 'ready';
    case 'done':
    case 'cleared':
      return 'completed';
    default:
      return status;
  }
}

/**
 * The kitchen's steps (spec back-office §4): pending (or unset) → started → ready → done →
 * cleared. Re-sending started changes the estimate. Recall (ours) undoes a mistake at the
 * pass: a done or cleared order goes back to ready.
 */
const KITCHEN_TRANSITIONS: Readonly<Record<KitchenStatus, readonly KitchenStatus[]>> = {
  pending: ['started'],
  started: ['started', 'ready'],
  ready: ['done'],
  done: ['cleared', 'ready'],
  cleared: ['ready'],
};

/** Whether the kitchen may move an order from `from` (null = never touched) to `to`. */
export function kitchenStepAllowed(from: KitchenStatus | null, to: KitchenStatus): boolean {
  return KITCHEN_TRANSITIONS[from ?? 'pending'].includes(to);
}

/** The order status that goes with a kitchen status (what the customer sees). */
export const ORDER_STATUS_FOR_KITCHEN: Readonly<Record<KitchenStatus, OrderStatus>> = {
  pending: 'pending',
  started: 'preparing',
  ready: 'ready',
  done: 'completed',
  cleared: 'completed',
};

/** Spec back-office §9: the estimated-time buttons, in minutes. */
export const ESTIMATE_CHOICES = [10, 20, 30, 40, 50] as const;

/** Overdue: more minutes since the start than the estimate (spec back-office §4). */
export function isOverdue(
  startedAt: string | null,
  estimateMinutes: number | null,
  now: Date,
): boolean {
  if (!startedAt || estimateMinutes === null) return false;
  return (now.getTime() - new Date(startedAt).getTime()) / 60_000 > estimateMinutes;
}
