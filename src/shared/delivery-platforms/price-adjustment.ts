/**
 * A platform's price adjustment (decision 027, amended 2026-11-27): the menu sent to Wolt or
 * Bolt Food may cost more than ours, to cover the platform's commission. The setting
 * (`<platform>_menu_price_adjustment`) is "15%" (every item's and add-on's price times 1.15,
 * rounded half up to the cent), "0.50" (50 cents added to each item; add-ons unchanged), or
 * empty for none. Money stays integer cents (DESIGN.md).
 */
import { eurosToCents } from '../money.ts';

export type PriceAdjustment =
  | { kind: 'none' }
  /** In basis points: 1500 is 15 %. */
  | { kind: 'percent'; basisPoints: number }
  | { kind: 'fixed'; cents: number };

/** The setting's value, or null when it is not one (the settings check refuses it). */
export function parsePriceAdjustment(value: string): PriceAdjustment | null {
  const text = value.trim();
  if (text === '') return { kind: 'none' };
  const percent = /^\+?(\d{1,3}(?:\.\d{1,2})?)\s*%$/.exec(text);
  if (percent) {
    const basisPoints = eurosToCents(percent[1]!);
    return basisPoints <= 10_000 ? { kind: 'percent', basisPoints } : null;
  }
  const fixed = /^\+?(\d{1,3}(?:\.\d{1,2})?)$/.exec(text);
  return fixed ? { kind: 'fixed', cents: eurosToCents(fixed[1]!) } : null;
}

/** The price on the platform: an item's (`option` false) or an option value's. */
export function adjustedCents(cents: number, adjustment: PriceAdjustment, option: boolean): number {
  switch (adjustment.kind) {
    case 'none':
      return cents;
    case 'percent':
      // Integer arithmetic, half up: 1090 at 15 % is 1253.5, sent as 1254.
      return Math.floor((cents * (10_000 + adjustment.basisPoints) + 5_000) / 10_000);
    case 'fixed':
      return option ? cents : cents + adjustment.cents;
  }
}

/** "15 %", "+€0.50 an item", or "none", for the page. */
export function describePriceAdjustment(adjustment: PriceAdjustment): string {
  switch (adjustment.kind) {
    case 'none':
      return 'none';
    case 'percent':
      return `+${adjustment.basisPoints / 100} %`;
    case 'fixed':
      return `+€${(adjustment.cents / 100).toFixed(2)} an item`;
  }
}
