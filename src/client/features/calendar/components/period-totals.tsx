import type { ReactNode } from 'react';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { PeriodTotals as Totals } from '#shared/calendar/calendar.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { TestOrdersNote } from '#client/components/back-office/test-orders-note.tsx';
import { euro } from '#client/lib/back-office/format.ts';
import {
  amountValue,
  formatPercent,
  NO_DATA,
  ordersCount,
  percentChange,
} from '../calendar-format.ts';

interface Props {
  /** "November 2026" or "2026". */
  title: string;
  caption: string;
  totals: Totals | undefined;
  loading: boolean;
  /** The test ids' prefix: calendar-month-orders, calendar-year-revenue, … */
  testIdPrefix: string;
  /** The same period a year earlier, with its label ("Nov 2025"), for the month. */
  lastYear?: { label: string; totals: Totals | undefined };
}

/**
 * Spec §3 "Monthly and yearly stats": totalOrders, paidOrders, totalRevenue (2 decimals).
 * A value that did not arrive reads 'No data available' (spec §8).
 */
export function PeriodTotals({ title, caption, totals, loading, testIdPrefix, lastYear }: Props) {
  const show = (value: ReactNode | undefined) =>
    loading ? (
      <span className="inline-block h-7 w-16 animate-pulse rounded bg-char-900/10" />
    ) : value === undefined ? (
      <span className="font-sans text-sm font-normal text-char-700">{NO_DATA}</span>
    ) : (
      value
    );
  const revenue =
    totals && amountValue(totals.totalRevenue) !== null ? euro(totals.totalRevenue) : undefined;
  return (
    <section
      aria-label={`Totals for ${title}`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
    >
      <h3 className="font-bold">{title}</h3>
      <p className="text-xs text-char-700">{caption}</p>
      <TestOrdersNote count={totals?.testOrdersNotCounted ?? 0} />
      <dl className="mt-3 grid grid-cols-2 gap-3 xl:grid-cols-3">
        <Figure label="Orders" testId={`${testIdPrefix}-orders`}>
          {show(totals?.totalOrders)}
        </Figure>
        <Figure label="Paid orders" testId={`${testIdPrefix}-paid`}>
          {show(totals?.paidOrders)}
        </Figure>
        <Figure label="Revenue" testId={`${testIdPrefix}-revenue`} wide>
          {show(revenue)}
        </Figure>
      </dl>
      {lastYear && !loading && (
        <LastYear label={lastYear.label} current={totals} previous={lastYear.totals} />
      )}
    </section>
  );
}

function Figure({
  label,
  testId,
  wide,
  children,
}: {
  label: string;
  testId: string;
  /** Revenue takes a row of its own until the card is wide enough for three figures. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2 xl:col-span-1')}>
      <dt className="text-xs font-semibold text-char-700">{label}</dt>
      <dd
        className="mt-0.5 font-display text-xl whitespace-nowrap tabular-nums sm:text-2xl"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** Beyond the spec: the same month last year, and the change when both sides have some. */
function LastYear({
  label,
  current,
  previous,
}: {
  label: string;
  current: Totals | undefined;
  previous: Totals | undefined;
}) {
  if (!previous) {
    return (
      <p className="mt-3 border-t border-char-900/10 pt-3 text-sm text-char-700">
        {label}: {NO_DATA}
      </p>
    );
  }
  const orders = percentChange(current?.totalOrders ?? null, previous.totalOrders);
  const revenue = percentChange(
    amountValue(current?.totalRevenue),
    amountValue(previous.totalRevenue),
  );
  return (
    <div className="mt-3 border-t border-char-900/10 pt-3 text-sm" data-testid="calendar-last-year">
      <p>
        <span className="text-char-700">{label}:</span> {ordersCount(previous.totalOrders)},{' '}
        {euro(previous.totalRevenue)}
      </p>
      {(orders !== null || revenue !== null) && (
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {orders !== null && <Change change={orders} what="orders" />}
          {revenue !== null && <Change change={revenue} what="revenue" />}
        </p>
      )}
    </div>
  );
}

function Change({ change, what }: { change: number; what: string }) {
  const Icon = change >= 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 font-semibold',
        change > 0 ? 'text-emerald-800' : change < 0 ? 'text-red-800' : 'text-char-700',
      )}
    >
      <Icon aria-hidden className="size-4" />
      {formatPercent(change)} {what}
    </span>
  );
}
