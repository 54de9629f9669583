/**
 * Money is integer cents inside the system (DESIGN.md). These helpers are the
 * only places that cross to euros: the API edge and the screens.
 */

/** 1250 -> 12.5 (the spec's `basePrice` is a number). */
export function centsToEuros(cents: number): number {
  return cents / 100;
}

/** 1250 -> "12.50" (order money fields are 2-decimal strings). */
export function centsToDecimalString(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 12.5 or "12.50" -> 1250, rounding half away from zero at the cent. */
export function eurosToCents(euros: number | string): number {
  const text = typeof euros === 'string' ? euros.trim() : String(euros);
  const value = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${String(euros)}`);
  const abs = Math.abs(value);
  // Shift the decimal point in text, not in binary: 1.005 * 100 is 100.49999999999999.
  const cents = Math.round(String(abs).includes('e') ? abs * 100 : Number(`${abs}e2`));
  return value < 0 && cents !== 0 ? -cents : cents;
}

const euroFormat = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1250 -> "€12.50". */
export function formatEuroCents(cents: number): string {
  return euroFormat.format(cents / 100);
}

/** 12.5 -> "€12.50", for amounts the API already gives in euros. */
export function formatEuro(euros: number): string {
  return euroFormat.format(euros);
}
