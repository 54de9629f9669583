import { describe, expect, it } from 'vitest';
import { formatAge, formatClock, formatTimer } from './kitchen-time.ts';

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
