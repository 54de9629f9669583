/**
 * The VAT a refund gives back, per rate (decisions 021 and 022): the books' VAT is sales minus
 * refunds, each on the day it happened. One rule, three cases:
 *  - a line refund: each chosen line's refunded gross (`lineRefundCents`) at the line's saved
 *    rate; the refund's amount is spread over those rates in proportion (equal to the lines'
 *    gross, so exactly the lines' gross, unless the staff typed a different amount);
 *  - a whole-order refund (no lines, all that is left of the order's gross): the order's own
 *    rows, as its receipt showed them, less the rows of its earlier refunds (`earlier`);
 *  - an amount-only partial refund: spread over the order's rates in proportion to their gross,
 *    with `spreadDiscount`'s largest-remainder rule.
 * Per rate net = gross / (1 + rate) rounded half away from zero, VAT = gross - net.
 */
import { lineRefundCents } from '../refunds/refunds.schema.ts';
import { spreadDiscount, type VatRow } from './vat.ts';

export interface RefundVatOrder {
  subtotalCents: number;
  discountCents: number;
  /** The order's lines with their saved rate (order_items.vat_rate_bp). */
  items: readonly { id: string; quantity: number; totalPriceCents: number; vatRateBp: number }[];
  /** The order's own VAT rows (`vatOfLines`). */
  vat: readonly VatRow[];
}

export interface RefundForVat {
  amountCents: number;
  lines: readonly { orderItemId: string; quantity: number }[];
}

/** `a / b` rounded half away from zero; b > 0 (as vatBreakdown's). */
function divRound(a: number, b: number): number {
  const q = Math.floor((2 * Math.abs(a) + b) / (2 * b));
  return a < 0 ? -q : q;
}

/**
 * A refund's VAT per rate, lowest rate first; positive amounts (what is given back).
 * `earlier`: the summed rows of the order's refunds made before this one that count.
 */
export function refundVat(
  refund: RefundForVat,
  order: RefundVatOrder,
  earlier: readonly VatRow[] = [],
): VatRow[] {
  const rest = subtractVatRows(order.vat, earlier);
  const restGross = rest.reduce((sum, row) => sum + row.grossCents, 0);
  if (
    refund.lines.length === 0 &&
    refund.amountCents === restGross &&
    rest.every((row) => row.grossCents >= 0)
  ) {
    return rest.filter((row) => row.grossCents !== 0);
  }
  const groups = new Map<number, number>();
  if (refund.lines.length > 0) {
    const items = new Map(order.items.map((item) => [item.id, item]));
    for (const line of refund.lines) {
      const item = items.get(line.orderItemId);
      if (!item) throw new RangeError(`Not a line of this order: ${line.orderItemId}`);
      const gross = lineRefundCents(item, line.quantity, order);
      groups.set(item.vatRateBp, (groups.get(item.vatRateBp) ?? 0) + gross);
    }
  } else {
    for (const row of order.vat) groups.set(row.rateBp, row.grossCents);
  }
  const total = [...groups.values()].reduce((sum, gross) => sum + gross, 0);
  if (total <= 0) throw new RangeError('A refund of an order with nothing to give back');
  const shares = spreadDiscount(groups, refund.amountCents);
  return [...shares]
    .map(([rateBp, grossCents]) => {
      const netCents = divRound(grossCents * 10_000, 10_000 + rateBp);
      return { rateBp, netCents, vatCents: grossCents - netCents, grossCents };
    })
    .filter((row) => row.grossCents !== 0)
    .sort((a, b) => a.rateBp - b.rateBp);
}

/** Sales rows less refund rows, per rate (a rate can go negative: refunds of earlier sales). */
export function subtractVatRows(sales: readonly VatRow[], refunded: readonly VatRow[]): VatRow[] {
  const byRate = new Map<number, VatRow>(sales.map((row) => [row.rateBp, { ...row }]));
  for (const row of refunded) {
    const sum = byRate.get(row.rateBp) ?? {
      rateBp: row.rateBp,
      netCents: 0,
      vatCents: 0,
      grossCents: 0,
    };
    sum.netCents -= row.netCents;
    sum.vatCents -= row.vatCents;
    sum.grossCents -= row.grossCents;
    byRate.set(row.rateBp, sum);
  }
  return [...byRate.values()]
    .filter((row) => row.grossCents !== 0 || row.vatCents !== 0 || row.netCents !== 0)
    .sort((a, b) => a.rateBp - b.rateBp);
}
