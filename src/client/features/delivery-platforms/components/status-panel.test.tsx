/**
 * The status panel's sync lines (decision 027): when a sold-out mark and the hours last reached
 * each platform and the last failure, red while nothing has reached it since, on the shop's clock.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformStatus } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { renderScreen } from '../../../../../tests/setup/render.tsx';
import { StatusPanel } from './status-panel.tsx';

const TALLINN = 'Europe/Tallinn';

type Sync = PlatformStatus['platforms'][number]['availabilitySync'];
const NOTHING_YET: Sync = { lastSyncAt: null, lastError: null };

const platform = (
  name: 'wolt' | 'bolt',
  availabilitySync: Sync,
  hoursSync: Sync = NOTHING_YET,
): PlatformStatus['platforms'][number] => ({
  platform: name,
  enabled: true,
  configured: true,
  lastEventAt: null,
  lastError: null,
  rejectedCalls: 0,
  availabilitySync,
  hoursSync,
  menuSync: NOTHING_YET,
  drift: { checkedAt: null, error: null, differences: [] },
});

const loaded = (data: PlatformStatus) =>
  ({ isPending: false, isError: false, data }) as UseQueryResult<PlatformStatus>;

describe('the sync lines of the status panel', () => {
  it('shows the last send, and a failure since in red; one already followed by a send in grey', () => {
    renderScreen(
      <StatusPanel
        status={loaded({
          platforms: [
            platform('wolt', {
              // 12:05 and 12:00 in Tallinn (UTC+2 in November).
              lastSyncAt: '2026-11-27T10:00:00.000Z',
              lastError: {
                at: '2026-11-27T10:05:00.000Z',
                message: 'Wolt PATCH /venues/venue-1/items: HTTP 503',
              },
            }),
            platform(
              'bolt',
              {
                lastSyncAt: '2026-11-27T10:10:00.000Z',
                lastError: {
                  at: '2026-11-27T10:05:00.000Z',
                  message: 'Bolt updateMenuItemAvailability: HTTP 503',
                },
              },
              { lastSyncAt: '2026-11-27T09:00:00.000Z', lastError: null },
            ),
          ],
        })}
        webhookInfo={undefined}
        timeZone={TALLINN}
      />,
    );
    const wolt = within(screen.getByRole('listitem', { name: 'Wolt' }));
    expect(wolt.getByText(/Sold-out marks last sent/).textContent).toBe(
      'Sold-out marks last sent: 27 Nov 2026, 12:00',
    );
    const woltFailure = wolt.getByText(/Sold-out marks not sent/);
    expect(woltFailure.textContent).toBe(
      'Sold-out marks not sent, 27 Nov 2026, 12:05: Wolt PATCH /venues/venue-1/items: HTTP 503',
    );
    expect(woltFailure.closest('p')?.dataset.unresolved).toBe('true');

    const bolt = within(screen.getByRole('listitem', { name: 'Bolt Food' }));
    expect(bolt.getByText(/Sold-out marks last sent/).textContent).toBe(
      'Sold-out marks last sent: 27 Nov 2026, 12:10',
    );
    const boltFailure = bolt.getByText(/last failed send/);
    expect(boltFailure.textContent).toBe(
      'Sold-out marks, last failed send, 27 Nov 2026, 12:05: Bolt updateMenuItemAvailability: HTTP 503',
    );
    expect(boltFailure.closest('p')?.dataset.unresolved).toBe('false');
    expect(bolt.getByText(/Opening hours last sent/).textContent).toBe(
      'Opening hours last sent: 27 Nov 2026, 11:00',
    );
  });

  it('says none yet before anything was sent, and shows no failure', () => {
    renderScreen(
      <StatusPanel
        status={loaded({ platforms: [platform('wolt', NOTHING_YET)] })}
        webhookInfo={undefined}
        timeZone={TALLINN}
      />,
    );
    const wolt = within(screen.getByRole('listitem', { name: 'Wolt' }));
    expect(wolt.getByText(/Sold-out marks last sent/).textContent).toBe(
      'Sold-out marks last sent: none yet',
    );
    expect(wolt.getByText(/Opening hours last sent/).textContent).toBe(
      'Opening hours last sent: none yet',
    );
    expect(wolt.queryByText(/not sent|failed send/)).toBeNull();
  });
});
