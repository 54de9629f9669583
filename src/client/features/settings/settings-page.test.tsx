/**
 * The Shop Settings form (DESIGN.md departure 20): the shared schema's messages at their fields
 * before anything is sent; a valid save sends every field once; a field the server refuses gets
 * the server's message at the field.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShopSettingsResponse } from '#shared/settings/settings.schema.ts';
import { fakeApi, Status } from '../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../tests/setup/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const LOADED: ShopSettingsResponse = {
  settings: {
    name: 'Smoke & Bun',
    tagline: 'Low & slow',
    phone: '+372 5555 0199',
    email: 'hello@smokeandbun.example',
    address: 'Telliskivi 60a, Tallinn',
    mapUrl: 'https://maps.example/truck',
    facebookUrl: '',
    instagramUrl: 'https://instagram.com/smokeandbun',
    tiktokUrl: '',
    timeZone: 'Europe/Tallinn',
    tableCount: '10',
    maxOrderTotal: '300',
    maxLineQuantity: '30',
    kitchenUnitsPerSlot: '12',
    preOrders: 'true',
    maxCounterOrderTotal: '2000',
    publicUrl: '',
  },
  publicUrlDefault: 'http://localhost:3000',
  publicUrl: 'http://localhost:3000',
};

async function renderPage(answers: Record<string, unknown> = {}) {
  const requests = fakeApi({ 'GET /api/admin/shop-settings': LOADED, ...answers });
  const view = renderScreen(<SettingsPage />);
  await screen.findByDisplayValue('Smoke & Bun');
  return { ...view, requests };
}

const puts = (requests: { method: string }[]) => requests.filter((r) => r.method === 'PUT');

describe('Shop Settings form', () => {
  it('shows each bad value’s message at its field and sends nothing', async () => {
    const { user, requests } = await renderPage();
    // [label, typed value, message]
    const cases: [string, string, string][] = [
      ['Shop name', ' ', 'The shop needs a name.'],
      ['E-mail', 'hello at shop', 'Please enter an e-mail address like hello@yourshop.com.'],
      ['Number of tables', '0', 'Please enter a whole number of tables from 1 to 200.'],
      [
        'Map link',
        'maps.example',
        'Please enter a web address starting with https:// (or http://).',
      ],
      [
        'Public address',
        'shop.example',
        'Please enter the address customers open, starting with https:// (or http://).',
      ],
      ['Largest online order (€)', '0', 'Please enter an amount from 1 to 100000 euro.'],
    ];
    for (const [label, value] of cases) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    for (const [label, , message] of cases) {
      await waitFor(() =>
        expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true'),
      );
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(puts(requests)).toEqual([]);
  });

  it('says where an empty public address points, and saves every field once', async () => {
    const { user, requests } = await renderPage({
      'PUT /api/admin/shop-settings': (request: { body: unknown }) => ({
        ...LOADED,
        settings: request.body,
      }),
    });
    expect(
      screen.getByText('Leave empty to use the server’s PUBLIC_URL: http://localhost:3000'),
    ).toBeTruthy();
    // localhost: the QR codes and e-mail links would not open on a customer's phone.
    expect(screen.getByText(/This address only works on this computer/)).toBeTruthy();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+372 5000 1234');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]).toMatchObject({
      path: '/api/admin/shop-settings',
      body: { ...LOADED.settings, phone: '+372 5000 1234' },
    });
    expect(await screen.findByText('All changes saved')).toBeTruthy();
  });

  it('gives no warning for an address on the internet', async () => {
    fakeApi({
      'GET /api/admin/shop-settings': {
        ...LOADED,
        settings: { ...LOADED.settings, publicUrl: 'https://order.smokeandbun.example' },
        publicUrl: 'https://order.smokeandbun.example',
      },
    });
    renderScreen(<SettingsPage />);
    expect(await screen.findByText('https://order.smokeandbun.example')).toBeTruthy();
    expect(screen.queryByText(/This address only works/)).toBeNull();
  });

  it('puts a message the server sends for a field at that field', async () => {
    const { user } = await renderPage({
      'PUT /api/admin/shop-settings': new Status(400, {
        error: 'timeZone: "Mars/Base" is not a time zone name (like Europe/Tallinn).',
        fields: { timeZone: '"Mars/Base" is not a time zone name (like Europe/Tallinn).' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Time zone').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(
      screen.getAllByText('"Mars/Base" is not a time zone name (like Europe/Tallinn).').length,
    ).toBeGreaterThan(0);
  });
});
