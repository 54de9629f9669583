/**
 * The Viva adapter end to end against a fake Viva on loopback: real HTTP both ways.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { startFakeViva, type FakeViva, vivaEnv } from '../../../../tests/fakes/fake-viva.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import type { FastifyBaseLogger } from 'fastify';
import { reconcilePayments } from './reconcile.ts';
import { VivaClient } from './viva-client.ts';
import { VivaProvider } from './viva-provider.ts';

const noop = () => undefined;
const silentLog = { info: noop, warn: noop, error: noop, debug: noop, trace: noop, fatal: noop };

let viva: FakeViva;
let testDatabase: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  viva = await startFakeViva();
  testDatabase = await createTestDatabase();
  t = await createTestApp(testDatabase.database, {
    seed: 'demo',
    env: vivaEnv(viva),
  });
});

afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
  await viva?.close();
});

const burgerOrder = (email = 'ann@example.com') => ({
  amount: 0.5,
  customerEmail: email,
  customerName: 'Ann Smith',
  customerPhone: '+372 5550 0000',
  contactless: false,
  orderData: {
    type: 'pickup',
    orderSource: 'website',
    items: [
      {
        menuItemId: 'classic-smash-burger',
        name: 'Classic Smash Burger',
        quantity: 2,
        price: 0.01,
        customizations: { sauce: 'Truffle Mayo', addOns: ['Bacon', 'Crispy Onions'] },
      },
    ],
    subtotal: '0.50',
    deliveryFee: '0.00',
    total: '0.50',
    paymentMethod: 'viva-wallet',
    deliveryAddress: null,
    specialInstructions: null,
    customer: { firstName: 'Ann', lastName: 'Smith', email, phone: '+372 5550 0000' },
  },
});
// 2 × (10.90 + 1.00 bacon + 0.50 onions)
const BURGER_ORDER_CENTS = 2480;

async function startPayment(email?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    payload: burgerOrder(email),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { paymentUrl: string; paymentId: string; amount: string };
  const orderCode = new URL(body.paymentUrl).searchParams.get('ref')!;
  return { ...body, orderCode };
}

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

const webhook = (transactionId: string, eventTypeId = 1796, orderCode = '1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/webhook',
    headers: { 'content-type': 'application/json' },
    // Order codes arrive as bare 16-digit JSON numbers.
    payload: `{"EventTypeId":${eventTypeId},"EventData":{"TransactionId":"${transactionId}","OrderCode":${orderCode},"StatusId":"F","Amount":24.80},"MessageId":"m-1"}`,
  });

describe('Viva Smart Checkout adapter', () => {
  it('gets a token with the client credentials and creates the payment order in cents with our reference', async () => {
    const before = viva.requests.length;
    const { paymentUrl, paymentId, amount, orderCode } = await startPayment();

    expect(amount).toBe('24.80');
    expect(orderCode).toMatch(/^9\d{15}$/);
    // The 16-digit code survives intact (no rounding through a JS number).
    expect(paymentUrl).toBe(`${viva.url}/web/checkout?ref=${orderCode}`);

    const calls = viva.requests.slice(before);
    const tokenCall = calls.find((call) => call.path === '/connect/token')!;
    expect(tokenCall.headers.authorization).toBe(
      `Basic ${Buffer.from(`${viva.credentials.clientId}:${viva.credentials.clientSecret}`).toString('base64')}`,
    );
    expect(tokenCall.body).toBe('grant_type=client_credentials');

    const orderCall = calls.find((call) => call.path === '/checkout/v2/orders')!;
    expect(orderCall.headers.authorization).toMatch(/^Bearer .+/);
    const sent = JSON.parse(orderCall.body) as Record<string, unknown>;
    expect(sent.amount).toBe(BURGER_ORDER_CENTS);
    expect(sent.merchantTrns).toBe(paymentId);
    expect(sent.sourceCode).toBe('4321');
    expect(sent.customer).toMatchObject({ email: 'ann@example.com', fullName: 'Ann Smith' });

    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({
      provider: 'viva',
      providerReference: orderCode,
      amountCents: BURGER_ORDER_CENTS,
      status: 'pending',
    });
  });

  it('caches the token until it expires', async () => {
    const issued = viva.tokensIssued;
    await startPayment();
    await startPayment();
    expect(viva.tokensIssued).toBe(issued);
  });

  it('answers the webhook verification with the key fetched from Viva', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/viva-wallet/webhook' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Key: viva.webhookKey });
  });

  it('trusts a success return only after fetching the paid transaction, and makes the order once', async () => {
    const { orderCode } = await startPayment('return@example.com');
    const transactionId = viva.completePayment(orderCode);
    const before = await orderCount();

    const back = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/return?t=${transactionId}&s=${orderCode}&lang=en-GB&eventId=0&eci=1`,
    });
    expect(back.statusCode).toBe(303);
    const location = new URL(back.headers.location as string, 'http://shop.test');
    expect(location.pathname).toBe('/checkout');
    expect(location.searchParams.get('payment')).toBe('success');
    const orderId = location.searchParams.get('orderId')!;

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      status: 'pending',
      kitchenStatus: 'pending',
      orderSource: 'website',
      type: 'pickup',
      totalCents: BURGER_ORDER_CENTS,
    });
    expect(
      viva.requests.some((call) => call.path === `/checkout/v2/transactions/${transactionId}`),
    ).toBe(true);

    // The webhook for the same payment arrives later: nothing new.
    expect((await webhook(transactionId, 1796, orderCode)).statusCode).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });

  itRaces(
    'makes exactly one order from 10 concurrent confirmations, webhooks and returns mixed',
    async () => {
      const { orderCode, paymentId } = await startPayment('race@example.com');
      const transactionId = viva.completePayment(orderCode);
      const before = await orderCount();

      const attempts = Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? webhook(transactionId, 1796, orderCode)
          : t.app.inject({
              method: 'GET',
              url: `/api/viva-wallet/return?t=${transactionId}&s=${orderCode}&eventId=0`,
            }),
      );
      const responses = await Promise.all(attempts);
      for (const response of responses) expect(response.statusCode).toBeLessThan(400);

      expect(await orderCount()).toBe(before + 1);
      const made = await t.db.select().from(orders).where(eq(orders.paymentId, paymentId));
      expect(made).toHaveLength(1);
      const orderIds = new Set(
        responses
          .filter((response) => response.statusCode === 303)
          .map((response) =>
            new URL(response.headers.location as string, 'http://x').searchParams.get('orderId'),
          ),
      );
      expect([...orderIds]).toEqual([made[0]!.id]);
    },
  );

  it('ignores a forged webhook and refuses a forged return: no order', async () => {
    const before = await orderCount();
    const forgedId = '8d31eed6-bd43-4d93-b146-6e857d09c88d';
    expect((await webhook(forgedId)).statusCode).toBe(200);

    const back = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/return?t=${forgedId}&s=9123456789012345&eventId=0`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/checkout?payment=error');

    // A real transaction of ours, returned with another order code: also refused.
    const { orderCode } = await startPayment('mixup@example.com');
    const transactionId = viva.completePayment(orderCode);
    const mixed = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/return?t=${transactionId}&s=9000000000000001`,
    });
    expect(mixed.headers.location).toBe('/checkout?payment=error');
    expect(await orderCount()).toBe(before);
  });

  it('makes no order when the amount paid differs from the checkout', async () => {
    const { orderCode, paymentId } = await startPayment('short@example.com');
    const transactionId = viva.completePayment(orderCode, {
      amountCents: BURGER_ORDER_CENTS - 100,
    });
    const before = await orderCount();

    expect((await webhook(transactionId, 1796, orderCode)).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/return?t=${transactionId}&s=${orderCode}`,
    });
    expect(back.headers.location).toBe('/checkout?payment=error');

    expect(await orderCount()).toBe(before);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.failureReason).toMatch(/amount mismatch/);
  });

  it('a failed transaction makes no order, and a later successful retry of the same order code does', async () => {
    const { orderCode, paymentId } = await startPayment('retry@example.com');
    const failedId = viva.completePayment(orderCode, { statusId: 'E' });
    const before = await orderCount();

    expect((await webhook(failedId, 1798, orderCode)).statusCode).toBe(200);
    expect(await orderCount()).toBe(before);
    const [failed] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(failed!.status).toBe('failed');

    const paidId = viva.completePayment(orderCode);
    expect((await webhook(paidId, 1796, orderCode)).statusCode).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });

  it('sends a cancelled payment back as cancelled and a failed one as failed', async () => {
    const { orderCode, paymentId } = await startPayment('cancel@example.com');
    const cancelled = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/failure?s=${orderCode}`,
    });
    expect(cancelled.headers.location).toBe('/checkout?payment=cancelled');
    // Anyone can open the failure address: a cancel Viva cannot confirm leaves it pending
    // (reconcile.ts ends it at its timeout).
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe('pending');

    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/failure?t=${crypto.randomUUID()}&s=${orderCode}&eventId=10051`,
    });
    expect(unknown.headers.location).toBe('/checkout?payment=failed');
    expect((await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe(
      'pending',
    );

    const declinedAtViva = viva.completePayment(orderCode, { statusId: 'E' });
    const failed = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/failure?t=${declinedAtViva}&s=${orderCode}&eventId=10051`,
    });
    expect(failed.headers.location).toBe('/checkout?payment=failed');
    expect((await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe(
      'failed',
    );
  });

  it('answers 502 with a clear message when Viva refuses to create the order, and keeps no pending payment', async () => {
    viva.failCreateOrders(500);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      payload: burgerOrder('down@example.com'),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'The card payment service is not answering. Please try again in a moment.',
    });
    const rows = await t.db.select().from(payments).where(eq(payments.status, 'pending'));
    expect(rows.every((row) => row.orderData.customer?.email !== 'down@example.com')).toBe(true);
  });

  it('rejects a webhook body that is not a Viva event with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"hello":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });
});

describe('an interrupted Viva checkout is settled by asking Viva', () => {
  // The app's checkouts expire 30 minutes after they start (PAYMENT_TIMEOUT_SECONDS default).
  const provider = () =>
    new VivaProvider(
      new VivaClient({
        clientId: viva.credentials.clientId,
        clientSecret: viva.credentials.clientSecret,
        merchantId: viva.credentials.merchantId,
        apiKey: viva.credentials.apiKey,
        sourceCode: '4321',
        accountsUrl: viva.url,
        apiUrl: viva.url,
        checkoutUrl: viva.url,
      }),
    );
  const paymentRow = async (paymentId: string) =>
    (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
  const ordersOf = (paymentId: string) =>
    t.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  const reconcileAt = (moment: string, log: FastifyBaseLogger = t.app.log) =>
    reconcilePayments(t.db, provider(), new Date(moment), log);

  it('asks Viva to keep the order open for the payment timeout, and expires ours after it', async () => {
    t.clock.set('2025-06-20T10:00:00Z');
    const before = viva.requests.length;
    const { paymentId } = await startPayment('timeout@example.com');

    const orderCall = viva.requests
      .slice(before)
      .find((call) => call.path === '/checkout/v2/orders')!;
    expect((JSON.parse(orderCall.body) as { paymentTimeout: number }).paymentTimeout).toBe(1800);
    expect((await paymentRow(paymentId)).expiresAt?.toISOString()).toBe('2025-06-20T10:30:00.000Z');
  });

  it('makes the order once for a paid checkout nobody told us about, reconciled twice beside its webhook', async () => {
    t.clock.set('2025-06-21T10:00:00Z');
    const { orderCode, paymentId } = await startPayment('lost-return@example.com');
    // Paid at Viva; the browser closed before the return and the webhook is late.
    const transactionId = viva.completePayment(orderCode);

    const [first, second, hook] = await Promise.all([
      reconcileAt('2025-06-21T10:30:00Z'),
      reconcileAt('2025-06-21T10:30:00Z'),
      webhook(transactionId, 1796, orderCode),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(first.checked + second.checked).toBeGreaterThanOrEqual(1);

    const made = await ordersOf(paymentId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      paymentStatus: 'paid',
      totalCents: BURGER_ORDER_CENTS,
      isTest: false,
    });
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      providerTransactionId: transactionId,
    });
    expect(
      viva.requests.some(
        (call) =>
          call.path === '/api/transactions' &&
          call.headers.authorization ===
            `Basic ${Buffer.from(`${viva.credentials.merchantId}:${viva.credentials.apiKey}`).toString('base64')}`,
      ),
    ).toBe(true);

    await reconcileAt('2025-06-21T11:00:00Z');
    expect(await ordersOf(paymentId)).toHaveLength(1);
  });

  it('remembers the transaction of a return that was not final yet, and settles it when Viva says paid', async () => {
    t.clock.set('2025-06-22T10:00:00Z');
    const { orderCode, paymentId } = await startPayment('in-progress@example.com');
    const transactionId = viva.completePayment(orderCode, { statusId: 'A' });

    const back = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/return?t=${transactionId}&s=${orderCode}&eventId=0`,
    });
    expect(back.headers.location).toBe('/checkout?payment=failed');
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'pending',
      providerTransactionId: transactionId,
    });

    // Still in progress at the timeout: wait for Viva.
    const waiting = await reconcileAt('2025-06-22T10:30:00Z');
    expect(waiting).toMatchObject({ paid: 0, failed: 0 });
    expect((await paymentRow(paymentId)).status).toBe('pending');

    viva.transactions.get(transactionId)!.statusId = 'F';
    await reconcileAt('2025-06-22T10:31:00Z');
    expect((await paymentRow(paymentId)).status).toBe('paid');
    expect(await ordersOf(paymentId)).toHaveLength(1);
    expect(
      viva.requests.some((call) => call.path === `/checkout/v2/transactions/${transactionId}`),
    ).toBe(true);
  });

  it('marks a checkout whose only transaction failed as failed, and one with none as expired: no order', async () => {
    t.clock.set('2025-06-23T10:00:00Z');
    const declined = await startPayment('declined-late@example.com');
    viva.completePayment(declined.orderCode, { statusId: 'E' });
    const abandoned = await startPayment('abandoned@example.com');

    await reconcileAt('2025-06-23T10:30:00Z');

    expect(await paymentRow(declined.paymentId)).toMatchObject({ status: 'failed' });
    expect((await paymentRow(declined.paymentId)).failureReason).toMatch(
      /^Viva transaction [0-9a-f-]{36} failed$/,
    );
    expect(await paymentRow(abandoned.paymentId)).toMatchObject({
      status: 'expired',
      failureReason: 'payment timeout: no transaction at Viva',
    });
    expect(await ordersOf(declined.paymentId)).toHaveLength(0);
    expect(await ordersOf(abandoned.paymentId)).toHaveLength(0);

    // The customer comes back from Viva's page after that: told the time ran out.
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/failure?s=${abandoned.orderCode}`,
    });
    expect(back.headers.location).toBe('/checkout?payment=expired');
    expect((await paymentRow(abandoned.paymentId)).status).toBe('expired');
  });

  it('still makes the order when Viva confirms a payment after we expired the checkout', async () => {
    t.clock.set('2025-06-24T10:00:00Z');
    const { orderCode, paymentId } = await startPayment('late-money@example.com');
    await reconcileAt('2025-06-24T10:30:00Z');
    expect((await paymentRow(paymentId)).status).toBe('expired');

    const transactionId = viva.completePayment(orderCode);
    expect((await webhook(transactionId, 1796, orderCode)).statusCode).toBe(200);

    expect(await ordersOf(paymentId)).toHaveLength(1);
    expect((await paymentRow(paymentId)).status).toBe('paid');
  });

  it('keeps a checkout pending while Viva does not answer, and gives up 24 hours after its timeout', async () => {
    t.clock.set('2025-06-25T10:00:00Z');
    const { paymentId } = await startPayment('viva-down@example.com');
    const errors: unknown[][] = [];
    const log = {
      ...silentLog,
      error: (...args: unknown[]) => errors.push(args),
      child: () => log,
    } as unknown as FastifyBaseLogger;

    viva.failLookups(503, 1000);
    try {
      await reconcileAt('2025-06-25T10:30:00Z', log);
      expect((await paymentRow(paymentId)).status).toBe('pending');
      // One second short of 24 hours past the timeout: still asking.
      await reconcileAt('2025-06-26T10:29:59Z', log);
      expect((await paymentRow(paymentId)).status).toBe('pending');
      expect(errors).toHaveLength(0);

      await reconcileAt('2025-06-26T10:30:00Z', log);
    } finally {
      viva.failLookups(503, 0);
    }
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'expired',
      failureReason: 'not settled 24 h after its timeout: Viva order transactions answered 503',
    });
    expect(await ordersOf(paymentId)).toHaveLength(0);
    expect(errors.map(([, message]) => message)).toContain(
      'gave up on a checkout the provider never settled; marked expired, check it at the provider',
    );
  });

  it('without the merchant API key, asks about the transaction it knows and expires one it does not', async () => {
    t.clock.set('2025-06-27T10:00:00Z');
    const known = await startPayment('known-tx@example.com');
    const unknown = await startPayment('unknown-tx@example.com');
    const transactionId = viva.completePayment(known.orderCode, { statusId: 'E' });
    await t.app.inject({
      method: 'GET',
      url: `/api/viva-wallet/return?t=${transactionId}&s=${known.orderCode}`,
    });
    const withoutKey = new VivaProvider(
      new VivaClient({
        clientId: viva.credentials.clientId,
        clientSecret: viva.credentials.clientSecret,
        sourceCode: '4321',
        accountsUrl: viva.url,
        apiUrl: viva.url,
        checkoutUrl: viva.url,
      }),
    );

    await reconcilePayments(t.db, withoutKey, new Date('2025-06-27T10:30:00Z'), t.app.log);

    expect(await paymentRow(known.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: `Viva transaction ${transactionId} failed`,
    });
    expect(await paymentRow(unknown.paymentId)).toMatchObject({
      status: 'expired',
      failureReason: 'payment timeout: no Viva transaction known',
    });
  });
});

describe('the Viva.com Terminal app at the counter (integrations.md §1.7)', () => {
  let staffCookie: string;
  beforeAll(async () => {
    staffCookie = await signIn(t.db, await createStaffUser(t.db, { role: 'staff' }));
  });

  async function startCounterPayment() {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      headers: { cookie: staffCookie },
      remoteAddress: nextClient(),
      payload: {
        ...burgerOrder(),
        contactless: true,
        orderData: { ...burgerOrder().orderData, orderSource: 'pos' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ paymentId: string; terminalUrl: string }>();
  }

  it('asks the terminal app for a sale in cents, with our payment id and our callback', async () => {
    const { paymentId, terminalUrl } = await startCounterPayment();
    const url = new URL(terminalUrl);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('vivapayclient://pay/v1');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      action: 'sale',
      clientTransactionId: paymentId,
      amount: String(BURGER_ORDER_CENTS),
      tipAmount: '0',
      callback: 'http://shop.test/api/viva-wallet/terminal-callback',
    });
  });

  it('makes the order once for a paid terminal sale Viva confirms, and none for one it does not', async () => {
    const { paymentId } = await startCounterPayment();
    const callback = (transactionId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/viva-wallet/terminal-callback?status=success&clientTransactionId=${paymentId}&transactionId=${transactionId}&amount=${BURGER_ORDER_CENTS}`,
      });
    // A sale of someone else's reference, and a failed one, do not pay for this payment.
    viva.transactions.set('t-other', {
      orderCode: '1111222233334444',
      amountCents: BURGER_ORDER_CENTS,
      statusId: 'F',
      merchantTrns: 'another-reference',
    });
    viva.transactions.set('t-failed', {
      orderCode: '1111222233334445',
      amountCents: BURGER_ORDER_CENTS,
      statusId: 'E',
      merchantTrns: paymentId,
    });
    const before = await orderCount();
    expect((await callback('t-other')).headers.location).toBe('/staff-pos?payment=error');
    // Viva's own word that the sale failed: recorded as failed (decision 013).
    expect((await callback('t-failed')).headers.location).toBe('/staff-pos?payment=failed');
    expect((await callback('t-unknown')).headers.location).toBe('/staff-pos?payment=error');
    expect(await orderCount()).toBe(before);

    viva.transactions.set('t-paid', {
      orderCode: '1111222233334446',
      amountCents: BURGER_ORDER_CENTS,
      statusId: 'F',
      merchantTrns: paymentId,
    });
    const paid = await callback('t-paid');
    expect(paid.headers.location).toMatch(/^\/staff-pos\?payment=success&orderId=/);
    expect((await callback('t-paid')).headers.location).toBe(paid.headers.location);
    expect(await orderCount()).toBe(before + 1);
  });
});
