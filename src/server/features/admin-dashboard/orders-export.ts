/**
 * CSV export of the orders of a day or a range (beyond the spec, for the books): one file with
 * a row per order and one with a row per line, in the shop's time zone, money as decimals
 * ("12.50"). Both are read in keyset pages and written as they are read, so a year of orders
 * costs the memory of one page and leaves the event loop free between pages. Deleted orders
 * are left out as they are from every total (departure 10; the audit log keeps them). Text
 * cells that a spreadsheet would run as a formula are prefixed with an apostrophe (OWASP "CSV
 * injection"); phone numbers are kept exactly as typed (phoneCell).
 */
import {
  and,
  asc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, staffUsers } from '../../db/schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { shopDayBounds, zonedMoment } from '#shared/time/shop-time.ts';
import { getShopTimeZone } from '../shop-hours/index.ts';
import { countsInTheBooks, vatOfOrders } from '../orders/index.ts';
import { vatRatePercent } from '#shared/vat/vat.ts';
import { lastNameShown } from '#shared/customers/customer-display.ts';
import { phoneCell, safeCell, vatCellsOf, vatColumnsOf } from '../../lib/csv-cells.ts';

const ORDER_COLUMNS = [
  'order_number',
  'date',
  'time',
  'source',
  'type',
  'table',
  'status',
  'payment_method',
  'payment_status',
  'customer_first_name',
  'customer_last_name',
  'customer_email',
  'customer_phone',
  'subtotal',
  'discount',
  'delivery_fee',
  'total',
  'taken_by',
  'test',
  // The one rule of every figure (orders/books.ts): "no" for a test order or an unpaid one.
  'in_the_books',
] as const;

const LINE_COLUMNS = [
  'order_number',
  'date',
  'time',
  'item',
  'quantity',
  'base_price',
  'unit_price',
  'bread',
  'sauce',
  'add_ons',
  'discount_name',
  'discount_amount',
  'line_total',
  'special_instructions',
  'vat_rate',
] as const;

/** Orders read per query: few enough to keep memory flat and parameters far below 65,535. */
const EXPORT_PAGE_SIZE = 1_000;

function rangeFilter(from: string, to: string, timeZone: string): SQL {
  return and(
    gte(orders.createdAt, shopDayBounds(from, timeZone).start),
    lt(orders.createdAt, shopDayBounds(to, timeZone).end),
    isNull(orders.deletedAt),
  )!;
}

const orderWithBooks = {
  ...getTableColumns(orders),
  inTheBooks: sql<boolean>`${countsInTheBooks}`,
};

function selectOrderPage(db: Db, where: SQL, pageSize: number) {
  return db
    .select(orderWithBooks)
    .from(orders)
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber))
    .limit(pageSize);
}
type ExportOrder = Awaited<ReturnType<typeof selectOrderPage>>[number];

/**
 * The range's orders, oldest first, a page at a time: keyset pages on (created_at,
 * order_number), so each page is an index range whatever the range's size, and the export
 * writes a page before it reads the next (constant memory, the event loop free between pages).
 * The cursor is the last row's own key, read in the database: a JavaScript Date would drop the
 * microseconds and read that row again.
 */
async function* rangeOrderPages(
  db: Db,
  range: SQL,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportOrder[]> {
  let where = range;
  for (;;) {
    const page = await selectOrderPage(db, where, pageSize);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    const last = page.at(-1)!;
    where = and(
      range,
      sql`(${orders.createdAt}, ${orders.orderNumber}) > (select o.created_at, o.order_number from ${orders} o where o.id = ${last.id})`,
    )!;
  }
}

/** The VAT rates the range's revenue has, lowest first (the VAT columns, read before any row). */
async function rangeVatRates(db: Db, range: SQL): Promise<number[]> {
  const rows = await db
    .selectDistinct({ rateBp: orderItems.vatRateBp })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(range, countsInTheBooks, sql`${orderItems.totalPriceCents} <> 0`));
  return rows.map((row) => row.rateBp).sort((a, b) => a - b);
}

