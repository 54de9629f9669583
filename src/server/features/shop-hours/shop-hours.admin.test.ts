/**
 * Shop Hours Management through the API (spec back-office §2, §5): PUT /api/admin/shop-hours/:day
 * by an admin changes the server's open/closed answer at once, with the spec's messages.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  dayHours,
  openShift,
  setSetting,
  setWeekHours,
} from '../../../../tests/factories/shop-hours.ts';
import {
  createStaffUser,
  nextClient,
  signIn,
  type CreatedStaff,
} from '../../../../tests/factories/staff.ts';
import type { DayHours, ShopStatus, WeekHours } from '#shared/shop-hours/shop-hours.ts';

const t = useTestApp({ seed: 'base' });

/** 2025-06-10 is a Tuesday; Tallinn is UTC+3 in June. */
const TUESDAY_10_00 = '2025-06-10T07:00:00Z';

let admin: CreatedStaff;
let cookie: string;

beforeAll(async () => {
  admin = await createStaffUser(t.db, { role: 'admin' });
});
beforeEach(async () => {
  await setSetting(t.db, 'shop_time_zone', 'Europe/Tallinn');
  await setWeekHours(t.db, { tuesday: dayHours(openShift('09:00', '15:00')) });
  t.clock.set(TUESDAY_10_00);
  // Written straight into the database, past the admin API that drops the kept copy.
  t.app.publicCache.clear();
  cookie = await signIn(t.db, admin, t.clock.now());
});

