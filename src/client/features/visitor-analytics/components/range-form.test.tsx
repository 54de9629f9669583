/**
 * The Custom Date Range form (spec back-office "Visitor Analytics panel" §9): the dates show the
 * period on screen until changed; a pair that cannot be asked for says why below both dates and
 * asks nothing; a good pair asks for that period.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RangeAnalytics } from '#shared/analytics/analytics.schema.ts';
import { fakeApi } from '../../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../../tests/setup/render.tsx';
import { VisitorAnalyticsPanel } from './visitor-analytics-panel.tsx';

const range = (startDate: string, endDate: string): RangeAnalytics => ({
  startDate,
  endDate,
  uniqueVisitors: 3,
  newVisitors: 2,
  returningVisitors: 1,
  totalPageViews: 9,
  averagePageViewsPerVisitor: 3,
  dailyStats: [],
  topPages: [],
  topReferrers: [],
  funnel: { menu: 3, cart: 2, checkout: 1, paid: 1 },
});

describe('Custom Date Range form', () => {
  it('shows the period on screen, refuses a reversed pair, and asks for a good one', async () => {
    const requests = fakeApi({
      'GET /api/admin/analytics/daily': {
        date: '2026-11-26',
        uniqueVisitors: 1,
        newVisitors: 1,
        returningVisitors: 0,
        totalPageViews: 2,
      },
      'GET /api/admin/analytics/visitors': ({ search }: { search: string }) => {
        const params = new URLSearchParams(search);
        return range(
          params.get('startDate') ?? '2026-11-20',
          params.get('endDate') ?? '2026-11-26',
        );
      },
    });
    const { user } = renderScreen(<VisitorAnalyticsPanel />);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await waitFor(() => expect(from).toHaveProperty('value', '2026-11-20'));
    expect(to).toHaveProperty('value', '2026-11-26');

    const asked = () => requests.filter((r) => r.path === '/api/admin/analytics/visitors').length;
    const before = asked();
    fireEvent.change(from, { target: { value: '2026-11-27' } });
    await user.click(screen.getByRole('button', { name: 'Update Range' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'From must be on or before To',
    );
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(asked()).toBe(before);

    fireEvent.change(from, { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Update Range' }));
    await waitFor(() =>
      expect(requests.at(-1)?.search).toBe('?startDate=2026-11-01&endDate=2026-11-26'),
    );
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(from.getAttribute('aria-invalid')).toBe('false');
    expect(from).toHaveProperty('value', '2026-11-01');
    expect(to).toHaveProperty('value', '2026-11-26');
  });
});
