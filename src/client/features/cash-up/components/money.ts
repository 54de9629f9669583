import { cashDifferenceCents } from '#shared/cash-drawer/cash-drawer.ts';
import { closeDrawerRequestSchema } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString, eurosToCents, formatEuroCents } from '#shared/money.ts';

/** "153.82" (the API's euros) -> "€153.82"; "-0.32" -> "-€0.32". */
export const euro = (amount: string) => formatEuroCents(eurosToCents(amount));

/** A difference with its sign: "+€0.10", "-€0.32", "€0.00". */
export function signedEuro(amount: string) {
  const cents = eurosToCents(amount);
  return cents > 0 ? `+${formatEuroCents(cents)}` : formatEuroCents(cents);
}

export type DifferenceTone = 'short' | 'over' | 'exact';

export function differenceTone(amount: string): DifferenceTone {
  const cents = eurosToCents(amount);
  return cents < 0 ? 'short' : cents > 0 ? 'over' : 'exact';
}

export const DIFFERENCE_WORDS: Record<DifferenceTone, string> = {
  short: 'short',
  over: 'over',
  exact: 'exact',
};

export const DIFFERENCE_CLASSES: Record<DifferenceTone, string> = {
  short: 'bg-red-50 text-red-800 ring-red-200',
  over: 'bg-amber-50 text-amber-900 ring-amber-200',
  exact: 'bg-green-50 text-green-800 ring-green-200',
};

/** A typed amount as the API's euros ("12,5" -> "12.50"), or null while it is not one. */
export function typedAmount(typed: unknown): string | null {
  if (typed === '' || typed === null || typed === undefined) return null;
  const parsed = closeDrawerRequestSchema.shape.counted.safeParse(typed);
  return parsed.success ? centsToDecimalString(parsed.data) : null;
}

/** Counted − expected by the shared rule, for the preview; the server works it out again. */
export function previewDifference(counted: string, expected: string): string {
  return centsToDecimalString(cashDifferenceCents(eurosToCents(counted), eurosToCents(expected)));
}

/** 10:32 on the device's clock (the tablet is in the shop). */
export function clockTime(iso: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/** 23 Nov 2026, 10:32 */
export function dateTime(iso: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}
