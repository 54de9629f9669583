/**
 * Pending checkouts expire (PAYMENT_TIMEOUT_SECONDS) and are settled by the reconciler, with
 * the payment simulator. The Viva side (asking Viva about an interrupted checkout) is in
 * viva.test.ts, against the fake Viva.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { orders, payments } from '#server/db/schema.ts';
import { nextClient } from '../../../../tests/factories/staff.ts';
import { TestClock, testEnv, useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  confirmPayment,
  markPaymentUnsuccessful,
  settlePendingPayment,
} from './payments.service.ts';
import { reconcilePayments } from './reconcile.ts';
import { SimulatorProvider } from './simulator-provider.ts';

// 15 minutes instead of the default 30, to show the setting is what counts.
const t = useTestApp({ seed: 'demo', env: { PAYMENT_TIMEOUT_SECONDS: '900' } });
const simulator = new SimulatorProvider();
// 1 × Classic Smash Burger
const BURGER_CENTS = 1090;

async function startCheckout(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    payload: {
      amount: 10.9,
      customerEmail: email,
      customerName: 'Mari Maasikas',
      customerPhone: '+372 5550 0123',
      contactless: false,
      orderData: {
        type: 'pickup',
        orderSource: 'website',
        items: [{ menuItemId: 'classic-smash-burger', quantity: 1 }],
        paymentMethod: 'viva-wallet',
        deliveryAddress: null,
        customer: { firstName: 'Mari', lastName: 'Maasikas', email, phone: '+372 5550 0123' },
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { paymentId, paymentUrl } = response.json<{ paymentId: string; paymentUrl: string }>();
  return { paymentId, pagePath: new URL(paymentUrl, 'http://shop.test').pathname };
}

const paymentRow = async (paymentId: string) =>
  (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
const ordersOf = (paymentId: string) =>
  t.db.select().from(orders).where(eq(orders.paymentId, paymentId));
const reconcileAt = (moment: string) =>
  reconcilePayments(t.db, simulator, new Date(moment), t.app.log);

const press = (pagePath: string, outcome: 'pay' | 'decline' | 'cancel') =>
  t.app.inject({
    method: 'POST',
    url: pagePath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

describe('pending card checkouts expire', () => {
  it('gives a checkout PAYMENT_TIMEOUT_SECONDS from the moment it starts', async () => {
    t.clock.set('2025-06-10T09:00:00Z');
    const { paymentId } = await startCheckout('timeout@example.com');

    const row = await paymentRow(paymentId);
    expect(row.status).toBe('pending');
    expect(row.expiresAt?.toISOString()).toBe('2025-06-10T09:15:00.000Z');
  });

  it('expires a simulator checkout past its time and leaves one still within it pending', async () => {
    t.clock.set('2025-06-11T10:00:00Z');
    const late = await startCheckout('late@example.com');
    t.clock.set('2025-06-11T10:05:00Z');
    const onTime = await startCheckout('ontime@example.com');

    // Exactly at the expiry of the first (10:15), 5 minutes before the second's.
    const summary = await reconcileAt('2025-06-11T10:15:00Z');

    expect(await paymentRow(late.paymentId)).toMatchObject({
      status: 'expired',
      failureReason: 'payment timeout',
    });
    expect((await paymentRow(onTime.paymentId)).status).toBe('pending');
    expect(await ordersOf(late.paymentId)).toHaveLength(0);
    expect(summary).toMatchObject({ paid: 0, failed: 0, waiting: 0 });

    await reconcileAt('2025-06-11T10:20:00Z');
    expect((await paymentRow(onTime.paymentId)).status).toBe('expired');
  });

  it('never downgrades a paid payment', async () => {
    t.clock.set('2025-06-12T10:00:00Z');
    const { paymentId, pagePath } = await startCheckout('paid@example.com');
    expect((await press(pagePath, 'pay')).statusCode).toBe(303);

    await reconcileAt('2025-06-13T12:00:00Z');
    await markPaymentUnsuccessful(t.db, paymentId, 'expired', 'late');
    await markPaymentUnsuccessful(t.db, paymentId, 'cancelled', 'back button');
    expect(await settlePendingPayment(t.db, paymentId, 'expired', 'late')).toBe(false);

    expect(await paymentRow(paymentId)).toMatchObject({ status: 'paid', failureReason: null });
    expect(await ordersOf(paymentId)).toHaveLength(1);
  });

  it('still makes the order when money is confirmed after the checkout expired, once', async () => {
    t.clock.set('2025-06-14T10:00:00Z');
    const { paymentId } = await startCheckout('money-wins@example.com');
    await reconcileAt('2025-06-14T10:16:00Z');
    expect((await paymentRow(paymentId)).status).toBe('expired');

    const evidence = { amountCents: BURGER_CENTS, transactionId: 'sim_tx_late' };
    const [first, second] = await Promise.all([
      confirmPayment(t.db, paymentId, evidence, t.app.log),
      confirmPayment(t.db, paymentId, evidence, t.app.log),
    ]);

    expect([first!.outcome, second!.outcome]).toEqual(['order', 'order']);
    const made = await ordersOf(paymentId);
    expect(made).toHaveLength(1);
    // Paid through the simulator: a test order.
    expect(made[0]).toMatchObject({
      paymentStatus: 'paid',
      totalCents: BURGER_CENTS,
      isTest: true,
    });
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      providerTransactionId: 'sim_tx_late',
      failureReason: null,
    });
  });
});

describe('the simulator page', () => {
  it('refuses to pay a checkout whose time ran out, before and after the reconciler saw it', async () => {
    t.clock.set('2025-06-15T10:00:00Z');
    const seen = await startCheckout('seen@example.com');
    t.clock.set('2025-06-15T10:05:00Z');
    const unseen = await startCheckout('unseen@example.com');
    await reconcileAt('2025-06-15T10:15:00Z');
    expect((await paymentRow(seen.paymentId)).status).toBe('expired');
    // The second's time is up too, though the reconciler has not seen it: just as over.
    t.clock.set('2025-06-15T10:20:00Z');
    expect((await paymentRow(unseen.paymentId)).status).toBe('pending');

    for (const { paymentId, pagePath } of [unseen, seen]) {
      const page = await t.app.inject({ method: 'GET', url: pagePath });
      expect(page.statusCode).toBe(410);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Your payment time ran out');
      expect(page.body).toContain('No card was charged. Please place your order again.');
      expect(page.body).toContain('href="/checkout?payment=expired"');
      expect(page.body).not.toContain('value="pay"');

      const paid = await press(pagePath, 'pay');
      expect(paid.statusCode).toBe(410);
      expect(paid.body).toContain('Your payment time ran out');
      expect(await ordersOf(paymentId)).toHaveLength(0);
      expect(await paymentRow(paymentId)).toMatchObject({
        status: 'expired',
        failureReason: 'payment timeout',
      });
    }
  });

  it('refuses to pay a declined checkout after the back button', async () => {
    t.clock.set('2025-06-16T10:00:00Z');
    const { paymentId, pagePath } = await startCheckout('declined@example.com');
    const declined = await press(pagePath, 'decline');
    expect(declined.headers.location).toBe('/checkout?payment=failed');

    const paid = await press(pagePath, 'pay');
    expect(paid.statusCode).toBe(410);
    expect(paid.body).toContain('This payment was declined');
    expect(await ordersOf(paymentId)).toHaveLength(0);
    expect((await paymentRow(paymentId)).status).toBe('failed');
  });

  it('still takes a payment one second before its time runs out', async () => {
    t.clock.set('2025-06-17T10:00:00Z');
    const { paymentId, pagePath } = await startCheckout('just-in-time@example.com');
    t.clock.set('2025-06-17T10:14:59Z');

    expect((await t.app.inject({ method: 'GET', url: pagePath })).statusCode).toBe(200);
    const paid = await press(pagePath, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^\/checkout\?payment=success&orderId=/);
    expect(await ordersOf(paymentId)).toHaveLength(1);
  });
});

describe('the reconciler in the running app', () => {
  it('is off unless asked: an API test app leaves an expired checkout pending', async () => {
    t.clock.set('2025-06-18T10:00:00Z');
    const { paymentId } = await startCheckout('idle@example.com');
    t.clock.set('2025-06-18T11:00:00Z');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await paymentRow(paymentId)).status).toBe('pending');
    await reconcileAt('2025-06-18T11:00:00Z');
  });

  it('runs at start and then every PAYMENT_RECONCILE_SECONDS, and stops when the app closes', async () => {
    t.clock.set('2025-06-19T10:00:00Z');
    const atStart = await startCheckout('at-start@example.com');
    const later = await startCheckout('later@example.com');
    // Only the first is due when the second app starts.
    await t.db
      .update(payments)
      .set({ expiresAt: new Date('2025-06-19T12:00:00Z') })
      .where(eq(payments.id, later.paymentId));

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-reconcile-'));
    const clock = new TestClock('2025-06-19T11:00:00Z');
    const app = await buildApp({
      config: loadConfig(testEnv(dataDir, { PAYMENT_RECONCILE_SECONDS: '1' })),
      database: t.database,
      now: clock.now,
      logger: false,
      reconcilePayments: true,
    });
    try {
      await app.ready();
      await expect
        .poll(async () => (await paymentRow(atStart.paymentId)).status, { timeout: 5_000 })
        .toBe('expired');
      expect((await paymentRow(later.paymentId)).status).toBe('pending');

      clock.set('2025-06-19T12:00:00Z');
      await expect
        .poll(async () => (await paymentRow(later.paymentId)).status, { timeout: 5_000 })
        .toBe('expired');
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }

    // Closed: a newly due checkout stays pending.
    const afterClose = await startCheckout('after-close@example.com');
    clock.set('2025-06-19T13:00:00Z');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await paymentRow(afterClose.paymentId)).status).toBe('pending');
  });
});
