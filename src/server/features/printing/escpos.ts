/**
 * The bytes a receipt printer gets (decision 028), made with @point-of-sale/receipt-printer-
 * encoder: ESC/POS for Epson (and most others), StarPRNT for a Star model, each in the code
 * pages the printer model has, switched per character ('auto'): the euro sign, Greek and the
 * Estonian letters print as themselves. 80 mm paper: 48 columns of font A.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { formatEuroCents } from '#shared/money.ts';
import type { PrinterModel } from '#shared/printing/printing.schema.ts';
import { orderTypeLabel, type PrintOrder, type ShopHeader } from './print-document.ts';

const COLUMNS = 48;

function encoderFor(model: PrinterModel): ReceiptPrinterEncoder {
  return new ReceiptPrinterEncoder({ printerModel: model, columns: COLUMNS })
    .initialize()
    .codepage('auto');
}

/** The paper's money: "€12.50", a minus that every code page has. */
const euro = (cents: number) => formatEuroCents(cents);
const minusEuro = (cents: number) => `-${formatEuroCents(cents)}`;

/** `left` and `amount` on one line of `columns`, the amount flush right; a long left wraps. */
function amountRow(left: string, amount: string, columns = COLUMNS): string[] {
  const room = columns - amount.length - 1;
  const words = left.split(' ');
  const rows: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (next.length > room && current) {
      rows.push(current);
      current = word;
    } else {
      current = next;
    }
  }
  rows.push(`${current.padEnd(room)} ${amount}`);
  return rows;
}

function row(e: ReceiptPrinterEncoder, left: string, amount: string): ReceiptPrinterEncoder {
  for (const text of amountRow(left, amount)) e.line(text);
  return e;
}

/** `text` after `indent`, wrapped at word breaks with the same indent on every line. */
function indented(indent: string, text: string, columns = COLUMNS): string[] {
  const room = columns - indent.length;
  const rows: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (next.length > room && current) {
      rows.push(indent + current);
      current = word;
    } else {
      current = next;
    }
  }
  rows.push(indent + current);
  return rows;
}

function lines(e: ReceiptPrinterEncoder, rows: string[]): ReceiptPrinterEncoder {
  for (const text of rows) e.line(text);
  return e;
}

/** One row of the VAT table: the rate left, three amounts right in 12 columns each. */
const vatRow = (rate: string, net: string, vat: string, gross: string) =>
  `${rate.padEnd(COLUMNS - 36)}${net.padStart(12)}${vat.padStart(12)}${gross.padStart(12)}`;

interface Marks {
  reprint: boolean;
}

/**
 * The kitchen ticket: order number large, its type, the table or the platform boxed, when it
 * was placed and by whom, the pickup time, then each line with its options, note and
 * allergens; no prices.
 */
export function kitchenTicketBytes(
  order: PrintOrder,
  model: PrinterModel,
  marks: Marks,
): Uint8Array {
  const e = encoderFor(model).align('center');
  if (marks.reprint) e.bold(true).invert(true).line(' REPRINT ').invert(false).bold(false);
  if (order.isTest) e.bold(true).line('** TEST ORDER **').bold(false);
  e.bold(true).size(3, 3).line(`#${order.orderNumber}`).size(1, 1);
  e.size(2, 1).line(orderTypeLabel(order.type).toUpperCase()).size(1, 1).bold(false);
  if (order.tableNumber) {
    e.box({ style: 'double', width: 24, align: 'center' }, (box) =>
      box.bold(true).size(2, 2).line(`TABLE ${order.tableNumber}`).size(1, 1).bold(false),
    );
  }
  if (order.platform) {
    const label = `${order.platform.name.toUpperCase()}${order.platform.number ? ` ${order.platform.number}` : ''}`;
    e.box({ style: 'single', width: 32, align: 'center' }, (box) =>
      box.bold(true).size(2, 1).line(label).size(1, 1).bold(false),
    );
  }
  e.line(`${order.placedAt}${order.customerName ? ` · ${order.customerName}` : ''}`);
  if (order.pickupAt)
    e.bold(true).size(2, 1).line(`PICKUP ${order.pickupAt}`).size(1, 1).bold(false);
  e.rule({ style: 'single' }).align('left');
  for (const line of order.lines) {
    e.bold(true).size(1, 2).line(`${line.quantity} × ${line.name}`).size(1, 1).bold(false);
    for (const option of line.options) lines(e, indented('    ', option));
    if (line.note) lines(e.bold(true), indented('    ', `** ${line.note} **`)).bold(false);
    if (line.allergens.length > 0) {
      lines(e, indented('    ', `Allergens: ${line.allergens.join(', ')}`));
    }
  }
  if (order.specialInstructions) {
    e.rule({ style: 'single' }).bold(true).line(`NOTE: ${order.specialInstructions}`).bold(false);
  }
  return e.cut('partial').encode();
}

