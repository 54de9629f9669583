/**
 * POST /api/viva-wallet/create-payment with the simulator: server pricing, refusals,
 * the simulated card page, and exactly-once order creation.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, orderItems, orders, payments } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createMenuItem } from '../../../../tests/factories/menu.ts';
import { CLOSED_DAY, setWeekHours } from '../../../../tests/factories/shop-hours.ts';
import { DEMO_DAY_HOURS } from '#server/db/seed/seed.ts';
import { WEEKDAYS } from '#shared/shop-hours/shop-hours.ts';

const t = useTestApp({ seed: 'demo' });

type Line = {
  menuItemId: string;
  name?: string;
  quantity: number;
  price?: number;
  customizations?: { sauce?: string | null; addOns?: string[]; specialInstructions?: string };
};

function payload(
  items: Line[],
  overrides: Record<string, unknown> = {},
  email = 'ann@example.com',
) {
  return {
    amount: 0.01,
    customerEmail: email,
    customerName: 'Ann Smith',
    customerPhone: '+372 5550 0000',
    contactless: false,
    orderData: {
      type: 'pickup',
      orderSource: 'website',
      items,
      subtotal: '0.01',
      deliveryFee: '0.00',
      total: '0.01',
      paymentMethod: 'viva-wallet',
      deliveryAddress: null,
      specialInstructions: 'Extra napkins please',
      customer: { firstName: 'Ann', lastName: 'Smith', email, phone: '+372 5550 0000' },
    },
    ...overrides,
  };
}

const burger: Line = {
  menuItemId: 'classic-smash-burger',
  name: 'Classic Smash Burger',
  quantity: 2,
  price: 0.01,
  customizations: {
    sauce: 'Truffle Mayo',
    addOns: ['Bacon', 'Crispy Onions'],
    specialInstructions: '  no pickles  ',
  },
};
const cola: Line = { menuItemId: 'cola', quantity: 1, price: 0 };

// Each request comes from its own client address, so the per-client rate limit stays out of the way.
let clientCounter = 0;
const nextClient = () => `10.0.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;

const createPayment = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    payload: body as object,
    remoteAddress: nextClient(),
  });

const pay = (paymentUrl: string, outcome: 'pay' | 'decline' | 'cancel') =>
  t.app.inject({
    method: 'POST',
    url: paymentUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

describe('pricing', () => {
  it('charges the database total whatever the client sends', async () => {
    const response = await createPayment(payload([burger, cola]));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { paymentUrl: string; paymentId: string; amount: string };
    // 2 × (10.90 + 1.00 + 0.50) + 2.90
    expect(body.amount).toBe('27.70');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(payment!.amountCents).toBe(2770);
    expect(payment!.status).toBe('pending');
    expect(
      payment!.orderData.lines.map((line) => [
        line.name,
        line.unitPriceCents,
        line.totalPriceCents,
      ]),
    ).toEqual([
      ['Classic Smash Burger', 1240, 2480],
      ['Cola 0.5 l', 290, 290],
    ]);
    expect(payment!.orderData.lines[0]!.specialInstructions).toBe('no pickles');
  });

  it('charges an add-on sent twice on one line once', async () => {
    const twice: Line = {
      menuItemId: 'classic-smash-burger',
      quantity: 1,
      customizations: { addOns: ['Bacon', 'Bacon'] },
    };
    const response = await createPayment(payload([twice]));
    expect(response.statusCode, response.body).toBe(200);
    // 10.90 + 1.00 Bacon, not 10.90 + 2 × 1.00
    expect(response.json<{ amount: string }>().amount).toBe('11.90');
  });

  it('refuses a sauce or add-on not linked to the item, naming it', async () => {
    const sauce = await createPayment(
      payload([{ ...burger, customizations: { sauce: 'Ketchup', addOns: [] } }]),
    );
    expect(sauce.statusCode).toBe(400);
    expect(sauce.json().error).toBe(
      '"Ketchup" is not a sauce offered with "Classic Smash Burger".',
    );

    // Cola has no add-ons at all.
    const addOn = await createPayment(
      payload([{ ...cola, customizations: { addOns: ['Bacon'] } }]),
    );
    expect(addOn.statusCode).toBe(400);
    expect(addOn.json().error).toBe('"Bacon" is not an add-on offered with "Cola 0.5 l".');
  });

  it("takes an add-on on its own item's line and refuses it on the other line of a two-item cart", async () => {
    // Bacon is linked to the burger, not to the cola. Both lines are in the same cart, so the
    // cart's add-on links include Bacon: it must still count only for the burger's line.
    const plainCola = { ...cola, customizations: { addOns: [] } };
    const baconCola = { ...cola, customizations: { addOns: ['Bacon'] } };
    const baconBurger = { ...burger, quantity: 1, customizations: { addOns: ['Bacon'] } };

    const accepted = await createPayment(payload([baconBurger, plainCola]));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { paymentId } = accepted.json() as { paymentId: string };
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(
      payment!.orderData.lines.map((line) => [line.name, line.addOns, line.unitPriceCents]),
    ).toEqual([
      // 10.90 + 1.00 Bacon; the cola stays 2.90.
      ['Classic Smash Burger', [{ name: 'Bacon', priceCents: 100 }], 1190],
      ['Cola 0.5 l', [], 290],
    ]);

    // The same add-on on the cola's line, with the burger before or after it: refused.
    for (const items of [
      [baconBurger, baconCola],
      [baconCola, baconBurger],
      [burger, baconCola],
    ]) {
      const refused = await createPayment(payload(items));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toBe('"Bacon" is not an add-on offered with "Cola 0.5 l".');
    }
  });

  it('refuses hidden, unavailable and unknown items, naming them', async () => {
    const hidden = await createMenuItem(t.db, { name: 'Secret Menu Rib', isHidden: true });
    const soldOut = await createMenuItem(t.db, { name: 'Sold Out Brisket', isAvailable: false });

    const hiddenResponse = await createPayment(
      payload([{ menuItemId: hidden.id, name: 'Secret Menu Rib', quantity: 1 }]),
    );
    expect(hiddenResponse.statusCode).toBe(400);
    expect(hiddenResponse.json().error).toContain('Secret Menu Rib');

    const soldOutResponse = await createPayment(payload([{ menuItemId: soldOut.id, quantity: 1 }]));
    expect(soldOutResponse.statusCode).toBe(400);
    expect(soldOutResponse.json().error).toBe('"Sold Out Brisket" is sold out right now.');

    const unknown = await createPayment(
      payload([{ menuItemId: 'no-such-item', name: 'Ghost Burger', quantity: 1 }]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('Ghost Burger');
  });

  it('refuses to take payment while the shop is closed (409 with the customer message)', async () => {
    const paymentsBefore = (await t.db.select({ n: count() }).from(payments))[0]!.n;
    await setWeekHours(t.db, Object.fromEntries(WEEKDAYS.map((day) => [day, CLOSED_DAY])));
    try {
      const response = await createPayment(payload([cola]));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatch(/^Sorry, the shop is closed/);
      expect((await t.db.select({ n: count() }).from(payments))[0]!.n).toBe(paymentsBefore);
    } finally {
      await setWeekHours(t.db, Object.fromEntries(WEEKDAYS.map((day) => [day, DEMO_DAY_HOURS])));
    }
    expect((await createPayment(payload([cola]))).statusCode).toBe(200);
  });
});

describe('malformed input: 4xx with a message, never 500', () => {
  const cases: [string, unknown][] = [
    ['no body', undefined],
    ['an array', []],
    ['a string', 'hello'],
    ['wrong types', { ...payload([cola]), customerEmail: 42, orderData: { items: 'all of them' } }],
    ['missing fields', { orderData: { items: [cola] } }],
    ['empty cart', payload([])],
    ['quantity zero', payload([{ ...cola, quantity: 0 }])],
    ['quantity fractional', payload([{ ...cola, quantity: 1.5 }])],
    ['quantity huge', payload([{ ...cola, quantity: 1e9 }])],
    ['quantity as text', payload([{ ...cola, quantity: '2' as unknown as number }])],
    ['a bad email', payload([cola], { customerEmail: 'not-an-email' })],
    ['a huge name', payload([cola], { customerName: 'x'.repeat(10_000) })],
    [
      'huge instructions',
      payload([{ ...cola, customizations: { specialInstructions: 'y'.repeat(5_000) } }]),
    ],
    ['a huge item id', payload([{ ...cola, menuItemId: 'z'.repeat(5_000) }])],
    ['too many lines', payload(Array.from({ length: 51 }, () => cola))],
    [
      'delivery',
      { ...payload([cola]), orderData: { ...payload([cola]).orderData, type: 'delivery' } },
    ],
    [
      'cash',
      { ...payload([cola]), orderData: { ...payload([cola]).orderData, paymentMethod: 'cash' } },
    ],
    [
      'addOns not a list',
      payload([{ ...cola, customizations: { addOns: 'Bacon' as unknown as string[] } }]),
    ],
  ];
  for (const [name, body] of cases) {
    it(name, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/viva-wallet/create-payment',
        remoteAddress: nextClient(),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(typeof response.json().error).toBe('string');
      expect(response.json().error.length).toBeGreaterThan(0);
    });
  }

  it('gives the field and the spec message for a bad e-mail', async () => {
    const response = await createPayment(payload([cola], { customerEmail: 'nope' }));
    expect(response.json().fields).toEqual({ customerEmail: 'Valid email is required' });
  });

  it('invalid JSON is a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });
});

describe('the simulator card page', () => {
  it('shows the merchant and the amount, with a test card and the three buttons', async () => {
    const { paymentUrl } = (await createPayment(payload([cola]))).json() as { paymentUrl: string };
    const page = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Pay Smoke &amp; Bun');
    expect(page.body).toContain('€2.90');
    expect(page.body).toContain('4111 1111 1111 1111');
    for (const outcome of ['pay', 'decline', 'cancel'])
      expect(page.body).toContain(`value="${outcome}"`);
  });

  it('pay: redirects to success with the new order, made as the spec says', async () => {
    const { paymentUrl, paymentId } = (
      await createPayment(payload([burger, cola], {}, 'Paid.Customer@Example.com'))
    ).json() as {
      paymentUrl: string;
      paymentId: string;
    };
    const response = await pay(paymentUrl, 'pay');
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, 'http://shop.test');
    expect(location.pathname).toBe('/checkout');
    expect(location.searchParams.get('payment')).toBe('success');
    const orderId = location.searchParams.get('orderId')!;
    expect(orderId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
      kitchenStatus: 'pending',
      orderSource: 'website',
      type: 'pickup',
      paymentMethod: 'viva-wallet',
      totalCents: 2770,
      subtotalCents: 2770,
      deliveryFeeCents: 0,
      paymentId,
      customerEmail: 'Paid.Customer@Example.com',
      specialInstructions: 'Extra napkins please',
    });
    expect(order!.orderNumber).toBeGreaterThanOrEqual(1001);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(
      items.map((item) => [item.name, item.quantity, item.sauce, item.addOns.map((a) => a.name)]),
    ).toEqual([
      ['Classic Smash Burger', 2, 'Truffle Mayo', ['Bacon', 'Crispy Onions']],
      ['Cola 0.5 l', 1, null, []],
    ]);

    // The customer is found by e-mail, whatever its case, and has a customer number.
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, order!.customerId!));
    expect(customer!.customerNumber).toBeGreaterThan(0);
    const second = (
      await createPayment(payload([cola], {}, 'paid.customer@example.com'))
    ).json() as { paymentUrl: string };
    const secondOrderId = new URL(
      (await pay(second.paymentUrl, 'pay')).headers.location as string,
      'http://x',
    ).searchParams.get('orderId')!;
    const [secondOrder] = await t.db.select().from(orders).where(eq(orders.id, secondOrderId));
    expect(secondOrder!.customerId).toBe(order!.customerId);
    expect(secondOrder!.orderNumber).toBeGreaterThan(order!.orderNumber);
  });

  it('decline and cancel make no order', async () => {
    const before = await orderCount();
    const declined = (await createPayment(payload([cola]))).json() as {
      paymentUrl: string;
      paymentId: string;
    };
    expect((await pay(declined.paymentUrl, 'decline')).headers.location).toBe(
      '/checkout?payment=failed',
    );
    const cancelled = (await createPayment(payload([cola]))).json() as {
      paymentUrl: string;
      paymentId: string;
    };
    expect((await pay(cancelled.paymentUrl, 'cancel')).headers.location).toBe(
      '/checkout?payment=cancelled',
    );
    expect(await orderCount()).toBe(before);
    const [declinedRow] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, declined.paymentId));
    const [cancelledRow] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, cancelled.paymentId));
    expect([declinedRow!.status, cancelledRow!.status]).toEqual(['failed', 'cancelled']);
  });

  itRaces('the same payment confirmed 10 times at once makes exactly one order', async () => {
    const { paymentUrl, paymentId } = (await createPayment(payload([burger]))).json() as {
      paymentUrl: string;
      paymentId: string;
    };
    const responses = await Promise.all(Array.from({ length: 10 }, () => pay(paymentUrl, 'pay')));
    const locations = new Set(responses.map((response) => response.headers.location));
    expect(locations.size).toBe(1);
    const made = await t.db.select().from(orders).where(eq(orders.paymentId, paymentId));
    expect(made).toHaveLength(1);
    // Cancelling after paying (the back button) does not undo the order.
    expect((await pay(paymentUrl, 'cancel')).headers.location).toBe(
      `/checkout?payment=success&orderId=${made[0]!.id}`,
    );
  });

  it('an unknown payment page is a 404, and a bad outcome a 400', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/payments/simulator/not-a-payment' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/payments/simulator/${crypto.randomUUID()}` }))
        .statusCode,
    ).toBe(404);
    const { paymentUrl } = (await createPayment(payload([cola]))).json() as { paymentUrl: string };
    const bad = await t.app.inject({
      method: 'POST',
      url: paymentUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=steal',
    });
    expect(bad.statusCode).toBe(400);
  });
});
