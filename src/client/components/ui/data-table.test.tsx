/**
 * The back office's DataTable: a row per item under the columns' headers, the empty state when
 * there are none, the loading state instead of the table while they load.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';

interface Printer {
  id: string;
  name: string;
  host: string;
}

const columns: DataColumn<Printer>[] = [
  { key: 'Name', cell: (printer) => printer.name, rowHeader: true },
  { key: 'Address', cell: (printer) => printer.host },
];

const PRINTERS: Printer[] = [
  { id: 'p1', name: 'Kitchen', host: '10.0.0.5' },
  { id: 'p2', name: 'Counter', host: '10.0.0.6' },
];

function renderTable(props: { rows: Printer[]; loading?: boolean }) {
  return render(
    <DataTable
      label="Printers"
      columns={columns}
      rowKey={(printer) => printer.id}
      emptyState={<p>No printers yet.</p>}
      loadingState={<p>Loading printers…</p>}
      rowActions={(printer) => <button type="button">Edit {printer.name}</button>}
      {...props}
    />,
  );
}

describe('DataTable', () => {
  it('shows a row per item under the column headers, with its action', () => {
    renderTable({ rows: PRINTERS });
    const table = screen.getByRole('table', { name: 'Printers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Address', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Kitchen',
      'Counter',
    ]);
    expect(within(rows[1]!).getByRole('cell', { name: '10.0.0.6' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Kitchen' })).toBeTruthy();
    expect(screen.queryByText('No printers yet.')).toBeNull();
  });

  it('shows the empty state instead of an empty table', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('No printers yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the loading state while the rows load', () => {
    renderTable({ rows: PRINTERS, loading: true });
    expect(screen.getByText('Loading printers…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('gives each row a card too when asked, named like the table', () => {
    render(
      <DataTable
        label="Printers"
        columns={columns}
        rows={PRINTERS}
        rowKey={(printer) => printer.id}
        card={(printer) => <p>{printer.name} card</p>}
      />,
    );
    const list = screen.getByRole('list', { name: 'Printers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Kitchen card', 'Counter card']);
  });
});
