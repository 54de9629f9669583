/**
 * The kitchen's taps (Start, an estimate, Ready, Done) as a queue (decision 024). Every tap is
 * queued with its own Idempotency-Key and sent at once; while the connection is down it waits,
 * the card already shows the step, and the taps are sent in the order they were made once the
 * connection returns. The server answers a key it has seen from the first answer (decision 007),
 * so a tap whose answer was lost is applied once however often it is sent.
 *
 * Pure: the network is passed in, so the rules are unit-tested.
 */
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { kitchenStepAllowed, type KitchenStatus } from '#shared/orders/order-states.ts';
import {
  IDEMPOTENCY_KEY_RETENTION_MS,
  IDEMPOTENCY_STILL_RUNNING_MESSAGE,
} from '#shared/idempotency/idempotency.ts';

export interface KitchenChange {
  kitchenStatus: KitchenStatus;
  estimatedTime?: number;
}

export interface KitchenTap {
  /** The Idempotency-Key of this tap: the same on every try. */
  key: string;
  orderId: string;
  orderNumber: number;
  change: KitchenChange;
  /** ISO time of the tap. */
  tappedAt: string;
}

/** How one try ended. */
export type TapResult =
  | { kind: 'sent' }
  /** No answer, or the server could not answer now (5xx, 429, still running): try again. */
  | { kind: 'network' }
  /** The server refused the step (the order moved on, was cancelled): it is not sent again. */
  | { kind: 'refused'; message: string };

/** The result of an HTTP answer's status and message, or of no answer (`status` null). */
export function tapResultOf(status: number | null, message = ''): TapResult {
  if (status === null) return { kind: 'network' };
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'network' };
  if (status === 409 && message === IDEMPOTENCY_STILL_RUNNING_MESSAGE) return { kind: 'network' };
  return { kind: 'refused', message };
}

/**
 * Taps older than the server keeps keys are dropped: the kitchen has long moved on, and the
 * server could no longer tell a repeat from a new tap.
 */
export function dropStale(taps: readonly KitchenTap[], now: Date): KitchenTap[] {
  return taps.filter(
    (tap) => now.getTime() - new Date(tap.tappedAt).getTime() < IDEMPOTENCY_KEY_RETENTION_MS,
  );
}

/**
 * The orders as the kitchen will see them once the queued taps are through: each tap moves its
 * order where the state table allows (a tap the table refuses shows nothing; the server will
 * refuse it too).
 */
export function applyTaps(
  orders: readonly KitchenOrder[],
  taps: readonly KitchenTap[],
): KitchenOrder[] {
  if (taps.length === 0) return [...orders];
  return orders.map((order) => {
    let shown = order;
    for (const tap of taps) {
      if (tap.orderId !== order.id) continue;
      const to = tap.change.kitchenStatus;
      if (shown.status === 'cancelled' || !kitchenStepAllowed(shown.kitchenStatus, to)) continue;
      shown = {
        ...shown,
        kitchenStatus: to,
        ...(to === 'started' &&
          shown.kitchenStatus !== 'started' && { kitchenStartedAt: tap.tappedAt }),
        ...(tap.change.estimatedTime !== undefined && {
          kitchenEstimatedTime: tap.change.estimatedTime,
        }),
        ...(to === 'ready' && { kitchenReadyAt: tap.tappedAt }),
        ...(to === 'done' && { kitchenDoneAt: tap.tappedAt }),
        // Accepted: the platform's countdown is over for this order.
        ...(to === 'started' &&
          shown.platform && { platform: { ...shown.platform, acceptBy: null } }),
      };
    }
    return shown;
  });
}

export interface FlushOutcome {
  /** What is still to send (the first one could not be sent now), in order. */
  remaining: KitchenTap[];
  sent: KitchenTap[];
  refused: { tap: KitchenTap; message: string }[];
}

/**
 * Sends the taps one at a time, in order. A tap that got no answer stops the run (the ones after
 * it wait too, so the server sees them in the order they were made); a refused one is dropped.
 */
export async function flushTaps(
  taps: readonly KitchenTap[],
  send: (tap: KitchenTap) => Promise<TapResult>,
): Promise<FlushOutcome> {
  const outcome: FlushOutcome = { remaining: [...taps], sent: [], refused: [] };
  while (outcome.remaining.length > 0) {
    const tap = outcome.remaining[0]!;
    const result = await send(tap);
    if (result.kind === 'network') break;
    outcome.remaining.shift();
    if (result.kind === 'sent') outcome.sent.push(tap);
    else outcome.refused.push({ tap, message: result.message });
  }
  return outcome;
}
