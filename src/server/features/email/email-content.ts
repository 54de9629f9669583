/**
 * The customer's e-mails (decision 018): the receipt of a paid order and "ready for pickup",
 * each as plain text and HTML. Pure: what they say comes in as arguments. Every text a person
 * typed (names, notes, item names, the shop's settings) is escaped in the HTML.
 */
import { formatEuroCents } from '#shared/money.ts';
import { formatVatRate, vatOfLines, vatRatePercent, type VatRow } from '#shared/vat/vat.ts';

export interface EmailShop {
  name: string;
  address: string;
  phone: string;
}

export interface ReceiptLine {
  name: string;
  quantity: number;
  totalPriceCents: number;
  sauce: string | null;
  bread: string | null;
  addOns: { name: string }[];
  specialInstructions: string | null;
  discount: { name: string; discountAmountCents: number } | null;
  /** The rate snapshotted on the line (basis points, decision 022). */
  vatRateBp: number;
}

export interface EmailOrder {
  orderNumber: number;
  customerFirstName: string;
  type: 'pickup' | 'dine-in' | (string & {});
  tableNumber: string | null;
  subtotalCents: number;
  discountCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  specialInstructions: string | null;
  /** Paid through the payment simulator: no money moved. */
  isTest: boolean;
  createdAt: Date;
  /** Pickup times (decision 026): the slot a scheduled order is for, or the minutes quoted. */
  pickupAt?: Date | null;
  quotedMinutes?: number | null;
}

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** "Sauce: Truffle Mayo · Add-ons: Bacon, Crispy Onions", or '' for a plain line. */
function lineOptionsOf(line: ReceiptLine): string {
  const options = [
    line.sauce ? `Sauce: ${line.sauce}` : null,
    line.bread ? `Bread: ${line.bread}` : null,
    line.addOns.length > 0 ? `Add-ons: ${line.addOns.map((addOn) => addOn.name).join(', ')}` : null,
    line.discount
      ? `${line.discount.name}: −${formatEuroCents(line.discount.discountAmountCents)}`
      : null,
  ];
  return options.filter(Boolean).join(' · ');
}

const greetingOf = (order: Pick<EmailOrder, 'customerFirstName'>) =>
  order.customerFirstName.trim() ? `Hi ${order.customerFirstName.trim()},` : 'Hello,';

const paidAtOf = (order: EmailOrder, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone,
  }).format(order.createdAt);

/**
 * When the order will be ready, on the shop's clock (decision 026), as the order pages say it:
 * "Pickup at 12:30" for a slot ("Pickup on Sun 29 Nov at 09:15" on another day than the order
 * was paid), "Ready around 12:47" for as soon as possible (the time its quote gives; "At your
 * table around" for a table); null for an order promised nothing (a counter sale).
 */
export function readyTimeOf(order: EmailOrder, timeZone: string): string | null {
  const clock = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(at);
  const day = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone })
      .format(at)
      .replace(',', '');
  if (order.pickupAt) {
    return day(order.pickupAt) === day(order.createdAt)
      ? `Pickup at ${clock(order.pickupAt)}`
      : `Pickup on ${day(order.pickupAt)} at ${clock(order.pickupAt)}`;
  }
  if (order.quotedMinutes == null) return null;
  const readyAt = clock(new Date(order.createdAt.getTime() + order.quotedMinutes * 60_000));
  return order.type === 'dine-in' ? `At your table around ${readyAt}` : `Ready around ${readyAt}`;
}

const TEST_ORDER_NOTE = 'Test order: paid through the payment simulator, no money was taken.';

/** The shop's name, address and phone, one per line, as a signature. */
const shopLinesOf = (shop: EmailShop) => [shop.name, shop.address, shop.phone].filter(Boolean);

