/**
 * The day cash-up (docs/decisions/012-day-cash-up.md): one drawer open at a time, pay-ins and
 * pay-outs with a reason, a close that counts the cash, and the end-of-day (Z) report.
 *
 * A counter cash sale belongs to the session it was taken in, by orders.cash_drawer_session_id,
 * set in the sale's transaction under the open session's row lock (takeCashSale): a close waits
 * for the sale or the sale sees the drawer closed, so no sale falls between sessions. The other
 * orders of the Z report (card, web, platforms) are those stamped inside the session's window,
 * opened_at <= created_at <= closed_at (or the database's now() while open). Every bound is compared in SQL against the session
 * row itself, never sent through a JavaScript Date (which would cut PostgreSQL's microseconds),
 * and every time comes from the database's clock, the one that stamps orders.created_at.
 * The arithmetic is the shared one (src/shared/cash-drawer/cash-drawer.ts).
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cashDrawerMovements, cashDrawerSessions, orderItems, orders } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { IDEMPOTENCY_MESSAGES } from '../../http/idempotency.ts';
import {
  cashDifferenceCents,
  cashFigures,
  labelOf,
  ORDER_SOURCE_LABELS,
  PAYMENT_METHOD_LABELS,
  reportTotals,
  type CashFigures,
  type CashMovementKind,
  type ReportGroup,
} from '#shared/cash-drawer/cash-drawer.ts';
import {
  CASH_DRAWER_MESSAGES,
  payOutTooLargeMessage,
  type CashDrawerSession,
  type CurrentDrawer,
  type ZReport,
} from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { shopToday } from '#shared/time/shop-time.ts';
import { getShopTimeZone } from '../shop-hours/index.ts';
import {
  countsInTheBooks,
  testOrdersNotCounted,
  refundsInSession,
  vatOfRefunds,
  vatOfOrders,
} from '../orders/index.ts';
import { sumVatRows, vatRowsToDto } from '#shared/vat/vat.ts';
import { subtractVatRows } from '#shared/vat/refund-vat.ts';

type SessionRow = typeof cashDrawerSessions.$inferSelect;

/** Who did it: the signed-in account, its name kept as it was. */
export interface Actor {
  id: string;
  name: string;
}

const money = centsToDecimalString;

const counterCash = and(eq(orders.paymentMethod, 'cash'), eq(orders.orderSource, 'pos'));

/**
 * The orders of session `id` (a join condition on the session row): the counter's cash sales
 * linked to it, and every other order stamped inside its window.
 */
const ofSession = (id: string) =>
  and(
    eq(cashDrawerSessions.id, id),
    or(
      eq(orders.cashDrawerSessionId, id),
      and(
        isNull(orders.cashDrawerSessionId),
        not(counterCash!),
        gte(orders.createdAt, cashDrawerSessions.openedAt),
        lte(orders.createdAt, sql`coalesce(${cashDrawerSessions.closedAt}, now())`),
      ),
    ),
  );

/** The counter's cash sales of the session: what went into this drawer. */
async function cashSalesOf(db: Db, id: string) {
  return db
    .select({
      totalCents: orders.totalCents,
      cashReceivedCents: orders.cashReceivedCents,
      changeCents: orders.changeCents,
    })
    .from(orders)
    .where(
      and(eq(orders.cashDrawerSessionId, id), countsInTheBooks, eq(orders.paymentMethod, 'cash')),
    );
}

/**
 * Where a counter cash sale goes, decided in the sale's transaction (decision 012, update
 * 2026-11-25): the open session, its row locked until the sale commits, so a close waits for
 * the sale (and counts it) or the sale sees the drawer closed. With none open the sale is
 * refused (409), unless the admin chose 'next-session': then the next drawer opened that shop
 * day takes it (openDrawer).
 */
export async function cashSaleDrawer(
  tx: Db,
  choice: 'next-session' | null,
): Promise<{ cashDrawerSessionId: string | null; cashDrawerNextSession: boolean }> {
  const open = await openSessionRow(tx, true);
  if (open) return { cashDrawerSessionId: open.id, cashDrawerNextSession: false };
  if (choice === 'next-session') return { cashDrawerSessionId: null, cashDrawerNextSession: true };
  throw conflict(CASH_DRAWER_MESSAGES.openBeforeCash);
}

/** Is a drawer open now? A quick look before pricing a sale (cashSaleDrawer decides). */
export async function drawerIsOpen(db: Db): Promise<boolean> {
  return (await openSessionRow(db)) !== null;
}

async function movementsOf(db: Db, id: string) {
  return db
    .select()
    .from(cashDrawerMovements)
    .where(eq(cashDrawerMovements.sessionId, id))
    .orderBy(asc(cashDrawerMovements.createdAt), asc(cashDrawerMovements.id));
}