const putDay = (day: string, body: unknown, asCookie = cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/shop-hours/${day}`,
    payload: body as object,
    headers: { cookie: asCookie },
    remoteAddress: nextClient(),
  });

async function shopStatus(): Promise<ShopStatus> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/shop-status',
    remoteAddress: nextClient(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ShopStatus>();
}

async function weekHours(): Promise<WeekHours> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/shop-hours',
    remoteAddress: nextClient(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<WeekHours>();
}

const closedAllDay: DayHours = {
  shift1: { open: '09:00', close: '15:00', isOpen: false },
  shift2: { open: '18:00', close: '22:00', isOpen: false },
};

describe('PUT /api/admin/shop-hours/:day', () => {
  it("closes and reopens the shop at once when today's hours change", async () => {
    expect(await shopStatus()).toMatchObject({
      isOpen: true,
      today: 'tuesday',
      currentTime: '10:00',
    });

    const closing = await putDay('tuesday', closedAllDay);
    expect(closing.statusCode).toBe(200);
    expect(closing.json()).toEqual(closedAllDay);
    expect(await shopStatus()).toMatchObject({ isOpen: false, today: 'tuesday', todayHours: {} });
    expect((await weekHours()).tuesday).toEqual(closedAllDay);

    const reopening = {
      shift1: { open: '09:00', close: '15:00', isOpen: true },
      shift2: closedAllDay.shift2,
    };
    expect((await putDay('tuesday', reopening)).statusCode).toBe(200);
    expect(await shopStatus()).toMatchObject({
      isOpen: true,
      todayHours: { shift1: { open: '09:00', close: '15:00' } },
    });
  });

  it('changes only the day it names', async () => {
    const before = await weekHours();
    const wednesday: DayHours = {
      shift1: { open: '11:00', close: '14:00', isOpen: true },
      shift2: { open: '17:00', close: '21:30', isOpen: true },
    };
    expect((await putDay('wednesday', wednesday)).statusCode).toBe(200);
    expect(await weekHours()).toEqual({ ...before, wednesday });
  });

  it("asks for both times of an open shift with the spec's message, and saves nothing", async () => {
    const before = await weekHours();
    for (const [shift, label] of [
      ['shift1', 'Shift 1'],
      ['shift2', 'Shift 2'],
    ] as const) {
      for (const times of [
        { open: null, close: null },
        { open: '09:00', close: null },
        { open: null, close: '15:00' },
      ]) {
        const body = { ...closedAllDay, [shift]: { ...times, isOpen: true } };
        const response = await putDay('tuesday', body);
        expect(response.statusCode, `${shift} ${JSON.stringify(times)}`).toBe(400);
        expect(response.json()).toEqual({
          error: `${shift}: Please set both opening and closing times for ${label}`,
          fields: { [shift]: `Please set both opening and closing times for ${label}` },
        });
      }
    }
    expect(await weekHours()).toEqual(before);
    expect((await shopStatus()).isOpen).toBe(true);
  });

  it('accepts a closed shift without times', async () => {
    const body: DayHours = {
      shift1: { open: '09:00', close: '15:00', isOpen: true },
      shift2: { open: null, close: null, isOpen: false },
    };
    expect((await putDay('tuesday', body)).statusCode).toBe(200);
    expect((await weekHours()).tuesday).toEqual(body);
  });

  it('refuses an unknown day', async () => {
    for (const day of ['funday', 'Tuesday', 'tue', '2']) {
      const response = await putDay(day, closedAllDay);
      expect(response.statusCode, day).toBe(400);
      expect(response.json().error).toBe('day: Unknown day: use monday to sunday');
    }
    expect((await shopStatus()).isOpen).toBe(true);
  });

  it('refuses times that are not HH:MM of a day', async () => {
    for (const time of ['25:00', '24:00', '9:00', '09:60', '0900', 'noon', '09:00:00', '']) {
      const response = await putDay('tuesday', {
        ...closedAllDay,
        shift1: { open: time, close: '15:00', isOpen: true },
      });
      expect(response.statusCode, time).toBe(400);
      expect(response.json().error).toMatch(/^shift1\.open: Use a time like 09:30/);
    }
    const close = await putDay('tuesday', {
      ...closedAllDay,
      shift2: { open: '18:00', close: '25:00', isOpen: true },
    });
    expect(close.statusCode).toBe(400);
    expect(close.json().fields).toEqual({ 'shift2.close': 'Use a time like 09:30' });
    expect((await shopStatus()).isOpen).toBe(true);
  });

  it('saves a shift past midnight, which keeps the shop open into the next day', async () => {
    await setWeekHours(t.db, {});
    const monday: DayHours = {
      shift1: { open: null, close: null, isOpen: false },
      shift2: { open: '18:00', close: '02:00', isOpen: true },
    };
    expect((await putDay('monday', monday)).statusCode).toBe(200);
    expect((await weekHours()).monday).toEqual(monday);

    t.clock.set('2025-06-09T14:59:00Z'); // Monday 17:59 in Tallinn
    expect(await shopStatus()).toMatchObject({ isOpen: false, today: 'monday' });
    t.clock.set('2025-06-09T15:00:00Z'); // Monday 18:00
    expect(await shopStatus()).toMatchObject({ isOpen: true, today: 'monday' });
    t.clock.set('2025-06-09T22:30:00Z'); // Tuesday 01:30, Tuesday itself closed
    expect(await shopStatus()).toMatchObject({
      isOpen: true,
      today: 'tuesday',
      currentTime: '01:30',
      todayHours: {},
    });
    t.clock.set('2025-06-09T23:00:00Z'); // Tuesday 02:00
    expect((await shopStatus()).isOpen).toBe(false);
  });

  // Capacity per shift (decision 026): a shift may have its own prep units per 15 minutes.
  it("keeps a shift's own kitchen capacity; a day saved without it takes the shop's again", async () => {
    const tuesday: DayHours = {
      shift1: { open: '08:00', close: '11:00', isOpen: true, unitsPerSlot: 4 },
      shift2: { open: '17:00', close: '22:00', isOpen: true },
    };
    expect((await putDay('tuesday', tuesday)).statusCode).toBe(200);
    expect((await weekHours()).tuesday).toEqual(tuesday);
    const without: DayHours = {
      shift1: { open: '08:00', close: '11:00', isOpen: true },
      shift2: { open: '17:00', close: '22:00', isOpen: true, unitsPerSlot: null },
    };
    expect((await putDay('tuesday', without)).statusCode).toBe(200);
    expect((await weekHours()).tuesday).toEqual({
      shift1: { open: '08:00', close: '11:00', isOpen: true },
      shift2: { open: '17:00', close: '22:00', isOpen: true },
    });
  });

  it.each([0, 501, 2.5, '8'])(
    'refuses a shift capacity of %j, and saves nothing',
    async (units) => {
      const response = await putDay('tuesday', {
        shift1: { open: '09:00', close: '15:00', isOpen: true, unitsPerSlot: units },
        shift2: { open: null, close: null, isOpen: false },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        'shift1.unitsPerSlot': 'Please enter a whole number of prep units from 1 to 500.',
      });
      expect((await weekHours()).tuesday?.shift1).toEqual({
        open: '09:00',
        close: '15:00',
        isOpen: true,
      });
    },
  );

  it('is refused to a stranger and to a non-admin, and the hours stay as they were', async () => {
    const kitchen = await createStaffUser(t.db, { role: 'kitchen' });
    const manager = await createStaffUser(t.db, { role: 'manager' });
    const stranger = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shop-hours/tuesday',
      payload: closedAllDay,
      remoteAddress: nextClient(),
    });
    expect(stranger.statusCode).toBe(401);
    for (const user of [kitchen, manager]) {
      const response = await putDay(
        'tuesday',
        closedAllDay,
        await signIn(t.db, user, t.clock.now()),
      );
      expect(response.statusCode, user.role).toBe(403);
    }
    expect(await shopStatus()).toMatchObject({ isOpen: true });
    expect((await weekHours()).tuesday?.shift1.isOpen).toBe(true);
  });
});
