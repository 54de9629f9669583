import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isValidTimeZone,
  minutesOfDay,
  shopDayBounds,
  shopToday,
  zonedInstant,
  zonedMoment,
} from './shop-time.ts';

// Written out by hand. Tallinn is UTC+2 in winter and UTC+3 in summer; in 2026 the clocks go
// forward on 29 March (03:00 -> 04:00) and back on 25 October (04:00 -> 03:00). Adelaide is
// UTC+9:30 in its winter and UTC+10:30 in its summer: back on 5 April (03:00 -> 02:00) and
// forward on 4 October (02:00 -> 03:00). Kolkata is UTC+5:30 all year.
const TALLINN = 'Europe/Tallinn';
const ADELAIDE = 'Australia/Adelaide';

describe('minutesOfDay', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['18:05', 1085],
    ['23:59', 1439],
  ])('%s is %i minutes after midnight', (time, minutes) => {
    expect(minutesOfDay(time)).toBe(minutes);
  });
});

describe('addDays and daysBetween: calendar days, never 24-hour steps in a zone', () => {
  it.each([
    ['2026-11-21', -1, '2026-11-20'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-10-25', -1, '2026-10-24'],
    ['2026-01-31', 366, '2027-02-01'],
    ['2026-06-10', 0, '2026-06-10'],
  ])('%s %+d day is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-03-01', '2026-03-08', 7],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-10-24', '2026-10-26', 2],
    ['2026-01-01', '2027-01-01', 365],
    ['2028-01-01', '2029-01-01', 366],
    ['2026-06-10', '2026-06-10', 0],
    ['2026-06-10', '2026-06-03', -7],
  ])('%s to %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('zonedInstant: a wall time on a date in a zone becomes an instant', () => {
  const CASES: [string, string, string, string][] = [
    // Spring forward in Tallinn: 03:00-03:59 never shows on the clock.
    ['2026-03-29', '00:00', TALLINN, '2026-03-28T22:00:00.000Z'],
    ['2026-03-29', '02:59', TALLINN, '2026-03-29T00:59:00.000Z'],
    ['2026-03-29', '04:00', TALLINN, '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', '12:00', TALLINN, '2026-03-29T09:00:00.000Z'],
    // A time the clocks skip is read on the winter offset: 03:30 is the instant the clock shows
    // 04:30 (and 03:00 the change itself). What the hand-made code before decision 025 gave.
    ['2026-03-29', '03:30', TALLINN, '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', '03:00', TALLINN, '2026-03-29T01:00:00.000Z'],
    // Fall back in Tallinn: 03:00-03:59 shows twice; the second time (winter offset) is taken.
    ['2026-10-25', '00:00', TALLINN, '2026-10-24T21:00:00.000Z'],
    ['2026-10-25', '02:59', TALLINN, '2026-10-24T23:59:00.000Z'],
    ['2026-10-25', '03:30', TALLINN, '2026-10-25T01:30:00.000Z'],
    ['2026-10-25', '04:00', TALLINN, '2026-10-25T02:00:00.000Z'],
    ['2026-10-25', '12:00', TALLINN, '2026-10-25T10:00:00.000Z'],
    // Half-hour offsets in the southern hemisphere, summer in January.
    ['2026-01-10', '18:00', ADELAIDE, '2026-01-10T07:30:00.000Z'],
    ['2026-06-10', '18:00', ADELAIDE, '2026-06-10T08:30:00.000Z'],
    // Adelaide falls back on 5 April: 02:30 shows twice, the second (winter) time is taken.
    ['2026-04-05', '02:30', ADELAIDE, '2026-04-04T17:00:00.000Z'],
    // ... and springs forward on 4 October: 02:30 never shows; the clock reads 03:30 then.
    ['2026-10-04', '02:30', ADELAIDE, '2026-10-03T17:00:00.000Z'],
    ['2026-06-10', '18:00', 'Asia/Kolkata', '2026-06-10T12:30:00.000Z'],
    // West of UTC the two readings of the offset settle the other way round: a skipped 02:30 in
    // New York is read on the summer offset (the clock shows 01:30 then), a doubled 01:30 is
    // the first one. Kept as it was: the shop is in Europe, and no test of the API moved.
    ['2026-03-08', '02:30', 'America/New_York', '2026-03-08T06:30:00.000Z'],
    ['2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-06-10', '18:00', 'UTC', '2026-06-10T18:00:00.000Z'],
  ];
  it.each(CASES)('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(expected);
  });

  it('puts a shift across midnight (18:00-05:00) at 11 hours, 12 on the fall-back night', () => {
    const shift = (date: string) => {
      const open = zonedInstant(date, '18:00', TALLINN);
      const close = zonedInstant(addDays(date, 1), '05:00', TALLINN);
      return [open.toISOString(), close.toISOString()];
    };
    expect(shift('2026-10-17')).toEqual(['2026-10-17T15:00:00.000Z', '2026-10-18T02:00:00.000Z']);
    expect(shift('2026-10-24')).toEqual(['2026-10-24T15:00:00.000Z', '2026-10-25T03:00:00.000Z']);
  });
});