async function liveFigures(db: Db, session: SessionRow): Promise<CashFigures> {
  const [sales, movements] = await Promise.all([
    cashSalesOf(db, session.id),
    movementsOf(db, session.id),
  ]);
  return cashFigures(session.floatCents, sales, movements);
}

/** The figures frozen at close, or null while the session is open. */
function frozenFigures(
  session: SessionRow,
): (Omit<CashFigures, 'cashSalesCount'> & { countedCents: number }) | null {
  if (session.closedAt === null || session.countedCents === null) return null;
  return {
    floatCents: session.floatCents,
    cashSalesCents: session.cashSalesCents ?? 0,
    changeGivenCents: session.changeGivenCents ?? 0,
    payInsCents: session.payInsCents ?? 0,
    payOutsCents: session.payOutsCents ?? 0,
    expectedCents: session.expectedCents ?? 0,
    countedCents: session.countedCents,
  };
}

/** A session as the API shows it: running figures while open, the frozen ones once closed. */
async function describeSession(db: Db, session: SessionRow): Promise<CashDrawerSession> {
  const [movements, sales] = await Promise.all([
    movementsOf(db, session.id),
    cashSalesOf(db, session.id),
  ]);
  const frozen = frozenFigures(session);
  const figures = frozen ?? cashFigures(session.floatCents, sales, movements);
  return {
    id: session.id,
    openedAt: session.openedAt.toISOString(),
    openedBy: session.openedByName,
    closedAt: session.closedAt?.toISOString() ?? null,
    closedBy: session.closedByName,
    float: money(figures.floatCents),
    cashSalesCount: sales.length,
    cashSales: money(figures.cashSalesCents),
    changeGiven: money(figures.changeGivenCents),
    payIns: money(figures.payInsCents),
    payOuts: money(figures.payOutsCents),
    expectedCash: money(figures.expectedCents),
    counted: frozen ? money(frozen.countedCents) : null,
    difference: frozen
      ? money(cashDifferenceCents(frozen.countedCents, frozen.expectedCents))
      : null,
    note: session.note,
    movements: movements.map((movement) => ({
      id: movement.id,
      kind: movement.kind,
      amount: money(movement.amountCents),
      reason: movement.reason,
      by: movement.staffName,
      createdAt: movement.createdAt.toISOString(),
    })),
  };
}

