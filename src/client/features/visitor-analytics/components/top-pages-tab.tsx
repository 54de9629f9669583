import type { RangeAnalytics } from '#shared/analytics/analytics.schema.ts';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { formatCount } from '../analytics-format.ts';
import { PeriodNote } from './range-status.tsx';

/** Both ranked lists: a box that scrolls under a sticky header. */
const look = {
  className:
    'max-h-[50dvh] overflow-auto overscroll-contain rounded-2xl bg-white shadow-sm ring-1 ring-char-900/10',
  tableClassName: 'w-full text-sm',
  headClassName:
    'sticky top-0 bg-white text-xs tracking-wide text-char-700 uppercase shadow-[0_1px_0_rgb(28_25_23/0.1)]',
  headerCellClassName: 'px-3 py-2 font-semibold',
  cellClassName: 'px-3 py-2',
};

/**
 * Spec: ranked pages with their labels (/ Homepage, /checkout Checkout Page…), and where
 * visitors came from. Empty: 'No page view data available for the selected period'.
 */
export function TopPagesTab({ range }: { range: RangeAnalytics }) {
  if (range.topPages.length === 0) {
    return (
      <>
        <PeriodNote range={range} />
        <p className="rounded-2xl bg-white p-8 text-center text-char-700 ring-1 ring-char-900/10">
          No page view data available for the selected period
        </p>
      </>
    );
  }
  return (
    <>
      <PeriodNote range={range} />
      <section aria-labelledby="analytics-top-pages-heading" className="flex flex-col gap-2">
        <h3 id="analytics-top-pages-heading" className="text-lg font-extrabold">
          Top pages
        </h3>
        <DataTable
          labelledBy="analytics-top-pages-heading"
          rows={range.topPages}
          rowKey={(page) => page.path}
          rowProps={() => ({ 'data-testid': 'top-page' })}
          {...look}
          columns={[
            {
              key: 'Rank',
              headerClassName: 'w-12 text-left',
              cellClassName: 'tabular-nums',
              cell: (_page, index) => index + 1,
            },
            {
              key: 'Page',
              rowHeader: true,
              className: 'text-left',
              cellClassName: 'font-normal break-all',
              cell: (page) => (
                <>
                  <span className="font-semibold">{page.label}</span>
                  {page.label !== page.path && (
                    <span className="block font-mono text-xs text-char-700">{page.path}</span>
                  )}
                </>
              ),
            },
            {
              key: 'Views',
              className: 'text-right',
              cellClassName: 'tabular-nums',
              cell: (page) => formatCount(page.views),
            },
          ]}
        />
      </section>

      <section aria-labelledby="analytics-referrers-heading" className="flex flex-col gap-2">
        <h3 id="analytics-referrers-heading" className="text-lg font-extrabold">
          Top referrers
        </h3>
        <DataTable
          labelledBy="analytics-referrers-heading"
          rows={range.topReferrers}
          rowKey={(referrer) => referrer.host}
          emptyState={
            <p className="text-sm text-char-700">
              No visits came from other sites in this period: visitors typed the address, scanned
              the QR code or used a bookmark.
            </p>
          }
          {...look}
          columns={[
            {
              key: 'Site',
              rowHeader: true,
              className: 'text-left',
              cellClassName: 'font-normal break-all',
              cell: (referrer) => (referrer.host === 'other' ? 'Other sites' : referrer.host),
            },
            {
              key: 'Views',
              className: 'text-right',
              cellClassName: 'tabular-nums',
              cell: (referrer) => formatCount(referrer.views),
            },
          ]}
        />
      </section>
    </>
  );
}
