/**
 * The counter's card terminal flow with the simulator (spec back-office §7 "Card flow on
 * Android"; integrations.md §1.7): a POS card payment offers the terminal app's address, the
 * simulated terminal sends the browser to the callback, and the order is made once, only for a
 * sale the provider confirms. The Viva side is in viva.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, payments } from '#server/db/schema.ts';
import { WALK_IN_CUSTOMER } from '#shared/pos/pos.schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });
let staffCookie: string;

beforeAll(async () => {
  staffCookie = await signIn(t.db, await createStaffUser(t.db, { role: 'staff' }));
});

const LINE = { menuItemId: 'cola', name: 'Cola', quantity: 2, customizations: {} };

/** A walk-in at the counter (the spec's placeholder customer), or a website customer. */
async function startCounterCardPayment(orderSource: 'pos' | 'website' = 'pos') {
  const customer =
    orderSource === 'pos'
      ? {
          customerEmail: WALK_IN_CUSTOMER.email,
          customerName: WALK_IN_CUSTOMER.name,
          customerPhone: WALK_IN_CUSTOMER.phone,
        }
      : {
          customerEmail: 'ann@example.com',
          customerName: 'Ann Smith',
          customerPhone: '+372 5550 0000',
        };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    headers: orderSource === 'pos' ? { cookie: staffCookie } : {},
    payload: {
      ...customer,
      contactless: orderSource === 'pos',
      orderData: { type: 'pickup', orderSource, items: [LINE] },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ paymentId: string; paymentUrl: string; terminalUrl?: string }>();
}

const pressOnTerminal = (terminalUrl: string, outcome: string) =>
  t.app.inject({
    method: 'POST',
    url: terminalUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

const follow = (location: string) => t.app.inject({ method: 'GET', url: location });

const ordersOf = async (paymentId: string) =>
  (await t.db.select({ n: count() }).from(orders).where(eq(orders.paymentId, paymentId)))[0]!.n;

describe('the card terminal at the counter (simulator)', () => {
  it('a counter card payment offers the terminal; a website one does not', async () => {
    const counter = await startCounterCardPayment('pos');
    expect(counter.terminalUrl).toBe(`/payments/simulator/${counter.paymentId}/terminal`);
    const website = await startCounterCardPayment('website');
    expect(website.terminalUrl).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: counter.terminalUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Approve €5.80');
  });

  it('approved on the terminal: back to the staff POS with its order, made once', async () => {
    const { paymentId, terminalUrl } = await startCounterCardPayment();
    const tapped = await pressOnTerminal(terminalUrl!, 'approve');
    expect(tapped.statusCode).toBe(303);
    const callback = String(tapped.headers.location);
    expect(callback).toMatch(
      new RegExp(`^/api/viva-wallet/terminal-callback\\?.*clientTransactionId=${paymentId}`),
    );
    const back = await follow(callback);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(/^\/staff-pos\?payment=success&orderId=[0-9a-f-]{36}$/);
    const orderId = new URL(String(back.headers.location), 'http://x').searchParams.get('orderId');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(order).toMatchObject({
      orderSource: 'pos',
      paymentStatus: 'paid',
      totalCents: 580,
    });
    // A walk-in: no customer record is made from the placeholder.
    expect(order?.customerId ?? null).toBeNull();
    const placeholder = await t.db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.email, WALK_IN_CUSTOMER.email));
    expect(placeholder[0]!.n).toBe(0);
    // The browser opening the callback twice (a reload) makes no second order.
    const again = await follow(callback);
    expect(again.headers.location).toBe(back.headers.location);
    expect(await ordersOf(paymentId)).toBe(1);
  });

  it('a forged callback, or one naming another payment, makes no order', async () => {
    const { paymentId } = await startCounterCardPayment();
    const forged = await follow(
      `/api/viva-wallet/terminal-callback?status=success&clientTransactionId=${paymentId}&transactionId=sim_term_made-up`,
    );
    expect(forged.headers.location).toBe('/staff-pos?payment=error');
    // A real approval of another payment cannot pay this one.
    const other = await startCounterCardPayment();
    const tapped = await pressOnTerminal(other.terminalUrl!, 'approve');
    const transactionId = new URL(String(tapped.headers.location), 'http://x').searchParams.get(
      'transactionId',
    );
    const swapped = await follow(
      `/api/viva-wallet/terminal-callback?status=success&clientTransactionId=${paymentId}&transactionId=${transactionId}`,
    );
    expect(swapped.headers.location).toBe('/staff-pos?payment=error');
    expect(await ordersOf(paymentId)).toBe(0);
    const unknown = await follow(
      '/api/viva-wallet/terminal-callback?status=success&clientTransactionId=not-a-payment',
    );
    expect(unknown.statusCode).toBe(303);
    expect(await ordersOf(paymentId)).toBe(0);
  });

  it('declined, or cancelled at the terminal: back to the POS as failed or cancelled, no order', async () => {
    const declined = await startCounterCardPayment();
    const no = await follow(
      String((await pressOnTerminal(declined.terminalUrl!, 'decline')).headers.location),
    );
    expect(no.headers.location).toBe('/staff-pos?payment=failed');
    const cancelled = await startCounterCardPayment();
    const back = await follow(
      String((await pressOnTerminal(cancelled.terminalUrl!, 'cancel')).headers.location),
    );
    expect(back.headers.location).toBe('/staff-pos?payment=cancelled');
    const statuses = await t.db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(eq(payments.id, cancelled.paymentId));
    expect(statuses[0]?.status).toBe('cancelled');
    expect(await ordersOf(declined.paymentId)).toBe(0);
    expect(await ordersOf(cancelled.paymentId)).toBe(0);
  });
});
