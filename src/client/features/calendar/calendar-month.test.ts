import { describe, expect, it } from 'vitest';
import {
  addMonths,
  compareMonths,
  dayAfterKey,
  daysInMonth,
  isDayInMonth,
  longDayLabel,
  monthGrid,
  monthLabel,
  monthOfDay,
  monthParam,
  parseMonthParam,
  shortMonthLabel,
  weekdayOf,
} from './calendar-month.ts';

/** The grid as day numbers, neighbouring months' days as 0, for readable expectations. */
const numbers = (year: number, month: number) =>
  monthGrid({ year, month }).map((week) =>
    week.map((cell) => (cell.inMonth ? Number(cell.date.slice(8, 10)) : 0)),
  );

describe('monthGrid (Sunday first, checked against printed calendars)', () => {
  it('November 2026 starts on a Sunday and takes five weeks', () => {
    expect(numbers(2026, 11)).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
      [29, 30, 0, 0, 0, 0, 0],
    ]);
    const last = monthGrid({ year: 2026, month: 11 })[4]!;
    expect(last.map((cell) => cell.date)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
  });

  it('February 2026 starts on a Sunday and fills exactly four weeks', () => {
    expect(numbers(2026, 2)).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
    ]);
  });

  it('March 2026 starts on a Sunday too and takes five weeks', () => {
    expect(numbers(2026, 3)).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
      [29, 30, 31, 0, 0, 0, 0],
    ]);
  });

  it('August 2026 starts on a Saturday and takes six weeks', () => {
    const grid = monthGrid({ year: 2026, month: 8 });
    expect(grid).toHaveLength(6);
    expect(grid[0]!.map((cell) => cell.date)).toEqual([
      '2026-07-26',
      '2026-07-27',
      '2026-07-28',
      '2026-07-29',
      '2026-07-30',
      '2026-07-31',
      '2026-08-01',
    ]);
    expect(numbers(2026, 8)[5]).toEqual([30, 31, 0, 0, 0, 0, 0]);
  });

  it('February 2024 (a leap year) starts on a Thursday and ends on the 29th', () => {
    expect(numbers(2024, 2)).toEqual([
      [0, 0, 0, 0, 1, 2, 3],
      [4, 5, 6, 7, 8, 9, 10],
      [11, 12, 13, 14, 15, 16, 17],
      [18, 19, 20, 21, 22, 23, 24],
      [25, 26, 27, 28, 29, 0, 0],
    ]);
    expect(monthGrid({ year: 2024, month: 2 })[0]![0]!.date).toBe('2024-01-28');
  });

  it('December 2026 crosses into the next year', () => {
    const grid = monthGrid({ year: 2026, month: 12 });
    expect(grid[0]![0]!.date).toBe('2026-11-29');
    expect(grid.at(-1)!.at(-1)!.date).toBe('2027-01-02');
  });
});

describe('month arithmetic', () => {
  it.each([
    [2026, 11, 1, 2026, 12],
    [2026, 12, 1, 2027, 1],
    [2026, 1, -1, 2025, 12],
    [2026, 3, -14, 2025, 1],
    [2026, 11, 0, 2026, 11],
  ])('%i-%i plus %i months is %i-%i', (year, month, months, toYear, toMonth) => {
    expect(addMonths({ year, month }, months)).toEqual({ year: toYear, month: toMonth });
  });

  it.each([
    [2026, 2, 28],
    [2024, 2, 29],
    [2100, 2, 28],
    [2000, 2, 29],
    [2026, 11, 30],
    [2026, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth({ year, month })).toBe(days);
  });

  it('compares months', () => {
    expect(compareMonths({ year: 2026, month: 1 }, { year: 2025, month: 12 })).toBe(1);
    expect(compareMonths({ year: 2026, month: 11 }, { year: 2026, month: 11 })).toBe(0);
    expect(compareMonths({ year: 2026, month: 10 }, { year: 2026, month: 11 })).toBe(-1);
  });

  it('knows the weekday, Sunday 0', () => {
    expect(weekdayOf('2026-11-01')).toBe(0);
    expect(weekdayOf('2026-11-24')).toBe(2);
    expect(weekdayOf('2026-08-01')).toBe(6);
  });
});

describe('the ?month= value', () => {
  it.each([
    ['2026-11', { year: 2026, month: 11 }],
    ['2000-01', { year: 2000, month: 1 }],
    ['2100-12', { year: 2100, month: 12 }],
  ])('%s reads as a month', (value, expected) => {
    expect(parseMonthParam(value)).toEqual(expected);
  });

  it.each([null, '', '2026-13', '2026-00', '2026-1', '26-11', '1999-12', '2101-01', 'november'])(
    '%s is not one',
    (value) => {
      expect(parseMonthParam(value)).toBeNull();
    },
  );

  it('is written back with two digits', () => {
    expect(monthParam({ year: 2026, month: 3 })).toBe('2026-03');
    expect(monthOfDay('2026-03-09')).toEqual({ year: 2026, month: 3 });
  });

  it('says whether a day lies in the month', () => {
    expect(isDayInMonth('2026-11-30', { year: 2026, month: 11 })).toBe(true);
    expect(isDayInMonth('2026-12-01', { year: 2026, month: 11 })).toBe(false);
    expect(isDayInMonth('2026-11-31', { year: 2026, month: 11 })).toBe(false);
  });
});

describe('labels', () => {
  it('names months and days in full', () => {
    expect(monthLabel({ year: 2026, month: 11 })).toBe('November 2026');
    expect(shortMonthLabel({ year: 2025, month: 11 })).toBe('Nov 2025');
    expect(longDayLabel('2026-11-24')).toBe('Tuesday 24 November 2026');
    expect(longDayLabel('2026-03-01')).toBe('Sunday 1 March 2026');
  });
});

describe('dayAfterKey (arrow keys in the grid)', () => {
  const november = { year: 2026, month: 11 };
  it.each([
    ['2026-11-24', 'ArrowRight', '2026-11-25'],
    ['2026-11-24', 'ArrowLeft', '2026-11-23'],
    ['2026-11-24', 'ArrowDown', '2026-11-30'],
    ['2026-11-24', 'ArrowUp', '2026-11-17'],
    ['2026-11-24', 'Home', '2026-11-22'],
    ['2026-11-24', 'End', '2026-11-28'],
    ['2026-11-01', 'ArrowLeft', '2026-11-01'],
    ['2026-11-03', 'ArrowUp', '2026-11-01'],
    ['2026-11-30', 'ArrowRight', '2026-11-30'],
    ['2026-11-30', 'End', '2026-11-30'],
  ])('from %s, %s goes to %s', (day, key, expected) => {
    expect(dayAfterKey(day, key, november)).toBe(expected);
  });

  it('ignores other keys', () => {
    expect(dayAfterKey('2026-11-24', 'Enter', november)).toBeNull();
  });
});
