import { euro } from '#client/lib/back-office/format.ts';
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
      {loading ? (
        <div className="mt-3 flex flex-col gap-2" aria-hidden>
          {[0, 1, 2].map((index) => (
            <span key={index} className="h-5 animate-pulse rounded bg-char-900/10" />
          ))}
        </div>
      ) : rows === undefined ? (
        <p className="mt-2 text-sm text-char-700">{NO_DATA}</p>
      ) : sorted.length === 0 ? (
        <p className="mt-2 text-sm text-char-700">No orders this month</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead className="text-xs text-char-700">
            <tr>
              <th scope="col" className="py-1 text-left font-semibold">
                {keyHeader}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Orders
              </th>
              <th scope="col" className="py-1 pl-3 text-right font-semibold">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-char-900/10">
            {sorted.map((row) => {
              const share = total > 0 ? Math.round((row.orders / total) * 100) : 0;
              return (
                <tr key={row.key} data-testid={`${testIdPrefix}-${row.key}`}>
                  <th scope="row" className="py-1.5 pr-2 text-left font-semibold">
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
                  </th>
                  <td className="py-1.5 text-right align-top tabular-nums">{row.orders}</td>
                  <td className="py-1.5 pl-3 text-right align-top whitespace-nowrap tabular-nums">
                    {euro(row.revenue)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function rank(order: readonly string[], key: string): number {
  const index = order.indexOf(key);
  return index === -1 ? order.length : index;
}
