/**
 * CSV export of the orders of a day or a range (beyond the spec, for the books): one file with
 * a row per order and one with a row per line, in the shop's time zone, money as decimals
 * ("12.50"). Deleted orders are left out as they are from every total (departure 10; the audit
 * log keeps them). Text cells that a spreadsheet would run as a formula are prefixed with an
 * apostrophe (OWASP "CSV injection"); phone numbers are kept exactly as typed (phoneCell).
 */
import { and, asc, getTableColumns, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, staffUsers } from '../../db/schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { zonedMoment } from '#shared/shop-hours/shop-hours.ts';
import { getShopTimeZone } from '../shop-hours/shop-hours.service.ts';
import { dayBounds } from './dashboard.service.ts';
import { countsInTheBooks } from '../orders/books.ts';
import { vatOfOrders } from '../orders/order-vat.ts';
import { vatRatePercent } from '#shared/vat/vat.ts';
import { lastNameShown } from '#shared/customers/customer-display.ts';

export const ORDER_COLUMNS = [
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

export const LINE_COLUMNS = [
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

/**
 * VAT columns of the orders file (decision 022), after the fixed ones: for each rate that occurs
 * in the range, lowest first, `net_13`, `vat_13`, `gross_13` (the rate in %). Filled only on
 * orders counted as revenue (the dashboard's rule), so each column's sum is the range's total
 * at that rate, the figure of the calendar's month and the VAT return.
 */
export const vatColumnsOf = (rates: number[]) =>
  rates.flatMap((rate) => [`net_${rate}`, `vat_${rate}`, `gross_${rate}`]);

/** Net, VAT and gross under each of `rates` (vatColumnsOf's order); empty where a rate is absent. */
export function vatCellsOf(
  rates: number[],
  rows: readonly { rateBp: number; netCents: number; vatCents: number; grossCents: number }[] = [],
): string[] {
  const byRate = new Map(rows.map((row) => [row.rateBp, row]));
  return rates.flatMap((rate) => {
    const row = byRate.get(rate);
    return row
      ? [row.netCents, row.vatCents, row.grossCents].map(centsToDecimalString)
      : ['', '', ''];
  });
}

/** A text cell a spreadsheet could take for a formula gets a leading apostrophe. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A phone number as the customer typed it. Most ("5123 9876") are written as they are. One that
 * starts with =, +, - or @ ("+372 5123 9876") would be read by a spreadsheet as a formula or a
 * number (the + and the spaces lost), and an apostrophe would show in the cell and change the
 * value; so it is written as the text formula ="+372 5123 9876" (quotes inside doubled), which
 * Excel, LibreOffice and Google Sheets show as exactly those characters, as text, and which runs
 * nothing: the whole value is one string literal (operations.md "CSV export").
 */
export function phoneCell(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  return `="${value.replace(/"/g, '""')}"`;
}

async function rangeOrders(db: Db, from: string, to: string) {
  const timeZone = await getShopTimeZone(db);
  const rows = await db
    .select({ ...getTableColumns(orders), inTheBooks: sql<boolean>`${countsInTheBooks}` })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, dayBounds(from, timeZone).start),
        lt(orders.createdAt, dayBounds(to, timeZone).end),
        isNull(orders.deletedAt),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber));
  const local = (date: Date) => zonedMoment(date, timeZone);
  return { rows, local };
}

export async function ordersCsv(db: Db, from: string, to: string): Promise<string> {
  const { rows, local } = await rangeOrders(db, from, to);
  const staffIds = [
    ...new Set(rows.flatMap((row) => (row.takenByStaffId ? [row.takenByStaffId] : []))),
  ];
  const staff = staffIds.length
    ? await db
        .select({ id: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(inArray(staffUsers.id, staffIds))
    : [];
  const staffName = new Map(staff.map((member) => [member.id, member.name]));
  // The orders in the books carry their VAT (decision 022); the rest leave the columns empty.
  const vat = await vatOfOrders(
    db,
    rows.filter((row) => row.inTheBooks),
  );
  const rates = [...new Set([...vat.values()].flatMap((list) => list.map((r) => r.rateBp)))].sort(
    (a, b) => a - b,
  );
  const records = rows.map((row) => {
    const when = local(row.createdAt);
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
  const header = [...ORDER_COLUMNS, ...vatColumnsOf(rates.map(vatRatePercent))];
  return stringify([header, ...records], { record_delimiter: '\r\n' });
}

export async function orderLinesCsv(db: Db, from: string, to: string): Promise<string> {
  const { rows, local } = await rangeOrders(db, from, to);
  const lines = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderItems.position))
    : [];
  const records = rows.flatMap((row) => {
    const when = local(row.createdAt);
    return lines
      .filter((line) => line.orderId === row.id)
      .map((line) => [
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
  return stringify([[...LINE_COLUMNS], ...records], { record_delimiter: '\r\n' });
}
