/**
 * Card checkout: a priced, pending payment first; the order only once the payment is
 * confirmed. "Exactly once" is the database's job, not timing's: the payment row is
 * locked while its order is made, and orders.payment_id is unique.
 */
import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { onlineOrdering, orders, payments, settings, shopHours } from '../../db/schema.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { CARD_WALLET, type OrderCustomer } from '#shared/checkout/checkout.schema.ts';
import { forbidden } from '../../http/errors.ts';
import type { z } from 'zod';
import type { createPaymentRequestSchema } from '#shared/checkout/checkout.schema.ts';
import { isWalkInEmail } from '#shared/pos/pos.schema.ts';
import {
  checkOrderLimits,
  createdEvent,
  priceOrder,
  storeOrder,
  withQuery,
} from '../orders/index.ts';
import { checkCounterTotal } from '../pos/index.ts';
import { recordOrderEvent, type OrderEvents } from '../realtime/index.ts';
import { shopTimeZoneOf, weekHoursOf } from '../shop-hours/index.ts';
import { evaluateShopStatus } from '#shared/shop-hours/shop-hours.ts';
import { preOrderDay } from '#shared/pickup/pickup-slots.ts';
import { shopToday } from '#shared/time/shop-time.ts';
import { onlineOrderingAt, pausedMessage } from '#shared/online-ordering/online-ordering.ts';
import { effectivePublicUrl, SETTINGS, type SettingKey } from '#shared/settings/settings.schema.ts';
import { PaymentProviderError, type PaymentProvider } from '../../lib/payment-provider.ts';
import { personName } from '#shared/customers/customer-display.ts';
import type { PricedOrder } from '#shared/orders/priced-order.ts';
import {
  queuedUnitsQuery,
  quoteAsap,
  reserveSlot,
  slotRefusal,
  unitsPerSlotOf,
  type PickupFacts,
} from '../pickup/index.ts';

type CreatePaymentInput = z.output<typeof createPaymentRequestSchema>;

/** Where the card terminal app sends the browser back (terminal.routes.ts). */
export const TERMINAL_CALLBACK_PATH = '/api/viva-wallet/terminal-callback';

const SHOP_CLOSED_MESSAGE = 'Sorry, the shop is closed. Please order again during opening hours.';

function customerOf(input: CreatePaymentInput): OrderCustomer {
  const customer = namedCustomerOf(input);
  // The counter's walk-in placeholder is nobody: the order keeps no e-mail, links no customer.
  if (input.orderData.orderSource === 'pos' && isWalkInEmail(customer.email)) {
    return { ...customer, email: '', phone: '' };
  }
  return customer;
}

function namedCustomerOf(input: CreatePaymentInput): OrderCustomer {
  if (input.orderData.customer) return input.orderData.customer;
  // A client that follows the spec to the letter sends only the joined name.
  const [firstName = '', ...rest] = input.customerName.trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' ') || '-',
    email: input.customerEmail,
    phone: input.customerPhone,
  };
}

const CHECKOUT_SETTINGS = [
  'shop_time_zone',
  'shop_name',
  'shop_phone',
  'table_count',
  'max_line_quantity',
  'max_order_total',
  'max_counter_order_total',
  // The shop's public address (Shop Settings), for the card terminal's callback.
  'public_url',
  // Pickup times and pre-orders (decision 026).
  'kitchen_units_per_slot',
  'pre_orders_enabled',
] as const satisfies SettingKey[];

/**
 * What a checkout decides on besides the menu, in one statement: the week's hours, pause and
 * busy mode, the settings it uses (a missing one falls back to its default) and the prep units
 * queued in the kitchen (pickup times, decision 026).
 */
