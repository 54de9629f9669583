/**
 * Push menu and the drift lines (decision 027, amended): the preview says what changes and, for
 * Wolt, that its menu is replaced; Push menu posts once; a difference shows with Fix, which
 * posts the fix; the dashboard's notice names what differs and links to the page.
 */
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  MenuPreview,
  PlatformDrift,
  PlatformStatus,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { fakeApi, Status } from '../../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../../tests/setup/render.tsx';
import { MenuPushPanel } from './menu-push-panel.tsx';
import { PlatformDriftNotice } from './platform-drift-notice.tsx';
import { DriftLines } from './status-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const PREVIEW: MenuPreview = {
  platform: 'wolt',
  replacesWholeMenu: true,
  priceAdjustment: '+15 %',
  lastPushedAt: null,
  categories: 1,
  items: 2,
  changes: [
    { change: 'added', kind: 'category', id: 'burgers', name: 'Burgers', detail: '' },
    {
      change: 'added',
      kind: 'item',
      id: 'classic-smash-burger',
      name: 'Classic Smash Burger',
      detail: '€12.54',
    },
  ],
};

describe('Push menu', () => {
  it('previews what changes, warns that Wolt replaces its menu, and pushes once', async () => {
    const seen = fakeApi({
      'GET /api/admin/delivery-platforms/wolt/menu-preview': PREVIEW,
      'POST /api/admin/delivery-platforms/wolt/menu-push': new Status(202, {
        message: 'The menu is on its way to Wolt.',
      }),
    });
    const { user } = renderScreen(
      <MenuPushPanel
        settings={[
          {
            key: 'wolt_menu_price_adjustment',
            value: '15%',
            description: '',
            isSecret: false,
            isSet: true,
          },
        ]}
        timeZone="Europe/Tallinn"
      />,
    );
    const wolt = within(screen.getByLabelText('Wolt menu'));
    expect((wolt.getByLabelText('Price adjustment') as HTMLInputElement).value).toBe('15%');
    await user.click(wolt.getByRole('button', { name: 'Preview menu for Wolt' }));
    const preview = within(await wolt.findByLabelText('What changes on Wolt'));
    preview.getByText(/replaces its whole menu/);
    preview.getByText(/1 categories, 2 items; prices \+15 %/);
    expect(preview.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'New category Burgers',
      'New Classic Smash Burger: €12.54',
    ]);
    await user.click(preview.getByRole('button', { name: 'Push menu to Wolt' }));
    await vi.waitFor(() =>
      expect(seen.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
        '/api/admin/delivery-platforms/wolt/menu-push',
      ]),
    );
  });
});

const DRIFT: PlatformDrift = {
  checkedAt: '2026-11-27T10:00:00.000Z',
  error: null,
  differences: [
    {
      kind: 'item',
      id: 'classic-smash-burger',
      name: 'Classic Smash Burger',
      ours: 'sold out',
      theirs: 'on sale',
    },
    { kind: 'venue', id: 'venue', name: 'Venue', ours: 'online', theirs: 'offline' },
  ],
};

describe('the drift check', () => {
  it('lists the differences, and Fix sends ours', async () => {
    const seen = fakeApi({
      'POST /api/admin/delivery-platforms/wolt/drift/fix': new Status(202, {
        message: 'Sending ours again to Wolt (2 changes).',
      }),
    });
    const { user } = renderScreen(
      <DriftLines platform="wolt" drift={DRIFT} timeZone="Europe/Tallinn" />,
    );
    expect(screen.getByText(/Read back:/).textContent).toBe(
      'Read back: 27 Nov 2026, 12:00 (every 10 minutes while open)',
    );
    expect(
      within(screen.getByRole('list', { name: 'Differences on Wolt' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Classic Smash Burger: on sale on Wolt, sold out here',
      'Venue: offline on Wolt, online here',
    ]);
    await user.click(screen.getByRole('button', { name: 'Fix: send ours to Wolt' }));
    await vi.waitFor(() =>
      expect(seen.map((request) => `${request.method} ${request.path}`)).toContain(
        'POST /api/admin/delivery-platforms/wolt/drift/fix',
      ),
    );
  });

  it('the dashboard names what differs and links to the page; says nothing while they agree', async () => {
    const entry = (drift: PlatformDrift): PlatformStatus['platforms'][number] => ({
      platform: 'wolt',
      enabled: true,
      configured: true,
      lastEventAt: null,
      lastError: null,
      rejectedCalls: 0,
      availabilitySync: { lastSyncAt: null, lastError: null },
      hoursSync: { lastSyncAt: null, lastError: null },
      menuSync: { lastSyncAt: null, lastError: null },
      drift,
    });
    fakeApi({ 'GET /api/admin/delivery-platforms/status': { platforms: [entry(DRIFT)] } });
    const first = renderScreen(
      <MemoryRouter>
        <PlatformDriftNotice />
      </MemoryRouter>,
    );
    const notice = await screen.findByRole('region', { name: 'Delivery platforms differ' });
    expect(notice.textContent).toBe(
      'Wolt shows 2 things otherwise than we do: Classic Smash Burger on sale there, sold out here; Venue offline there, online here. Open Delivery Platforms to fix it',
    );
    expect(
      within(notice)
        .getByRole('link', { name: 'Open Delivery Platforms to fix it' })
        .getAttribute('href'),
    ).toBe('/delivery-platforms');
    first.unmount();

    fakeApi({
      'GET /api/admin/delivery-platforms/status': {
        platforms: [entry({ ...DRIFT, differences: [] })],
      },
    });
    const { client } = renderScreen(
      <MemoryRouter>
        <PlatformDriftNotice />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Delivery platforms differ' })).toBeNull();
  });
});
