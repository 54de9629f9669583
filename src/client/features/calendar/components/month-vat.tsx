/**
 * The month's revenue per VAT rate (decision 022): net, VAT and gross as the server added them
 * up, each order rounded as its receipt was. What the accountant copies into the VAT return.
 */
import type { VatRowDto } from '#shared/vat/vat.ts';
import { formatVatRate } from '#shared/vat/vat.ts';
import { euro } from '../../admin-dashboard/lib/format.ts';
import { NO_DATA } from '../calendar-format.ts';

export function MonthVat({
  title,
  rows,
  loading,
}: {
  title: string;
  rows: VatRowDto[] | undefined;
  loading: boolean;
}) {
  return (
    <section
      aria-labelledby="calendar-vat-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
    >
      <h3 id="calendar-vat-heading" className="font-bold">
        {title}
      </h3>
      {loading ? (
        <span aria-hidden className="mt-3 block h-5 animate-pulse rounded bg-char-900/10" />
      ) : rows === undefined ? (
        <p className="mt-2 text-sm text-char-700">{NO_DATA}</p>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-char-700">No revenue this month</p>
      ) : (
        <table aria-label={title} className="mt-2 w-full text-sm tabular-nums">
          <thead className="text-xs text-char-700">
            <tr>
              <th scope="col" className="py-1 text-left font-semibold">
                Rate
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Net
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                VAT
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Gross
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.rate} data-testid={`calendar-vat-${row.rate}`}>
                <th scope="row" className="py-1 text-left font-normal">
                  {formatVatRate(row.rate)}
                </th>
                <td className="py-1 text-right">{euro(row.net)}</td>
                <td className="py-1 text-right">{euro(row.vat)}</td>
                <td className="py-1 text-right">{euro(row.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
