import type { OrderType } from '#shared/orders/order-states.ts';
import { formatEuroCents } from '#shared/money.ts';
import { findControlCharacter } from '../../http/request-guards.ts';
import type { PlatformLine } from '../orders/index.ts';

/**
 * Ceilings on what a platform order may carry (docs/operations.md "Limits"): far above any real
 * food-truck order, far below what the database's integer cents hold. Past them the order is
 * not ours to make: its event fails once, listed in the inbox, and is not retried.
 */
const PLATFORM_LIMITS = {
  unitPriceCents: 1_000_000,
  lineQuantity: 999,
  orderTotalCents: 1_000_000,
} as const;

/** A platform order that will never place, whatever the retry: its event fails for good. */
export class UnplaceablePlatformOrder extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnplaceablePlatformOrder';
  }
}

/** Refuses a mapped order the pipeline could not store or should not take. */
export function checkMappedOrder(order: MappedPlatformOrder): MappedPlatformOrder {
  const field = findControlCharacter(order);
  if (field) throw new UnplaceablePlatformOrder(`${field} contains a control character`);
  let totalCents = 0;
  for (const line of order.lines) {
    if (
      !Number.isSafeInteger(line.unitPriceCents) ||
      line.unitPriceCents < 0 ||
      line.unitPriceCents > PLATFORM_LIMITS.unitPriceCents
    ) {
      throw new UnplaceablePlatformOrder(
        `"${line.name}": a unit price above ${formatEuroCents(PLATFORM_LIMITS.unitPriceCents)} is not a real amount`,
      );
    }
    if (line.quantity > PLATFORM_LIMITS.lineQuantity) {
      throw new UnplaceablePlatformOrder(
        `"${line.name}": more than ${PLATFORM_LIMITS.lineQuantity} is not a real quantity`,
      );
    }
    totalCents += line.unitPriceCents * line.quantity;
  }
  if (totalCents > PLATFORM_LIMITS.orderTotalCents) {
    throw new UnplaceablePlatformOrder(
      `an order total above ${formatEuroCents(PLATFORM_LIMITS.orderTotalCents)} is not a real amount`,
    );
  }
  return order;
}

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
