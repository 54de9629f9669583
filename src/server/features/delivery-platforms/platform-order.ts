import type { OrderType } from '#shared/orders/order-states.ts';
import type { PlatformLine } from '../orders/place-order.ts';

/**
 * A platform's order as our pipeline takes it (decision 017): what a Wolt OrderV2 or a Bolt
 * Food new-order payload maps to, before it is placed with placePlatformOrder.
 */
export interface MappedPlatformOrder {
  externalId: string;
  externalNumber: string | null;
  /** open: to be made; cancelled: the platform already gave up on it (make nothing). */
  state: 'open' | 'cancelled' | 'finished';
  type: OrderType;
  lines: PlatformLine[];
  /** First name (and initial) only: what the platform shares. */
  customerName: string;
  customerPhone: string;
  specialInstructions: string | null;
  deliveryFeeCents: number;
  /** Null when the platform accepted it itself (no countdown). */
  acceptBy: Date | null;
  pickupAt: Date | null;
}

export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(typeof value === 'number' && value < 1e12 ? value * 1000 : value);
  return Number.isNaN(date.getTime()) ? null : date;
}
