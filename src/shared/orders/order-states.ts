/**
 * The order state machine: one table, used by the server to enforce and by
 * the screens to show the allowed actions and labels (STYLE.md habit 5).
 */
// The lists of statuses, types and sources live apart (order-lists.ts), so the storefront's
// first download carries them without this module's tables (decision 016).
export * from './order-lists.ts';
import type { KitchenStatus, OrderStatus } from './order-lists.ts';

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

/** The estimated ready time: kitchen start plus the estimate (spec §4), or null. */
export function estimatedReadyAt(
  startedAt: string | null,
  estimateMinutes: number | null,
): Date | null {
  if (!startedAt || estimateMinutes === null) return null;
  const start = new Date(startedAt).getTime();
  if (Number.isNaN(start)) return null;
  return new Date(start + estimateMinutes * 60_000);
}
