import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  dayHours,
  deleteSetting,
  openShift,
  setSetting,
  setWeekHours,
} from '../../../../tests/factories/shop-hours.ts';
import { WEEKDAYS, type ShopStatus, type WeekHours } from '#shared/shop-hours/shop-hours.ts';

// Settings and the spec's closed default hours; each test writes the hours it needs.
const t = useTestApp({ seed: 'base' });

/** 2025-06-10 is a Tuesday; Tallinn is UTC+3 in June, New York UTC-4. */
const TUESDAY_10_00_TALLINN = '2025-06-10T07:00:00Z';

async function shopStatus(): Promise<ShopStatus> {
  // The tests write hours and settings straight into the database, past the admin API that
  // would drop the app's kept copy (http/public-cache.ts).
  t.app.publicCache.clear();
  const response = await t.app.inject({ method: 'GET', url: '/api/shop-status' });
  expect(response.statusCode).toBe(200);
  return response.json<ShopStatus>();
}

describe('GET /api/shop-status', () => {
  it('is open during a shift, in the shop time zone, with the spec fields', async () => {
    await setSetting(t.db, 'shop_time_zone', 'Europe/Tallinn');
    await setWeekHours(t.db, { tuesday: dayHours(openShift('09:00', '15:00')) });
    t.clock.set(TUESDAY_10_00_TALLINN);

    expect(await shopStatus()).toEqual({
      isOpen: true,
      todayHours: { shift1: { open: '09:00', close: '15:00' } },
      currentTime: '10:00',
      today: 'tuesday',
      timeZone: 'Europe/Tallinn',
      // Pause and busy mode (decision 014): taking orders, the spec's 15-20 minutes.
      onlineOrdering: {
        paused: false,
        pauseReason: null,
        pausedUntil: null,
        resumesAt: null,
        busyExtraMinutes: 0,
        busyUntil: null,
        preparationMinutes: { from: 15, to: 20 },
      },
      // Open: no pre-orders (decision 026).
      preOrderDate: null,
    });
  });

  it('is closed outside the shifts, and follows the clock', async () => {
    await setSetting(t.db, 'shop_time_zone', 'Europe/Tallinn');
    await setWeekHours(t.db, { tuesday: dayHours(openShift('09:00', '15:00')) });

    t.clock.set('2025-06-10T12:00:00Z'); // 15:00 in Tallinn
    expect(await shopStatus()).toMatchObject({ isOpen: false, currentTime: '15:00' });
    t.clock.set('2025-06-10T05:59:00Z'); // 08:59
    expect((await shopStatus()).isOpen).toBe(false);
    t.clock.advanceMinutes(1); // 09:00
    expect((await shopStatus()).isOpen).toBe(true);
  });

  it('stays open past midnight for a shift like Monday 18:00-02:00', async () => {
    await setSetting(t.db, 'shop_time_zone', 'Europe/Tallinn');
    await setWeekHours(t.db, { monday: dayHours(undefined, openShift('18:00', '02:00')) });

    t.clock.set('2025-06-09T22:30:00Z'); // Tuesday 01:30 in Tallinn
    expect(await shopStatus()).toMatchObject({
      isOpen: true,
      today: 'tuesday',
      currentTime: '01:30',
      todayHours: {},
    });
    t.clock.set('2025-06-09T23:00:00Z'); // Tuesday 02:00
    expect((await shopStatus()).isOpen).toBe(false);
  });

  it('honours the shop_time_zone setting: changing it changes the answer', async () => {
    await setWeekHours(t.db, { tuesday: dayHours(openShift('09:00', '15:00')) });
    t.clock.set(TUESDAY_10_00_TALLINN);

    await setSetting(t.db, 'shop_time_zone', 'Europe/Tallinn');
    expect(await shopStatus()).toMatchObject({ isOpen: true, currentTime: '10:00' });

    await setSetting(t.db, 'shop_time_zone', 'America/New_York');
    expect(await shopStatus()).toMatchObject({
      isOpen: false,
      currentTime: '03:00',
      today: 'tuesday',
      timeZone: 'America/New_York',
    });
  });

  it('falls back to the default time zone when the setting is broken or missing', async () => {
    await setWeekHours(t.db, { tuesday: dayHours(openShift('09:00', '15:00')) });
    t.clock.set(TUESDAY_10_00_TALLINN);

    await setSetting(t.db, 'shop_time_zone', 'Not/A_Zone');
    expect(await shopStatus()).toMatchObject({ isOpen: true, timeZone: 'Europe/Tallinn' });
    await deleteSetting(t.db, 'shop_time_zone');
    expect(await shopStatus()).toMatchObject({ isOpen: true, timeZone: 'Europe/Tallinn' });
    await setSetting(t.db, 'shop_time_zone', 'Europe/Tallinn');
  });

  it('is closed all week with the default hours of a new shop', async () => {
    await setWeekHours(t.db, {
      tuesday: {
        shift1: { open: '09:00', close: '15:00', isOpen: false },
        shift2: { open: '18:00', close: '22:00', isOpen: false },
      },
    });
    t.clock.set(TUESDAY_10_00_TALLINN);
    expect(await shopStatus()).toMatchObject({ isOpen: false, todayHours: {} });
  });
});

describe('GET /api/admin/shop-hours (read by the public footer)', () => {
  it('returns all seven days keyed by weekday name, each with shift1 and shift2', async () => {
    const week: WeekHours = {
      monday: dayHours(openShift('11:00', '14:00'), openShift('17:00', '21:00')),
      friday: dayHours(undefined, openShift('18:00', '02:00')),
    };
    await setWeekHours(t.db, week);

    const response = await t.app.inject({ method: 'GET', url: '/api/admin/shop-hours' });
    expect(response.statusCode).toBe(200);
    const body = response.json<WeekHours>();
    expect(Object.keys(body).sort()).toEqual([...WEEKDAYS].sort());
    for (const day of WEEKDAYS) {
      for (const shift of [body[day]!.shift1, body[day]!.shift2]) {
        expect(Object.keys(shift).sort()).toEqual(['close', 'isOpen', 'open']);
      }
    }
    expect(body.monday).toEqual({
      shift1: { open: '11:00', close: '14:00', isOpen: true },
      shift2: { open: '17:00', close: '21:00', isOpen: true },
    });
    expect(body.friday).toEqual({
      shift1: { open: null, close: null, isOpen: false },
      shift2: { open: '18:00', close: '02:00', isOpen: true },
    });
    expect(body.sunday?.shift1.isOpen).toBe(false);
  });
});
