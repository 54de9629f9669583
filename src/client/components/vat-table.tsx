/**
 * Net, VAT and gross per rate under a receipt's total (DESIGN.md departure 15, decision 022):
 * the server computes the figures; prices stay VAT-inclusive, so the gross adds up to the total.
 */
import { eurosToCents, formatEuroCents } from '#shared/money.ts';
import { formatVatRate, type VatRowDto } from '#shared/vat/vat.ts';
import { cn } from '#client/lib/utils.ts';

/**
 * `label`: the table's accessible name ("VAT" on receipts). `dense`: the back office's smaller
 * type (the calendar's month panel).
 */
export function VatTable({
  rows,
  className,
  label = 'VAT',
  dense = false,
}: {
  rows: VatRowDto[];
  className?: string;
  label?: string;
  dense?: boolean;
}) {
  if (rows.length === 0) return null;
  const money = (amount: string) => formatEuroCents(eurosToCents(amount));
  const heading = dense ? 'py-1 font-semibold' : 'font-bold';
  const cell = dense ? 'py-1' : undefined;
  return (
    <table aria-label={label} className={cn('w-full text-right tabular-nums', className)}>
      <thead className={dense ? 'text-xs text-char-700' : undefined}>
        <tr>
          <th scope="col" className={cn('text-left', heading)}>
            Rate
          </th>
          <th scope="col" className={heading}>
            Net
          </th>
          <th scope="col" className={heading}>
            VAT
          </th>
          <th scope="col" className={heading}>
            Gross
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.rate}>
            <th scope="row" className={cn('text-left font-normal', cell)}>
              {formatVatRate(row.rate)}
            </th>
            <td className={cell}>{money(row.net)}</td>
            <td className={cell}>{money(row.vat)}</td>
            <td className={cell}>{money(row.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
