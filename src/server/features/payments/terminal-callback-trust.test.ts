/**
 * The terminal callback is a public GET (decision 013): whoever opens it writes its query. It
 * settles only counter card payments, and only as the provider answers for the transaction it
 * names; the query's `status` changes nothing by itself. With the simulator and with a fake
 * Viva on loopback.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '#server/db/schema.ts';
import { WALK_IN_CUSTOMER } from '#shared/pos/pos.schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { startFakeViva, type FakeViva, vivaEnv } from '../../../../tests/fakes/fake-viva.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';

const CALLBACK = '/api/viva-wallet/terminal-callback';
const LINE = { menuItemId: 'cola', name: 'Cola', quantity: 2, customizations: {} };
// 2 × Cola 2.90 in the demo menu.
const LINE_CENTS = 580;

function checkoutBody(orderSource: 'website' | 'pos') {
  return orderSource === 'pos'
    ? {
        customerEmail: WALK_IN_CUSTOMER.email,
        customerName: WALK_IN_CUSTOMER.name,
        customerPhone: WALK_IN_CUSTOMER.phone,
        contactless: true,
        orderData: { type: 'pickup', orderSource, items: [LINE] },
      }
    : {
        customerEmail: 'ann@example.com',
        customerName: 'Ann Smith',
        customerPhone: '+372 5550 0000',
        orderData: { type: 'pickup', orderSource, items: [LINE] },
      };
}

async function startCheckout(t: TestApp, orderSource: 'website' | 'pos', staffCookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    headers: orderSource === 'pos' ? { cookie: staffCookie } : {},
    payload: checkoutBody(orderSource),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ paymentId: string; paymentUrl: string; terminalUrl?: string }>();
}

/** A stranger opens the callback with whatever query they like. */
const openCallback = (t: TestApp, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `${CALLBACK}?${new URLSearchParams(query).toString()}`,
    remoteAddress: '203.0.113.66',
  });

const paymentStatus = async (t: TestApp, paymentId: string) =>
  (
    await t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId))
  )[0]?.status;

const ordersOf = async (t: TestApp, paymentId: string) =>
  (await t.db.select({ n: count() }).from(orders).where(eq(orders.paymentId, paymentId)))[0]!.n;

