import type { RangeAnalytics } from '#shared/analytics/analytics.schema.ts';
import { formatCount } from '../analytics-format.ts';
import { PeriodNote } from './range-status.tsx';

const box =
  'max-h-[50dvh] overflow-auto overscroll-contain rounded-2xl bg-white shadow-sm ring-1 ring-char-900/10';
const head =
  'sticky top-0 bg-white text-xs tracking-wide text-char-700 uppercase shadow-[0_1px_0_rgb(28_25_23/0.1)]';

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
        <div className={box}>
          <table className="w-full text-sm" aria-labelledby="analytics-top-pages-heading">
            <thead className={head}>
              <tr>
                <th scope="col" className="w-12 px-3 py-2 text-left font-semibold">
                  Rank
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  Page
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Views
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-char-900/10">
              {range.topPages.map((page, index) => (
                <tr key={page.path} data-testid="top-page">
                  <td className="px-3 py-2 tabular-nums">{index + 1}</td>
                  <th scope="row" className="px-3 py-2 text-left font-normal break-all">
                    <span className="font-semibold">{page.label}</span>
                    {page.label !== page.path && (
                      <span className="block font-mono text-xs text-char-700">{page.path}</span>
                    )}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(page.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="analytics-referrers-heading" className="flex flex-col gap-2">
        <h3 id="analytics-referrers-heading" className="text-lg font-extrabold">
          Top referrers
        </h3>
        {range.topReferrers.length === 0 ? (
          <p className="text-sm text-char-700">
            No visits came from other sites in this period: visitors typed the address, scanned the
            QR code or used a bookmark.
          </p>
        ) : (
          <div className={box}>
            <table className="w-full text-sm" aria-labelledby="analytics-referrers-heading">
              <thead className={head}>
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    Site
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Views
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-char-900/10">
                {range.topReferrers.map((referrer) => (
                  <tr key={referrer.host}>
                    <th scope="row" className="px-3 py-2 text-left font-normal break-all">
                      {referrer.host === 'other' ? 'Other sites' : referrer.host}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatCount(referrer.views)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