/** The receipt of a paid order (spec customer-site §5: "For your receipt"). */
export function receiptEmail(input: {
  shop: EmailShop;
  order: EmailOrder;
  lines: ReceiptLine[];
  confirmationUrl: string;
  timeZone: string;
}): EmailMessage {
  const { shop, order, lines, confirmationUrl } = input;
  const number = `#${order.orderNumber}`;
  const where =
    order.type === 'dine-in' && order.tableNumber
      ? `We bring it to table ${order.tableNumber}.`
      : `Pick it up at: ${shop.address}`;
  const totals: [string, string][] = [
    ['Subtotal', formatEuroCents(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [['Discount', `−${formatEuroCents(order.discountCents)}`] as [string, string]]
      : []),
    ...(order.deliveryFeeCents > 0
      ? [['Delivery', formatEuroCents(order.deliveryFeeCents)] as [string, string]]
      : []),
    ['Total', formatEuroCents(order.totalCents)],
  ];
  const paidAt = paidAtOf(order, input.timeZone);
  const readyTime = readyTimeOf(order, input.timeZone);
  // Prices include VAT: net, VAT and gross per rate (DESIGN.md departure 15, decision 022).
  const vat = vatOfLines(order, lines);
  const vatText = (row: VatRow) =>
    `VAT ${formatVatRate(vatRatePercent(row.rateBp))}: net ${formatEuroCents(row.netCents)}, VAT ${formatEuroCents(row.vatCents)}, gross ${formatEuroCents(row.grossCents)}`;

  const text = [
    greetingOf(order),
    '',
    `Thank you for your order at ${shop.name}. It is paid, and the kitchen has it.`,
    '',
    `Order ${number}`,
    `Paid ${paidAt}`,
    ...(readyTime ? [readyTime] : []),
    ...(order.isTest ? [TEST_ORDER_NOTE] : []),
    '',
    ...lines.flatMap((line) => {
      const options = lineOptionsOf(line);
      return [
        `${line.quantity} × ${line.name}  ${formatEuroCents(line.totalPriceCents)}`,
        ...(options ? [`    ${options}`] : []),
        ...(line.specialInstructions ? [`    Note: ${line.specialInstructions}`] : []),
      ];
    }),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    ...(vat.length > 0 ? ['', 'Prices include VAT:', ...vat.map(vatText)] : []),
    ...(order.specialInstructions ? ['', `Your note: ${order.specialInstructions}`] : []),
    '',
    where,
    `Follow your order: ${confirmationUrl}`,
    '',
    ...shopLinesOf(shop),
    '',
  ].join('\n');

  const cell = 'padding:6px 0;vertical-align:top';
  const html = page(`Receipt for order ${number}`, [
    `<p>${escapeHtml(greetingOf(order))}</p>`,
    `<p>Thank you for your order at ${escapeHtml(shop.name)}. It is paid, and the kitchen has it.</p>`,
    `<h1 style="font-size:22px;margin:16px 0 4px">Order ${number}</h1>`,
    `<p style="margin:0;color:#555">Paid ${escapeHtml(paidAt)}</p>`,
    ...(readyTime
      ? [`<p style="margin:4px 0 0;font-size:18px"><strong>${readyTime}</strong></p>`]
      : []),
    ...(order.isTest ? [`<p style="color:#a33"><strong>${TEST_ORDER_NOTE}</strong></p>`] : []),
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">',
    ...lines.map((line) => {
      const options = lineOptionsOf(line);
      const details = [
        options ? `<br><span style="color:#555;font-size:14px">${escapeHtml(options)}</span>` : '',
        line.specialInstructions
          ? `<br><span style="color:#555;font-size:14px">Note: ${escapeHtml(line.specialInstructions)}</span>`
          : '',
      ].join('');
      return `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(line.name)}${details}</td><td style="${cell};text-align:right;white-space:nowrap">${formatEuroCents(line.totalPriceCents)}</td></tr>`;
    }),
    ...totals.map(
      ([label, amount]) =>
        `<tr><td style="${cell};border-top:1px solid #ddd">${label === 'Total' ? '<strong>Total</strong>' : label}</td><td style="${cell};border-top:1px solid #ddd;text-align:right;white-space:nowrap">${label === 'Total' ? `<strong>${amount}</strong>` : amount}</td></tr>`,
    ),
    '</table>',
    ...(vat.length > 0
      ? [
          `<table aria-label="VAT" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px;color:#555"><tr><th style="text-align:left">VAT</th><th style="text-align:right">Net</th><th style="text-align:right">VAT</th><th style="text-align:right">Gross</th></tr>`,
          ...vat.map(
            (row) =>
              `<tr><td>${formatVatRate(vatRatePercent(row.rateBp))}</td><td style="text-align:right">${formatEuroCents(row.netCents)}</td><td style="text-align:right">${formatEuroCents(row.vatCents)}</td><td style="text-align:right">${formatEuroCents(row.grossCents)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...(order.specialInstructions
      ? [`<p>Your note: ${escapeHtml(order.specialInstructions)}</p>`]
      : []),
    `<p>${escapeHtml(where)}</p>`,
    `<p><a href="${escapeHtml(confirmationUrl)}">Follow your order</a></p>`,
    signature(shop),
  ]);

  return { subject: `Receipt for your order ${number} · ${shop.name}`, text, html };
}

/** The kitchen marked the order ready (spec customer-site §4: ready for pickup). */
export function readyEmail(input: {
  shop: EmailShop;
  order: Pick<EmailOrder, 'orderNumber' | 'customerFirstName'>;
  confirmationUrl: string;
}): EmailMessage {
  const { shop, order, confirmationUrl } = input;
  const subject = `Order #${order.orderNumber} is ready for pickup`;
  const text = [
    greetingOf(order),
    '',
    `Your order #${order.orderNumber} is ready. Pick it up at:`,
    shop.address,
    '',
    `Follow your order: ${confirmationUrl}`,
    '',
    ...shopLinesOf(shop),
    '',
  ].join('\n');
  const html = page(subject, [
    `<p>${escapeHtml(greetingOf(order))}</p>`,
    `<h1 style="font-size:22px;margin:16px 0 4px">Order #${order.orderNumber} is ready for pickup</h1>`,
    `<p>Pick it up at:<br><strong>${escapeHtml(shop.address)}</strong></p>`,
    `<p><a href="${escapeHtml(confirmationUrl)}">Follow your order</a></p>`,
    signature(shop),
  ]);
  return { subject, text, html };
}

/** One order in the links e-mail. */
export interface LinkedOrder {
  orderNumber: number;
  createdAt: Date;
  /** The status label a customer reads (order-states.ts presentStatus). */
  statusLabel: string;
  totalCents: number;
  confirmationUrl: string;
}

/**
 * Track Your Meal by e-mail (docs/decisions/020): the address's orders, each with its link,
 * sent to the address itself instead of shown to whoever typed it.
 */
export function orderLinksEmail(input: {
  shop: EmailShop;
  order: Pick<EmailOrder, 'customerFirstName'>;
  orders: LinkedOrder[];
  timeZone: string;
}): EmailMessage {
  const { shop, orders } = input;
  const placedAt = (order: LinkedOrder) =>
    new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: input.timeZone,
    }).format(order.createdAt);
  const summary = (order: LinkedOrder) =>
    `Order #${order.orderNumber} · ${placedAt(order)} · ${order.statusLabel} · ${formatEuroCents(order.totalCents)}`;
  const subject = `Your orders at ${shop.name}`;
  const intro =
    'Someone (we hope you) asked to track the orders placed with this e-mail address. Open an order to see its status:';
  const ignore =
    'If that was not you, you can ignore this e-mail: nobody else was shown your orders.';
  const text = [
    greetingOf(input.order),
    '',
    intro,
    '',
    ...orders.flatMap((order) => [summary(order), order.confirmationUrl, '']),
    ignore,
    '',
    ...shopLinesOf(shop),
    '',
  ].join('\n');
  const html = page(subject, [
    `<p>${escapeHtml(greetingOf(input.order))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul style="padding-left:20px">',
    ...orders.map(
      (order) =>
        `<li style="margin:8px 0"><a href="${escapeHtml(order.confirmationUrl)}">${escapeHtml(summary(order))}</a></li>`,
    ),
    '</ul>',
    `<p style="color:#555">${escapeHtml(ignore)}</p>`,
    signature(shop),
  ]);
  return { subject, text, html };
}

function signature(shop: EmailShop): string {
  return `<p style="margin-top:24px;color:#555;font-size:14px">${shopLinesOf(shop)
    .map(escapeHtml)
    .join('<br>')}</p>`;
}

function page(title: string, body: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.4;color:#1f1f1f">',
    '<div style="max-width:560px;margin:0 auto">',
    ...body,
    '</div></body></html>',
    '',
  ].join('\n');
}

/** Money given back on the order (decision 021): how much, why, and whether the order is void. */
export function refundEmail(input: {
  shop: EmailShop;
  order: Pick<EmailOrder, 'orderNumber' | 'customerFirstName'>;
  amountCents: number;
  reason: string;
  method: 'card' | 'cash' | 'platform';
  voided: boolean;
  confirmationUrl: string;
}): EmailMessage {
  const { shop, order, confirmationUrl } = input;
  const amount = formatEuroCents(input.amountCents);
  const subject = input.voided
    ? `Order #${order.orderNumber} was cancelled and refunded`
    : `Refund of ${amount} for order #${order.orderNumber}`;
  const how =
    input.method === 'card'
      ? `${amount} is on its way back to your card; banks take a few days to show it.`
      : `${amount} was given back in cash.`;
  const text = [
    greetingOf(order),
    '',
    input.voided ? `Your order #${order.orderNumber} was cancelled.` : '',
    how,
    `Reason: ${input.reason}`,
    '',
    `Your order: ${confirmationUrl}`,
    '',
    ...shopLinesOf(shop),
    '',
  ].join('\n');
  const html = page(subject, [
    `<p>${escapeHtml(greetingOf(order))}</p>`,
    `<h1 style="font-size:22px;margin:16px 0 4px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(how)}</p>`,
    `<p>Reason: ${escapeHtml(input.reason)}</p>`,
    `<p><a href="${escapeHtml(confirmationUrl)}">Your order</a></p>`,
    signature(shop),
  ]);
  return { subject, text, html };
}