async function openSessionRow(db: Db, lock = false): Promise<SessionRow | null> {
  const query = db.select().from(cashDrawerSessions).where(isNull(cashDrawerSessions.closedAt));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** GET /api/pos/cash-drawer */
export async function currentDrawer(db: Db): Promise<CurrentDrawer> {
  const [open, [last]] = await Promise.all([
    openSessionRow(db),
    db
      .select({ id: cashDrawerSessions.id, closedAt: cashDrawerSessions.closedAt })
      .from(cashDrawerSessions)
      .where(isNotNull(cashDrawerSessions.closedAt))
      .orderBy(desc(cashDrawerSessions.closedAt))
      .limit(1),
  ]);
  return {
    session: open ? await describeSession(db, open) : null,
    lastClosed: last?.closedAt ? { id: last.id, closedAt: last.closedAt.toISOString() } : null,
  };
}

/**
 * Opens the drawer with its float; 409 while another is open (the partial unique index).
 *
 * The open's Idempotency-Key is stored on the session it made, not in the general key store
 * (whose answer is a picture of the moment): a replay while that drawer is open answers it
 * again, a replay after it closed is refused, however much later it comes (decision 012).
 */
export async function openDrawer(
  db: Db,
  input: { floatCents: number; by: Actor; key: string | null },
): Promise<{ session: CashDrawerSession; replayed: boolean }> {
  if (input.key) {
    const earlier = await sessionOpenedWith(db, input.key, input);
    if (earlier) return { session: await describeSession(db, earlier), replayed: true };
  }
  let row: SessionRow | undefined;
  const timeZone = await getShopTimeZone(db);
  try {
    row = await db.transaction(async (tx) => {
      const [opened] = await tx
        .insert(cashDrawerSessions)
        .values({
          // Strictly after the last close, so an order stamped at that very instant is counted
          // by one session only (windows include both ends).
          openedAt: sql`greatest(now(), (select max(${cashDrawerSessions.closedAt}) + interval '1 microsecond' from ${cashDrawerSessions}))`,
          openedByStaffId: input.by.id,
          openedByName: input.by.name,
          floatCents: input.floatCents,
          openIdempotencyKey: input.key,
        })
        .returning();
      if (!opened) return undefined;
      // The cash the admin took with no drawer open today, for the next session: this one.
      const localDay = (at: SQL) => sql`(${at} at time zone ${timeZone})::date`;
      await tx
        .update(orders)
        .set({ cashDrawerSessionId: opened.id })
        .where(
          and(
            eq(orders.cashDrawerNextSession, true),
            isNull(orders.cashDrawerSessionId),
            sql`${localDay(sql`${orders.createdAt}`)} = ${localDay(sql`now()`)}`,
          ),
        );
      return opened;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same key twice at once: the one that lost answers what the winner opened.
    const earlier = input.key ? await sessionOpenedWith(db, input.key, input) : null;
    if (earlier) return { session: await describeSession(db, earlier), replayed: true };
    throw conflict(CASH_DRAWER_MESSAGES.alreadyOpen);
  }
  if (!row) throw new Error('cash drawer insert returned no row');
  return { session: await describeSession(db, row), replayed: false };
}

/** The session an earlier open with `key` made, if it is the same request and still open. */
async function sessionOpenedWith(
  db: Db,
  key: string,
  input: { floatCents: number; by: Actor },
): Promise<SessionRow | null> {
  const [earlier] = await db
    .select()
    .from(cashDrawerSessions)
    .where(eq(cashDrawerSessions.openIdempotencyKey, key));
  if (!earlier) return null;
  // Scoped to the account: one person's key never answers for another.
  if (earlier.openedByStaffId !== input.by.id || earlier.floatCents !== input.floatCents) {
    throw conflict(IDEMPOTENCY_MESSAGES.otherRequest);
  }
  if (earlier.closedAt !== null) throw conflict(CASH_DRAWER_MESSAGES.openedAndClosed);
  return earlier;
}

/**
 * A pay-in or pay-out on the open drawer; 409 when none is open, 422 for a pay-out of more than
 * the cash that should be in it (expected cash never goes below zero).
 */
export async function recordMovement(
  db: Db,
  input: { kind: CashMovementKind; amountCents: number; reason: string; by: Actor },
): Promise<CashDrawerSession> {
  const session = await db.transaction(async (tx) => (await moveWithin(tx, input)).session);
  return describeSession(db, session);
}

/**
 * The movement inside the caller's transaction (a cash refund's pay-out, decision 021, commits
 * with its refund): the open session's row is locked; `noneOpen` is the 409's message.
 */
export async function moveWithin(
  tx: Db,
  input: { kind: CashMovementKind; amountCents: number; reason: string; by: Actor },
  noneOpen: string = CASH_DRAWER_MESSAGES.noneOpen,
): Promise<{ session: SessionRow; movementId: string }> {
  // Locked: a close waits for this movement, or this one sees the drawer closed.
  const open = await openSessionRow(tx, true);
  if (!open) throw conflict(noneOpen);
  if (input.kind === 'pay-out') {
    // Under the lock, so two pay-outs at once cannot both take the last of the cash.
    const { expectedCents } = await liveFigures(tx, open);
    if (input.amountCents > expectedCents) {
      throw new HttpError(
        422,
        payOutTooLargeMessage(money(Math.max(expectedCents, 0)), money(input.amountCents)),
      );
    }
  }
  const [movement] = await tx
    .insert(cashDrawerMovements)
    .values({
      sessionId: open.id,
      kind: input.kind,
      amountCents: input.amountCents,
      reason: input.reason,
      staffId: input.by.id,
      staffName: input.by.name,
    })
    .returning({ id: cashDrawerMovements.id });
  return { session: open, movementId: movement!.id };
}

/** Counts the drawer and closes it; the figures are frozen as they were at that moment. */
export async function closeDrawer(
  db: Db,
  input: { countedCents: number; note: string | null; by: Actor },
): Promise<CashDrawerSession> {
  const closed = await db.transaction(async (tx) => {
    const open = await openSessionRow(tx, true);
    if (!open) throw conflict(CASH_DRAWER_MESSAGES.noneOpen);
    // Counted up to this transaction's now(), which also becomes closed_at.
    const figures = await liveFigures(tx, open);
    const [row] = await tx
      .update(cashDrawerSessions)
      .set({
        closedAt: sql`now()`,
        closedByStaffId: input.by.id,
        closedByName: input.by.name,
        cashSalesCents: figures.cashSalesCents,
        changeGivenCents: figures.changeGivenCents,
        payInsCents: figures.payInsCents,
        payOutsCents: figures.payOutsCents,
        expectedCents: figures.expectedCents,
        countedCents: input.countedCents,
        note: input.note,
      })
      .where(eq(cashDrawerSessions.id, open.id))
      .returning();
    if (!row) throw new Error('cash drawer close returned no row');
    return row;
  });
  return describeSession(db, closed);
}

const group =
  (labels: Record<string, string>) =>
  ({ key, orders: count, totalCents }: ReportGroup) => ({
    key,
    label: labelOf(labels, key),
    orders: count,
    total: money(totalCents),
  });

/** The end-of-day (Z) report of a session: closed, or so far while it is open. */
export async function drawerReport(db: Db, id: string): Promise<ZReport> {
  const [session] = await db.select().from(cashDrawerSessions).where(eq(cashDrawerSessions.id, id));
  if (!session) throw notFound(CASH_DRAWER_MESSAGES.notFound);
  const [described, paid, items, tests, timeZone, clock, before, voids, refunded] =
    await Promise.all([
      describeSession(db, session),
      db
        .select({
          paymentMethod: orders.paymentMethod,
          orderSource: orders.orderSource,
          id: orders.id,
          totalCents: orders.totalCents,
          discountCents: orders.discountCents,
          deliveryFeeCents: orders.deliveryFeeCents,
        })
        .from(orders)
        .innerJoin(cashDrawerSessions, ofSession(id))
        .where(countsInTheBooks),
      db
        .select({
          name: orderItems.name,
          quantity: orderItems.quantity,
          totalPriceCents: orderItems.totalPriceCents,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(cashDrawerSessions, ofSession(id))
        .where(countsInTheBooks),
      db
        .select({ count: testOrdersNotCounted })
        .from(orders)
        .innerJoin(cashDrawerSessions, ofSession(id)),
      getShopTimeZone(db),
      databaseNow(db),
      db
        .select({
          orderNumber: orders.orderNumber,
          totalCents: orders.totalCents,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(
          and(
            eq(orders.cashDrawerSessionId, id),
            eq(orders.cashDrawerNextSession, true),
            countsInTheBooks,
          ),
        )
        .orderBy(asc(orders.orderNumber)),
      // Voids: the session's paid orders that were deleted (decision 014), so the count explains
      // itself; a test order was never counted, so its deletion voids nothing.
      db
        .select({
          orderNumber: orders.orderNumber,
          totalCents: orders.totalCents,
          paymentMethod: orders.paymentMethod,
          reason: orders.deletedReason,
          deletedAt: orders.deletedAt,
          afterClose: sql<boolean>`coalesce(${orders.deletedAt} > ${cashDrawerSessions.closedAt}, false)`,
        })
        .from(orders)
        .innerJoin(cashDrawerSessions, ofSession(id))
        .where(
          and(
            eq(orders.paymentStatus, 'paid'),
            eq(orders.isTest, false),
            isNotNull(orders.deletedAt),
          ),
        )
        .orderBy(asc(orders.deletedAt), asc(orders.orderNumber)),
      refundsInSession(db, id, countsInTheBooks),
    ]);
  const totals = reportTotals(paid, items);
  const refundsCents = refunded.reduce((sum, refund) => sum + refund.amountCents, 0);
  // VAT per rate over the same orders, each rounded as its receipt was (decision 022).
  // The session's sales less the refunds made in it, per rate (decision 022, note 2026-11-25).
  const vat = subtractVatRows(
    sumVatRows((await vatOfOrders(db, paid)).values()),
    sumVatRows(await vatOfRefunds(db, refunded)),
  );
  return {
    session: described,
    businessDate: shopToday(session.openedAt, timeZone),
    timeZone,
    from: session.openedAt.toISOString(),
    to: (session.closedAt ?? clock).toISOString(),
    generatedAt: clock.toISOString(),
    orderCount: totals.orderCount,
    sales: money(totals.salesCents),
    discounts: money(totals.discountsCents),
    byPaymentMethod: totals.byPaymentMethod.map(group(PAYMENT_METHOD_LABELS)),
    bySource: totals.bySource.map(group(ORDER_SOURCE_LABELS)),
    items: totals.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      revenue: money(item.revenueCents),
    })),
    itemCount: totals.itemCount,
    testOrdersExcluded: tests[0]?.count ?? 0,
    takenBeforeOpening: before.map((order) => ({
      orderNumber: order.orderNumber,
      total: money(order.totalCents),
      createdAt: order.createdAt.toISOString(),
    })),
    voids: voids.map((order) => ({
      orderNumber: order.orderNumber,
      total: money(order.totalCents),
      paymentMethod: order.paymentMethod,
      reason: order.reason,
      deletedAt: (order.deletedAt ?? clock).toISOString(),
      afterClose: Boolean(order.afterClose),
    })),
    refunds: refunded.map((refund) => ({
      orderNumber: refund.orderNumber,
      method: refund.method,
      amount: money(refund.amountCents),
      reason: refund.reason,
      state: refund.state,
      createdAt: refund.createdAt.toISOString(),
    })),
    refundsTotal: money(refundsCents),
    netSales: money(totals.salesCents - refundsCents),
    vat: vatRowsToDto(vat),
  };
}

/** The database's clock (the one that stamps orders), for "so far" on an open session. */
async function databaseNow(db: Db): Promise<Date> {
  const [row] = await db
    .select({ ms: sql<number>`(extract(epoch from now()) * 1000)::float8` })
    .from(sql`(select 1) as clock`);
  return new Date(Math.floor(Number(row?.ms)));
}
