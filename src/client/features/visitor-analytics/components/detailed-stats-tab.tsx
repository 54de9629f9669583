import type { RangeAnalytics } from '#shared/analytics/analytics.schema.ts';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { formatCount, formatDay, hasAnyViews } from '../analytics-format.ts';
import { PeriodNote } from './range-status.tsx';

const th = 'px-3 py-2 text-right font-semibold first:text-left';
const td = 'px-3 py-2 text-right tabular-nums first:text-left';

/**
 * Spec: the daily breakdown, newest day first (also the chart's text form). Empty: 'No data
 * available for the selected period'.
 */
export function DetailedStatsTab({ range }: { range: RangeAnalytics }) {
  if (!hasAnyViews(range.dailyStats)) {
    return (
      <>
        <PeriodNote range={range} />
        <p className="rounded-2xl bg-white p-8 text-center text-char-700 ring-1 ring-char-900/10">
          No data available for the selected period
        </p>
      </>
    );
  }
  const days = [...range.dailyStats].reverse();
  return (
    <>
      <PeriodNote range={range} />
      <DataTable
        label="Daily breakdown"
        rows={days}
        rowKey={(day) => day.date}
        className="max-h-[60dvh] overflow-auto overscroll-contain rounded-2xl bg-white shadow-sm ring-1 ring-char-900/10"
        tableClassName="w-full min-w-[32rem] text-sm"
        headClassName="sticky top-0 bg-white text-xs tracking-wide text-char-700 uppercase shadow-[0_1px_0_rgb(28_25_23/0.1)]"
        headerCellClassName={th}
        cellClassName={td}
        columns={[
          {
            key: 'Date',
            rowHeader: true,
            cellClassName: 'font-semibold whitespace-nowrap',
            cell: (day) => formatDay(day.date),
          },
          { key: 'Visitors', cell: (day) => formatCount(day.visitors) },
          { key: 'New', cell: (day) => formatCount(day.newVisitors) },
          { key: 'Returning', cell: (day) => formatCount(day.returningVisitors) },
          { key: 'Page views', cell: (day) => formatCount(day.pageViews) },
        ]}
        footer={
          <tfoot className="border-t-2 border-char-900/15 font-bold">
            <tr>
              <th scope="row" className={td}>
                Total
              </th>
              <td className={td}>{formatCount(range.uniqueVisitors)}</td>
              <td className={td}>{formatCount(range.newVisitors)}</td>
              <td className={td}>{formatCount(range.returningVisitors)}</td>
              <td className={td}>{formatCount(range.totalPageViews)}</td>
            </tr>
          </tfoot>
        }
      />
    </>
  );
}
