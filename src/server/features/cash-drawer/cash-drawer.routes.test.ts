/**
 * The day cash-up (decision 012) through the API, on PGlite and on PostgreSQL: who may use it,
 * one drawer at a time (also when two open at once), pay-ins and pay-outs, the close, and the
 * scripted day whose expected cash and Z report were worked out by hand.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, isNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cashDrawerSessions, discounts, orders } from '#server/db/schema.ts';
import type { CashDrawerSession, ZReport } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';

const t = useTestApp({ seed: 'demo' });
let staff: string;
let admin: string;

beforeAll(async () => {
  staff = await signIn(t.db, await createStaffUser(t.db, { role: 'staff', name: 'Pat Counter' }));
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin', name: 'Ada Owner' }));
  await t.db
    .insert(discounts)
    .values({ id: 'ten-off', name: '10% off', type: 'percentage', value: 10 });
});

/** Each test starts with no drawer open (a closed one stays, as on a real till). */
beforeEach(async () => {
  await t.db
    .update(cashDrawerSessions)
    .set({ closedAt: new Date(), countedCents: 0, expectedCents: 0 })
    .where(isNull(cashDrawerSessions.closedAt));
});

function call(
  method: 'GET' | 'POST',
  url: string,
  options: { cookie?: string | undefined; payload?: unknown; key?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.key) headers['idempotency-key'] = options.key;
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: nextClient(),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

const current = (cookie = staff) => call('GET', '/api/pos/cash-drawer', { cookie });
const open = (float: unknown, cookie = staff, key?: string) =>
  call('POST', '/api/pos/cash-drawer/open', { cookie, payload: { float }, key });
const move = (payload: unknown, cookie = staff) =>
  call('POST', '/api/pos/cash-drawer/movements', { cookie, payload, key: randomUUID() });
const close = (payload: unknown, cookie = staff) =>
  call('POST', '/api/pos/cash-drawer/close', { cookie, payload, key: randomUUID() });
const report = (id: string, cookie = staff) =>
  call('GET', `/api/pos/cash-drawer/sessions/${id}/report`, { cookie });

const sessionOf = (response: { json: () => unknown }) =>
  (response.json() as { session: CashDrawerSession }).session;

/** A cash sale through the counter's real call, with an Idempotency-Key as the POS sends it. */
async function sellForCash(
  items: { menuItemId: string; quantity: number; [key: string]: unknown }[],
  cashReceived?: string,
  options: { url?: string; cookie?: string; customer?: object } = {},
) {
  const response = await call('POST', options.url ?? '/api/orders', {
    cookie: options.cookie ?? staff,
    key: randomUUID(),
    payload: {
      paymentMethod: 'cash',
      items,
      ...(cashReceived === undefined ? {} : { cashReceived }),
      ...(options.customer ? { customer: options.customer } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; total: string; change: string }>();
}

describe('who may use the cash drawer', () => {
  it('answers a stranger 401, the kitchen 403 and every POS role 200', async () => {
    const stranger = await call('GET', '/api/pos/cash-drawer');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toEqual({ error: 'Please log in first.' });
    const kitchen = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
    const refused = await current(kitchen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You do not have access to this.' });
    expect((await open('10.00', kitchen)).statusCode).toBe(403);
    for (const role of ['staff', 'cashier', 'server', 'manager', 'admin'] as const) {
      const cookie = await signIn(t.db, await createStaffUser(t.db, { role }));
      const response = await current(cookie);
      expect(response.statusCode, role).toBe(200);
    }
  });
});

describe('one drawer at a time', () => {
  it('answers {session: null} with none open, then opens one with its float', async () => {
    expect((await current()).json()).toMatchObject({ session: null });
    const opened = await open('100.00');
    expect(opened.statusCode, opened.body).toBe(201);
    expect(sessionOf(opened)).toMatchObject({
      openedBy: 'Pat Counter',
      float: '100.00',
      cashSales: '0.00',
      changeGiven: '0.00',
      payIns: '0.00',
      payOuts: '0.00',
      expectedCash: '100.00',
      closedAt: null,
      counted: null,
      difference: null,
      movements: [],
    });
    expect(sessionOf(await current())).toMatchObject({ id: sessionOf(opened).id });
  });

  it('refuses a second drawer while one is open: 409', async () => {
    expect((await open('50')).statusCode).toBe(201);
    const second = await open('20', admin);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'A cash drawer is already open.' });
  });

  it('opens exactly one when two tablets open at the same moment', async () => {
    const answers = await Promise.all([
      open('100.00', staff, randomUUID()),
      open('80.00', admin, randomUUID()),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const openNow = await t.db
      .select({ value: count() })
      .from(cashDrawerSessions)
      .where(isNull(cashDrawerSessions.closedAt));
    expect(openNow).toEqual([{ value: 1 }]);
  });

  itRaces('closes exactly once when Close is pressed on two tablets at once', async () => {
    expect((await open('10.00')).statusCode).toBe(201);
    const answers = await Promise.all([close({ counted: '10.00' }), close({ counted: '9.00' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps a pay-out made while the drawer closes in the closed figures, or refuses it', async () => {
    expect((await open('40.00')).statusCode).toBe(201);
    const [payOut, closed] = await Promise.all([
      move({ kind: 'pay-out', amount: '5.00', reason: 'Window cleaner' }),
      close({ counted: '35.00' }),
    ]);
    expect(closed.statusCode).toBe(200);
    if (payOut.statusCode === 201) {
      expect(sessionOf(closed)).toMatchObject({ payOuts: '5.00', expectedCash: '35.00' });
    } else {
      expect(payOut.statusCode).toBe(409);
      expect(sessionOf(closed)).toMatchObject({ payOuts: '0.00', expectedCash: '40.00' });
    }
  });

  it('opens once for a double tap with the same Idempotency-Key', async () => {
    const key = randomUUID();
    const first = await open('25.00', staff, key);
    const again = await open('25.00', staff, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(sessionOf(again).id).toBe(sessionOf(first).id);
  });
});

describe('what the calls refuse', () => {
  it('refuses amounts that are not money', async () => {
    for (const float of ['-1', 'abc', '', '1.234', null, 100000]) {
      const response = await open(float);
      expect(response.statusCode, String(float)).toBe(400);
      expect(response.json().fields).toHaveProperty('float');
    }
    expect((await open('0')).statusCode).toBe(201);
  });

  it('refuses a movement without an amount above 0 or a reason', async () => {
    expect((await open('0')).statusCode).toBe(201);
    const bad = [
      [{ kind: 'pay-out', amount: '0', reason: 'x' }, 'amount'],
      [{ kind: 'pay-out', amount: '-2', reason: 'x' }, 'amount'],
      [{ kind: 'pay-out', amount: '2', reason: '   ' }, 'reason'],
      [{ kind: 'pay-out', amount: '2', reason: 'x'.repeat(201) }, 'reason'],
      [{ kind: 'refund', amount: '2', reason: 'x' }, 'kind'],
    ] as const;
    for (const [payload, field] of bad) {
      const response = await move(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields).toHaveProperty(field);
    }
    const fine = await move({ kind: 'pay-in', amount: '12,50', reason: ' Coins from the bank ' });
    expect(fine.statusCode).toBe(201);
    expect(sessionOf(fine).movements).toEqual([
      expect.objectContaining({ kind: 'pay-in', amount: '12.50', reason: 'Coins from the bank' }),
    ]);
  });

  it('answers 409 to a movement or a close with no drawer open, 404 to an unknown report', async () => {
    const movement = await move({ kind: 'pay-in', amount: '5', reason: 'Change' });
    expect(movement.statusCode).toBe(409);
    expect(movement.json()).toEqual({ error: 'No cash drawer is open.' });
    expect((await close({ counted: '0' })).statusCode).toBe(409);
    expect((await report(randomUUID())).statusCode).toBe(404);
    expect((await report('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('the scripted day (figures worked out by hand)', () => {
  it('expects 153.82 in the drawer and reports the day', async () => {
    // Before opening: a website order an hour earlier is not this drawer's.
    await createOrder(t.db, { createdAt: new Date(Date.now() - 3_600_000) });

    const opened = await open('100.00');
    expect(opened.statusCode).toBe(201);
    const { id } = sessionOf(opened);

    // Seven sales. Cash at the counter (the real POST /api/orders and /api/admin/orders):
    // S1 2 x Classic Smash Burger 21.80, paid 30.00, change 8.20.
    const s1 = await sellForCash([{ menuItemId: 'classic-smash-burger', quantity: 2 }], '30.00');
    expect(s1).toMatchObject({ total: '21.80', change: '8.20' });
    // S2 Cola 2.90 + Classic Fries 3.90 = 6.80, paid 10.00, change 3.20.
    const s2 = await sellForCash(
      [
        { menuItemId: 'cola', quantity: 1 },
        { menuItemId: 'classic-fries', quantity: 1 },
      ],
      '10.00',
    );
    expect(s2).toMatchObject({ total: '6.80', change: '3.20' });
    // S3 Classic Smash Burger with Bacon 11.90, paid exactly.
    const s3 = await sellForCash(
      [{ menuItemId: 'classic-smash-burger', quantity: 1, customizations: { addOns: ['Bacon'] } }],
      '11.90',
    );
    expect(s3).toMatchObject({ total: '11.90', change: '0.00' });
    // S4 3 x Cola 8.70, no cash amount typed (taken as exact).
    const s4 = await sellForCash([{ menuItemId: 'cola', quantity: 3 }]);
    expect(s4).toMatchObject({ total: '8.70', change: '0.00' });
    // S5 (admin POS) 2 x Classic Smash Burger 21.80 − 10 % (2.18) = 19.62, paid 20.00, change 0.38.
    const s5 = await sellForCash(
      [{ menuItemId: 'classic-smash-burger', quantity: 2, discountId: 'ten-off' }],
      '20.00',
      {
        url: '/api/admin/orders',
        cookie: admin,
        customer: {
          firstName: 'Kati',
          lastName: 'Karu',
          email: 'kati.karu@example.com',
          phone: '+372 5550 1234',
        },
      },
    );
    expect(s5).toMatchObject({ total: '19.62', change: '0.38' });
    // Card: C1 a website order, Classic Smash Burger 10.90; C2 table 4, 2 x Cola 5.80.
    await createOrder(t.db, { paymentMethod: 'viva-wallet', orderSource: 'website' });
    await createOrder(t.db, {
      paymentMethod: 'viva-wallet',
      orderSource: 'table',
      type: 'dine-in',
      tableNumber: '4',
      items: [
        {
          name: 'Cola 0.5 l',
          basePriceCents: 290,
          unitPriceCents: 290,
          quantity: 2,
          totalPriceCents: 580,
        },
      ],
    });
    // Not counted: a payment-simulator order (no money moved) and an unpaid one.
    await createOrder(t.db, { paymentMethod: 'viva-wallet', isTest: true });
    await createOrder(t.db, { paymentMethod: 'viva-wallet', paymentStatus: 'pending' });

    // The cash sale records what was handed over and what went back.
    const [s1Row] = await t.db.select().from(orders).where(eq(orders.id, s1.id));
    expect(s1Row).toMatchObject({ cashReceivedCents: 3000, changeCents: 820 });

    // One pay-out: 15.00 for ice.
    const paidOut = await move({ kind: 'pay-out', amount: '15.00', reason: 'Ice from the shop' });
    expect(paidOut.statusCode).toBe(201);

    // Cash received 30.00 + 10.00 + 11.90 + 8.70 + 20.00 = 80.60;
    // change 8.20 + 3.20 + 0.38 = 11.78; expected 100.00 + 80.60 − 11.78 − 15.00 = 153.82.
    const running = sessionOf(await current());
    expect(running).toMatchObject({
      float: '100.00',
      cashSalesCount: 5,
      cashSales: '80.60',
      changeGiven: '11.78',
      payIns: '0.00',
      payOuts: '15.00',
      expectedCash: '153.82',
    });
    expect(running.movements).toEqual([
      expect.objectContaining({
        kind: 'pay-out',
        amount: '15.00',
        reason: 'Ice from the shop',
        by: 'Pat Counter',
      }),
    ]);

    // Counted 153.50: 0.32 short.
    const closed = await close({ counted: '153.50', note: 'Two coins under the till' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(sessionOf(closed)).toMatchObject({
      closedBy: 'Pat Counter',
      expectedCash: '153.82',
      counted: '153.50',
      difference: '-0.32',
      note: 'Two coins under the till',
    });

    // A sale after the close is refused: it would belong to no drawer.
    const late = await call('POST', '/api/orders', {
      cookie: staff,
      key: randomUUID(),
      payload: { paymentMethod: 'cash', items: [{ menuItemId: 'cola', quantity: 1 }] },
    });
    expect(late.statusCode, late.body).toBe(409);

    const z = await report(id);
    expect(z.statusCode, z.body).toBe(200);
    const body = z.json<ZReport>();
    // 7 orders: 21.80 + 6.80 + 11.90 + 8.70 + 19.62 + 10.90 + 5.80 = 85.52.
    expect(body).toMatchObject({
      orderCount: 7,
      sales: '85.52',
      discounts: '2.18',
      testOrdersExcluded: 1,
      itemCount: 13,
      timeZone: expect.any(String),
      businessDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(body.session).toMatchObject({
      cashSales: '80.60',
      changeGiven: '11.78',
      payOuts: '15.00',
      expectedCash: '153.82',
      counted: '153.50',
      difference: '-0.32',
    });
    expect(body.byPaymentMethod).toEqual([
      { key: 'viva-wallet', label: 'Card (Viva Wallet)', orders: 2, total: '16.70' },
      { key: 'cash', label: 'Cash', orders: 5, total: '68.82' },
      { key: 'platform', label: 'Paid on the platform', orders: 0, total: '0.00' },
    ]);
    expect(body.bySource).toEqual([
      { key: 'website', label: 'Website', orders: 1, total: '10.90' },
      { key: 'pos', label: 'Counter (POS)', orders: 5, total: '68.82' },
      { key: 'table', label: 'Table (QR)', orders: 1, total: '5.80' },
      { key: 'wolt', label: 'Wolt', orders: 0, total: '0.00' },
      { key: 'bolt', label: 'Bolt Food', orders: 0, total: '0.00' },
    ]);
    // Burger 2 + 1 + 2 + 1 = 6 for 21.80 + 11.90 + 19.62 + 10.90 = 64.22;
    // Cola 1 + 3 + 2 = 6 for 2.90 + 8.70 + 5.80 = 17.40; Fries 1 for 3.90.
    expect(body.items).toEqual([
      { name: 'Classic Smash Burger', quantity: 6, revenue: '64.22' },
      { name: 'Cola 0.5 l', quantity: 6, revenue: '17.40' },
      { name: 'Classic Fries', quantity: 1, revenue: '3.90' },
    ]);

    // The next day starts from nothing; the last closed report stays reachable.
    const after = (await current()).json();
    expect(after).toEqual({ session: null, lastClosed: { id, closedAt: expect.any(String) } });
    const nextDay = await open('100.00');
    expect(sessionOf(nextDay)).toMatchObject({ cashSales: '0.00', expectedCash: '100.00' });
    expect(Date.parse(sessionOf(nextDay).openedAt)).toBeGreaterThanOrEqual(
      Date.parse(sessionOf(closed).closedAt!),
    );
  });

  it('counts pay-ins, and a surplus is a positive difference', async () => {
    expect((await open('20.00')).statusCode).toBe(201);
    await sellForCash([{ menuItemId: 'classic-fries', quantity: 1 }], '5.00');
    expect((await move({ kind: 'pay-in', amount: '30', reason: 'Coins' })).statusCode).toBe(201);
    // 20.00 + 5.00 − 1.10 + 30.00 = 53.90; counted 54.00 is 0.10 over.
    const closed = await close({ counted: '54' });
    expect(sessionOf(closed)).toMatchObject({
      cashSales: '5.00',
      changeGiven: '1.10',
      payIns: '30.00',
      expectedCash: '53.90',
      counted: '54.00',
      difference: '0.10',
    });
  });

  it('reports an open drawer so far', async () => {
    const { id } = sessionOf(await open('10.00'));
    await sellForCash([{ menuItemId: 'cola', quantity: 1 }], '2.90');
    const body = (await report(id)).json<ZReport>();
    expect(body).toMatchObject({ orderCount: 1, sales: '2.90' });
    expect(body.session).toMatchObject({ closedAt: null, expectedCash: '12.90', counted: null });
  });
});

describe('the drawer cannot be gamed', () => {
  it('refuses to replay an open after that drawer closed: 409, and no open drawer appears', async () => {
    const key = randomUUID();
    const first = await open('30.00', staff, key);
    expect(first.statusCode).toBe(201);
    const closed = await close({ counted: '30.00' });
    expect(closed.statusCode).toBe(200);
    const replay = await open('30.00', staff, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({
      error: 'That cash drawer has already been closed. Open a new drawer with a new float.',
    });
    expect((await current()).json()).toMatchObject({ session: null });
  });

  it('still answers a replayed open with the drawer while it is open', async () => {
    const key = randomUUID();
    const first = await open('30.00', staff, key);
    const again = await open('30.00', staff, key);
    expect(again.statusCode).toBe(201);
    expect(sessionOf(again)).toMatchObject({ id: sessionOf(first).id, closedAt: null });
    // The same key with another float, or from another account, is another request.
    expect((await open('31.00', staff, key)).statusCode).toBe(409);
    expect((await open('30.00', admin, key)).statusCode).toBe(409);
    // A new key after the close opens a new drawer (the next day).
    expect((await close({ counted: '30.00' })).statusCode).toBe(200);
    const next = await open('30.00', staff, randomUUID());
    expect(next.statusCode).toBe(201);
    expect(sessionOf(next).id).not.toBe(sessionOf(first).id);
  });

  itRaces('opens once when the same open arrives twice at the same moment', async () => {
    const key = randomUUID();
    const answers = await Promise.all([open('15.00', staff, key), open('15.00', staff, key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((answer) => sessionOf(answer).id)).size).toBe(1);
    expect((await open('15.00', staff, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses a pay-out that takes more than the expected cash: 422, figures unchanged', async () => {
    expect((await open('10.00')).statusCode).toBe(201);
    await sellForCash([{ menuItemId: 'cola', quantity: 1 }], '2.90');
    // Expected 10.00 + 2.90 = 12.90: 12.91 is more than the drawer holds.
    const tooMuch = await move({ kind: 'pay-out', amount: '12.91', reason: 'Ice' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      error: 'Only €12.90 should be in the drawer, so a pay-out of €12.91 is not possible.',
    });
    expect(sessionOf(await current())).toMatchObject({ payOuts: '0.00', expectedCash: '12.90' });
    // Exactly everything is fine, and then not a cent more.
    const all = await move({ kind: 'pay-out', amount: '12.90', reason: 'To the safe' });
    expect(all.statusCode).toBe(201);
    expect(sessionOf(all)).toMatchObject({ payOuts: '12.90', expectedCash: '0.00' });
    const more = await move({ kind: 'pay-out', amount: '0.01', reason: 'Tip' });
    expect(more.statusCode).toBe(422);
    expect(sessionOf(await current())).toMatchObject({ expectedCash: '0.00' });
  });

  itRaces('never takes expected cash below zero with six pay-outs at once', async () => {
    expect((await open('10.00')).statusCode).toBe(201);
    // 10.00 holds three pay-outs of 3.00; the other three are refused.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        move({ kind: 'pay-out', amount: '3.00', reason: `Supplies ${i}` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 201, 201, 422, 422, 422,
    ]);
    expect(sessionOf(await current())).toMatchObject({ payOuts: '9.00', expectedCash: '1.00' });
  });
});
