import { describe, expect, it } from 'vitest';
import {
  dayHoursUpdateSchema,
  describeDayHours,
  describeTodayHours,
  evaluateShopStatus,
  previousWeekday,
  shiftPassesMidnight,
  type DayHours,
  type Shift,
  type WeekHours,
} from './shop-hours.ts';
import { isValidTimeZone, zonedMoment } from '../time/shop-time.ts';

const TALLINN = 'Europe/Tallinn';
const NEW_YORK = 'America/New_York';

const closed: Shift = { open: null, close: null, isOpen: false };
const open = (from: string, to: string): Shift => ({ open: from, close: to, isOpen: true });
const day = (shift1: Shift = closed, shift2: Shift = closed): DayHours => ({ shift1, shift2 });

/**
 * Instants are written with the shop's UTC offset so a reader sees the local time.
 * In June Tallinn is UTC+3: 2025-06-10 is a Tuesday, 2025-06-13 a Friday.
 */
const at = (iso: string) => new Date(iso);
const isOpenAt = (hours: WeekHours, iso: string, timeZone = TALLINN) =>
  evaluateShopStatus(hours, at(iso), timeZone).isOpen;

describe('evaluateShopStatus', () => {
  const tuesdayNineToThree: WeekHours = { tuesday: day(open('09:00', '15:00')) };

  it('is open inside a shift, from the opening minute up to (not including) the closing minute', () => {
    expect(isOpenAt(tuesdayNineToThree, '2025-06-10T10:00:00+03:00')).toBe(true);
    expect(isOpenAt(tuesdayNineToThree, '2025-06-10T09:00:00+03:00')).toBe(true);
    expect(isOpenAt(tuesdayNineToThree, '2025-06-10T14:59:00+03:00')).toBe(true);
  });

  it('is closed before the shift opens and from its closing time on', () => {
    expect(isOpenAt(tuesdayNineToThree, '2025-06-10T08:59:00+03:00')).toBe(false);
    expect(isOpenAt(tuesdayNineToThree, '2025-06-10T15:00:00+03:00')).toBe(false);
    expect(isOpenAt(tuesdayNineToThree, '2025-06-10T23:30:00+03:00')).toBe(false);
  });

  it('answers the spec fields: today, current time in the shop zone, the zone', () => {
    const status = evaluateShopStatus(tuesdayNineToThree, at('2025-06-10T10:05:00+03:00'), TALLINN);
    expect(status).toEqual({
      isOpen: true,
      todayHours: { shift1: { open: '09:00', close: '15:00' } },
      currentTime: '10:05',
      today: 'tuesday',
      timeZone: TALLINN,
    });
  });

  it('is closed in the gap between two shifts and open in each', () => {
    const hours: WeekHours = { tuesday: day(open('11:00', '14:00'), open('17:00', '21:00')) };
    expect(isOpenAt(hours, '2025-06-10T12:00:00+03:00')).toBe(true);
    expect(isOpenAt(hours, '2025-06-10T14:00:00+03:00')).toBe(false);
    expect(isOpenAt(hours, '2025-06-10T15:30:00+03:00')).toBe(false);
    expect(isOpenAt(hours, '2025-06-10T17:00:00+03:00')).toBe(true);
    expect(isOpenAt(hours, '2025-06-10T20:59:00+03:00')).toBe(true);
    expect(isOpenAt(hours, '2025-06-10T21:00:00+03:00')).toBe(false);
  });

  describe('a shift passing midnight (Friday 18:00-02:00)', () => {
    const hours: WeekHours = {
      friday: day(closed, open('18:00', '02:00')),
      saturday: day(open('12:00', '16:00')),
    };

    it('is open on Friday evening and late at night', () => {
      expect(isOpenAt(hours, '2025-06-13T17:59:00+03:00')).toBe(false);
      expect(isOpenAt(hours, '2025-06-13T18:00:00+03:00')).toBe(true);
      expect(isOpenAt(hours, '2025-06-13T23:59:00+03:00')).toBe(true);
    });

    it('is open on Saturday 00:00 and 01:30, closed from Saturday 02:00', () => {
      expect(isOpenAt(hours, '2025-06-14T00:00:00+03:00')).toBe(true);
      expect(isOpenAt(hours, '2025-06-14T01:30:00+03:00')).toBe(true);
      expect(isOpenAt(hours, '2025-06-14T02:00:00+03:00')).toBe(false);
    });

    it("does not make Saturday evening open, nor Friday's own early hours", () => {
      expect(isOpenAt(hours, '2025-06-14T20:00:00+03:00')).toBe(false);
      expect(isOpenAt(hours, '2025-06-14T18:30:00+03:00')).toBe(false);
      // Thursday has no hours, so nothing spills into Friday morning.
      expect(isOpenAt(hours, '2025-06-13T01:00:00+03:00')).toBe(false);
      // Saturday's own shift still works.
      expect(isOpenAt(hours, '2025-06-14T13:00:00+03:00')).toBe(true);
    });

    it("lists Saturday's own hours as today's, not Friday's spill", () => {
      const status = evaluateShopStatus(hours, at('2025-06-14T01:30:00+03:00'), TALLINN);
      expect(status.today).toBe('saturday');
      expect(status.todayHours).toEqual({ shift1: { open: '12:00', close: '16:00' } });
    });

    it('wraps from Sunday into Monday', () => {
      const sundayLate: WeekHours = { sunday: day(open('20:00', '01:00')) };
      // 2025-06-16 is a Monday.
      expect(isOpenAt(sundayLate, '2025-06-16T00:30:00+03:00')).toBe(true);
      expect(isOpenAt(sundayLate, '2025-06-16T01:00:00+03:00')).toBe(false);
    });
  });

  it('reads 12:00-00:00 as "until midnight", not as closed or as a 12-hour spill', () => {
    const hours: WeekHours = { tuesday: day(open('12:00', '00:00')) };
    expect(isOpenAt(hours, '2025-06-10T11:59:00+03:00')).toBe(false);
    expect(isOpenAt(hours, '2025-06-10T12:00:00+03:00')).toBe(true);
    expect(isOpenAt(hours, '2025-06-10T23:59:00+03:00')).toBe(true);
    expect(isOpenAt(hours, '2025-06-11T00:00:00+03:00')).toBe(false);
    expect(isOpenAt(hours, '2025-06-11T06:00:00+03:00')).toBe(false);
  });

  it('ignores shifts whose isOpen is false, whatever their times', () => {
    const hours: WeekHours = {
      monday: day(closed, { open: '18:00', close: '02:00', isOpen: false }),
      tuesday: day({ open: '09:00', close: '15:00', isOpen: false }),
    };
    const status = evaluateShopStatus(hours, at('2025-06-10T10:00:00+03:00'), TALLINN);
    expect(status.isOpen).toBe(false);
    expect(status.todayHours).toEqual({});
    expect(isOpenAt(hours, '2025-06-10T01:00:00+03:00')).toBe(false);
  });

  it('ignores an "open" shift without times', () => {
    const hours: WeekHours = { tuesday: day({ open: '09:00', close: null, isOpen: true }) };
    expect(isOpenAt(hours, '2025-06-10T10:00:00+03:00')).toBe(false);
  });

  it('treats days without hours as closed', () => {
    const mondayOnly: WeekHours = { monday: day(open('00:00', '12:00'), open('12:00', '00:00')) };
    expect(isOpenAt(mondayOnly, '2025-06-09T10:00:00+03:00')).toBe(true);
    const status = evaluateShopStatus(mondayOnly, at('2025-06-10T10:00:00+03:00'), TALLINN);
    expect(status).toMatchObject({ isOpen: false, todayHours: {}, today: 'tuesday' });
    expect(isOpenAt({}, '2025-06-10T10:00:00+03:00')).toBe(false);
  });

  it('lists only the open shifts of today in todayHours', () => {
    const hours: WeekHours = {
      tuesday: day(open('09:00', '15:00'), { open: '18:00', close: '22:00', isOpen: false }),
      wednesday: day(closed, open('18:00', '22:00')),
      thursday: day(open('08:00', '11:00'), open('18:00', '02:00')),
    };
    const tuesday = evaluateShopStatus(hours, at('2025-06-10T16:00:00+03:00'), TALLINN);
    expect(tuesday.todayHours).toEqual({ shift1: { open: '09:00', close: '15:00' } });
    expect(tuesday.todayHours).not.toHaveProperty('shift2');

    const wednesday = evaluateShopStatus(hours, at('2025-06-11T16:00:00+03:00'), TALLINN);
    expect(wednesday.todayHours).toEqual({ shift2: { open: '18:00', close: '22:00' } });
    expect(wednesday.todayHours).not.toHaveProperty('shift1');

    const thursday = evaluateShopStatus(hours, at('2025-06-12T16:00:00+03:00'), TALLINN);
    expect(thursday.todayHours).toEqual({
      shift1: { open: '08:00', close: '11:00' },
      shift2: { open: '18:00', close: '02:00' },
    });
  });

  describe('time zones', () => {
    // 02:30 UTC on Tuesday 10 June is 05:30 Tuesday in Tallinn and 22:30 Monday in New York.
    const instant = '2025-06-10T02:30:00Z';
    const hours: WeekHours = {
      monday: day(open('20:00', '23:00')),
      tuesday: day(open('05:00', '06:00')),
    };

    it('evaluates the same instant as a different day and time in each zone', () => {
      const tallinn = evaluateShopStatus(hours, at(instant), TALLINN);
      const newYork = evaluateShopStatus(hours, at(instant), NEW_YORK);
      expect(tallinn).toMatchObject({ today: 'tuesday', currentTime: '05:30', isOpen: true });
      expect(newYork).toMatchObject({ today: 'monday', currentTime: '22:30', isOpen: true });
      expect(tallinn.todayHours).toEqual({ shift1: { open: '05:00', close: '06:00' } });
      expect(newYork.todayHours).toEqual({ shift1: { open: '20:00', close: '23:00' } });
      expect(newYork.timeZone).toBe(NEW_YORK);
    });

    it('is open in one zone and closed in the other at the same instant', () => {
      const tallinnOnly: WeekHours = { tuesday: day(open('05:00', '06:00')) };
      expect(isOpenAt(tallinnOnly, instant, TALLINN)).toBe(true);
      expect(isOpenAt(tallinnOnly, instant, NEW_YORK)).toBe(false);
    });

    it('follows the spring-forward change in Tallinn (30 March 2025, 03:00 -> 04:00)', () => {
      // Sunday 30 March: 09:00 local is 07:00 UTC before the change and 06:00 UTC after it.
      const sunday: WeekHours = { sunday: day(open('09:00', '17:00')) };
      expect(isOpenAt(sunday, '2025-03-30T05:30:00Z')).toBe(false); // 08:30 EEST
      expect(isOpenAt(sunday, '2025-03-30T06:00:00Z')).toBe(true); // 09:00 EEST
      expect(zonedMoment(at('2025-03-30T00:59:00Z'), TALLINN).time).toBe('02:59');
      expect(zonedMoment(at('2025-03-30T01:00:00Z'), TALLINN).time).toBe('04:00');
      // A week earlier the same UTC time was still 08:00 (UTC+2): closed.
      const previousSunday: WeekHours = { sunday: day(open('09:00', '17:00')) };
      expect(isOpenAt(previousSunday, '2025-03-23T06:00:00Z')).toBe(false);
    });

    it('follows the fall-back change in New York (2 November 2025, 02:00 -> 01:00)', () => {
      const sunday: WeekHours = { sunday: day(open('01:00', '02:00')) };
      // 01:30 happens twice: at 05:30 UTC (EDT) and at 06:30 UTC (EST).
      expect(zonedMoment(at('2025-11-02T05:30:00Z'), NEW_YORK).time).toBe('01:30');
      expect(zonedMoment(at('2025-11-02T06:30:00Z'), NEW_YORK).time).toBe('01:30');
      expect(isOpenAt(sunday, '2025-11-02T05:30:00Z', NEW_YORK)).toBe(true);
      expect(isOpenAt(sunday, '2025-11-02T06:30:00Z', NEW_YORK)).toBe(true);
      expect(isOpenAt(sunday, '2025-11-02T07:00:00Z', NEW_YORK)).toBe(false); // 02:00 EST
    });
  });
});

