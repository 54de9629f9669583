import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

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
 * A table on a laptop or tablet, cards on a phone (under 640 px), like the staff list: only
 * one of them is displayed, so only one is in the accessibility tree.
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
    <>
      <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-char-900/10 sm:block">
        <table className="w-full text-left text-sm" aria-label={label}>
          <thead className="bg-stone-50 text-xs tracking-wide text-char-700 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cn('px-3 py-2.5 font-semibold', column.className)}
                >
                  {column.header}
                </th>
              ))}
              <th scope="col" className="px-3 py-2.5 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-char-900/10">
            {rows.map((row, index) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)} {...rowProps?.(row, index)}>
                {columns.map((column) => (
                  <td key={column.header} className={cn('px-3 py-2', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <div className="flex items-center justify-end gap-1">{actions(row, 'table')}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 sm:hidden" aria-label={label}>
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className={cn(
              'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10',
              rowClassName?.(row),
            )}
          >
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
            <div className="mt-3 flex flex-wrap gap-2">{actions(row, 'card')}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
