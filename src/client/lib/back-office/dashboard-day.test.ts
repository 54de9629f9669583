import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/time/shop-time.ts';
import { dateParamFor, dayLabel, formatDay, isDayString, selectedDay } from './dashboard-day.ts';

describe('addDays', () => {
  it.each([
    ['2026-11-21', -1, '2026-11-20'],
    ['2026-11-21', 1, '2026-11-22'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    // Around the clock change in Europe: calendar days, not 24-hour steps in a local zone.
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-10-25', -1, '2026-10-24'],
  ])('%s %+d day is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });
});

describe('formatDay and dayLabel', () => {
  it.each([
    ['2026-11-21', 'Sat 21 Nov 2026'],
    ['2026-01-05', 'Mon 5 Jan 2026'],
    ['2028-02-29', 'Tue 29 Feb 2028'],
    ['2026-05-31', 'Sun 31 May 2026'],
  ])('%s reads %s', (day, expected) => {
    expect(formatDay(day)).toBe(expected);
  });

  it.each([
    ['2026-11-21', '2026-11-21', 'Today'],
    ['2026-11-20', '2026-11-21', 'Fri 20 Nov 2026'],
    ['2026-11-20', undefined, 'Fri 20 Nov 2026'],
  ])('%s with today %s is labelled %s', (day, today, expected) => {
    expect(dayLabel(day, today)).toBe(expected);
  });
});

describe('selectedDay', () => {
  it.each([
    [null, '2026-11-21', '2026-11-21'],
    [null, undefined, undefined],
    ['2026-11-20', '2026-11-21', '2026-11-20'],
    ['2026-11-20', undefined, '2026-11-20'],
    ['2026-11-21', '2026-11-21', '2026-11-21'],
    ['2026-11-22', '2026-11-21', '2026-11-21'],
    ['2026-02-30', '2026-11-21', '2026-11-21'],
    ['yesterday', '2026-11-21', '2026-11-21'],
    ['', '2026-11-21', '2026-11-21'],
  ])('?date=%s with today %s shows %s', (param, today, expected) => {
    expect(selectedDay(param, today)).toBe(expected);
  });
});

describe('dateParamFor', () => {
  it.each([
    ['2026-11-21', '2026-11-21', null],
    ['2026-11-20', '2026-11-21', '2026-11-20'],
    ['2026-11-20', undefined, '2026-11-20'],
  ])('%s with today %s is ?date=%s', (day, today, expected) => {
    expect(dateParamFor(day, today)).toBe(expected);
  });
});

describe('isDayString', () => {
  it.each([
    ['2026-11-21', true],
    ['2026-02-29', false],
    ['2026-1-5', false],
    [undefined, false],
  ])('%s is a day: %s', (value, expected) => {
    expect(isDayString(value)).toBe(expected);
  });
});
