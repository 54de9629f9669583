/**
 * The end-of-day (Z) report (decision 012): on screen as a paper preview, and printed on an
 * 80 mm receipt roll through the browser's print dialog (no driver of our own). While the
 * report shows, a copy sits directly under <body>; @media print hides everything else.
 */
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ZReport } from '#shared/cash-drawer/cash-drawer.schema.ts';
import type { ShopInfo } from '#shared/settings/settings.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { dateTime, euro, signedEuro, clockTime } from './money.ts';
import { VatTable } from '#client/components/vat-table.tsx';

const PRINT_CSS = `
@media screen { .z-report-print { display: none !important; } }
@media print {
  @page { margin: 0; }
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; }
  body > :not(.z-report-print) { display: none !important; }
  .z-report-print { display: block !important; width: 80mm; box-sizing: border-box; padding: 3mm 4mm; color: #000; }
}`;

/** The copy that prints; render it while the report is on screen. */
export function ZReportPrintSheet({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="z-report-print">
      <style>{PRINT_CSS}</style>
      {children}
    </div>,
    document.body,
  );
}

function Line({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', strong && 'font-bold')}>
      <span className="min-w-0">{label}</span>
      <span className="shrink-0 tabular-nums">{value}</span>
    </div>
  );
}

const REFUND_METHOD = { card: 'card', cash: 'cash', platform: 'platform' } as const;

function Heading({ children }: { children: ReactNode }) {
  return (
    <h3 className="mt-3 mb-1 border-t border-dashed border-black pt-2 font-bold uppercase">
      {children}
    </h3>
  );
}

/** The report as a receipt: 80 mm of monospace, black on white. */
export function ZReportPaper({ report, shop }: { report: ZReport; shop: ShopInfo | undefined }) {
  const { session, timeZone } = report;
  const closed = session.closedAt !== null;
  return (
    <article className="w-full max-w-[80mm] bg-white font-mono text-[12px] leading-snug text-black print:max-w-none">
      <header className="text-center">
        {shop && <p className="text-[14px] font-bold">{shop.name}</p>}
        {shop?.address && <p>{shop.address}</p>}
        <p className="mt-2 text-[14px] font-bold">{closed ? 'Z REPORT' : 'REPORT SO FAR (X)'}</p>
        <p>Day {report.businessDate}</p>
      </header>
      <div className="mt-2">
        <Line label="Opened" value={dateTime(report.from, timeZone)} />
        <Line label="by" value={session.openedBy} />
        <Line label={closed ? 'Closed' : 'Up to'} value={dateTime(report.to, timeZone)} />
        {session.closedBy && <Line label="by" value={session.closedBy} />}
      </div>

      <Heading>Sales</Heading>
      <Line label="Orders" value={String(report.orderCount)} />
      <Line label="Items sold" value={String(report.itemCount)} />
      <Line label="Discounts given" value={euro(report.discounts)} />
      <Line label="Total sales" value={euro(report.sales)} strong />
      {/* Decision 021: refunds made in this session, each with the order it gives back on. */}
      <Line label={`Refunds (${report.refunds.length})`} value={`-${euro(report.refundsTotal)}`} />
      <Line label="Net sales" value={euro(report.netSales)} strong />

      {report.refunds.length > 0 && (
        <>
          <Heading>Refunds</Heading>
          <ul aria-label="Refunds">
            {report.refunds.map((refund, index) => (
              <li key={`${refund.orderNumber}-${index}`}>
                <Line
                  label={`${clockTime(refund.createdAt, timeZone)} #${refund.orderNumber} ${REFUND_METHOD[refund.method]}${refund.state === 'requested' ? ' (requested)' : ''}: ${refund.reason}`}
                  value={`-${euro(refund.amount)}`}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <Heading>By payment method</Heading>
      {report.byPaymentMethod.map((group) => (
        <Line
          key={group.key}
          label={`${group.label} (${group.orders})`}
          value={euro(group.total)}
        />
      ))}

      <Heading>By source</Heading>
      {report.bySource.map((group) => (
        <Line
          key={group.key}
          label={`${group.label} (${group.orders})`}
          value={euro(group.total)}
        />
      ))}

      {/* Sales per VAT rate (decision 022); prices include VAT, so gross adds up to the sales. */}
      <Heading>VAT</Heading>
      {report.vat.length === 0 ? <p>None</p> : <VatTable rows={report.vat} />}

      <Heading>Items sold</Heading>
      {report.items.length === 0 ? (
        <p>None</p>
      ) : (
        <ul aria-label="Items sold">
          {report.items.map((item) => (
            <li key={item.name}>
              <Line label={`${item.quantity} x ${item.name}`} value={euro(item.revenue)} />
            </li>
          ))}
        </ul>
      )}

      <Heading>Cash drawer</Heading>
      <Line label="Float" value={euro(session.float)} />
      <Line
        label={`Cash received (${session.cashSalesCount})`}
        value={`+${euro(session.cashSales)}`}
      />
      <Line label="Change given" value={`-${euro(session.changeGiven)}`} />
      <Line label="Pay-ins" value={`+${euro(session.payIns)}`} />
      <Line label="Pay-outs" value={`-${euro(session.payOuts)}`} />
      <Line label="Expected cash" value={euro(session.expectedCash)} strong />
      {session.counted !== null && <Line label="Counted" value={euro(session.counted)} strong />}
      {session.difference !== null && (
        <Line label="Difference" value={signedEuro(session.difference)} strong />
      )}
      {session.note && <p className="mt-1">Note: {session.note}</p>}

      {session.movements.length > 0 && (
        <>
          <Heading>Pay-ins and pay-outs</Heading>
          {session.movements.map((movement) => (
            <Line
              key={movement.id}
              label={`${clockTime(movement.createdAt, timeZone)} ${movement.reason} (${movement.by})`}
              value={`${movement.kind === 'pay-in' ? '+' : '-'}${euro(movement.amount)}`}
            />
          ))}
        </>
      )}

      {report.takenBeforeOpening.length > 0 && (
        <>
          <Heading>Taken before the drawer opened</Heading>
          {report.takenBeforeOpening.map((sale) => (
            <Line
              key={sale.orderNumber}
              label={`${clockTime(sale.createdAt, timeZone)} #${sale.orderNumber} (for this drawer)`}
              value={euro(sale.total)}
            />
          ))}
        </>
      )}

      {report.voids.length > 0 && (
        <>
          <Heading>Voids (deleted, not counted)</Heading>
          {report.voids.map((order) => (
            <Line
              key={order.orderNumber}
              label={`Void #${order.orderNumber}${order.reason ? ` - ${order.reason}` : ''}${
                order.afterClose ? ' (after the count)' : ''
              }`}
              value={euro(order.total)}
            />
          ))}
        </>
      )}

      <p className="mt-3 border-t border-dashed border-black pt-2">
        Counted: paid orders of this drawer (its cash sales, and the other orders between opening
        and closing). Not counted:{' '}
        {report.testOrdersExcluded === 1
          ? '1 test order'
          : `${report.testOrdersExcluded} test orders`}{' '}
        (no money moved){report.voids.length > 0 ? ', voids' : ''}.
      </p>
      <p className="mt-1 text-center">Printed {dateTime(report.generatedAt, timeZone)}</p>
    </article>
  );
}
