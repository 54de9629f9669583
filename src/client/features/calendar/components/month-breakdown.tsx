import { euro } from '#client/lib/back-office/format.ts';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { NO_DATA } from '../calendar-format.ts';

interface Row {
  key: string;
  orders: number;
  revenue: string;
}

interface Props {
  title: string;
  /** The first column's header: Source, Payment method. */
  keyHeader: string;
  rows: Row[] | undefined;
  /** Rows in this order when given (the rest after, as they came). */
  order?: readonly string[];
  label: (key: string) => string;
  /** calendar-source-website, calendar-payment-cash, … */
  testIdPrefix: string;
  loading: boolean;
}

/**
 * Beyond the spec: the month by source or by payment method, as a small table whose bar shows
 * each row's share of the month's orders.
 */
export function MonthBreakdown({
  title,
  keyHeader,
  rows,
  order = [],
  label,
  testIdPrefix,
  loading,
}: Props) {
  const sorted = [...(rows ?? [])].sort((a, b) => rank(order, a.key) - rank(order, b.key));
  const total = sorted.reduce((sum, row) => sum + row.orders, 0);
  return (
    <section
      aria-labelledby={`${testIdPrefix}-heading`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
    >
      <h3 id={`${testIdPrefix}-heading`} className="font-bold">
        {title}
      </h3>
      {!loading && rows === undefined ? (
        <p className="mt-2 text-sm text-char-700">{NO_DATA}</p>
      ) : (
        <DataTable
          rows={sorted}
          rowKey={(row) => row.key}
          loading={loading}
          loadingState={
            <div className="mt-3 flex flex-col gap-2" aria-hidden>
              {[0, 1, 2].map((index) => (
                <span key={index} className="h-5 animate-pulse rounded bg-char-900/10" />
              ))}
            </div>
          }
          emptyState={<p className="mt-2 text-sm text-char-700">No orders this month</p>}
          rowProps={(row) => ({ 'data-testid': `${testIdPrefix}-${row.key}` })}
          className="mt-2"
          tableClassName="w-full text-sm"
          headClassName="text-xs text-char-700"
          headerCellClassName="py-1 font-semibold"
          cellClassName="py-1.5"
          columns={[
            {
              key: 'key',
              header: keyHeader,
              rowHeader: true,
              className: 'text-left',
              cellClassName: 'pr-2 font-semibold',
              cell: (row) => {
                const share = total > 0 ? Math.round((row.orders / total) * 100) : 0;
                return (
                  <>
                    {label(row.key)}
                    <span className="mt-1 flex items-center gap-2" aria-hidden>
                      <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-char-900/10">
                        <span
                          className="block h-full rounded-full bg-ember-600"
                          style={{ width: `${share}%` }}
                        />
                      </span>
                      <span className="w-9 text-right text-xs font-normal text-char-700 tabular-nums">
                        {share}%
                      </span>
                    </span>
                  </>
                );
              },
            },
            {
              key: 'Orders',
              className: 'text-right',
              cellClassName: 'align-top tabular-nums',
              cell: (row) => row.orders,
            },
            {
              key: 'Revenue',
              className: 'pl-3 text-right',
              cellClassName: 'align-top whitespace-nowrap tabular-nums',
              cell: (row) => euro(row.revenue),
            },
          ]}
        />
      )}
    </section>
  );
}

function rank(order: readonly string[], key: string): number {
  const index = order.indexOf(key);
  return index === -1 ? order.length : index;
}