describe('zonedMoment: an instant read on the zone’s clock and calendar', () => {
  const CASES: [string, string, ReturnType<typeof zonedMoment>][] = [
    [
      '2026-03-29T00:59:00Z',
      TALLINN,
      { day: 'sunday', minutes: 179, time: '02:59', date: '2026-03-29' },
    ],
    [
      '2026-03-29T01:00:00Z',
      TALLINN,
      { day: 'sunday', minutes: 240, time: '04:00', date: '2026-03-29' },
    ],
    // Both 03:30s of the fall-back night.
    [
      '2026-10-25T00:30:00Z',
      TALLINN,
      { day: 'sunday', minutes: 210, time: '03:30', date: '2026-10-25' },
    ],
    [
      '2026-10-25T01:30:00Z',
      TALLINN,
      { day: 'sunday', minutes: 210, time: '03:30', date: '2026-10-25' },
    ],
    // Midnight turns the day and the weekday.
    [
      '2026-10-24T20:59:00Z',
      TALLINN,
      { day: 'saturday', minutes: 1439, time: '23:59', date: '2026-10-24' },
    ],
    [
      '2026-10-24T21:00:00Z',
      TALLINN,
      { day: 'sunday', minutes: 0, time: '00:00', date: '2026-10-25' },
    ],
    [
      '2026-12-31T22:00:00Z',
      TALLINN,
      { day: 'friday', minutes: 0, time: '00:00', date: '2027-01-01' },
    ],
    [
      '2026-06-10T14:29:00Z',
      ADELAIDE,
      { day: 'wednesday', minutes: 1439, time: '23:59', date: '2026-06-10' },
    ],
    [
      '2026-06-10T14:30:00Z',
      ADELAIDE,
      { day: 'thursday', minutes: 0, time: '00:00', date: '2026-06-11' },
    ],
    [
      '2026-04-04T16:00:00Z',
      ADELAIDE,
      { day: 'sunday', minutes: 150, time: '02:30', date: '2026-04-05' },
    ],
    [
      '2026-04-04T17:00:00Z',
      ADELAIDE,
      { day: 'sunday', minutes: 150, time: '02:30', date: '2026-04-05' },
    ],
    [
      '2026-06-10T18:29:59Z',
      'Asia/Kolkata',
      { day: 'wednesday', minutes: 1439, time: '23:59', date: '2026-06-10' },
    ],
    [
      '2026-06-10T18:30:00Z',
      'Asia/Kolkata',
      { day: 'thursday', minutes: 0, time: '00:00', date: '2026-06-11' },
    ],
  ];
  it.each(CASES)('%s in %s', (instant, zone, expected) => {
    expect(zonedMoment(new Date(instant), zone)).toEqual(expected);
  });

  it("gives the shop's today, which is not UTC's", () => {
    expect(shopToday(new Date('2026-06-10T21:30:00Z'), TALLINN)).toBe('2026-06-11');
    expect(shopToday(new Date('2026-06-10T21:30:00Z'), 'UTC')).toBe('2026-06-10');
    expect(shopToday(new Date('2026-06-10T14:00:00Z'), ADELAIDE)).toBe('2026-06-10');
  });

  it('refuses a zone the runtime does not know, as Intl does', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('Etc+05')).toBe(false);
    expect(() => zonedMoment(new Date('2026-06-10T12:00:00Z'), 'Mars/Olympus_Mons')).toThrow(
      RangeError,
    );
    // tzOffset alone would read +05:00 out of this name.
    expect(() => zonedInstant('2026-06-10', '12:00', 'Etc+05')).toThrow(RangeError);
  });
});

describe("shopDayBounds: the shop's day as instants [start, end)", () => {
  const hours = (bounds: { start: Date; end: Date }) =>
    (bounds.end.getTime() - bounds.start.getTime()) / 3_600_000;
  it.each([
    ['2026-06-10', TALLINN, '2026-06-09T21:00:00.000Z', '2026-06-10T21:00:00.000Z', 24],
    ['2026-03-29', TALLINN, '2026-03-28T22:00:00.000Z', '2026-03-29T21:00:00.000Z', 23],
    ['2026-10-25', TALLINN, '2026-10-24T21:00:00.000Z', '2026-10-25T22:00:00.000Z', 25],
    ['2026-04-05', ADELAIDE, '2026-04-04T13:30:00.000Z', '2026-04-05T14:30:00.000Z', 25],
    ['2026-10-04', ADELAIDE, '2026-10-03T14:30:00.000Z', '2026-10-04T13:30:00.000Z', 23],
  ])('%s in %s is %s to %s, %i hours', (date, zone, start, end, length) => {
    const bounds = shopDayBounds(date, zone);
    expect(bounds.start.toISOString()).toBe(start);
    expect(bounds.end.toISOString()).toBe(end);
    expect(hours(bounds)).toBe(length);
  });
});
