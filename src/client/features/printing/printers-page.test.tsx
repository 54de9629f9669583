/**
 * The back office's Printers page (decision 028): the printers with their state, Add printer
 * sends the contract's body, Test Print, and a held job's Print now.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../tests/setup/render.tsx';
import { PrintersPage } from './printers-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GRILL = {
  id: '6c1f1c0e-8d4e-4c55-9a3e-000000000001',
  name: 'Grill',
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
  held: 1,
};
const HELD = {
  id: '6c1f1c0e-8d4e-4c55-9a3e-0000000000aa',
  printerId: GRILL.id,
  printerName: 'Grill',
  kind: 'kitchen',
  orderId: '6c1f1c0e-8d4e-4c55-9a3e-0000000000bb',
  orderNumber: 1042,
  reprint: false,
  state: 'held',
  createdAt: '2026-11-27T16:05:00.000Z',
  error: 'Waited more than 30 minutes for the printer: Print now or Discard.',
};

describe('PrintersPage', () => {
  it('lists the printers, adds one, prints a test page and a held job', async () => {
    const seen = fakeApi({
      'GET /api/admin/printers': [GRILL],
      'GET /api/admin/print-jobs/held': [HELD],
      'POST /api/admin/printers': GRILL,
      [`POST /api/admin/printers/${GRILL.id}/test`]: { jobIds: [] },
      [`POST /api/admin/print-jobs/${HELD.id}/print-now`]: { jobIds: [HELD.id] },
    });
    const { user } = renderScreen(<PrintersPage />);
    const card = await screen.findByRole('article', { name: 'Grill' });
    expect(within(card).getByText('ready')).toBeTruthy();
    expect(card.textContent).toContain('192.168.1.50:9100');

    await user.click(within(card).getByRole('button', { name: 'Test Print' }));
    const waiting = screen.getByRole('region', { name: 'Waiting for you' });
    expect(waiting.textContent).toContain('#1042 ticket');
    await user.click(within(waiting).getByRole('button', { name: 'Print now' }));

    const form = screen.getByRole('form', { name: 'Add a printer' });
    await user.type(within(form).getByLabelText('Name'), 'Counter');
    await user.type(within(form).getByLabelText('IP address'), '192.168.1.51');
    await user.click(within(form).getByLabelText('Receipts (counter sales)'));
    await user.click(within(form).getByLabelText('Kitchen tickets'));
    await user.click(within(form).getByLabelText('Counter'));
    await user.click(within(form).getByRole('button', { name: 'Add printer' }));

    await vi.waitFor(() =>
      expect(seen.filter((request) => request.method === 'POST')).toEqual([
        expect.objectContaining({ path: `/api/admin/printers/${GRILL.id}/test` }),
        expect.objectContaining({ path: `/api/admin/print-jobs/${HELD.id}/print-now` }),
        expect.objectContaining({
          path: '/api/admin/printers',
          body: {
            name: 'Counter',
            kind: 'escpos-network',
            host: '192.168.1.51',
            port: 9100,
            model: 'epson-tm-t20iii',
            prints: ['receipt'],
            sources: ['pos'],
            holdAfterMinutes: 30,
            enabled: true,
          },
        }),
      ]),
    );
  });
});
