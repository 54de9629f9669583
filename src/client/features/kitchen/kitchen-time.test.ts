import { describe, expect, it } from 'vitest';
import {
  acceptCountdown,
  formatAge,
  formatClock,
  formatShopDayTime,
  formatShopTime,
  formatTimer,
  isOrderOverdue,
  msUntil,
} from './kitchen-time.ts';

const now = new Date('2026-05-05T12:00:00Z');

describe('kitchen time', () => {
  // Pre-orders (decision 026): a Later card names the day of a pickup on another shop day.
  it.each([
    // 15:00 in Tallinn on Tuesday 5 May; 23:30 is still Tuesday there.
    ['2026-05-05T20:30:00Z', '23:30'],
    // 00:30 on Wednesday in Tallinn, though still Tuesday in UTC.
    ['2026-05-05T21:30:00Z', 'Wed 00:30'],
    ['2026-05-09T06:15:00Z', 'Sat 09:15'],
    // A week on: the same weekday, not the same day.
    ['2026-05-12T09:00:00Z', 'Tue 12:00'],
  ])('a pickup at %s reads "%s" on the shop clock', (moment, expected) => {
    expect(formatShopDayTime(moment, now, 'Europe/Tallinn')).toBe(expected);
  });

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

  // The shop's clock, whatever the tablet's zone: one moment, written out per zone.
  it.each([
    ['2026-11-27T17:06:05Z', 'Europe/Tallinn', '19:06:05', '19:06'],
    ['2026-11-27T17:06:05Z', 'UTC', '17:06:05', '17:06'],
    ['2026-07-01T21:30:00Z', 'Europe/Tallinn', '00:30:00', '00:30'],
    ['2026-11-27T00:05:00Z', 'America/New_York', '19:05:00', '19:05'],
  ])('%s in %s reads %s', (moment, zone, clock, time) => {
    expect(formatClock(new Date(moment), zone)).toBe(clock);
    expect(formatShopTime(moment, zone)).toBe(time);
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

describe('the accept countdown of a platform order (decision 017, integrations.md §2.4)', () => {
  it.each([
    [180_000, '3:00'],
    // A screen whose clock is a moment behind the server's still shows the 3 minutes.
    [180_400, '3:00'],
    [161_000, '2:41'],
    [61_000, '1:01'],
    [60_000, '1:00'],
    [9_000, '0:09'],
    // Whole seconds round up: the last moment before the deadline still reads 0:01.
    [500, '0:01'],
  ])('%i ms left reads "Accept within %s"', (msLeft, left) => {
    const countdown = acceptCountdown(msLeft);
    expect(countdown).toMatchObject({ over: false, left, text: `Accept within ${left}` });
  });

  it('turns urgent under a minute', () => {
    expect(acceptCountdown(180_000).urgent).toBe(false);
    expect(acceptCountdown(61_000).urgent).toBe(false);
    expect(acceptCountdown(60_000).urgent).toBe(false);
    expect(acceptCountdown(59_000)).toMatchObject({ over: false, urgent: true, left: '0:59' });
  });

  it.each([0, -1, -1_000, -600_000])('%i ms left is "Accept time over"', (msLeft) => {
    expect(acceptCountdown(msLeft)).toEqual({ over: true, urgent: true, text: 'Accept time over' });
  });

  it('counts from the deadline against the clock', () => {
    expect(msUntil('2026-05-05T12:02:41Z', now)).toBe(161_000);
    expect(acceptCountdown(msUntil('2026-05-05T12:02:41Z', now)).text).toBe('Accept within 2:41');
    expect(acceptCountdown(msUntil('2026-05-05T11:59:59Z', now)).over).toBe(true);
  });
});