async function readCheckoutFacts(db: Db, now: Date) {
  const result = await db.execute<{
    hours: unknown;
    online: unknown;
    settings: unknown;
    queued: unknown;
  }>(sql`
    select
      (${queuedUnitsQuery(db, now)}) as queued,
      (select coalesce(json_agg(json_build_object(
          'day', ${shopHours.day},
          'shift1Open', ${shopHours.shift1Open},
          'shift1Close', ${shopHours.shift1Close},
          'shift1IsOpen', ${shopHours.shift1IsOpen},
          'shift2Open', ${shopHours.shift2Open},
          'shift2Close', ${shopHours.shift2Close},
          'shift2IsOpen', ${shopHours.shift2IsOpen},
          'shift1UnitsPerSlot', ${shopHours.shift1UnitsPerSlot},
          'shift2UnitsPerSlot', ${shopHours.shift2UnitsPerSlot})), '[]')
        from ${shopHours}) as hours,
      (select json_build_object(
          'pausedUntil', ${onlineOrdering.pausedUntil},
          'pausedIndefinitely', ${onlineOrdering.pausedIndefinitely},
          'busyExtraMinutes', ${onlineOrdering.busyExtraMinutes},
          'busyUntil', ${onlineOrdering.busyUntil},
          'pausedBy', ${onlineOrdering.pausedBy})
        from ${onlineOrdering} where ${onlineOrdering.id} = 1) as online,
      (select coalesce(json_object_agg(${settings.key}, ${settings.value}), '{}')
        from ${settings}
        where ${inArray(settings.key, [...CHECKOUT_SETTINGS])}) as settings`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const json = <T>(value: unknown): T =>
    (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const stored = json<Record<string, string> | null>(row.settings) ?? {};
  const values = Object.fromEntries(
    CHECKOUT_SETTINGS.map((key) => [key, stored[key] ?? SETTINGS[key].defaultValue]),
  ) as Record<(typeof CHECKOUT_SETTINGS)[number], string>;
  const online = json<{
    pausedUntil: string | null;
    pausedIndefinitely: boolean;
    busyExtraMinutes: number;
    busyUntil: string | null;
    pausedBy: 'manual' | 'watchdog' | null;
  } | null>(row.online);
  return {
    hours: weekHoursOf(json(row.hours)),
    timeZone: shopTimeZoneOf(values.shop_time_zone),
    onlineOrdering: online
      ? {
          id: 1,
          pausedIndefinitely: online.pausedIndefinitely,
          busyExtraMinutes: online.busyExtraMinutes,
          pausedUntil: online.pausedUntil ? new Date(online.pausedUntil) : null,
          busyUntil: online.busyUntil ? new Date(online.busyUntil) : null,
          pausedBy: online.pausedBy,
          updatedAt: new Date(0),
        }
      : undefined,
    settings: values,
    // The prep units ahead in the kitchen's queue (decision 026).
    queuedUnits: Number(row.queued ?? 0),
  };
}

/** POST /api/viva-wallet/create-payment: price the cart, remember it, ask the provider for a URL. */
export async function startCardCheckout(
  db: Db,
  provider: PaymentProvider,
  input: CreatePaymentInput,
  now: Date,
  log: FastifyBaseLogger,
  options: {
    /** How long the customer has to pay (PAYMENT_TIMEOUT_SECONDS); then reconcile.ts settles it. */
    timeoutSeconds: number;
    /** SHA-256 of the placing browser's order token (orders/order-token.ts), kept for the order. */
    placedByTokenHash?: string | null;
    /** A counter card payment: who takes it, and the POS page the payment returns to. */
    pos?: { staffId: string; returnPath: string } | null;
    /**
     * PUBLIC_URL: the terminal app's callback goes to the shop's public address, the setting
     * public_url (read with the other settings, in the same statement) or else this.
     */
    publicUrl?: string;
  },
) {
  const facts = await readCheckoutFacts(db, now);
  const { orderData } = input;
  const status = evaluateShopStatus(facts.hours, now, facts.timeZone);
  // The day a scheduled pickup may be booked for (decision 026): today while open; while closed,
  // a website order for a slot may pre-order for the next opening, unless the shop turned
  // pre-orders off. Anything else waits for the opening hours.
  const bookingDate = status.isOpen
    ? shopToday(now, facts.timeZone)
    : orderData.orderSource === 'website' &&
        orderData.pickupAt &&
        facts.settings.pre_orders_enabled !== 'false'
      ? preOrderDay(facts.hours, now, facts.timeZone)
      : null;
  if (!bookingDate) throw conflict(SHOP_CLOSED_MESSAGE);

  // Paused online orders (decision 014): the website and the tables wait; the counter sells.
  if (orderData.orderSource !== 'pos') {
    const online = onlineOrderingAt(facts.onlineOrdering, now, facts.timeZone);
    if (online.paused) throw conflict(pausedMessage(online.resumesAt, online.pauseReason));
  }
  // The counter takes card payments through the provider too (spec back-office: contactless),
  // only with a POS session; the route says who is signed in and where the POS is.
  if (orderData.orderSource === 'pos' && !options.pos) {
    throw forbidden('Only signed-in staff can take a counter card payment.');
  }
  const type = orderData.orderSource === 'table' ? 'dine-in' : 'pickup';
  const customer = customerOf(input);
  if (orderData.type !== type) {
    throw new HttpError(400, 'A table order is dine-in; other orders are pickup.');
  }
  const priced = await priceOrder(
    db,
    {
      source: orderData.orderSource,
      type,
      lines: orderData.items,
      customer,
      specialInstructions: orderData.specialInstructions,
      tableNumber: orderData.orderSource === 'table' ? orderData.tableNumber : null,
      takenByStaffId: options.pos?.staffId ?? null,
    },
    { method: CARD_WALLET, now, ...(options.pos ? { returnPath: options.pos.returnPath } : {}) },
    { timeZone: facts.timeZone, tableCount: facts.settings.table_count },
  );
  const totalCents = priced.totalCents;
  if (totalCents <= 0) throw new HttpError(400, 'Your cart is empty.');
  // The counter has its own ceiling (pos/counter-limits.ts); the website and tables the shop's.
  if (options.pos) {
    checkCounterTotal(totalCents, Math.round(Number(facts.settings.max_counter_order_total) * 100));
  } else {
    await checkOrderLimits(db, priced.lines, totalCents, facts.settings);
  }

  // Pickup times (decision 026): a website order is for as soon as possible, quoted from the
  // kitchen's queue, or for a slot, whose room is taken with the payment in one transaction.
  const pickupFacts: PickupFacts = {
    hours: facts.hours,
    timeZone: facts.timeZone,
    unitsPerSlot: unitsPerSlotOf(facts.settings.kitchen_units_per_slot),
    busyExtraMinutes: onlineOrderingAt(facts.onlineOrdering, now, facts.timeZone).busyExtraMinutes,
  };
  const prepUnits = priced.prepUnits ?? 0;
  const pickupAt = orderData.pickupAt ? new Date(orderData.pickupAt) : null;
  if (pickupAt && orderData.orderSource !== 'website') {
    throw new HttpError(400, 'Only a website pickup order can be for a later time.');
  }
  // The quote is also a scheduled order's lead: no slot sooner than the kitchen could make it.
  const asap = await quoteAsap(db, pickupFacts, now, prepUnits, facts.queuedUnits);
  const quotedMinutes = pickupAt ? null : asap;
  const orderToPay: PricedOrder = {
    ...priced,
    prepUnits,
    pickupAt: pickupAt ? pickupAt.toISOString() : null,
    quotedMinutes,
  };
  const insertPayment = (tx: Db) =>
    tx
      .insert(payments)
      .values({
        provider: provider.name,
        amountCents: totalCents,
        orderData: orderToPay,
        placedByTokenHash: options.placedByTokenHash ?? null,
        expiresAt: new Date(now.getTime() + options.timeoutSeconds * 1000),
        pickupAt,
        prepUnits,
      })
      .returning({ id: payments.id });
  let refused: string | null = null;
  const [payment] = pickupAt
    ? await db.transaction(async (tx) => {
        refused = await reserveSlot(tx, pickupFacts, now, {
          at: pickupAt,
          date: bookingDate,
          units: prepUnits,
          leadMinutes: asap,
        });
        return refused ? [] : insertPayment(tx);
      })
    : await insertPayment(db);
  if (refused) {
    throw await slotRefusal(
      db,
      pickupFacts,
      now,
      { date: bookingDate, units: prepUnits, leadMinutes: asap },
      refused,
    );
  }
  if (!payment) throw new Error('payment insert returned no row');

  const shopName = facts.settings.shop_name;
  try {
    const created = await provider.createPayment({
      paymentId: payment.id,
      amountCents: totalCents,
      customer: {
        email: customer.email,
        fullName: personName(customer.firstName, customer.lastName),
        phone: customer.phone,
      },
      description: `${shopName} pickup order`,
      timeoutSeconds: options.timeoutSeconds,
    });
    await db
      .update(payments)
      .set({ providerReference: created.providerReference, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    const terminalUrl = options.pos
      ? provider.terminalUrl({
          paymentId: payment.id,
          amountCents: totalCents,
          callbackUrl: `${effectivePublicUrl(facts.settings.public_url, options.publicUrl ?? '')}${TERMINAL_CALLBACK_PATH}`,
        })
      : undefined;
    return {
      paymentUrl: created.paymentUrl,
      paymentId: payment.id,
      amount: centsToDecimalString(totalCents),
      ...(terminalUrl ? { terminalUrl } : {}),
    };
  } catch (error) {
    log.error(
      { err: error, paymentId: payment.id },
      'payment provider refused to create a payment',
    );
    await db
      .update(payments)
      .set({ status: 'failed', failureReason: 'provider error at creation', updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    if (error instanceof PaymentProviderError) {
      throw new HttpError(
        502,
        'The card payment service is not answering. Please try again in a moment.',
      );
    }
    throw error;
  }
}

export interface PaymentEvidence {
  /** What the provider says was paid, in cents. */
  amountCents: number;
  transactionId: string | null;
}

export type ConfirmResult =
  | { outcome: 'order'; orderId: string; orderNumber: number; created: boolean }
  | { outcome: 'unknown-payment' }
  | { outcome: 'amount-mismatch' };

/**
 * Turns a confirmed payment into its order, exactly once, whoever calls first
 * (webhook, the customer's return, a retry, the reconciler) and however often.
 * NOTE: it does not look at the payment's status on purpose: money the provider really
 * took makes its order even after the checkout expired or a decline was recorded.
 */
export async function confirmPayment(
  db: Db,
  paymentId: string,
  evidence: PaymentEvidence,
  log: FastifyBaseLogger,
  events?: OrderEvents,
): Promise<ConfirmResult> {
  const result = await confirmPaymentOnce(db, paymentId, evidence, log);
  // Recorded with the order (outbox); delivered now rather than at the next poll.
  if (result.outcome === 'order' && result.created) events?.wake();
  return result;
}

async function confirmPaymentOnce(
  db: Db,
  paymentId: string,
  evidence: PaymentEvidence,
  log: FastifyBaseLogger,
): Promise<ConfirmResult> {
  try {
    return await db.transaction(async (tx) => {
      // The row lock makes concurrent confirmations of one payment wait for each other; the
      // order it made, if any, comes in the same read.
      const [payment] = await tx
        .select({
          ...getTableColumns(payments),
          existingOrderId: orders.id,
          existingOrderNumber: orders.orderNumber,
        })
        .from(payments)
        .leftJoin(orders, eq(orders.paymentId, payments.id))
        .where(eq(payments.id, paymentId))
        .for('update', { of: payments });
      if (!payment) return { outcome: 'unknown-payment' as const };

      if (payment.existingOrderId !== null && payment.existingOrderNumber !== null) {
        return {
          outcome: 'order' as const,
          orderId: payment.existingOrderId,
          orderNumber: payment.existingOrderNumber,
          created: false,
        };
      }

      if (evidence.amountCents !== payment.amountCents) {
        log.warn(
          { paymentId, expectedCents: payment.amountCents, paidCents: evidence.amountCents },
          'payment amount does not match the checkout; no order made',
        );
        await tx
          .update(payments)
          .set({
            failureReason: `amount mismatch: paid ${evidence.amountCents}`,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, paymentId));
        return { outcome: 'amount-mismatch' as const };
      }

      const order = await storeOrder(tx, payment.orderData, {
        status: 'paid',
        paymentId,
        isTest: payment.provider === 'simulator',
        placedByTokenHash: payment.placedByTokenHash,
      });
      await tx
        .update(payments)
        .set({
          status: 'paid',
          providerTransactionId: evidence.transactionId,
          failureReason: null,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, paymentId));
      await recordOrderEvent(tx, createdEvent(order));
      log.info(
        { paymentId, orderId: order.id, orderNumber: order.orderNumber },
        'order created from payment',
      );
      return {
        outcome: 'order' as const,
        orderId: order.id,
        orderNumber: order.orderNumber,
        created: true,
      };
    });
  } catch (error) {
    // A twin that slipped past the lock still cannot insert a second order (unique payment_id).
    if (isUniqueViolation(error)) {
      const [existing] = await db
        .select({ id: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.paymentId, paymentId));
      if (existing)
        return {
          outcome: 'order',
          orderId: existing.id,
          orderNumber: existing.orderNumber,
          created: false,
        };
    }
    throw error;
  }
}

/**
 * A declined, cancelled or expired payment makes no order; a paid one is never downgraded.
 * One guarded UPDATE, so a confirmation committing at the same moment always wins.
 */
export async function markPaymentUnsuccessful(
  db: Db,
  paymentId: string,
  status: 'failed' | 'cancelled' | 'expired',
  reason: string,
): Promise<void> {
  await db
    .update(payments)
    .set({ status, failureReason: reason, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), ne(payments.status, 'paid')));
}

/**
 * Settles a payment that is still pending: no-op (false) once anything else settled it.
 * The reconciler's only way to end a checkout, so it can never overrule a webhook.
 */
export async function settlePendingPayment(
  db: Db,
  paymentId: string,
  status: 'failed' | 'expired',
  reason: string,
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({ status, failureReason: reason, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return updated.length > 0;
}

/**
 * Remembers the provider's transaction as soon as we learn it (a return or a webhook), so the
 * reconciler can ask about exactly that transaction if the confirmation never completes.
 */
export async function rememberTransaction(
  db: Db,
  paymentId: string,
  transactionId: string,
): Promise<void> {
  await db
    .update(payments)
    .set({ providerTransactionId: transactionId, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}

/**
 * A counter card payment: started at the POS by signed-in staff (startCardCheckout's `pos`).
 * Only these have a terminal sale, so only these may the terminal callback settle (decision 013).
 */
export function isCounterPayment(payment: {
  orderData: { orderSource: string; takenByStaffId?: string | null };
}): boolean {
  return payment.orderData.orderSource === 'pos' && Boolean(payment.orderData.takenByStaffId);
}

export async function findPayment(db: Db, paymentId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return payment ?? null;
}

/** The payment and the order it made (null while none), in one read. */
export async function findPaymentWithOrder(db: Db, paymentId: string) {
  const [row] = await db
    .select({
      ...getTableColumns(payments),
      orderId: orders.id,
      orderNumber: orders.orderNumber,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.paymentId, payments.id))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const { orderId, orderNumber, ...payment } = row;
  return {
    payment,
    order: orderId !== null && orderNumber !== null ? { id: orderId, orderNumber } : null,
  };
}

export async function findPaymentByReference(db: Db, provider: string, reference: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
  return payment ?? null;
}

export async function orderOfPayment(db: Db, paymentId: string) {
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.paymentId, paymentId));
  return order ?? null;
}

/**
 * Where the customer's browser goes back to after the payment page: the page of the channel
 * that started the payment (the checkout, the POS, the table), with `payment=…` and, on
 * success, `orderId`. Unknown payment: the checkout.
 */
export function paymentReturnUrl(
  payment: { orderData: { returnPath?: string } } | null,
  outcome: 'success' | 'cancelled' | 'failed' | 'error' | 'expired',
  orderId?: string,
): string {
  const path = payment?.orderData.returnPath ?? '/checkout';
  return withQuery(path, orderId ? { payment: outcome, orderId } : { payment: outcome });
}
