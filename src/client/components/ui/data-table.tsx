/**
 * The back office's one list component (STYLE.md "Looks": tables that fit a laptop): a table of
 * columns and rows, with its empty and loading states, an optional actions column, and on a
 * phone either cards (`card`) or the table scrolling sideways. When cards are given, only one of
 * the two is displayed, so only one is in the accessibility tree; both carry the same name.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/** A test id or other data attribute on a row or a card. */
type DataAttributes = Partial<Record<`data-${string}`, string>>;
type ElementProps<E> = HTMLAttributes<E> | (HTMLAttributes<E> & DataAttributes);

export interface DataColumn<T> {
  /** Unique among the columns; the header's text when `header` is not given. */
  key: string;
  header?: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Classes of the column's header and body cells (width, alignment). */
  className?: string;
  headerClassName?: string;
  cellClassName?: string | ((row: T) => string | undefined);
  /** A header cell that names its row (`<th scope="row">`) instead of a `<td>`. */
  rowHeader?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table (and the card list) for screen readers and tests. */
  label?: string;
  /** The id of the heading that names the table, instead of `label`. */
  labelledBy?: string;
  /** Attributes of the box around the table (a scrolling region's role and tab stop). */
  boxProps?: HTMLAttributes<HTMLDivElement>;
  /** A visible caption instead of `label`. */
  caption?: ReactNode;
  columns: DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table while the rows load. */
  loading?: boolean;
  loadingState?: ReactNode;
  /** Shown instead of the table when there are no rows. */
  emptyState?: ReactNode;
  /** The actions of a row: a last column on the table, a button row on a card. */
  rowActions?: (row: T, layout: 'table' | 'card') => ReactNode;
  actionsHeader?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** Extra props of a row (drag and drop, a click). */
  rowProps?: (row: T, index: number) => ElementProps<HTMLTableRowElement>;
  /** A row's card on a phone; without it the table scrolls sideways there. */
  card?: (row: T, index: number) => ReactNode;
  /** Below which width the cards replace the table. */
  cardsBelow?: 'sm' | 'md';
  cardClassName?: (row: T) => string | undefined;
  /** The look of every card. */
  cardBoxClassName?: string;
  /** Extra props of a card (a test id). */
  cardProps?: (row: T) => ElementProps<HTMLLIElement>;
  /** The whole table's classes (e.g. its text size). */
  tableClassName?: string;
  /** The box around the table. */
  className?: string;
  /** Classes of the header row. */
  headClassName?: string;
  /** Classes of every header cell and body cell, before the column's. */
  headerCellClassName?: string;
  cellClassName?: string;
  bodyClassName?: string;
  /** Rows after the body (totals). */
  footer?: ReactNode;
}

const tableBox = 'overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-char-900/10';

export function DataTable<T>({
  label,
  labelledBy,
  boxProps,
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingState = <p className="text-sm text-char-700">Loading…</p>,
  emptyState,
  rowActions,
  actionsHeader = 'Actions',
  rowClassName,
  rowProps,
  card,
  cardsBelow = 'sm',
  cardClassName,
  cardBoxClassName = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10',
  cardProps,
  tableClassName = 'w-full text-left text-sm',
  className = tableBox,
  headClassName = 'bg-stone-50 text-xs tracking-wide text-char-700 uppercase',
  headerCellClassName = 'px-3 py-2.5 font-semibold',
  cellClassName = 'px-3 py-2',
  bodyClassName = 'divide-y divide-char-900/10',
  footer,
}: DataTableProps<T>) {
  if (loading) return <>{loadingState}</>;
  if (rows.length === 0 && emptyState !== undefined) return <>{emptyState}</>;

  const table = (
    <div
      {...boxProps}
      className={cn(
        className,
        card && (cardsBelow === 'md' ? 'hidden md:block' : 'hidden sm:block'),
      )}
    >
      <table
        className={tableClassName}
        aria-label={caption || labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={headClassName}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(headerCellClassName, column.className, column.headerClassName)}
              >
                {column.header ?? column.key}
              </th>
            ))}
            {rowActions && (
              <th scope="col" className={cn(headerCellClassName, 'text-right')}>
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody className={bodyClassName}>
          {rows.map((row, index) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)} {...rowProps?.(row, index)}>
              {columns.map((column) => {
                const Cell = column.rowHeader ? 'th' : 'td';
                const own =
                  typeof column.cellClassName === 'function'
                    ? column.cellClassName(row)
                    : column.cellClassName;
                return (
                  <Cell
                    key={column.key}
                    scope={column.rowHeader ? 'row' : undefined}
                    className={cn(cellClassName, column.className, own)}
                  >
                    {column.cell(row, index)}
                  </Cell>
                );
              })}
              {rowActions && (
                <td className={cellClassName}>
                  <div className="flex items-center justify-end gap-1">
                    {rowActions(row, 'table')}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
        {footer}
      </table>
    </div>
  );
  if (!card) return table;

  return (
    <>
      {table}
      <ul
        className={cn('flex flex-col gap-3', cardsBelow === 'md' ? 'md:hidden' : 'sm:hidden')}
        aria-label={label}
      >
        {rows.map((row, index) => (
          <li
            key={rowKey(row)}
            className={cn(cardBoxClassName, cardClassName?.(row))}
            {...cardProps?.(row)}
          >
            {card(row, index)}
            <CardActions actions={rowActions?.(row, 'card')} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** A card's actions, below it; nothing when the row has none. */
function CardActions({ actions }: { actions: ReactNode }) {
  if (actions === null || actions === undefined || actions === false) return null;
  return <div className="mt-3 flex flex-wrap gap-2">{actions}</div>;
}
