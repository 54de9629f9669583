/**
 * Cash at the counter (spec back-office §5 "POS"): the change is the amount received minus the
 * total, never below 0, and a sale needs at least the total. Integer cents.
 */
import { eurosToCents } from '#shared/money.ts';

/** The notes a customer hands over; each gives the next round amount at or above the total. */
const CASH_NOTES_CENTS = [500, 1000, 2000, 5000] as const;

/** What is typed in "Amount received" ("20", "13,61", "€ 13.61"), in cents; null if not money. */
export function parseCashCents(text: string): number | null {
  const cleaned = text.replace(/[€\s]/g, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{0,2})?$/.test(cleaned)) return null;
  try {
    return eurosToCents(cleaned);
  } catch {
    return null;
  }
}

export const changeCents = (receivedCents: number, totalCents: number) =>
  Math.max(0, receivedCents - totalCents);

/** How much is still missing (0 when the cash covers the total). */
export const shortfallCents = (receivedCents: number, totalCents: number) =>
  Math.max(0, totalCents - receivedCents);

/**
 * The quick amounts after "Exact": for each note, the next multiple of it above the total
 * (13.61 gives 15, 20 and 50), without repeats or the exact amount itself, smallest first.
 */
export function quickCashAmounts(totalCents: number): number[] {
  if (totalCents <= 0) return [];
  const amounts = new Set<number>();
  for (const note of CASH_NOTES_CENTS) {
    const round = Math.ceil(totalCents / note) * note;
    if (round > totalCents) amounts.add(round);
  }
  return [...amounts].sort((a, b) => a - b);
}
