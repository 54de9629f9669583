/**
 * The Order Calendar's figures per shop day, kept for closed days (decision 030). A month or a
 * year adds up its days: a closed day's figures are read from `day_figures`, worked out once
 * and kept while nothing in it changes; today is always worked out afresh.
 *
 * Kept figures are checked, not trusted: triggers on orders and refunds (migration 0025) bump
 * a generation per UTC date whenever an order or refund over half an hour old changes (a deletion, a
 * refund's state, an order imported into the past), and a kept day is used only while the generations
 * of the UTC dates it spans add up to what they were when it was worked out. The generations
 * are read before and after working a day out, and the figures are kept only when nothing
 * changed in between, so a change made meanwhile is never hidden (no lock needed).
 */
import { and, asc, between, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayFigures, historyGenerations, orderItems, orders, refunds } from '../../db/schema.ts';
import { countsInTheBooks, notATestOrder, refundCounts, vatOfRefunds } from '../orders/index.ts';
import { addOrders, addRefunds, emptyDay, type DayFigures } from '#shared/calendar/day-figures.ts';
import { addDays, shopDayBounds } from '#shared/time/shop-time.ts';
import { sumVatRows, vatOfLines, type VatRow } from '#shared/vat/vat.ts';

/** Every calendar day from `from` (inclusive) to `to` (exclusive). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) days.push(day);
  return days;
}

const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Works out the days from `from` to `to` from the orders and refunds themselves (every day
 * of the range in the map, empty ones too). Four reads, whatever the number of days.
 */
