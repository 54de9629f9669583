/**
 * Pause and busy mode (decision 014) on the shop's clock (Europe/Tallinn, summer
 * time UTC+3 on 2026-06-10): the website and the tables are refused while paused, the counter
 * still sells, and the pause lifts by itself at its time.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { openCashDrawer } from '../../../../tests/factories/cash-drawer.ts';

const t = useTestApp({ seed: 'demo', clockStart: '2026-06-10T15:00:00Z' });
let admin: string;
let kitchen: string;
let cashier: string;

beforeAll(async () => {
  // Every counter cash sale needs an open drawer (decision 012, update 2026-11-25).
  await openCashDrawer(t.db, await createStaffUser(t.db, { role: 'staff' }));
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
  cashier = await signIn(t.db, await createStaffUser(t.db, { role: 'staff' }));
});

const customer = {
  firstName: 'Jaan',
  lastName: 'Tamm',
  email: 'jaan.tamm@example.com',
  phone: '+372 5550 0199',
};

function startCardPayment(orderSource: 'website' | 'table') {
  return t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    payload: {
      amount: 10.9,
      customerEmail: customer.email,
      customerName: 'Jaan Tamm',
      customerPhone: customer.phone,
      contactless: false,
      orderData: {
        type: orderSource === 'table' ? 'dine-in' : 'pickup',
        orderSource,
        ...(orderSource === 'table' ? { tableNumber: '3' } : {}),
        items: [{ menuItemId: 'classic-smash-burger', quantity: 1 }],
        paymentMethod: 'viva-wallet',
        deliveryAddress: null,
        customer,
      },
    },
  });
}

const sellForCash = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: cashier, 'idempotency-key': randomUUID() },
    payload: {
      paymentMethod: 'cash',
      cashReceived: 20,
      items: [{ menuItemId: 'classic-smash-burger', quantity: 1 }],
    },
  });

const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/online-ordering${path}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

const shopStatus = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/shop-status' })).json();

describe('pause', () => {
  it('not paused at first: 15-20 minutes quoted, payments go through', async () => {
    expect((await shopStatus()).onlineOrdering).toEqual({
      paused: false,
      pauseReason: null,
      pausedUntil: null,
      resumesAt: null,
      busyExtraMinutes: 0,
      busyUntil: null,
      preparationMinutes: { from: 15, to: 20 },
    });
    expect((await startCardPayment('website')).statusCode).toBe(200);
  });

  it('30 minutes from 18:10 local: website and table refused with the time, the counter sells, lifts at 18:40', async () => {
    t.clock.set('2026-06-10T15:10:00Z'); // 18:10 in Tallinn
    const paused = await call('PUT', '/pause', kitchen, { minutes: 30 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      paused: true,
      pausedUntil: '2026-06-10T15:40:00.000Z',
      resumesAt: '18:40',
    });
    expect((await shopStatus()).onlineOrdering).toMatchObject({ paused: true, resumesAt: '18:40' });

    for (const source of ['website', 'table'] as const) {
      const refused = await startCardPayment(source);
      expect(refused.statusCode, source).toBe(409);
      expect(refused.json().error).toBe("We're not taking online orders right now - back at 18:40");
    }
    const counter = await sellForCash();
    expect(counter.statusCode, counter.body).toBe(201);

    t.clock.set('2026-06-10T15:39:59Z');
    expect((await startCardPayment('website')).statusCode).toBe(409);
    t.clock.set('2026-06-10T15:40:00Z');
    expect((await shopStatus()).onlineOrdering.paused).toBe(false);
    expect((await startCardPayment('website')).statusCode).toBe(200);
  });

  it('until resumed: no time is promised; Resume lifts it', async () => {
    const paused = await call('PUT', '/pause', admin, { minutes: null });
    expect(paused.json()).toMatchObject({ paused: true, pausedUntil: null, resumesAt: null });
    t.clock.set('2026-06-11T15:40:00Z');
    const refused = await startCardPayment('website');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("We're not taking online orders right now.");
    const resumed = await call('DELETE', '/pause', kitchen);
    expect(resumed.json()).toMatchObject({ paused: false });
    expect((await startCardPayment('website')).statusCode).toBe(200);
  });

  it('only 15, 30, 60 or until resumed', async () => {
    const response = await call('PUT', '/pause', admin, { minutes: 45 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/15, 30 or 60/);
  });

  it('counter staff and strangers may not pause', async () => {
    expect((await call('PUT', '/pause', cashier, { minutes: 15 })).statusCode).toBe(403);
    const stranger = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/online-ordering/pause',
      payload: { minutes: 15 },
    });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('busy mode', () => {
  it('+20 adds to the quoted time until the end of the day, then ends by itself', async () => {
    t.clock.set('2026-06-12T15:00:00Z'); // 18:00 local; the demo hours run round the clock
    const busy = await call('PUT', '/busy', kitchen, { extraMinutes: 20 });
    expect(busy.statusCode, busy.body).toBe(200);
    expect(busy.json()).toMatchObject({
      busyExtraMinutes: 20,
      preparationMinutes: { from: 35, to: 40 },
    });
    expect((await shopStatus()).onlineOrdering.preparationMinutes).toEqual({ from: 35, to: 40 });
    // Busy never stops anyone ordering.
    expect((await startCardPayment('website')).statusCode).toBe(200);
    // The next local midnight (21:00Z) ends it.
    t.clock.set('2026-06-12T21:00:00Z');
    expect((await shopStatus()).onlineOrdering).toMatchObject({
      busyExtraMinutes: 0,
      preparationMinutes: { from: 15, to: 20 },
    });
  });

  it('0 ends it at once; other values are refused', async () => {
    await call('PUT', '/busy', kitchen, { extraMinutes: 10 });
    expect((await call('PUT', '/busy', kitchen, { extraMinutes: 0 })).json()).toMatchObject({
      busyExtraMinutes: 0,
    });
    expect((await call('PUT', '/busy', kitchen, { extraMinutes: 15 })).statusCode).toBe(400);
  });
});
