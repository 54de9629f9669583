import { describe, expect, it } from 'vitest';
import type { RangeAnalytics } from '#shared/analytics/analytics.schema.ts';
import {
  chartSummary,
  daysInRange,
  formatAverage,
  formatDay,
  funnelSteps,
  hasAnyViews,
  rangeError,
} from './analytics-format.ts';

describe('funnelSteps', () => {
  it('gives each step as a whole percent of those who saw the menu', () => {
    expect(funnelSteps({ menu: 200, cart: 50, checkout: 30, paid: 9 })).toEqual([
      { key: 'menu', label: 'Saw the menu', count: 200, percent: 100 },
      { key: 'cart', label: 'Opened the cart', count: 50, percent: 25 },
      { key: 'checkout', label: 'Reached checkout', count: 30, percent: 15 },
      { key: 'paid', label: 'Paid', count: 9, percent: 5 },
    ]);
  });

  it('rounds to the nearest percent', () => {
    const steps = funnelSteps({ menu: 3, cart: 2, checkout: 1, paid: 0 });
    expect(steps.map((step) => step.percent)).toEqual([100, 67, 33, 0]);
  });

  it('says 0% everywhere when nobody saw the menu, never NaN or Infinity', () => {
    const steps = funnelSteps({ menu: 0, cart: 0, checkout: 0, paid: 2 });
    expect(steps.map((step) => step.percent)).toEqual([0, 0, 0, 0]);
    expect(steps[3]!.count).toBe(2);
  });
});

describe('formatAverage (spec §9: 1 decimal)', () => {
  it('always shows exactly one decimal', () => {
    expect(formatAverage(2)).toBe('2.0');
    expect(formatAverage(3.5)).toBe('3.5');
    expect(formatAverage(2.25)).toBe('2.3');
    expect(formatAverage(2.24)).toBe('2.2');
    expect(formatAverage(0)).toBe('0.0');
    expect(formatAverage(1234.56)).toBe('1,234.6');
  });

  it('shows 0.0 for a value that is not a number', () => {
    expect(formatAverage(Number.NaN)).toBe('0.0');
    expect(formatAverage(Number.POSITIVE_INFINITY)).toBe('0.0');
  });
});

describe('rangeError', () => {
  it('accepts a range of one day up to 366 days', () => {
    expect(rangeError('2026-05-31', '2026-05-31')).toBeNull();
    expect(rangeError('2026-01-01', '2026-12-31')).toBeNull();
    expect(rangeError('2024-01-01', '2024-12-31')).toBeNull(); // 366 days, a leap year
  });

  it('refuses a missing date, a reversed range and one too long', () => {
    expect(rangeError('', '2026-05-31')).toBe('Choose a From date');
    expect(rangeError('2026-05-31', '')).toBe('Choose a To date');
    expect(rangeError('2026-06-01', '2026-05-31')).toBe('From must be on or before To');
    expect(rangeError('2025-01-01', '2026-01-02')).toBe('Choose at most 366 days');
  });

  it('counts both ends, across a daylight-saving change', () => {
    expect(daysInRange('2026-05-25', '2026-05-31')).toBe(7);
    expect(daysInRange('2026-03-28', '2026-03-30')).toBe(3);
  });
});

describe('day labels', () => {
  it('formats a calendar day as that day in every time zone', () => {
    expect(formatDay('2026-05-31')).toBe('Sun 31 May 2026');
    expect(formatDay('2026-01-01')).toBe('Thu 1 Jan 2026');
  });
});

const day = (date: string, visitors: number, pageViews: number) => ({
  date,
  visitors,
  newVisitors: visitors,
  returningVisitors: 0,
  pageViews,
});

const range = (dailyStats: RangeAnalytics['dailyStats']): RangeAnalytics => ({
  startDate: dailyStats[0]!.date,
  endDate: dailyStats.at(-1)!.date,
  uniqueVisitors: dailyStats.reduce((sum, d) => sum + d.visitors, 0),
  newVisitors: 0,
  returningVisitors: 0,
  totalPageViews: dailyStats.reduce((sum, d) => sum + d.pageViews, 0),
  averagePageViewsPerVisitor: 0,
  dailyStats,
  topPages: [],
  topReferrers: [],
  funnel: { menu: 0, cart: 0, checkout: 0, paid: 0 },
});

describe('hasAnyViews and chartSummary', () => {
  it('is empty only when every day has no views', () => {
    expect(hasAnyViews([day('2026-05-30', 0, 0), day('2026-05-31', 0, 0)])).toBe(false);
    expect(hasAnyViews([day('2026-05-30', 0, 0), day('2026-05-31', 1, 3)])).toBe(true);
  });

  it('summarises the period, its totals and its busiest day', () => {
    const summary = chartSummary(range([day('2026-05-30', 2, 5), day('2026-05-31', 4, 12)]));
    expect(summary).toBe(
      'Visitors and page views per day, Sat 30 May 2026 to Sun 31 May 2026: 6 visitors, ' +
        '17 page views; busiest day Sun 31 May 2026 with 4 visitors and 12 page views. ' +
        'Detailed Stats lists every day.',
    );
    expect(chartSummary(range([day('2026-05-31', 0, 0)]))).toBe(
      'Visitors and page views per day, Sun 31 May 2026 to Sun 31 May 2026: no views.',
    );
  });
});