describe('zonedMoment', () => {
  it('gives day, minutes, HH:MM time and date in the zone', () => {
    expect(zonedMoment(at('2025-06-10T07:05:00Z'), TALLINN)).toEqual({
      day: 'tuesday',
      minutes: 10 * 60 + 5,
      time: '10:05',
      date: '2025-06-10',
    });
  });

  it('writes midnight as 00:00 (not 24:00) and moves the date', () => {
    expect(zonedMoment(at('2025-06-10T21:00:00Z'), TALLINN)).toEqual({
      day: 'wednesday',
      minutes: 0,
      time: '00:00',
      date: '2025-06-11',
    });
  });

  it('crosses the date line between zones for the same instant', () => {
    const instant = at('2025-01-01T03:00:00Z');
    expect(zonedMoment(instant, TALLINN)).toMatchObject({ date: '2025-01-01', time: '05:00' });
    expect(zonedMoment(instant, NEW_YORK)).toMatchObject({
      date: '2024-12-31',
      time: '22:00',
      day: 'tuesday',
    });
  });
});

describe('describeDayHours', () => {
  it('is null for a missing day or a day with no open shift', () => {
    expect(describeDayHours(undefined)).toBeNull();
    expect(describeDayHours(day())).toBeNull();
    expect(describeDayHours(day({ open: '09:00', close: '15:00', isOpen: false }))).toBeNull();
  });

  it('lists the open shifts as "HH:MM - HH:MM", comma separated', () => {
    expect(describeDayHours(day(open('09:00', '15:00')))).toBe('09:00 - 15:00');
    expect(describeDayHours(day(closed, open('18:00', '02:00')))).toBe('18:00 - 02:00');
    expect(describeDayHours(day(open('09:00', '15:00'), open('18:00', '22:00')))).toBe(
      '09:00 - 15:00, 18:00 - 22:00',
    );
  });
});