/**
 * The customer's receipt, as the browser's (receipts/receipt.tsx): the shop, the order number
 * large, the lines with their prices, options, notes and discounts, the total, how it was paid,
 * the cash and the change, thanks.
 */
export function receiptBytes(
  order: PrintOrder,
  shop: ShopHeader,
  model: PrinterModel,
  marks: Marks,
): Uint8Array {
  const e = encoderFor(model).align('center');
  if (marks.reprint) e.bold(true).invert(true).line(' REPRINT ').invert(false).bold(false);
  e.bold(true).size(1, 2).line(shop.name.toUpperCase()).size(1, 1).bold(false);
  if (shop.address) e.line(shop.address);
  if (shop.phone) e.line(shop.phone);
  e.rule({ style: 'single' }).line('ORDER');
  e.bold(true).size(3, 3).line(`#${order.orderNumber}`).size(1, 1).bold(false);
  e.line(order.placedAt);
  if (order.pickupAt) e.line(`Pickup ${order.pickupAt}`);
  e.rule({ style: 'single' }).align('left');
  for (const line of order.lines) {
    row(e.bold(true), `${line.quantity} × ${line.name}`, euro(line.subtotalCents)).bold(false);
    if (line.options.length > 0) lines(e, indented('    ', line.options.join(', ')));
    if (line.note) lines(e, indented('    ', `Note: ${line.note}`));
    if (line.discount) {
      row(e, `    ${line.discount.name}`, minusEuro(line.discount.amountCents));
    }
  }
  e.rule({ style: 'single' });
  if (order.discountCents > 0) {
    row(e, 'Subtotal', euro(order.subtotalCents));
    row(e, 'Discounts', minusEuro(order.discountCents));
  }
  if (order.deliveryFeeCents > 0) {
    row(e, 'Delivery', euro(order.deliveryFeeCents));
  }
  row(e.bold(true).size(1, 2), 'TOTAL', euro(order.totalCents)).size(1, 1).bold(false);
  e.line(`Paid by ${order.paymentMethod === 'cash' ? 'cash' : 'card'}`);
  if (order.cashReceivedCents !== null) {
    row(e, 'Cash given', euro(order.cashReceivedCents));
  }
  if (order.changeCents !== null) {
    row(e.bold(true), 'Change', euro(order.changeCents)).bold(false);
  }
  if (order.vat.length > 0) {
    // The browser's VAT table (receipts/vat-table.tsx): rate, net, VAT, gross.
    e.rule({ style: 'single' }).line(vatRow('Rate', 'Net', 'VAT', 'Gross'));
    for (const vat of order.vat) {
      e.line(
        vatRow(
          `${vat.rateBp / 100} %`,
          euro(vat.netCents),
          euro(vat.vatCents),
          euro(vat.grossCents),
        ),
      );
    }
  }
  e.rule({ style: 'single' }).align('center').bold(true).line('Thank you!').bold(false);
  return e.cut('partial').encode();
}

/** The Test Print page: the printer's name and the characters that must come out right. */
export function testPageBytes(name: string, when: string, model: PrinterModel): Uint8Array {
  return encoderFor(model)
    .align('center')
    .bold(true)
    .size(2, 2)
    .line('TEST PRINT')
    .size(1, 1)
    .bold(false)
    .line(name)
    .line(when)
    .rule({ style: 'single' })
    .align('left')
    .line('Euro: € 12,50')
    .line('Eesti: Õõ Ää Öö Üü Šš Žž')
    .line('Ελληνικά: Καλή όρεξη')
    .rule({ style: 'single' })
    .align('center')
    .line('If you can read this, the printer works.')
    .cut('partial')
    .encode();
}
