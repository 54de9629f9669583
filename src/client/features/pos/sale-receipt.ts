/** The receipt of a counter cash sale, from the cart as it was rung up. */
import type { ReceiptData } from '../receipts/index.ts';
import {
  cartTotals,
  lineDiscountOf,
  lineOptions,
  lineSubtotalCents,
  lineTotalCents,
  type PosCartLine,
} from './pos-cart.ts';
import { changeCents } from './cash.ts';

export function receiptFromSale(
  lines: PosCartLine[],
  sale: { cashReceivedCents: number; createdAt: Date },
): ReceiptData {
  const totals = cartTotals(lines);
  return {
    orderNumber: null,
    createdAt: sale.createdAt.toISOString(),
    lines: lines.map((line) => {
      const off = lineDiscountOf(line);
      return {
        quantity: line.quantity,
        name: line.name,
        options: lineOptions(line),
        note: line.note || null,
        subtotalCents: lineSubtotalCents(line),
        discount: line.discount && off > 0 ? { name: line.discount.name, amountCents: off } : null,
        totalCents: lineTotalCents(line),
      };
    }),
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    paymentMethod: 'cash',
    cashReceivedCents: sale.cashReceivedCents,
    changeCents: changeCents(sale.cashReceivedCents, totals.totalCents),
  };
}