const csv = (records: unknown[][]) => stringify(records, { record_delimiter: '\r\n' });

/** The orders file, written a page at a time. */
export async function* ordersCsv(
  db: Db,
  from: string,
  to: string,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const timeZone = await getShopTimeZone(db);
  const range = rangeFilter(from, to, timeZone);
  const rates = await rangeVatRates(db, range);
  yield csv([[...ORDER_COLUMNS, ...vatColumnsOf(rates.map(vatRatePercent))]]);
  const staffName = new Map<string, string>();
  for await (const rows of rangeOrderPages(db, range, pageSize)) {
    const unknownStaff = [
      ...new Set(rows.flatMap((row) => (row.takenByStaffId ? [row.takenByStaffId] : []))),
    ].filter((id) => !staffName.has(id));
    if (unknownStaff.length) {
      const staff = await db
        .select({ id: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(inArray(staffUsers.id, unknownStaff));
      for (const member of staff) staffName.set(member.id, member.name);
    }
    // The orders in the books carry their VAT (decision 022); the rest leave the columns empty.
    const vat = await vatOfOrders(
      db,
      rows.filter((row) => row.inTheBooks),
    );
    const records = rows.map((row) => {
      const when = zonedMoment(row.createdAt, timeZone);
      const vatCells = vatCellsOf(rates, vat.get(row.id));
      return [
        row.orderNumber,
        when.date,
        when.time,
        row.orderSource,
        row.type,
        row.tableNumber ?? '',
        row.status,
        row.paymentMethod,
        row.paymentStatus,
        safeCell(row.customerFirstName),
        // A first name alone is stored with the stand-in "-" (customer-display.ts): not a name.
        safeCell(lastNameShown(row.customerLastName)),
        safeCell(row.customerEmail),
        phoneCell(row.customerPhone),
        centsToDecimalString(row.subtotalCents),
        centsToDecimalString(row.discountCents),
        centsToDecimalString(row.deliveryFeeCents),
        centsToDecimalString(row.totalCents),
        safeCell(row.takenByStaffId ? (staffName.get(row.takenByStaffId) ?? '') : ''),
        row.isTest ? 'yes' : 'no',
        row.inTheBooks ? 'yes' : 'no',
        ...vatCells,
      ];
    });
    yield csv(records);
  }
}

/** The order-lines file, written a page of orders at a time; each order's lines by a lookup. */
export async function* orderLinesCsv(
  db: Db,
  from: string,
  to: string,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const timeZone = await getShopTimeZone(db);
  const range = rangeFilter(from, to, timeZone);
  yield csv([[...LINE_COLUMNS]]);
  for await (const rows of rangeOrderPages(db, range, pageSize)) {
    const lines = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(orderItems.position));
    const linesOf = new Map<string, (typeof lines)[number][]>();
    for (const line of lines) {
      const list = linesOf.get(line.orderId);
      if (list) list.push(line);
      else linesOf.set(line.orderId, [line]);
    }
    const records = rows.flatMap((row) => {
      const when = zonedMoment(row.createdAt, timeZone);
      return (linesOf.get(row.id) ?? []).map((line) => [
        row.orderNumber,
        when.date,
        when.time,
        safeCell(line.name),
        line.quantity,
        centsToDecimalString(line.basePriceCents),
        centsToDecimalString(line.unitPriceCents),
        safeCell(line.bread ?? ''),
        safeCell(line.sauce ?? ''),
        safeCell(line.addOns.map((addOn) => addOn.name).join('; ')),
        safeCell(line.discount?.name ?? ''),
        line.discount ? centsToDecimalString(line.discount.discountAmountCents) : '',
        centsToDecimalString(line.totalPriceCents),
        safeCell(line.specialInstructions ?? ''),
        vatRatePercent(line.vatRateBp),
      ]);
    });
    if (records.length) yield csv(records);
  }
}