export async function workOutDays(
  db: Db,
  timeZone: string,
  from: string,
  to: string,
): Promise<Map<string, DayFigures>> {
  const result = new Map(daysOf(from, to).map((day) => [day, emptyDay()] as const));
  const start = shopDayBounds(from, timeZone).start;
  const end = shopDayBounds(to, timeZone).start;
  const orderDay = sql<string>`to_char((${orders.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const refundDay = sql<string>`to_char((${refunds.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const inRange = and(
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
    isNull(orders.deletedAt),
  );
  const [groups, refunded, lines, given] = await Promise.all([
    db
      .select({
        day: orderDay,
        source: orders.orderSource,
        method: orders.paymentMethod,
        orders: sql<number>`(count(*) filter (where ${notATestOrder}))::int`,
        paid: sql<number>`(count(*) filter (where ${countsInTheBooks}))::int`,
        revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${countsInTheBooks}), 0)::int`,
        tests: sql<number>`(count(*) filter (where ${orders.isTest}))::int`,
      })
      .from(orders)
      .where(inRange)
      // By position: the day holds the time zone as a parameter (calendar.service.ts).
      .groupBy(sql`1`, sql`2`, sql`3`),
    db
      .select({
        day: refundDay,
        source: orders.orderSource,
        method: orders.paymentMethod,
        cents: sql<number>`sum(${refunds.amountCents})::int`,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end), refundCounts()))
      .groupBy(sql`1`, sql`2`, sql`3`),
    // The counted sales' lines, by a join (no list of ids: a year has more than a query's
    // 65,535 parameters' worth of orders), for VAT rounded per receipt (decision 022).
    db
      .select({
        day: orderDay,
        orderId: orders.id,
        totalCents: orders.totalCents,
        deliveryFeeCents: orders.deliveryFeeCents,
        vatRateBp: orderItems.vatRateBp,
        totalPriceCents: orderItems.totalPriceCents,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(inRange, countsInTheBooks))
      .orderBy(asc(orders.id), asc(orderItems.position)),
    db
      .select({
        day: refundDay,
        id: refunds.id,
        orderId: refunds.orderId,
        amountCents: refunds.amountCents,
        lines: refunds.lines,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end), refundCounts())),
  ]);
  const dayOf = (day: string) => {
    let figures = result.get(day);
    if (!figures) result.set(day, (figures = emptyDay()));
    return figures;
  };
  for (const group of groups) addOrders(dayOf(group.day), group);
  for (const group of refunded) addRefunds(dayOf(group.day), group);

  const sales = new Map<string, VatRow[][]>();
  for (let index = 0; index < lines.length;) {
    const first = lines[index]!;
    let next = index;
    while (next < lines.length && lines[next]!.orderId === first.orderId) next += 1;
    const rows = vatOfLines(first, lines.slice(index, next));
    sales.set(first.day, [...(sales.get(first.day) ?? []), rows]);
    index = next;
  }
  for (const [day, orderRows] of sales) dayOf(day).salesVat = sumVatRows(orderRows);

  const refundRows = await vatOfRefunds(db, given);
  const byDay = new Map<string, VatRow[][]>();
  given.forEach((refund, index) => {
    byDay.set(refund.day, [...(byDay.get(refund.day) ?? []), refundRows[index] ?? []]);
  });
  for (const [day, rows] of byDay) dayOf(day).refundsVat = sumVatRows(rows);
  return result;
}

/**
 * A day is kept once it ended an hour before, on the database's clock: the triggers bump the
 * UTC dates of changes to orders and refunds over 30 minutes old (migration 0025), and the
 * half hour between is room for a transaction already under way when the day became keepable.
 * New orders never bump (nor wait on a shared row).
 */
const KEEP_AFTER_MS = 60 * 60 * 1000;

/** The sum of the generations of the UTC dates each day spans, and the end a kept day needs. */
async function generationsOf(
  db: Db,
  timeZone: string,
  days: readonly string[],
): Promise<{ sums: Map<string, number>; keepBefore: Date }> {
  const spans = days.map((day) => {
    const { start, end } = shopDayBounds(day, timeZone);
    return { day, first: utcDate(start), last: utcDate(new Date(end.getTime() - 1)) };
  });
  const firstDate = spans[0]!.first;
  const lastDate = spans.at(-1)!.last;
  const [rows, [clock]] = await Promise.all([
    db
      .select({ utcDate: historyGenerations.utcDate, generation: historyGenerations.generation })
      .from(historyGenerations)
      .where(between(historyGenerations.utcDate, firstDate, lastDate)),
    db
      .execute(sql`select (extract(epoch from now()) * 1000)::float8 as now_ms`)
      .then((answer) => (answer as unknown as { rows: { now_ms: number }[] }).rows),
  ]);
  const byDate = new Map(rows.map((row) => [row.utcDate, Number(row.generation)]));
  const sums = new Map<string, number>();
  for (const span of spans) {
    let sum = 0;
    for (let date = span.first; date <= span.last; date = addDays(date, 1)) {
      sum += byDate.get(date) ?? 0;
    }
    sums.set(span.day, sum);
  }
  return { sums, keepBefore: new Date(Number(clock!.now_ms) - KEEP_AFTER_MS) };
}

/**
 * The figures of every day from `from` to `to`: kept ones where they still hold, the rest
 * worked out (and kept, for closed days, when nothing changed while they were worked out).
 */
export async function figuresOfDays(
  db: Db,
  timeZone: string,
  from: string,
  to: string,
): Promise<Map<string, DayFigures>> {
  const days = daysOf(from, to);
  if (days.length === 0) return new Map();
  const [before, kept] = await Promise.all([
    generationsOf(db, timeZone, days),
    db
      .select()
      .from(dayFigures)
      .where(and(eq(dayFigures.timeZone, timeZone), between(dayFigures.day, from, days.at(-1)!))),
  ]);
  const keepable = (day: string) =>
    shopDayBounds(day, timeZone).end.getTime() <= before.keepBefore.getTime();
  const result = new Map<string, DayFigures>();
  for (const row of kept) {
    if (keepable(row.day) && Number(row.generation) === before.sums.get(row.day)) {
      result.set(row.day, row.figures);
    }
  }
  const missing = days.filter((day) => !result.has(day));
  if (missing.length === 0) return result;
  const worked = await workOutDays(db, timeZone, missing[0]!, addDays(missing.at(-1)!, 1));
  const toKeep = missing.filter(keepable);
  if (toKeep.length > 0) {
    const after = await generationsOf(db, timeZone, toKeep);
    const unchanged = toKeep.filter((day) => after.sums.get(day) === before.sums.get(day));
    if (unchanged.length > 0) {
      await db
        .insert(dayFigures)
        .values(
          unchanged.map((day) => ({
            day,
            timeZone,
            generation: before.sums.get(day)!,
            figures: worked.get(day)!,
          })),
        )
        .onConflictDoUpdate({
          target: [dayFigures.day, dayFigures.timeZone],
          set: {
            generation: sql`excluded.generation`,
            figures: sql`excluded.figures`,
          },
        });
    }
  }
  for (const day of missing) result.set(day, worked.get(day)!);
  // In calendar order, as the month lists them.
  return new Map(days.map((day) => [day, result.get(day)!]));
}
