/**
 * Each receipt printer's state on the kitchen display and the dashboard (decision 028): ready,
 * printing, failing since HH:MM (the shop's zone) with the error as an alert; nothing without
 * printers. And Reprint on the kitchen card only when a printer prints kitchen tickets.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Printer } from '#shared/printing/printing.schema.ts';
import { fakeApi } from '../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../tests/setup/render.tsx';
import { PrinterStatus } from './printer-status.tsx';
import { KitchenReprintButton } from './reprint-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const printer = (overrides: Partial<Printer>): Printer => ({
  id: '6c1f1c0e-8d4e-4c55-9a3e-000000000001',
  name: 'Kitchen',
  kind: 'escpos-network',
  host: '192.168.1.50',
  port: 9100,
  model: 'epson-tm-t20iii',
  prints: ['kitchen'],
  sources: [],
  holdAfterMinutes: 30,
  enabled: true,
  cloudPrntPath: null,
  state: 'ready',
  failingSince: null,
  lastError: null,
  lastPrintedAt: null,
  queued: 0,
  held: 0,
  ...overrides,
});

describe('PrinterStatus', () => {
  it('shows each printer, and an alert naming the failing one with its error', async () => {
    fakeApi({
      'GET /api/admin/printers/status': [
        printer({ name: 'Grill' }),
        printer({
          id: '6c1f1c0e-8d4e-4c55-9a3e-000000000002',
          name: 'Counter',
          state: 'failing',
          // 16:05 UTC is 18:05 in Tallinn in November.
          failingSince: '2026-11-27T16:05:00.000Z',
          lastError: '192.168.1.51:9100 refused the connection (is the printer on?)',
          queued: 2,
        }),
        printer({
          id: '6c1f1c0e-8d4e-4c55-9a3e-000000000003',
          name: 'Bar',
          state: 'printing',
          queued: 1,
        }),
      ],
    });
    renderScreen(<PrinterStatus tone="dark" timeZone="Europe/Tallinn" />);
    expect(await screen.findByText('Grill: ready')).toBeTruthy();
    expect(screen.getByText('Counter: failing since 18:05')).toBeTruthy();
    expect(screen.getByText('Bar: printing (1 waiting)')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Printer Counter is failing since 18:05: 192.168.1.51:9100 refused the connection (is the printer on?). Its tickets wait and print when it is back; use Print ticket meanwhile.',
    );
  });

  it('shows nothing when the shop has no printers', async () => {
    const seen = fakeApi({ 'GET /api/admin/printers/status': [] });
    const { container } = renderScreen(<PrinterStatus tone="light" />);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(container.innerHTML).toBe('');
  });
});

describe('KitchenReprintButton', () => {
  it('queues a reprint of the ticket when a printer prints kitchen tickets', async () => {
    const seen = fakeApi({
      'GET /api/admin/printers/status': [printer({})],
      'POST /api/admin/orders/9f0e7a3c-1111-4c55-9a3e-000000000009/print': { jobIds: ['x'] },
    });
    const { user } = renderScreen(
      <KitchenReprintButton orderId="9f0e7a3c-1111-4c55-9a3e-000000000009" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Reprint ticket' }));
    await vi.waitFor(() =>
      expect(seen.filter((request) => request.method === 'POST')).toEqual([
        expect.objectContaining({
          path: '/api/admin/orders/9f0e7a3c-1111-4c55-9a3e-000000000009/print',
          body: { kind: 'kitchen' },
        }),
      ]),
    );
  });

  it('is not there without a kitchen printer', async () => {
    const seen = fakeApi({
      'GET /api/admin/printers/status': [printer({ prints: ['receipt'] })],
    });
    renderScreen(<KitchenReprintButton orderId="9f0e7a3c-1111-4c55-9a3e-000000000009" />);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Reprint ticket' })).toBeNull();
  });
});
