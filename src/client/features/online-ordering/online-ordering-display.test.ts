import { describe, expect, it } from 'vitest';
import {
  busyChoiceLabel,
  busyLabel,
  orderingStateLabel,
  PAUSE_OPTIONS,
  pauseChoiceLabel,
  pausedToastDescription,
  quotedLabel,
} from './online-ordering-display.ts';
import { msUntilStateLifts } from '#client/lib/shop/use-refetch-when-lifted.ts';

const now = Date.parse('2026-05-05T15:00:00Z');

describe('online ordering display', () => {
  it('says whether online orders are taken', () => {
    expect(orderingStateLabel({ paused: false, resumesAt: null })).toBe(
      'Online orders: taking orders',
    );
    expect(orderingStateLabel({ paused: true, resumesAt: '18:40' })).toBe('Paused until 18:40');
    expect(orderingStateLabel({ paused: true, resumesAt: null })).toBe('Paused until resumed');
    // The kitchen watchdog's pause (decision 023).
    expect(
      orderingStateLabel({ paused: true, resumesAt: null, pauseReason: 'kitchen-offline' }),
    ).toBe('Paused: kitchen offline');
    expect(
      orderingStateLabel({ paused: false, resumesAt: null, pauseReason: 'kitchen-offline' }),
    ).toBe('Online orders: taking orders');
  });

  it('labels busy mode only while busy', () => {
    expect(busyLabel(0)).toBeNull();
    expect(busyLabel(10)).toBe('Busy +10 min');
    expect(busyLabel(20)).toBe('Busy +20 min');
  });

  it('says what customers are quoted', () => {
    expect(quotedLabel({ from: 15, to: 20 })).toBe('Customers are quoted 15-20 minutes');
    expect(quotedLabel({ from: 25, to: 30 })).toBe('Customers are quoted 25-30 minutes');
  });

  it('names the pause and busy choices', () => {
    expect(PAUSE_OPTIONS.map(pauseChoiceLabel)).toEqual([
      '15 min',
      '30 min',
      '60 min',
      'Until resumed',
    ]);
    expect(([0, 10, 20] as const).map(busyChoiceLabel)).toEqual([
      'Not busy',
      'Busy +10',
      'Busy +20',
    ]);
  });

  it('tells who paused when customers can order again', () => {
    expect(pausedToastDescription({ resumesAt: '18:40' })).toBe(
      'Customers can order online again at 18:40',
    );
    expect(pausedToastDescription({ resumesAt: null })).toBe(
      'Customers cannot order online until you resume',
    );
  });

  describe('when to refetch because the state lifts by itself', () => {
    it('never when nothing is timed', () => {
      expect(msUntilStateLifts({ pausedUntil: null, busyUntil: null }, now)).toBeNull();
    });

    it('a second after a timed pause ends', () => {
      expect(
        msUntilStateLifts({ pausedUntil: '2026-05-05T15:30:00.000Z', busyUntil: null }, now),
      ).toBe(1_801_000);
    });

    it('at whichever ends first, pause or busy mode', () => {
      expect(
        msUntilStateLifts(
          { pausedUntil: '2026-05-05T15:30:00.000Z', busyUntil: '2026-05-05T15:10:00+00:00' },
          now,
        ),
      ).toBe(601_000);
    });

    it('again in 5 s when the server still reports an end this clock has passed', () => {
      expect(
        msUntilStateLifts({ pausedUntil: '2026-05-05T14:59:58.000Z', busyUntil: null }, now),
      ).toBe(5_000);
    });

    it('at most a day ahead', () => {
      expect(
        msUntilStateLifts({ pausedUntil: null, busyUntil: '2026-06-05T15:00:00.000Z' }, now),
      ).toBe(86_400_000);
    });
  });
});
