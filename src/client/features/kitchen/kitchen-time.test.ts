import { describe, expect, it } from 'vitest';
import { formatAge, formatClock, formatTimer, isOrderOverdue } from './kitchen-time.ts';

const now = new Date('2026-05-05T12:00:00Z');

describe('kitchen time', () => {
  it.each([
    ['2026-05-05T11:59:30Z', 'just now'],
    ['2026-05-05T11:59:00Z', '1 min ago'],
    ['2026-05-05T11:12:00Z', '48 min ago'],
    ['2026-05-05T11:00:00Z', '1 h ago'],
    ['2026-05-05T10:55:00Z', '1 h 5 min ago'],
  ])('an order placed at %s is "%s"', (since, expected) => {
    expect(formatAge(since, now)).toBe(expected);
  });

  it.each([
    ['2026-05-05T12:00:00Z', '00:00'],
    ['2026-05-05T11:59:51Z', '00:09'],
    ['2026-05-05T11:45:30Z', '14:30'],
    // A kitchen timer, not a clock: minutes keep counting past 59.
    ['2026-05-05T10:30:00Z', '90:00'],
    // A start a moment in the future (clock skew) reads 00:00, not a negative time.
    ['2026-05-05T12:00:05Z', '00:00'],
  ])('a timer started at %s reads %s', (since, expected) => {
    expect(formatTimer(since, now)).toBe(expected);
  });

  it('shows the clock as HH:MM:SS, 24-hour', () => {
    expect(formatClock(new Date(2026, 4, 5, 7, 3, 9))).toBe('07:03:09');
    expect(formatClock(new Date(2026, 4, 5, 19, 45, 0))).toBe('19:45:00');
  });
});

describe('the OVERDUE mark (spec back-office §4: more minutes since the start than the estimate)', () => {
  const card = (
    kitchenStatus: 'pending' | 'started' | 'ready' | 'done' | 'cleared',
    kitchenEstimatedTime: number | null = 20,
    kitchenStartedAt: string | null = '2026-05-05T12:00:00Z',
  ) => ({ kitchenStatus, kitchenStartedAt, kitchenEstimatedTime });

  it.each([
    // Started at 12:00 with 20 minutes: late only after 12:20:00.
    ['2026-05-05T12:19:59Z', 20, false],
    ['2026-05-05T12:20:00Z', 20, false],
    ['2026-05-05T12:20:01Z', 20, true],
    ['2026-05-05T12:21:00Z', 20, true],
    // The shortest and the longest button.
    ['2026-05-05T12:10:00Z', 10, false],
    ['2026-05-05T12:10:01Z', 10, true],
    ['2026-05-05T12:50:00Z', 50, false],
    ['2026-05-05T12:50:01Z', 50, true],
  ] as const)(
    'a started order at %s with a %i-minute estimate: overdue %s',
    (at, estimate, late) => {
      expect(isOrderOverdue(card('started', estimate), new Date(at))).toBe(late);
    },
  );

  it.each(['pending', 'ready', 'done', 'cleared'] as const)(
    'a %s order an hour past its estimate is not marked overdue',
    (status) => {
      expect(isOrderOverdue(card(status), new Date('2026-05-05T13:20:00Z'))).toBe(false);
    },
  );

  it('is never overdue without a start time or an estimate', () => {
    const late = new Date('2026-05-05T18:00:00Z');
    expect(isOrderOverdue(card('started', null), late)).toBe(false);
    expect(isOrderOverdue(card('started', 20, null), late)).toBe(false);
  });
});
