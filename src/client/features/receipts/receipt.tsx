/**
 * The 80 mm layouts: a customer's receipt (spec back-office POS; shop, order number, lines with
 * options and discounts, total, payment, cash and change, thanks) and a kitchen ticket (order
 * number, type, table, lines with options and notes, no prices). The same markup is the
 * on-screen preview and, inside a PrintSheet, the printed paper.
 */
import { formatEuroCents } from '#shared/money.ts';
import { cn } from '#client/lib/utils.ts';
import {
  formatReceiptTime,
  orderTypeLabel,
  type KitchenTicketData,
  type ReceiptData,
  type ShopHeader,
} from './receipt-model.ts';
import { VatTable } from '#client/components/vat-table.tsx';

const paper =
  'w-full max-w-[80mm] bg-white font-mono text-[13px] leading-snug text-black print:max-w-none';
const rule = 'my-2 border-t border-dashed border-black';

function Row({
  label,
  amount,
  className,
}: {
  label: React.ReactNode;
  amount: string;
  className?: string;
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', className)}>
      <span className="min-w-0">{label}</span>
      <span className="shrink-0 tabular-nums">{amount}</span>
    </div>
  );
}

export function Receipt({
  receipt,
  shop,
  timeZone,
  className,
}: {
  receipt: ReceiptData;
  shop: ShopHeader | undefined;
  timeZone?: string;
  className?: string;
}) {
  return (
    <article aria-label="Receipt" className={cn(paper, className)}>
      <header className="text-center">
        <p className="text-base font-bold uppercase">{shop?.name ?? 'Receipt'}</p>
        {shop?.address && <p>{shop.address}</p>}
        {shop?.phone && <p>{shop.phone}</p>}
      </header>
      <hr className={rule} />
      <div className="text-center">
        <p className="text-xs uppercase">Order</p>
        <p data-testid="receipt-order-number" className="text-4xl leading-tight font-black">
          {receipt.orderNumber === null ? 'Pending' : `#${receipt.orderNumber}`}
        </p>
        {receipt.orderNumber === null && (
          <p className="text-xs">Saved offline: the number comes when it is sent.</p>
        )}
        <p>{formatReceiptTime(receipt.createdAt, timeZone)}</p>
      </div>
      <hr className={rule} />
      <ul aria-label="Receipt lines" className="flex flex-col gap-1.5">
        {receipt.lines.map((line, index) => (
          <li key={index}>
            <Row
              label={
                <span className="font-bold">
                  {line.quantity} × {line.name}
                </span>
              }
              amount={formatEuroCents(line.subtotalCents)}
            />
            {line.options.length > 0 && <p className="pl-4">{line.options.join(', ')}</p>}
            {line.note && <p className="pl-4 italic">Note: {line.note}</p>}
            {line.discount && (
              <Row
                className="pl-4"
                label={line.discount.name}
                amount={`−${formatEuroCents(line.discount.amountCents)}`}
              />
            )}
          </li>
        ))}
      </ul>
      <hr className={rule} />
      {receipt.discountCents > 0 && (
        <>
          <Row label="Subtotal" amount={formatEuroCents(receipt.subtotalCents)} />
          <Row label="Discounts" amount={`−${formatEuroCents(receipt.discountCents)}`} />
        </>
      )}
      <Row
        className="text-lg font-black"
        label="TOTAL"
        amount={formatEuroCents(receipt.totalCents)}
      />
      <p className="mt-1">Paid by {receipt.paymentMethod === 'cash' ? 'cash' : 'card'}</p>
      {receipt.cashReceivedCents !== null && (
        <Row label="Cash given" amount={formatEuroCents(receipt.cashReceivedCents)} />
      )}
      {receipt.changeCents !== null && (
        <Row className="font-bold" label="Change" amount={formatEuroCents(receipt.changeCents)} />
      )}
      {receipt.vat && receipt.vat.length > 0 && (
        <>
          <hr className={rule} />
          <VatTable rows={receipt.vat} />
        </>
      )}
      <hr className={rule} />
      <p className="text-center font-bold">Thank you!</p>
    </article>
  );
}

export function KitchenTicket({
  ticket,
  timeZone,
  className,
}: {
  ticket: KitchenTicketData;
  timeZone?: string;
  className?: string;
}) {
  return (
    <article aria-label="Kitchen ticket" className={cn(paper, 'text-[15px]', className)}>
      <p className="text-center text-6xl leading-none font-black">#{ticket.orderNumber}</p>
      <p className="mt-2 text-center text-lg font-bold uppercase">{orderTypeLabel(ticket.type)}</p>
      {ticket.tableNumber && (
        // Where the order is carried to, boxed and big. A border, not a black fill: browsers
        // may leave backgrounds out of a print, which would make white text vanish.
        <p className="mx-auto mt-1 w-fit border-4 border-black px-3 text-center text-4xl leading-tight font-black">
          TABLE {ticket.tableNumber}
        </p>
      )}
      <p className="text-center">
        {formatReceiptTime(ticket.createdAt, timeZone)}
        {ticket.customerName ? ` · ${ticket.customerName}` : ''}
      </p>
      <hr className={rule} />
      <ul aria-label="Ticket lines" className="flex flex-col gap-2">
        {ticket.lines.map((line, index) => (
          <li key={index}>
            <p className="text-lg font-black">
              {line.quantity} × {line.name}
            </p>
            {line.options.map((option) => (
              <p key={option} className="pl-4">
                {option}
              </p>
            ))}
            {line.note && <p className="pl-4 font-bold">** {line.note} **</p>}
          </li>
        ))}
      </ul>
      {ticket.specialInstructions && (
        <>
          <hr className={rule} />
          <p className="font-bold">NOTE: {ticket.specialInstructions}</p>
        </>
      )}
    </article>
  );
}
