/** How the dashboard writes orders, customers and amounts (money arrives as "12.50"). */
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import { formatEuro } from '#shared/money.ts';
import type { OrderItem } from '#shared/orders/order.schema.ts';
import { presentStatus, type StatusPresentation } from '#shared/orders/order-states.ts';
import { isValidTimeZone } from '#shared/time/shop-time.ts';
import { personName } from '#shared/customers/customer-display.ts';

/** "12.5" or "12.50" -> "€12.50"; something unreadable is shown as it came. */
export function euro(amount: string): string {
  const value = Number(amount);
  return amount.trim() !== '' && Number.isFinite(value) ? formatEuro(value) : amount;
}

/** Whether a 2-decimal amount is more than zero ("0.00" is not). */
export function isPositive(amount: string | null | undefined): boolean {
  const value = Number(amount ?? '');
  return Number.isFinite(value) && value > 0;
}

type OrderCustomer = Pick<AdminOrder, 'customer' | 'customerErased'>;

/** "Anna Tamm", "Customer erased", or "Walk-in" for a counter sale without a name. */
export function customerName({ customer, customerErased }: OrderCustomer): string {
  if (customerErased) return 'Customer erased';
  return personName(customer.firstName, customer.lastName) || 'Walk-in';
}

/** "2× Smash Burger, 1× Cola". */
export function itemsSummary(items: Pick<OrderItem, 'name' | 'quantity'>[]): string {
  return items.map((item) => `${item.quantity}× ${item.name}`).join(', ');
}

/** How many things were ordered, whatever the lines. */
export function itemCount(items: Pick<OrderItem, 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

const TYPE_LABELS: Record<string, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  'dine-in': 'Dine-in',
};
export const orderTypeLabel = (type: string) => TYPE_LABELS[type] ?? capitalise(type);

const SOURCE_LABELS: Record<string, string> = {
  website: 'Website',
  web: 'Website',
  pos: 'POS',
  table: 'Table',
  wolt: 'Wolt',
  bolt: 'Bolt Food',
};
export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? capitalise(source);

const PAYMENT_METHOD_LABELS: Record<string, string> = {
  'viva-wallet': 'Card (online)',
  cash: 'Cash',
  platform: 'Paid on the platform',
};
export const paymentMethodLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[method] ?? capitalise(method);

/** The badge tones the dashboard uses for order and payment statuses (badges.tsx colours them). */
export type StatusBadgeTone = 'neutral' | 'warning' | 'danger' | 'success' | 'info';

const STATUS_TONES: Record<StatusPresentation['tone'], StatusBadgeTone> = {
  yellow: 'warning',
  blue: 'info',
  green: 'success',
  grey: 'neutral',
  red: 'danger',
  neutral: 'neutral',
};

/** An order status on the dashboard: "Pending" in the customer page's colour. */
export function orderStatusBadge(status: string): { label: string; tone: StatusBadgeTone } {
  return { label: capitalise(status), tone: STATUS_TONES[presentStatus(status).tone] };
}

/** A payment status on the dashboard: paid green, failed red, refunded grey, else amber. */
export function paymentStatusBadge(status: string): { label: string; tone: StatusBadgeTone } {
  const tone: StatusBadgeTone =
    status === 'paid'
      ? 'success'
      : status === 'failed'
        ? 'danger'
        : status === 'refunded'
          ? 'neutral'
          : 'warning';
  return { label: capitalise(status), tone };
}

/** pending -> Pending, dine-in -> Dine-in. */
export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** "Telliskivi 60a, 10412 Tallinn", or null when there is nothing to show. */
export function formatAddress(address: AdminOrder['deliveryAddress']): string | null {
  if (!address) return null;
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  const text = [address.street, place].filter(Boolean).join(', ');
  return text || null;
}

/** The shop's time zone when it is a real one, else the browser's. */
const zoneOption = (timeZone: string | undefined) =>
  timeZone && isValidTimeZone(timeZone) ? { timeZone } : {};

/** "12:41" on the shop's clock. */
export function formatTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...zoneOption(timeZone),
  }).format(new Date(iso));
}

/** "21 Nov 2026, 12:41" on the shop's clock. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...zoneOption(timeZone),
  }).format(new Date(iso));
}

/** The export files (GET /api/admin/export/*.csv?from&to). */
export function exportUrl(
  kind: 'orders' | 'order-lines' | 'refunds',
  from: string,
  to: string,
): string {
  const query = new URLSearchParams({ from, to });
  return `/api/admin/export/${kind}.csv?${query.toString()}`;
}

/** Whether the dashboard offers "Mark paid": unpaid, and not a refund. */
export function canMarkPaid(order: Pick<AdminOrder, 'paymentStatus' | 'deletion'>): boolean {
  return (
    order.deletion === null &&
    (order.paymentStatus === 'pending' || order.paymentStatus === 'failed')
  );
}
