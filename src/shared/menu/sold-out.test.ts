import { describe, expect, it } from 'vitest';
import { isSoldOutAt, soldOutLabel } from './sold-out.ts';
import { endOfTodaysService, nextTimeOfDay } from './sold-out-until.ts';
import { zonedInstant } from '../time/shop-time.ts';

const TALLINN = 'Europe/Tallinn';

describe('zonedInstant: a wall-clock time in the shop becomes an instant', () => {
  // Written out by hand: Tallinn is UTC+3 in summer, UTC+2 in winter.
  const CASES: [string, string, string, string][] = [
    ['2025-06-10', '18:00', TALLINN, '2025-06-10T15:00:00.000Z'],
    ['2025-01-10', '18:00', TALLINN, '2025-01-10T16:00:00.000Z'],
    ['2025-06-10', '00:00', TALLINN, '2025-06-09T21:00:00.000Z'],
    // The day the clocks go forward (30 March 2025, 03:00 -> 04:00) and back (26 October).
    ['2025-03-30', '12:00', TALLINN, '2025-03-30T09:00:00.000Z'],
    ['2025-10-26', '12:00', TALLINN, '2025-10-26T10:00:00.000Z'],
    ['2025-06-10', '18:00', 'UTC', '2025-06-10T18:00:00.000Z'],
    ['2025-06-10', '18:00', 'America/New_York', '2025-06-10T22:00:00.000Z'],
  ];
  for (const [date, time, zone, expected] of CASES) {
    it(`${date} ${time} in ${zone} is ${expected}`, () => {
      expect(zonedInstant(date, time, zone).toISOString()).toBe(expected);
    });
  }
});

describe('nextTimeOfDay: "until HH:MM"', () => {
  it('is later today while the time is still ahead', () => {
    // 12:00 in Tallinn.
    const now = new Date('2025-06-10T09:00:00Z');
    expect(nextTimeOfDay(now, '18:00', TALLINN).toISOString()).toBe('2025-06-10T15:00:00.000Z');
  });
  it('is tomorrow once the time has passed (or is now)', () => {
    const now = new Date('2025-06-10T16:00:00Z'); // 19:00
    expect(nextTimeOfDay(now, '18:00', TALLINN).toISOString()).toBe('2025-06-11T15:00:00.000Z');
    const exactly = new Date('2025-06-10T15:00:00Z');
    expect(nextTimeOfDay(exactly, '18:00', TALLINN).toISOString()).toBe('2025-06-11T15:00:00.000Z');
  });
  it('follows the shop\'s day, not UTC\'s: 01:30 in Tallinn is still "today" there', () => {
    const now = new Date('2025-06-09T22:30:00Z'); // 10 June 01:30 in Tallinn
    expect(nextTimeOfDay(now, '02:00', TALLINN).toISOString()).toBe('2025-06-09T23:00:00.000Z');
  });
});

describe("endOfTodaysService: 'until the end of today's service'", () => {
  const split = [
    { open: '08:00', close: '15:00' },
    { open: '17:00', close: '22:00' },
  ];
  it('is the close of the last shift of the day', () => {
    const now = new Date('2025-06-10T09:00:00Z'); // 12:00
    expect(endOfTodaysService(now, split, TALLINN).toISOString()).toBe('2025-06-10T19:00:00.000Z');
  });
  it('is the next morning for a shift that runs past midnight', () => {
    const now = new Date('2025-06-10T17:00:00Z'); // 20:00
    const late = [{ open: '18:00', close: '02:00' }];
    expect(endOfTodaysService(now, late, TALLINN).toISOString()).toBe('2025-06-10T23:00:00.000Z');
  });
  it('is the next day at the same time for a 24-hour shift (close equal to open)', () => {
    const now = new Date('2025-06-10T09:00:00Z'); // 12:00
    const allDay = [{ open: '06:00', close: '06:00' }];
    expect(endOfTodaysService(now, allDay, TALLINN).toISOString()).toBe('2025-06-11T03:00:00.000Z');
  });
  it('is the next midnight when service is over or the shop is closed today', () => {
    const now = new Date('2025-06-10T20:00:00Z'); // 23:00, after the last close
    expect(endOfTodaysService(now, split, TALLINN).toISOString()).toBe('2025-06-10T21:00:00.000Z');
    expect(endOfTodaysService(now, [], TALLINN).toISOString()).toBe('2025-06-10T21:00:00.000Z');
  });
});

describe('isSoldOutAt and soldOutLabel', () => {
  const now = new Date('2025-06-10T15:00:00Z');
  it('holds until its time and not a moment after', () => {
    expect(isSoldOutAt(null, now)).toBe(false);
    expect(isSoldOutAt({ until: null }, now)).toBe(true);
    expect(isSoldOutAt({ until: '2025-06-10T15:00:01Z' }, now)).toBe(true);
    expect(isSoldOutAt({ until: '2025-06-10T15:00:00Z' }, now)).toBe(false);
  });
  it("names the time it comes back, in the shop's zone", () => {
    expect(soldOutLabel('2025-06-10T15:00:00Z', TALLINN)).toBe('Sold out · back at 18:00');
    expect(soldOutLabel(null, TALLINN)).toBe('Sold out');
  });
});
