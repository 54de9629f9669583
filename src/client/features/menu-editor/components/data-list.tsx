import type { HTMLAttributes, ReactNode } from 'react';
import { DataTable } from '#client/components/ui/data-table.tsx';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the table cell (width, alignment). */
  className?: string;
  /** Left out of the phone card, e.g. because the card's title already shows it. */
  hideOnCard?: boolean;
}

interface DataListProps<T> {
  /** Names the table and the card list for screen readers (and tests). */
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  /** The heading of a row's card on a phone. */
  cardTitle: (row: T) => ReactNode;
  /** A picture at the start of the card (the item's photo). */
  cardMedia?: (row: T) => ReactNode;
  actions: (row: T, layout: 'table' | 'card') => ReactNode;
  /** Extra props of a table row (drag and drop). */
  rowProps?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement>;
  rowClassName?: (row: T) => string | undefined;
}

/**
 * A table on a laptop or tablet, cards on a phone (under 640 px), like the staff list: the
 * back office's DataTable with the menu editor's card (a title, a picture, the columns).
 */
export function DataList<T>({
  label,
  rows,
  rowKey,
  columns,
  cardTitle,
  cardMedia,
  actions,
  rowProps,
  rowClassName,
}: DataListProps<T>) {
  return (
    <DataTable
      label={label}
      rows={rows}
      rowKey={rowKey}
      columns={columns.map((column) => ({ key: column.header, ...column }))}
      rowActions={actions}
      rowProps={rowProps}
      rowClassName={rowClassName}
      cardClassName={rowClassName}
      card={(row) => (
        <div className="flex items-start gap-3">
          {cardMedia?.(row)}
          <div className="min-w-0 flex-1">
            <div className="font-bold break-words">{cardTitle(row)}</div>
            <dl className="mt-1 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
              {columns
                .filter((column) => !column.hideOnCard)
                .map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-char-700">{column.header}</dt>
                    <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                  </div>
                ))}
            </dl>
          </div>
        </div>
      )}
    />
  );
}
