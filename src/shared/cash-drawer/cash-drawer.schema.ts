/**
 * The cash drawer's calls (decision 012): one contract for the forms, the server's validation
 * and the types. Amounts travel as euros (2-decimal strings in answers; a number or a string
 * like "12.50" or "12,50" in requests) and are integer cents inside.
 */
import { z } from 'zod';
import { vatRowsSchema } from '../vat/vat.ts';
import { eurosToCents } from '../money.ts';
import { CASH_MOVEMENT_KINDS } from './cash-drawer.ts';

export const CASH_DRAWER_MESSAGES = {
  alreadyOpen: 'A cash drawer is already open.',
  noneOpen: 'No cash drawer is open.',
  notFound: 'No such cash drawer session.',
  amount: 'Enter an amount in euros, like 12.50',
  positive: 'Enter an amount greater than 0',
  reason: 'Say what the money is for',
  openedAndClosed: 'That cash drawer has already been closed. Open a new drawer with a new float.',
  /** A counter cash sale with no drawer open (decision 012, update 2026-11-25): 409. */
  openBeforeCash: 'Open the cash drawer before taking cash: no drawer is open.',
} as const;

/**
 * A counter cash sale's drawer (decision 012, update 2026-11-25): with no drawer open, only the
 * admin may take the cash, by choosing 'next-session': the next drawer opened that shop day takes
 * it into its expected cash and Z report.
 */
export const CASH_DRAWER_CHOICES = ['next-session'] as const;
export type CashDrawerChoice = (typeof CASH_DRAWER_CHOICES)[number];

/** A pay-out larger than the cash that should be in the drawer (decision 012). */
export const payOutTooLargeMessage = (expected: string, amount: string) =>
  `Only €${expected} should be in the drawer, so a pay-out of €${amount} is not possible.`;

/** Up to 99 999.99 €: a typed amount, in cents. */
const euros = z
  .union([z.number(), z.string()], { error: CASH_DRAWER_MESSAGES.amount })
  .transform((value) => String(value).trim().replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,5}(\.\d{1,2})?$/, CASH_DRAWER_MESSAGES.amount))
  .transform((value) => eurosToCents(value));

const positiveEuros = euros.refine((cents) => cents > 0, CASH_DRAWER_MESSAGES.positive);

const cashMovementKindSchema = z.enum(CASH_MOVEMENT_KINDS, {
  error: 'Choose pay-in or pay-out',
});

/** POST /api/pos/cash-drawer/open */
export const openDrawerRequestSchema = z.object({ float: euros });

/** POST /api/pos/cash-drawer/movements */
export const cashMovementRequestSchema = z.object({
  kind: cashMovementKindSchema,
  amount: positiveEuros,
  reason: z
    .string({ error: CASH_DRAWER_MESSAGES.reason })
    .trim()
    .min(1, CASH_DRAWER_MESSAGES.reason)
    .max(200, 'Keep the reason under 200 characters'),
});

/** POST /api/pos/cash-drawer/close */
export const closeDrawerRequestSchema = z.object({
  counted: euros,
  note: z
    .string()
    .trim()
    .max(500, 'Keep the note under 500 characters')
    .optional()
    .transform((note) => note || null),
});

export const drawerSessionParamsSchema = z.object({
  id: z.uuid({ error: CASH_DRAWER_MESSAGES.notFound }),
});

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const instant = z.iso.datetime({ offset: true });

const cashMovementSchema = z.object({
  id: z.uuid(),
  kind: cashMovementKindSchema,
  amount: money,
  reason: z.string(),
  by: z.string(),
  createdAt: instant,
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/** A drawer session with its cash figures: running while open, frozen once closed. */
const cashDrawerSessionSchema = z.object({
  id: z.uuid(),
  openedAt: instant,
  openedBy: z.string(),
  closedAt: instant.nullable(),
  closedBy: z.string().nullable(),
  float: money,
  cashSalesCount: z.number().int(),
  cashSales: money,
  changeGiven: money,
  payIns: money,
  payOuts: money,
  expectedCash: money,
  /** Null while open. */
  counted: money.nullable(),
  /** Counted − expected; negative when cash is missing. Null while open. */
  difference: money.nullable(),
  note: z.string().nullable(),
  movements: z.array(cashMovementSchema),
});
export type CashDrawerSession = z.infer<typeof cashDrawerSessionSchema>;

/** GET /api/pos/cash-drawer: the open session, and the last closed one (to print its report). */
export const currentDrawerResponseSchema = z.object({
  session: cashDrawerSessionSchema.nullable(),
  lastClosed: z.object({ id: z.uuid(), closedAt: instant }).nullable(),
});
export type CurrentDrawer = z.infer<typeof currentDrawerResponseSchema>;

/** The answer of open, movements and close. */
export const drawerSessionResponseSchema = z.object({ session: cashDrawerSessionSchema });

const reportGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  orders: z.number().int(),
  total: money,
});

/** GET /api/pos/cash-drawer/sessions/:id/report: the end-of-day (Z) report. */
export const zReportSchema = z.object({
  session: cashDrawerSessionSchema,
  /** The shop's day the drawer was opened on (its time zone), YYYY-MM-DD. */
  businessDate: z.string(),
  timeZone: z.string(),
  /** The window counted: opening to closing, or to now while still open. */
  from: instant,
  to: instant,
  generatedAt: instant,
  orderCount: z.number().int(),
  sales: money,
  discounts: money,
  byPaymentMethod: z.array(reportGroupSchema),
  bySource: z.array(reportGroupSchema),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), revenue: money })),
  itemCount: z.number().int(),
  /** Test orders (no money moved; docs/operations.md "Running the day"): not counted. */
  testOrdersExcluded: z.number().int(),
  /**
   * Cash sales taken before this drawer opened, recorded against it by the admin's choice
   * ('next-session'): in its cash sales and expected cash.
   */
  takenBeforeOpening: z.array(
    z.object({ orderNumber: z.number().int(), total: money, createdAt: instant }),
  ),
  /**
   * Deleted orders of the session (voids): in no figure. A cash sale deleted before the close
   * left the expected cash; one deleted after it is listed, the counted figures stay as counted.
   */
  voids: z.array(
    z.object({
      orderNumber: z.number().int(),
      total: money,
      paymentMethod: z.string(),
      reason: z.string().nullable(),
      deletedAt: instant,
      afterClose: z.boolean(),
    }),
  ),
  /**
   * Refunds made in the window (decision 021), each linked to its sale by order number: a
   * refund of an earlier day's sale is here, not in the sale's closed report. Cash refunds are
   * also the drawer's pay-outs. `netSales` is sales less refunds.
   */
  refunds: z.array(
    z.object({
      orderNumber: z.number().int(),
      method: z.enum(['card', 'cash', 'platform']),
      amount: money,
      reason: z.string(),
      state: z.enum(['requested', 'done', 'failed']),
      createdAt: instant,
    }),
  ),
  refundsTotal: money,
  netSales: money,
  /** Net, VAT and gross per rate of the orders counted (decision 022), lowest rate first. */
  vat: vatRowsSchema,
});
export type ZReport = z.infer<typeof zReportSchema>;
