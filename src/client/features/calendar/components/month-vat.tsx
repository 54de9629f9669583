/**
 * The month's revenue per VAT rate (decision 022): net, VAT and gross as the server added them
 * up, each order rounded as its receipt was. What the accountant copies into the VAT return.
 */
import type { VatRowDto } from '#shared/vat/vat.ts';
import { VatTable } from '#client/components/vat-table.tsx';
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
        <VatTable rows={rows} label={title} dense className="mt-2 text-sm" />
      )}
    </section>
  );
}
