/**
 * Refunds and voids (DESIGN.md departure 16, docs/decisions/021-refunds.md): the request the
 * dashboard's Order Details sends, the refund as the API shows it, and the rule of how much of
 * an order is left to give back. Money is integer cents inside, 2-decimal strings at the edge.
 */
import { z } from 'zod';
import { eurosToCents } from '../money.ts';

/** How the money goes back: the card provider, the open cash drawer, or the platform itself. */
export const REFUND_METHODS = ['card', 'cash', 'platform'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** requested: sent (or to be sent) to the provider; done: the money is back; failed: it is not. */
export const REFUND_STATES = ['requested', 'done', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_MESSAGES = {
  reason: 'Say why the money is given back',
  lines: 'Choose at least one item to refund',
  quantity: 'Refund at least 1 of an item',
  amount: 'Enter an amount in euros, like 12.50',
  positive: 'Enter an amount greater than 0',
  platform: (platform: string) =>
    `${platform} orders are refunded by ${platform} itself; a cancellation there shows here.`,
  notPaid: (orderNumber: number) =>
    `Order #${orderNumber} is not paid, so there is nothing to refund.`,
  deleted: (orderNumber: number) => `Order #${orderNumber} is deleted; it cannot be refunded.`,
  fullyRefunded: (orderNumber: number) => `Order #${orderNumber} is already refunded in full.`,
  tooMuch: (left: string, asked: string) =>
    `Only €${left} is left to refund on this order, so a refund of €${asked} is not possible.`,
  lineUnknown: 'That item is not on this order.',
  lineTooMany: (name: string, left: number) =>
    `Only ${left} × ${name} ${left === 1 ? 'is' : 'are'} left to refund.`,
  noDrawer:
    'No cash drawer is open. Open the cash drawer at the counter first: a cash refund is paid out of it.',
  noTransaction:
    'This card payment has no transaction recorded with the provider, so it cannot be refunded here.',
} as const;

/** Up to 99 999.99 €, typed: in cents. */
const euros = z
  .union([z.number(), z.string()], { error: REFUND_MESSAGES.amount })
  .transform((value) => String(value).trim().replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,5}(\.\d{1,2})?$/, REFUND_MESSAGES.amount))
  .transform((value) => eurosToCents(value))
  .refine((cents) => cents > 0, REFUND_MESSAGES.positive);

/** POST /api/admin/orders/:id/refunds. No lines and no amount: the whole rest of the order. */
export const refundRequestSchema = z.object({
  reason: z
    .string({ error: REFUND_MESSAGES.reason })
    .trim()
    .min(1, REFUND_MESSAGES.reason)
    .max(200, 'Keep the reason under 200 characters'),
  lines: z
    .array(
      z.object({
        orderItemId: z.uuid({ error: REFUND_MESSAGES.lineUnknown }),
        quantity: z
          .number({ error: REFUND_MESSAGES.quantity })
          .int(REFUND_MESSAGES.quantity)
          .min(1, REFUND_MESSAGES.quantity)
          .max(999, REFUND_MESSAGES.quantity),
      }),
    )
    .min(1, REFUND_MESSAGES.lines)
    .max(100, 'At most 100 lines in one refund')
    .optional(),
  amount: euros.optional(),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);

const refundLineSchema = z.object({
  orderItemId: z.uuid(),
  name: z.string(),
  quantity: z.number().int(),
});

export const refundSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  method: z.enum(REFUND_METHODS),
  amount: money,
  reason: z.string(),
  lines: z.array(refundLineSchema),
  state: z.enum(REFUND_STATES),
  /** The provider's answer when it refused (or the last error while it could not be reached). */
  providerMessage: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  doneAt: z.iso.datetime({ offset: true }).nullable(),
  by: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * A refund counts in the books unless it failed (decision 021): a requested card refund is
 * already owed to the customer; a failed one gave nothing back.
 */
export const countsInBooks = (state: RefundState) => state !== 'failed';

/** How many of each line earlier refunds gave back (failed ones gave nothing), by line id. */
export function refundedQuantities(
  refunds: { state: RefundState; lines: { orderItemId: string; quantity: number }[] }[],
): Map<string, number> {
  const taken = new Map<string, number>();
  for (const refund of refunds) {
    if (!countsInBooks(refund.state)) continue;
    for (const line of refund.lines) {
      taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
    }
  }
  return taken;
}

/** What is left to give back: the total less every refund that counts. */
export function refundableCents(
  totalCents: number,
  refunds: { amountCents: number; state: RefundState }[],
) {
  const given = refunds
    .filter((refund) => countsInBooks(refund.state))
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return Math.max(totalCents - given, 0);
}

/**
 * The price of `quantity` of a line as the customer paid it: the line's share of its total
 * (after line discounts), less its share of an order-wide discount, to the cent.
 */
export function lineRefundCents(
  line: { totalPriceCents: number; quantity: number },
  quantity: number,
  order: { subtotalCents: number; discountCents: number },
): number {
  const lineCents = (line.totalPriceCents * quantity) / line.quantity;
  const share =
    order.discountCents > 0 && order.subtotalCents > 0
      ? (order.subtotalCents - order.discountCents) / order.subtotalCents
      : 1;
  return Math.round(lineCents * share);
}

/** "Refunded", "Partly refunded", or null, for an order's total and what was given back. */
export function refundLabel(totalCents: number, refundedCents: number): string | null {
  if (refundedCents <= 0) return null;
  return refundedCents >= totalCents ? 'Refunded' : 'Partly refunded';
}
