import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import type { ItemSale } from '#shared/admin-dashboard/dashboard.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
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
        {query.isError ? (
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
        ) : (
          <DataTable
            labelledBy="item-sales-heading"
            rows={query.data ?? []}
            rowKey={(sale) => sale.itemName}
            loading={query.isPending}
            loadingState={
              <p role="status" className="py-4 text-sm text-char-700">
                Loading item sales...
              </p>
            }
            emptyState={
              <p className="py-4 text-sm text-char-700">No item sales data for this date</p>
            }
            // A scrolling list is reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
            boxProps={{ role: 'region', 'aria-labelledby': 'item-sales-heading', tabIndex: 0 }}
            className="max-h-80 overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-char-950"
            headClassName="sticky top-0 bg-white text-xs tracking-wide text-char-700 uppercase"
            headerCellClassName="py-2 font-semibold"
            cellClassName="py-2"
            columns={[
              {
                key: 'Item',
                header: 'Item',
                className: 'pr-2',
                cellClassName: 'break-words',
                cell: (sale) => sale.itemName,
              },
              {
                key: 'Qty',
                className: 'px-2 text-right',
                cellClassName: 'tabular-nums',
                cell: (sale) => sale.quantity,
              },
              {
                key: 'Revenue',
                className: 'pl-2 text-right',
                cellClassName: 'whitespace-nowrap tabular-nums',
                cell: (sale) => euro(sale.revenue),
              },
            ]}
          />
        )}
      </div>
    </section>
  );
}
