/**
 * The counter's ceiling (docs/operations.md "Limits"): a sale at the counter, cash or card, is at
 * most `max_counter_order_total` (2,000.00 € unless the owner changes it). The website has its
 * own, lower `max_order_total` (orders/pricing.ts); staff sell catering-sized orders, never a
 * typo's 53,955.00 €.
 */
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { formatEuroCents } from '#shared/money.ts';
import { getSetting } from '../settings/index.ts';

/** The ceiling in cents, read once per sale. */
export async function counterCeilingCents(db: Db): Promise<number> {
  return Math.round(Number(await getSetting(db, 'max_counter_order_total')) * 100);
}

/** Refuses a counter sale above the ceiling, saying what to do. */
export function checkCounterTotal(totalCents: number, ceilingCents: number): void {
  if (totalCents > ceilingCents) {
    throw badRequest(
      `A counter sale can be at most ${formatEuroCents(ceilingCents)} (this one is ${formatEuroCents(totalCents)}). Split it, or ask the owner to raise the counter limit.`,
    );
  }
}
