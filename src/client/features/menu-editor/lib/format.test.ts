import { describe, expect, it } from 'vitest';
import { describeWindow, isSoldOut, soldOutText } from './format.ts';

const now = new Date('2026-06-01T12:00:00Z');

describe('soldOutText', () => {
  it('says nothing while on sale or once the time has passed', () => {
    expect(soldOutText(null, now)).toBeNull();
    expect(soldOutText({ until: '2026-06-01T11:59:00Z' }, now)).toBeNull();
    expect(isSoldOut({ until: '2026-06-01T11:59:00Z' }, now)).toBe(false);
  });

  it('gives the time on the shop clock', () => {
    expect(soldOutText({ until: '2026-06-01T15:00:00Z' }, now, 'Europe/Tallinn')).toBe(
      'Sold out · back at 18:00',
    );
    expect(soldOutText({ until: '2026-06-01T15:00:00Z' }, now, 'UTC')).toBe(
      'Sold out · back at 15:00',
    );
  });

  it('says when it lasts until someone turns it back on', () => {
    expect(soldOutText({ until: null }, now)).toBe('Sold out · until turned back on');
    expect(isSoldOut({ until: null }, now)).toBe(true);
  });
});

describe('describeWindow', () => {
  const always = { validFrom: null, validTo: null, weekdays: [], timeFrom: null, timeTo: null };
  it('reads Always without limits', () => {
    expect(describeWindow(always)).toBe('Always');
    expect(describeWindow({ ...always, weekdays: [1, 2, 3, 4, 5, 6, 7] })).toBe('Always');
  });
  it('lists days, hours and dates', () => {
    expect(
      describeWindow({
        validFrom: '2026-01-01',
        validTo: null,
        weekdays: [5, 1],
        timeFrom: '11:00',
        timeTo: '14:00',
      }),
    ).toBe('Mon, Fri · 11:00–14:00 · from 2026-01-01');
  });
});
