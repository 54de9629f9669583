/**
 * Net, VAT and gross per rate under a receipt's total (DESIGN.md departure 15, decision 022):
 * the server computes the figures; prices stay VAT-inclusive, so the gross adds up to the total.
 */
import { eurosToCents, formatEuroCents } from '#shared/money.ts';
import { formatVatRate, type VatRowDto } from '#shared/vat/vat.ts';
import { cn } from '../../lib/utils.ts';

export function VatTable({ rows, className }: { rows: VatRowDto[]; className?: string }) {
  if (rows.length === 0) return null;
  const money = (amount: string) => formatEuroCents(eurosToCents(amount));
  return (
    <table aria-label="VAT" className={cn('w-full text-right tabular-nums', className)}>
      <thead>
        <tr>
          <th scope="col" className="text-left font-bold">
            Rate
          </th>
          <th scope="col" className="font-bold">
            Net
          </th>
          <th scope="col" className="font-bold">
            VAT
          </th>
          <th scope="col" className="font-bold">
            Gross
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.rate}>
            <th scope="row" className="text-left font-normal">
              {formatVatRate(row.rate)}
            </th>
            <td>{money(row.net)}</td>
            <td>{money(row.vat)}</td>
            <td>{money(row.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
