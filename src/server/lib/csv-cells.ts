/**
 * Cells of the CSV files (the orders export, the refunds report; operations.md "CSV export"):
 * shared by the features that write them.
 */
import { centsToDecimalString } from '#shared/money.ts';

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
