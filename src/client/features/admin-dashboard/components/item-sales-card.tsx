import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import type { ItemSale } from '#shared/admin-dashboard/dashboard.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { euro } from '#client/lib/back-office/format.ts';

/** Spec: Item Sales Analytics, the day's paid lines by item name, most sold first. */
export function ItemSalesCard({ query }: { query: UseQueryResult<ItemSale[]> }) {
  return (
    <section
      aria-labelledby="item-sales-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
    >
      <h2 id="item-sales-heading" className="font-display text-xl">
        Item Sales Analytics
      </h2>
      <div className="mt-3">
        {query.isPending ? (
          <p role="status" className="py-4 text-sm text-char-700">
            Loading item sales...
          </p>
        ) : query.isError ? (
          <div role="alert" className="py-2 text-sm">
            <p className="font-semibold">Failed to fetch item sales</p>
            <p className="text-char-700">{errorMessage(query.error)}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => void query.refetch()}
            >
              <RotateCw aria-hidden className="size-4" />
              Try again
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <p className="py-4 text-sm text-char-700">No item sales data for this date</p>
        ) : (
          // A scrolling list is reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
          <div
            role="region"
            aria-labelledby="item-sales-heading"
            tabIndex={0}
            className="max-h-80 overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-char-950"
          >
            <table className="w-full text-left text-sm" aria-labelledby="item-sales-heading">
              <thead className="sticky top-0 bg-white text-xs tracking-wide text-char-700 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-2 font-semibold">
                    Item
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-semibold">
                    Qty
                  </th>
                  <th scope="col" className="py-2 pl-2 text-right font-semibold">
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-char-900/10">
                {query.data.map((sale) => (
                  <tr key={sale.itemName}>
                    <td className="py-2 pr-2 break-words">{sale.itemName}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{sale.quantity}</td>
                    <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">
                      {euro(sale.revenue)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