describe('with the simulator', () => {
  let testDatabase: TestDatabase;
  let t: TestApp;
  let staffCookie: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    t = await createTestApp(testDatabase.database, { seed: 'demo' });
    staffCookie = await signIn(t.db, await createStaffUser(t.db, { role: 'staff' }));
  });
  afterAll(async () => {
    await t?.close();
    await testDatabase?.destroy();
  });

  it("a callback naming a website checkout with status=failed cannot fail it: the customer's Pay still makes the order", async () => {
    const { paymentId } = await startCheckout(t, 'website', staffCookie);
    for (const status of ['failed', 'fail']) {
      const forged = await openCallback(t, {
        status,
        clientTransactionId: paymentId,
        message: 'Transaction declined',
      });
      expect(forged.statusCode).toBe(303);
      // Not a counter payment: the opener is sent nowhere useful, nothing is recorded.
      expect(forged.headers.location).toBe('/checkout?payment=error');
    }
    expect(await paymentStatus(t, paymentId)).toBe('pending');

    const page = await t.app.inject({ method: 'GET', url: `/payments/simulator/${paymentId}` });
    expect(page.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/payments/simulator/${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^\/checkout\?payment=success&orderId=/);
    expect(await ordersOf(t, paymentId)).toBe(1);
  });

  it("the simulated terminal serves counter payments only: a website checkout's id gets 404 there", async () => {
    const { paymentId } = await startCheckout(t, 'website', staffCookie);
    const page = await t.app.inject({
      method: 'GET',
      url: `/payments/simulator/${paymentId}/terminal`,
    });
    expect(page.statusCode).toBe(404);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/payments/simulator/${paymentId}/terminal`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=decline',
    });
    expect(declined.statusCode).toBe(404);
    expect(await paymentStatus(t, paymentId)).toBe('pending');
  });

  it('a counter payment is not failed by a status in the query alone; a tap the terminal approved still pays it', async () => {
    const { paymentId, terminalUrl } = await startCheckout(t, 'pos', staffCookie);
    const forged = await openCallback(t, {
      status: 'fail',
      clientTransactionId: paymentId,
      message: 'Transaction declined',
    });
    // The opener's page may say failed; the payment is as the provider left it.
    expect(forged.headers.location).toBe('/staff-pos?payment=failed');
    expect(await paymentStatus(t, paymentId)).toBe('pending');

    const tapped = await t.app.inject({
      method: 'POST',
      url: terminalUrl!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    const back = await t.app.inject({ method: 'GET', url: String(tapped.headers.location) });
    expect(back.headers.location).toMatch(/^\/staff-pos\?payment=success&orderId=/);
    expect(await ordersOf(t, paymentId)).toBe(1);
  });

  it('a decline the simulated terminal reported fails the counter payment even when the query says success', async () => {
    const { paymentId, terminalUrl } = await startCheckout(t, 'pos', staffCookie);
    const tapped = await t.app.inject({
      method: 'POST',
      url: terminalUrl!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=decline',
    });
    const callback = new URL(String(tapped.headers.location), 'http://x');
    const transactionId = callback.searchParams.get('transactionId');
    expect(transactionId, 'the simulated terminal names its declined transaction').toBeTruthy();
    const lying = await openCallback(t, {
      status: 'success',
      clientTransactionId: paymentId,
      transactionId: transactionId!,
    });
    expect(lying.headers.location).toBe('/staff-pos?payment=failed');
    expect(await paymentStatus(t, paymentId)).toBe('failed');
    expect(await ordersOf(t, paymentId)).toBe(0);
  });
});

describe('with Viva (a fake Viva on loopback)', () => {
  let viva: FakeViva;
  let testDatabase: TestDatabase;
  let t: TestApp;
  let staffCookie: string;

  beforeAll(async () => {
    viva = await startFakeViva();
    testDatabase = await createTestDatabase();
    t = await createTestApp(testDatabase.database, {
      seed: 'demo',
      env: vivaEnv(viva),
    });
    staffCookie = await signIn(t.db, await createStaffUser(t.db, { role: 'staff' }));
  });
  afterAll(async () => {
    await t?.close();
    await testDatabase?.destroy();
    await viva?.close();
  });

  const terminalSale = (paymentId: string, statusId: string, amountCents = LINE_CENTS) => {
    const transactionId = `term-${statusId}-${paymentId}`;
    viva.transactions.set(transactionId, {
      orderCode: '4321235753009303',
      amountCents,
      statusId,
      merchantTrns: paymentId,
    });
    return transactionId;
  };

  it("a website checkout's id with status=failed leaves it payable; Viva's paid transaction makes its order", async () => {
    const { paymentId, paymentUrl } = await startCheckout(t, 'website', staffCookie);
    const forged = await openCallback(t, { status: 'fail', clientTransactionId: paymentId });
    expect(forged.headers.location).toBe('/checkout?payment=error');
    // Not even a transaction Viva confirms as failed: the callback is the counter's only.
    const failedAtViva = terminalSale(paymentId, 'E');
    await openCallback(t, {
      status: 'fail',
      clientTransactionId: paymentId,
      transactionId: failedAtViva,
    });
    expect(await paymentStatus(t, paymentId)).toBe('pending');

    const orderCode = new URL(paymentUrl).searchParams.get('ref')!;
    const transactionId = viva.completePayment(orderCode);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/return?t=${transactionId}&s=${orderCode}`,
    });
    expect(back.headers.location).toMatch(/^\/checkout\?payment=success&orderId=/);
    expect(await ordersOf(t, paymentId)).toBe(1);
  });

  it("a counter payment follows Viva's answer, not the query: E fails it, F pays it, no transaction leaves it", async () => {
    const declined = await startCheckout(t, 'pos', staffCookie);
    const noTransaction = await openCallback(t, {
      status: 'fail',
      clientTransactionId: declined.paymentId,
      message: '(-4) USER_CANCEL',
    });
    expect(noTransaction.headers.location).toBe('/staff-pos?payment=cancelled');
    expect(await paymentStatus(t, declined.paymentId)).toBe('pending');

    const failed = terminalSale(declined.paymentId, 'E');
    const saysSuccess = await openCallback(t, {
      status: 'success',
      clientTransactionId: declined.paymentId,
      transactionId: failed,
    });
    expect(saysSuccess.headers.location).toBe('/staff-pos?payment=failed');
    expect(await paymentStatus(t, declined.paymentId)).toBe('failed');
    expect(await ordersOf(t, declined.paymentId)).toBe(0);

    const paid = await startCheckout(t, 'pos', staffCookie);
    const sale = terminalSale(paid.paymentId, 'F');
    const saysFail = await openCallback(t, {
      status: 'fail',
      clientTransactionId: paid.paymentId,
      transactionId: sale,
    });
    expect(saysFail.headers.location).toMatch(/^\/staff-pos\?payment=success&orderId=/);
    expect(await paymentStatus(t, paid.paymentId)).toBe('paid');
    expect(await ordersOf(t, paid.paymentId)).toBe(1);
  });
});
