import { z } from 'zod';
import { centsToDecimalString } from '../money.ts';

/**
 * VAT per rate (DESIGN.md departure 15, decision 022). Prices are VAT-inclusive, so VAT is
 * worked back out of the gross: per rate, on the order's total (never per line), rounded half
 * away from zero to the cent; VAT is the gross minus the net, so net + VAT is always the gross.
 *
 * Rates are basis points inside (1300 = 13 %, 550 = 5.5 %); the API shows a percentage number.
 */

/** The highest rate the menu editor accepts: 100 % (no euro-area rate is near it). */
const MAX_VAT_RATE_BP = 10_000;

/** One line of an order as VAT sees it: its gross (after its own discount) and its rate. */
export interface VatLine {
  rateBp: number;
  grossCents: number;
}

export interface VatRow {
  rateBp: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** `a / b` rounded half away from zero; b > 0. */
function divRound(a: number, b: number): number {
  const q = Math.floor((2 * Math.abs(a) + b) / (2 * b));
  return a < 0 ? -q : q;
}

/**
 * Spreads `discountCents` over the rates in proportion to their gross; the cents left after
 * the floor go one each to the largest remainders (ties: the larger gross, then the lower rate).
 */
export function spreadDiscount(
  groups: Map<number, number>,
  discountCents: number,
): Map<number, number> {
  const total = [...groups.values()].reduce((sum, gross) => sum + gross, 0);
  const shares = new Map<number, number>();
  if (discountCents === 0 || total <= 0) {
    for (const rate of groups.keys()) shares.set(rate, 0);
    return shares;
  }
  const parts = [...groups].map(([rateBp, gross]) => {
    const exact = discountCents * gross;
    return { rateBp, gross, floor: Math.floor(exact / total), remainder: exact % total };
  });
  let left = discountCents - parts.reduce((sum, part) => sum + part.floor, 0);
  const byRemainder = [...parts].sort(
    (a, b) => b.remainder - a.remainder || b.gross - a.gross || a.rateBp - b.rateBp,
  );
  for (const part of byRemainder) {
    shares.set(part.rateBp, part.floor + (left > 0 ? 1 : 0));
    if (left > 0) left -= 1;
  }
  return shares;
}

/**
 * The order's VAT per rate, lowest rate first. `orderDiscountCents`: a discount on the whole
 * order (not already in the lines), spread over the rates by `spreadDiscount`; it cannot be
 * more than the lines' gross. A rate whose gross ends at 0 is left out.
 */
export function vatBreakdown(lines: readonly VatLine[], orderDiscountCents = 0): VatRow[] {
  const groups = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.rateBp) || line.rateBp < 0 || line.rateBp > MAX_VAT_RATE_BP) {
      throw new RangeError(`Not a VAT rate: ${String(line.rateBp)} basis points`);
    }
    groups.set(line.rateBp, (groups.get(line.rateBp) ?? 0) + line.grossCents);
  }
  const total = [...groups.values()].reduce((sum, gross) => sum + gross, 0);
  if (!Number.isInteger(orderDiscountCents) || orderDiscountCents < 0) {
    throw new RangeError(`Not a discount: ${String(orderDiscountCents)} cents`);
  }
  if (orderDiscountCents > Math.max(total, 0)) {
    throw new RangeError('The discount is more than the order');
  }
  const shares = spreadDiscount(groups, orderDiscountCents);
  return [...groups]
    .map(([rateBp, gross]) => {
      const grossCents = gross - (shares.get(rateBp) ?? 0);
      const netCents = divRound(grossCents * 10_000, 10_000 + rateBp);
      return { rateBp, netCents, vatCents: grossCents - netCents, grossCents };
    })
    .filter((row) => row.grossCents !== 0)
    .sort((a, b) => a.rateBp - b.rateBp);
}

/**
 * An order's VAT from its lines. Lines carry their own discounts already; whatever the order
 * total is below the lines (a discount on the whole order) is spread over the rates.
 */
export function vatOfLines(
  order: { totalCents: number; deliveryFeeCents: number },
  lines: readonly { vatRateBp: number; totalPriceCents: number }[],
): VatRow[] {
  const vatLines = lines.map((line) => ({
    rateBp: line.vatRateBp,
    grossCents: line.totalPriceCents,
  }));
  const linesGross = vatLines.reduce((sum, line) => sum + line.grossCents, 0);
  const orderDiscount = linesGross + order.deliveryFeeCents - order.totalCents;
  return vatBreakdown(vatLines, Math.min(Math.max(orderDiscount, 0), Math.max(linesGross, 0)));
}

/** Totals per rate over many orders: each order rounded on its own first (its receipt). */
export function sumVatRows(orders: Iterable<readonly VatRow[]>): VatRow[] {
  const byRate = new Map<number, VatRow>();
  for (const rows of orders) {
    for (const row of rows) {
      const sum = byRate.get(row.rateBp) ?? {
        rateBp: row.rateBp,
        netCents: 0,
        vatCents: 0,
        grossCents: 0,
      };
      sum.netCents += row.netCents;
      sum.vatCents += row.vatCents;
      sum.grossCents += row.grossCents;
      byRate.set(row.rateBp, sum);
    }
  }
  return [...byRate.values()].sort((a, b) => a.rateBp - b.rateBp);
}

/** 1300 -> 13, 550 -> 5.5 (the API's and the screens' percentage). */
export function vatRatePercent(rateBp: number): number {
  return rateBp / 100;
}

/** 13 -> 1300, 5.5 -> 550 (what the menu editor sends becomes basis points). */
export function vatPercentToBp(percent: number): number {
  return Math.round(percent * 100);
}

/** The contract's row: `{ rate: 13, net: "3.10", vat: "0.40", gross: "3.50" }`. */
const vatRowSchema = z.object({
  rate: z.number(),
  net: z.string(),
  vat: z.string(),
  gross: z.string(),
});
export type VatRowDto = z.infer<typeof vatRowSchema>;
export const vatRowsSchema = z.array(vatRowSchema);

export function vatRowsToDto(rows: readonly VatRow[]): VatRowDto[] {
  return rows.map((row) => ({
    rate: vatRatePercent(row.rateBp),
    net: centsToDecimalString(row.netCents),
    vat: centsToDecimalString(row.vatCents),
    gross: centsToDecimalString(row.grossCents),
  }));
}

/** "13 %", "5.5 %" for receipts and reports. */
export function formatVatRate(rate: number): string {
  return `${String(rate)} %`;
}

/** A rate as the menu editor takes it: a percentage 0 to 100 with at most two decimals. */
export const vatPercentSchema = z
  .number({ error: 'A VAT rate is a percentage, e.g. 13' })
  .min(0, 'A VAT rate is from 0 to 100 %')
  .max(100, 'A VAT rate is from 0 to 100 %')
  .refine(
    (value) =>
      Number.isInteger(Math.round(value * 100)) &&
      Math.abs(value * 100 - Math.round(value * 100)) < 1e-9,
    'A VAT rate has at most two decimals',
  );