describe('describeTodayHours', () => {
  it("words the closed banner's hours, or null when closed all day", () => {
    expect(describeTodayHours({})).toBeNull();
    expect(describeTodayHours({ shift2: { open: '18:00', close: '22:00' } })).toBe('18:00 - 22:00');
    expect(
      describeTodayHours({
        shift1: { open: '09:00', close: '15:00' },
        shift2: { open: '18:00', close: '22:00' },
      }),
    ).toBe('09:00 - 15:00, 18:00 - 22:00');
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA names', () => {
    expect(isValidTimeZone(TALLINN)).toBe(true);
    expect(isValidTimeZone(NEW_YORK)).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('Tallinn')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('shift helpers', () => {
  it('knows which shifts pass midnight', () => {
    expect(shiftPassesMidnight(open('18:00', '02:00'))).toBe(true);
    expect(shiftPassesMidnight(open('12:00', '00:00'))).toBe(true);
    expect(shiftPassesMidnight(open('09:00', '15:00'))).toBe(false);
    expect(shiftPassesMidnight(closed)).toBe(false);
  });

  it('goes back one weekday, Monday to Sunday', () => {
    expect(previousWeekday('monday')).toBe('sunday');
    expect(previousWeekday('saturday')).toBe('friday');
  });

  it("rejects an open shift without both times with the spec's message", () => {
    const result = dayHoursUpdateSchema.safeParse(
      day({ open: '09:00', close: null, isOpen: true }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please set both opening and closing times for Shift 1',
    ]);
    expect(dayHoursUpdateSchema.safeParse(day(open('09:00', '15:00'))).success).toBe(true);
    expect(dayHoursUpdateSchema.safeParse(day(open('9:00', '15:00'))).success).toBe(false);
  });
});
