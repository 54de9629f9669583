/**
 * Pickup times (decision 026): the quote and the slots, pinned as literal tables, and properties
 * over random opening hours (shifts past midnight, the daylight-saving days of Athens and
 * Tallinn): no offered slot is in the past, before the lead time, or outside opening hours.
 * Opening hours are checked minute by minute with the shop's open/closed rule (shop-status.ts);
 * the second property checks no open quarter hour of a shift is left out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DayHours, WeekHours } from '../shop-hours/shop-hours.ts';
import { evaluateShopStatus } from '../shop-hours/shop-status.ts';
import { WEEKDAYS } from '../time/calendar.ts';
import { zonedMoment } from '../time/shop-time.ts';
import {
  asapMinutes,
  estimateFromPromise,
  pickupSlots,
  preOrderDay,
  slotOf,
  slotStartsOn,
  unitsPerSlotAt,
} from './pickup-slots.ts';

const closed = { open: '09:00', close: '15:00', isOpen: false };
const day = (open: string, close: string, second?: [string, string]): DayHours => ({
  shift1: { open, close, isOpen: true },
  shift2: second ? { open: second[0], close: second[1], isOpen: true } : closed,
});
const iso = (ms: number) => new Date(ms).toISOString();

describe('asapMinutes', () => {
  it.each([
    // queued, order, units per slot, busy extra, quoted
    [0, 1, 12, 0, 15],
    [0, 0, 12, 0, 15],
    [11, 1, 12, 0, 15],
    [12, 1, 12, 0, 20],
    [24, 0, 12, 0, 30],
    [30, 6, 12, 0, 45],
    [47, 1, 12, 10, 70],
    [5, 1, 2, 20, 65],
    [0, 40, 8, 0, 75],
  ])('%i queued + %i, %i per slot, busy +%i: %i minutes', (queued, order, per, busy, quoted) => {
    expect(
      asapMinutes({
        queuedUnits: queued,
        orderUnits: order,
        unitsPerSlot: per,
        busyExtraMinutes: busy,
      }),
    ).toBe(quoted);
  });
});

describe('estimateFromPromise', () => {
  const now = new Date('2026-11-30T10:00:00Z');
  const placed = new Date('2026-11-30T09:50:00Z');
  it.each([
    // pickupAt, quotedMinutes, estimate
    [null, 25, 15],
    [null, 10, 1],
    [null, 10.5, 1],
    ['2026-11-30T10:30:00Z', null, 30],
    ['2026-11-30T10:29:30Z', null, 30],
    ['2026-11-30T09:00:00Z', null, 1],
    [null, null, null],
  ])('pickup %s, quoted %s: %s minutes', (pickupAt, quotedMinutes, estimate) => {
    expect(
      estimateFromPromise(
        { pickupAt: pickupAt ? new Date(pickupAt) : null, quotedMinutes, createdAt: placed },
        now,
      ),
    ).toBe(estimate);
  });
});

describe('slotStartsOn', () => {
  it('a 09:00-10:10 shift in Tallinn in winter (UTC+2): four slots, the last ending 10:00', () => {
    const hours: WeekHours = { monday: day('09:00', '10:10') };
    expect(slotStartsOn(hours, '2026-11-30', 'Europe/Tallinn').map(iso)).toEqual([
      '2026-11-30T07:00:00.000Z',
      '2026-11-30T07:15:00.000Z',
      '2026-11-30T07:30:00.000Z',
      '2026-11-30T07:45:00.000Z',
    ]);
  });

  it("a shift past midnight: its small hours are the next day's slots", () => {
    // Friday 22:00-01:00 and Saturday 11:00-11:30, Tallinn, UTC+2.
    const hours: WeekHours = { friday: day('22:00', '01:00'), saturday: day('11:00', '11:30') };
    expect(slotStartsOn(hours, '2026-12-04', 'Europe/Tallinn').map(iso)).toEqual([
      '2026-12-04T20:00:00.000Z',
      '2026-12-04T20:15:00.000Z',
      '2026-12-04T20:30:00.000Z',
      '2026-12-04T20:45:00.000Z',
      '2026-12-04T21:00:00.000Z',
      '2026-12-04T21:15:00.000Z',
      '2026-12-04T21:30:00.000Z',
      '2026-12-04T21:45:00.000Z',
    ]);
    expect(slotStartsOn(hours, '2026-12-05', 'Europe/Tallinn').map(iso)).toEqual([
      '2026-12-04T22:00:00.000Z',
      '2026-12-04T22:15:00.000Z',
      '2026-12-04T22:30:00.000Z',
      '2026-12-04T22:45:00.000Z',
      '2026-12-05T09:00:00.000Z',
      '2026-12-05T09:15:00.000Z',
    ]);
  });

  it('the spring-forward night in Tallinn: 02:00-05:00 is two hours, eight slots', () => {
    // 2026-03-29: at 03:00 the clocks go to 04:00 (UTC+2 to UTC+3).
    const hours: WeekHours = { sunday: day('02:00', '05:00') };
    const starts = slotStartsOn(hours, '2026-03-29', 'Europe/Tallinn');
    expect(starts.map(iso)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:15:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T00:45:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:15:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T01:45:00.000Z',
    ]);
    expect(starts.map((start) => zonedMoment(new Date(start), 'Europe/Tallinn').time)).toEqual([
      '02:00',
      '02:15',
      '02:30',
      '02:45',
      '04:00',
      '04:15',
      '04:30',
      '04:45',
    ]);
  });

  it('the fall-back night in Athens: 02:00-05:00 is four hours, sixteen slots', () => {
    // 2026-10-25: at 04:00 the clocks go back to 03:00 (UTC+3 to UTC+2).
    const hours: WeekHours = { sunday: day('02:00', '05:00') };
    const starts = slotStartsOn(hours, '2026-10-25', 'Europe/Athens');
    expect(starts).toHaveLength(16);
    expect(iso(starts[0]!)).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(starts.at(-1)!)).toBe('2026-10-25T02:45:00.000Z');
  });

  it('a shift "until 03:15" on the spring-forward night in Athens closes at the jump (found by the properties)', () => {
    // 2026-03-29: at 03:00 the clocks go to 04:00; 03:15 is never shown, and at 04:00 the
    // shop's clock reads past the close.
    const hours: WeekHours = { sunday: day('02:00', '03:15') };
    expect(slotStartsOn(hours, '2026-03-29', 'Europe/Athens').map(iso)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:15:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T00:45:00.000Z',
    ]);
  });

  it('two overlapping shifts give each slot once', () => {
    const hours: WeekHours = { monday: day('09:00', '09:45', ['09:15', '10:00']) };
    expect(slotStartsOn(hours, '2026-11-30', 'UTC').map(iso)).toEqual([
      '2026-11-30T09:00:00.000Z',
      '2026-11-30T09:15:00.000Z',
      '2026-11-30T09:30:00.000Z',
      '2026-11-30T09:45:00.000Z',
    ]);
  });
});

describe('pickupSlots', () => {
  const hours: WeekHours = { monday: day('12:00', '13:30') };
  const base = {
    hours,
    timeZone: 'UTC',
    date: '2026-11-30',
    unitsPerSlot: 10,
  };

  it('from the lead time on, with the units left; a slot without room for the order is full', () => {
    const used = new Map([
      [Date.parse('2026-11-30T12:30:00Z'), 8],
      [Date.parse('2026-11-30T12:45:00Z'), 10],
      [Date.parse('2026-11-30T13:00:00Z'), 12],
    ]);
    const slots = pickupSlots({
      ...base,
      now: new Date('2026-11-30T12:01:00Z'),
      leadMinutes: 20,
      usedUnits: used,
      orderUnits: 3,
    });
    expect(slots).toEqual([
      {
        start: '2026-11-30T12:30:00.000Z',
        end: '2026-11-30T12:45:00.000Z',
        remainingUnits: 2,
        available: false,
      },
      {
        start: '2026-11-30T12:45:00.000Z',
        end: '2026-11-30T13:00:00.000Z',
        remainingUnits: 0,
        available: false,
      },
      {
        start: '2026-11-30T13:00:00.000Z',
        end: '2026-11-30T13:15:00.000Z',
        remainingUnits: 0,
        available: false,
      },
      {
        start: '2026-11-30T13:15:00.000Z',
        end: '2026-11-30T13:30:00.000Z',
        remainingUnits: 10,
        available: true,
      },
    ]);
  });

  it('exactly the room left is enough; drinks only (0 units) fit a full slot', () => {
    const used = new Map([[Date.parse('2026-11-30T12:00:00Z'), 10]]);
    const at = { ...base, now: new Date('2026-11-30T11:00:00Z'), leadMinutes: 15, usedUnits: used };
    expect(pickupSlots({ ...at, orderUnits: 10 }).map((slot) => slot.available)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(pickupSlots({ ...at, orderUnits: 0 })[0]).toMatchObject({
      remainingUnits: 0,
      available: true,
    });
  });

  it('a slot starting exactly at the lead time is offered; a minute sooner is not', () => {
    const now = new Date('2026-11-30T11:45:00Z');
    const first = (leadMinutes: number) =>
      pickupSlots({ ...base, now, leadMinutes, usedUnits: new Map(), orderUnits: 1 })[0]?.start;
    expect(first(15)).toBe('2026-11-30T12:00:00.000Z');
    expect(first(16)).toBe('2026-11-30T12:15:00.000Z');
  });

  it('finds the slot an instant falls in', () => {
    const starts = slotStartsOn(hours, '2026-11-30', 'UTC');
    expect(slotOf(Date.parse('2026-11-30T12:14:59Z'), starts)).toBe(
      Date.parse('2026-11-30T12:00:00Z'),
    );
    expect(slotOf(Date.parse('2026-11-30T12:15:00Z'), starts)).toBe(
      Date.parse('2026-11-30T12:15:00Z'),
    );
    expect(slotOf(Date.parse('2026-11-30T13:30:00Z'), starts)).toBeNull();
  });
});

describe('capacity per shift', () => {
  // Monday in Tallinn (UTC+2): breakfast 08:00-10:00 makes 4 units a slot, lunch 11:00-13:00 the
  // shop's 10; a Sunday shift 22:00-02:00 makes 6, into Monday's small hours.
  const hours: WeekHours = {
    sunday: {
      shift1: { open: '22:00', close: '02:00', isOpen: true, unitsPerSlot: 6 },
      shift2: closed,
    },
    monday: {
      shift1: { open: '08:00', close: '10:00', isOpen: true, unitsPerSlot: 4 },
      shift2: { open: '11:00', close: '13:00', isOpen: true },
    },
  };
  it.each([
    ['2026-11-30T06:00:00Z', 4, 'breakfast opens (08:00)'],
    ['2026-11-30T07:59:59Z', 4, 'breakfast, its last second'],
    ['2026-11-30T08:00:00Z', 10, 'between shifts: the shop'],
    ['2026-11-30T09:00:00Z', 10, 'lunch has none of its own'],
    ['2026-11-29T23:30:00Z', 6, "Sunday's late shift, 01:30 on Monday"],
    ['2026-11-30T00:00:00Z', 10, "Sunday's late shift has closed (02:00)"],
  ])('at %s: %i units a slot (%s)', (instant, units) => {
    expect(unitsPerSlotAt(hours, Date.parse(instant), 'Europe/Tallinn', 10)).toBe(units);
  });

  it("each slot has its shift's room", () => {
    const slots = pickupSlots({
      hours,
      timeZone: 'Europe/Tallinn',
      date: '2026-11-30',
      now: new Date('2026-11-30T07:00:00Z'),
      leadMinutes: 15,
      unitsPerSlot: 10,
      usedUnits: new Map([[Date.parse('2026-11-30T07:30:00Z'), 1]]),
      orderUnits: 4,
    });
    expect(
      slots.map((slot) => [slot.start.slice(11, 16), slot.remainingUnits, slot.available]),
    ).toEqual([
      ['07:15', 4, true],
      ['07:30', 3, false],
      ['07:45', 4, true],
      ['09:00', 10, true],
      ['09:15', 10, true],
      ['09:30', 10, true],
      ['09:45', 10, true],
      ['10:00', 10, true],
      ['10:15', 10, true],
      ['10:30', 10, true],
      ['10:45', 10, true],
    ]);
  });
});

describe('preOrderDay', () => {
  // Tallinn; open Monday 12:00-14:00 and Wednesday 09:00-10:00.
  const hours: WeekHours = { monday: day('12:00', '14:00'), wednesday: day('09:00', '10:00') };
  const zone = 'Europe/Tallinn';
  it.each([
    ['2026-11-30T08:00:00Z', '2026-11-30', 'Monday 10:00, before the opening: today'],
    ['2026-11-30T11:30:00Z', '2026-11-30', 'Monday 13:30: its 13:45 slot is still 15 minutes off'],
    ['2026-11-30T11:31:00Z', '2026-12-02', 'Monday 13:31: the next opening is Wednesday'],
    ['2026-12-02T08:00:00Z', '2026-12-07', 'Wednesday 10:00, closed: next Monday'],
  ])('at %s: %s (%s)', (now, expected) => {
    expect(preOrderDay(hours, new Date(now), zone)).toBe(expected);
  });

  it('a week with no opening: none', () => {
    expect(preOrderDay({}, new Date('2026-11-30T08:00:00Z'), zone)).toBeNull();
  });
});

describe('properties over random opening hours', () => {
  const quarter = fc.integer({ min: 0, max: 95 }).map((q) => {
    const minutes = q * 15;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
  const anyTime = fc
    .integer({ min: 0, max: 1439 })
    .map(
      (m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
    );
  const time = fc.oneof(quarter, anyTime);
  const shift = fc.record({ open: time, close: time, isOpen: fc.boolean() });
  const week = fc
    .array(fc.record({ shift1: shift, shift2: shift }), { minLength: 7, maxLength: 7 })
    .map((days) => Object.fromEntries(days.map((d, i) => [WEEKDAYS[i]!, d])) as WeekHours);
  // The days the clocks change in Athens and Tallinn (both at 01:00 UTC), and their neighbours.
  const date = fc.constantFrom(
    '2026-03-28',
    '2026-03-29',
    '2026-03-30',
    '2026-10-24',
    '2026-10-25',
    '2026-10-26',
    '2026-11-30',
  );
  const zone = fc.constantFrom('Europe/Athens', 'Europe/Tallinn');

  it('no offered slot is in the past, before the lead time, off its day or outside opening hours', () => {
    fc.assert(
      fc.property(
        week,
        date,
        zone,
        fc.integer({ min: -36 * 60, max: 36 * 60 }),
        fc.integer({ min: 15, max: 120 }),
        (hours, shopDate, timeZone, nowOffsetMinutes, leadMinutes) => {
          const now = new Date(Date.parse(`${shopDate}T12:00:00Z`) + nowOffsetMinutes * 60_000);
          const slots = pickupSlots({
            hours,
            timeZone,
            date: shopDate,
            now,
            leadMinutes,
            unitsPerSlot: 10,
            usedUnits: new Map(),
            orderUnits: 1,
          });
          for (const slot of slots) {
            const start = Date.parse(slot.start);
            expect(Date.parse(slot.end) - start).toBe(15 * 60_000);
            expect(start).toBeGreaterThanOrEqual(now.getTime() + leadMinutes * 60_000);
            expect(zonedMoment(new Date(start), timeZone).date).toBe(shopDate);
            for (let minute = 0; minute < 15; minute += 1) {
              const at = new Date(start + minute * 60_000);
              expect(
                evaluateShopStatus(hours, at, timeZone).isOpen,
                `${slot.start} +${minute}`,
              ).toBe(true);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a slot is offered wherever the shop is open for its whole 15 minutes from a shift start', () => {
    // Completeness, for whole-hour shifts that do not touch the hours the clocks change: every
    // quarter hour the shop is open for 15 minutes is a slot.
    const hourTime = fc.integer({ min: 5, max: 23 }).map((h) => `${String(h).padStart(2, '0')}:00`);
    const simpleWeek = fc
      .array(fc.record({ open: hourTime, close: hourTime }), { minLength: 7, maxLength: 7 })
      .map(
        (days) =>
          Object.fromEntries(
            days.map((d, i) => [
              WEEKDAYS[i]!,
              { shift1: { ...d, isOpen: d.open < d.close }, shift2: closed },
            ]),
          ) as WeekHours,
      );
    fc.assert(
      fc.property(simpleWeek, date, zone, (hours, shopDate, timeZone) => {
        const starts = new Set(slotStartsOn(hours, shopDate, timeZone));
        const from = Date.parse(`${shopDate}T00:00:00Z`) - 4 * 3_600_000;
        for (let at = from; at < from + 32 * 3_600_000; at += 15 * 60_000) {
          if (zonedMoment(new Date(at), timeZone).date !== shopDate) continue;
          const openThroughout = [0, 14].every(
            (minute) => evaluateShopStatus(hours, new Date(at + minute * 60_000), timeZone).isOpen,
          );
          expect(starts.has(at), iso(at)).toBe(openThroughout);
        }
      }),
      { numRuns: 200 },
    );
  });
});
