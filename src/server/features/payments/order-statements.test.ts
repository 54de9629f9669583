/**
 * The database work of one paid card order, pinned (docs/performance.md): the statements the app
 * sends for the customer's create-payment (with its Idempotency-Key, as the storefront sends it),
 * the simulator's Pay (which confirms the payment and makes the order) and the dispatcher
 * delivering the order's event. BEGIN and COMMIT count; the count is the same on PGlite and
 * PostgreSQL (openDatabase's onStatement).
 *
 * Before the trimming this flow took 35 statements: create-payment 14 (the shop's hours, time
 * zone, pause, time zone again, the item, its sauces, add-ons and breads, three settings reads),
 * Pay 12 (the payment and its order read twice, customer, order and lines apart, the event's
 * lock apart) and its delivery 9 (two transactions). Now 18: create-payment 6, Pay 7 and the
 * delivery 5. Then 19: the receipt e-mail's outbox job (decision 018) is written inside the
 * order's one statement, and the delivery marks it done (`skipped` here, no SMTP_URL): one
 * update. The bounds are literal so that a new query in the path shows up here, not in
 * production. Raise one only on purpose, and say why in the commit.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';

let statements: string[] = [];
let testDatabase: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ onStatement: (text) => statements.push(text) });
  // The dispatcher's timer is set far off: what it does after the Pay is the wake the Pay
  // gives it, counted with the Pay; its idle polls are not part of an order.
  t = await createTestApp(testDatabase.database, {
    seed: 'demo',
    dispatcher: { pollEveryMs: 3_600_000 },
  });
  await t.app.orderEvents.flush();
});

afterAll(async () => {
  await t?.close();
  await testDatabase?.destroy();
});

const body = {
  amount: 0.01,
  customerEmail: 'ann@example.com',
  customerName: 'Ann Smith',
  customerPhone: '+372 5550 0000',
  contactless: false,
  orderData: {
    type: 'pickup',
    orderSource: 'website',
    items: [
      {
        menuItemId: 'classic-smash-burger',
        quantity: 2,
        customizations: { sauce: 'Truffle Mayo', addOns: ['Bacon', 'Crispy Onions'] },
      },
      { menuItemId: 'cola', quantity: 1 },
    ],
    subtotal: '0.01',
    deliveryFee: '0.00',
    total: '0.01',
    paymentMethod: 'viva-wallet',
    deliveryAddress: null,
    specialInstructions: null,
    customer: {
      firstName: 'Ann',
      lastName: 'Smith',
      email: 'ann@example.com',
      phone: '+372 5550 0000',
    },
  },
};

/**
 * The sold-out return timer's sweep (decision 027: a transaction each second that deletes the
 * returns due) is no part of an order; on a busy machine one can fall inside a counted step.
 */
function withoutReturnSweeps(sent: string[]): string[] {
  const left = [...sent];
  for (;;) {
    const at = left.findIndex((text) =>
      text.startsWith('delete from "platform_availability_returns"'),
    );
    if (at < 0) return left;
    // Its own transaction: a begin before it and a commit after it.
    const commit = left.indexOf('commit', at);
    if (commit >= 0) left.splice(commit, 1);
    left.splice(at, 1);
    const begin = left.lastIndexOf('begin', at - 1);
    if (begin >= 0) left.splice(begin, 1);
  }
}

/** Runs `step` and answers the statements it sent. */
async function statementsOf(step: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await step();
  const sent = withoutReturnSweeps(statements);
  statements = [];
  return sent;
}

describe('one paid card order', () => {
  it('takes a bounded number of statements from create-payment to the delivered event', async () => {
    // Warm-up order: the first request of a process reads what later ones find in memory.
    await placeAndPay();
    const counted = await placeAndPay();
    const total = counted.create.length + counted.pay.length;
    const detail = JSON.stringify(counted, null, 2);
    expect(counted.create.length, detail).toBeLessThanOrEqual(6);
    expect(counted.pay.length, detail).toBeLessThanOrEqual(13);
    expect(total, detail).toBeLessThanOrEqual(19);

    // And it did its job: the order exists, paid, with its event delivered.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, counted.orderId));
    expect(order?.paymentStatus).toBe('paid');
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, counted.orderId));
    expect(events).toHaveLength(1);
    expect(events[0]?.fannedOutAt).not.toBeNull();
  });
});

async function placeAndPay() {
  let paymentUrl = '';
  let orderId = '';
  const create = await statementsOf(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      headers: { 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    paymentUrl = response.json<{ paymentUrl: string }>().paymentUrl;
  });
  const pay = await statementsOf(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: paymentUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(response.statusCode, response.body).toBe(303);
    orderId = new URL(response.headers.location as string, 'http://x').searchParams.get('orderId')!;
    // The pay route woke the dispatcher; count its delivery of the order's event.
    await t.app.orderEvents.idle();
  });
  return { create, pay, orderId };
}
