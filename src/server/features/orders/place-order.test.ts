/**
 * The order pipeline (docs/architecture.md): every channel's entry point prices the same cart
 * to the same lines, keeps its own facts (source, type, table, staff member, payment) and
 * sends a card payment back to its own page; discounts follow the shared rules; a counter
 * sale never changes a customer; each order-creating call is idempotent.
 */
import { randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, discounts, orderItems, orders } from '#server/db/schema.ts';
import type { AppInstance } from '#server/http/types.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { openCashDrawer } from '../../../../tests/factories/cash-drawer.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { placePlatformOrder, priceOrder } from './place-order.ts';

const t = useTestApp({ seed: 'demo' });
let staff: { id: string; cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  // Every counter cash sale needs an open drawer (decision 012, update 2026-11-25).
  await openCashDrawer(t.db, await createStaffUser(t.db, { role: 'staff' }));
  const staffUser = await createStaffUser(t.db, { role: 'staff' });
  const adminUser = await createStaffUser(t.db, { role: 'admin' });
  staff = { id: staffUser.id, cookie: await signIn(t.db, staffUser) };
  admin = { id: adminUser.id, cookie: await signIn(t.db, adminUser) };
  await t.db.insert(discounts).values([
    { id: 'ten-off', name: '10% off', type: 'percentage', value: 10 },
    {
      id: 'two-euro',
      name: '2 € off',
      type: 'fixed_amount',
      value: 200,
      minOrderAmountCents: 3000,
    },
    { id: 'retired', name: 'Retired', type: 'percentage', value: 50, isActive: false },
  ]);
});

/** Two burgers with Truffle Mayo, Bacon and Crispy Onions: 10.90 + 1.00 + 0.50 = 12.40 each. */
const BURGER_LINE = {
  menuItemId: 'classic-smash-burger',
  name: 'Whatever the client says',
  quantity: 2,
  price: 0.01,
  customizations: { sauce: 'Truffle Mayo', addOns: ['Bacon', 'Crispy Onions'] },
};
const CUSTOMER = {
  firstName: 'Kati',
  lastName: 'Karu',
  email: 'kati.karu@example.com',
  phone: '+372 5550 1234',
};

/** The priced line every channel must store for BURGER_LINE, pinned by hand. */
const EXPECTED_BURGER_ROW = {
  menuItemId: 'classic-smash-burger',
  name: 'Classic Smash Burger',
  basePriceCents: 1090,
  unitPriceCents: 1240,
  quantity: 2,
  totalPriceCents: 2480,
  sauce: 'Truffle Mayo',
  addOns: [
    { name: 'Bacon', priceCents: 100 },
    { name: 'Crispy Onions', priceCents: 50 },
  ],
  discount: null,
};

async function itemsOf(orderId: string) {
  return t.db
    .select({
      menuItemId: orderItems.menuItemId,
      name: orderItems.name,
      basePriceCents: orderItems.basePriceCents,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
      totalPriceCents: orderItems.totalPriceCents,
      sauce: orderItems.sauce,
      addOns: orderItems.addOns,
      discount: orderItems.discount,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** Starts a card payment and presses Pay on the simulator: the redirect it answers. */
async function payByCard(
  app: AppInstance,
  orderData: Record<string, unknown>,
  cookie?: string,
): Promise<{ status: number; location: string; body: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    headers: cookie ? { cookie } : {},
    payload: {
      customerEmail: CUSTOMER.email,
      customerName: `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
      customerPhone: CUSTOMER.phone,
      contactless: orderData.orderSource === 'pos',
      orderData: { items: [BURGER_LINE], customer: CUSTOMER, ...orderData },
    },
  });
  if (created.statusCode !== 200) {
    return { status: created.statusCode, location: '', body: created.body };
  }
  const { paymentUrl } = created.json<{ paymentUrl: string }>();
  const paid = await app.inject({
    method: 'POST',
    url: new URL(paymentUrl, 'http://shop.test').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  return { status: paid.statusCode, location: String(paid.headers.location), body: paid.body };
}

const orderIdIn = (location: string) =>
  new URL(location, 'http://x').searchParams.get('orderId') ?? '';

function sellForCash(
  body: Record<string, unknown>,
  cookie: string,
  url = '/api/orders',
  key: string = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'idempotency-key': key },
    payload: { paymentMethod: 'cash', items: [BURGER_LINE], ...body },
  });
}

describe('every channel prices the same cart the same way', () => {
  it('website card checkout: pickup, back to /checkout', async () => {
    const paid = await payByCard(t.app, {});
    expect(paid.status, paid.body).toBe(303);
    expect(paid.location).toMatch(/^\/checkout\?payment=success&orderId=[0-9a-f-]{36}$/);
    const id = orderIdIn(paid.location);
    expect(await itemsOf(id)).toEqual([EXPECTED_BURGER_ROW]);
    expect(await orderRow(id)).toMatchObject({
      orderSource: 'website',
      type: 'pickup',
      paymentMethod: 'viva-wallet',
      paymentStatus: 'paid',
      status: 'pending',
      tableNumber: null,
      takenByStaffId: null,
      subtotalCents: 2480,
      discountCents: 0,
      totalCents: 2480,
    });
  });

  it('table card checkout: dine-in at its table, back to that table', async () => {
    const paid = await payByCard(t.app, {
      orderSource: 'table',
      type: 'dine-in',
      tableNumber: '7',
    });
    expect(paid.status, paid.body).toBe(303);
    expect(paid.location).toMatch(/^\/table\?table=7&payment=success&orderId=[0-9a-f-]{36}$/);
    const id = orderIdIn(paid.location);
    expect(await itemsOf(id)).toEqual([EXPECTED_BURGER_ROW]);
    expect(await orderRow(id)).toMatchObject({
      orderSource: 'table',
      type: 'dine-in',
      tableNumber: '7',
      totalCents: 2480,
    });
  });

  it('a table order without its table number, or as pickup, is refused', async () => {
    const noTable = await payByCard(t.app, { orderSource: 'table', type: 'dine-in' });
    expect(noTable.status).toBe(400);
    expect(noTable.body).toContain('A table order needs its table number.');
    const asPickup = await payByCard(t.app, { orderSource: 'table', tableNumber: '7' });
    expect(asPickup.status).toBe(400);
  });

  it('counter card payment: by the signed-in staff member, back to the staff POS', async () => {
    const paid = await payByCard(t.app, { orderSource: 'pos' }, staff.cookie);
    expect(paid.status, paid.body).toBe(303);
    expect(paid.location).toMatch(/^\/staff-pos\?payment=success&orderId=[0-9a-f-]{36}$/);
    const id = orderIdIn(paid.location);
    expect(await itemsOf(id)).toEqual([EXPECTED_BURGER_ROW]);
    expect(await orderRow(id)).toMatchObject({
      orderSource: 'pos',
      type: 'pickup',
      paymentMethod: 'viva-wallet',
      takenByStaffId: staff.id,
    });

    const byAdmin = await payByCard(t.app, { orderSource: 'pos' }, admin.cookie);
    expect(byAdmin.location).toMatch(/^\/pos\?payment=success&orderId=/);
  });

  it('a counter card payment without a POS session is refused', async () => {
    const stranger = await payByCard(t.app, { orderSource: 'pos' });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toContain('Only signed-in staff can take a counter card payment.');
  });

  it('staff POS cash sale: paid, taken by the staff member, change given', async () => {
    const response = await sellForCash({ cashReceived: '30.00' }, staff.cookie);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{
      id: string;
      orderNumber: number;
      total: string;
      change: string;
    }>();
    expect(body).toMatchObject({ total: '24.80', change: '5.20' });
    expect(await itemsOf(body.id)).toEqual([EXPECTED_BURGER_ROW]);
    expect(await orderRow(body.id)).toMatchObject({
      orderNumber: body.orderNumber,
      orderSource: 'pos',
      type: 'pickup',
      paymentMethod: 'cash',
      paymentStatus: 'paid',
      status: 'pending',
      kitchenStatus: 'pending',
      takenByStaffId: staff.id,
      customerId: null,
    });
  });

  it('admin POS cash sale: the same lines, and it needs every customer field', async () => {
    const missing = await sellForCash(
      { customer: { firstName: 'Kati', lastName: 'Karu' } },
      admin.cookie,
      '/api/admin/orders',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Please provide all customer information' });

    const response = await sellForCash({ customer: CUSTOMER }, admin.cookie, '/api/admin/orders');
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(await itemsOf(id)).toEqual([EXPECTED_BURGER_ROW]);
    expect(await orderRow(id)).toMatchObject({ takenByStaffId: admin.id, orderSource: 'pos' });
  });

  it('Wolt and Bolt: the platform prices are taken as given and recorded as such', async () => {
    const placed = await placePlatformOrder(t.db, {
      source: 'wolt',
      externalId: 'wolt-abc-1',
      type: 'delivery',
      lines: [
        {
          name: 'Classic Smash Burger',
          quantity: 2,
          unitPriceCents: 1350,
          menuItemId: 'classic-smash-burger',
        },
      ],
      customer: null,
      deliveryFeeCents: 290,
    });
    expect(placed.created).toBe(true);
    expect(await itemsOf(placed.id)).toEqual([
      {
        menuItemId: 'classic-smash-burger',
        name: 'Classic Smash Burger',
        basePriceCents: 1350,
        unitPriceCents: 1350,
        quantity: 2,
        totalPriceCents: 2700,
        sauce: null,
        addOns: [],
        discount: null,
      },
    ]);
    expect(await orderRow(placed.id)).toMatchObject({
      orderSource: 'wolt',
      externalId: 'wolt-abc-1',
      type: 'delivery',
      paymentMethod: 'platform',
      paymentStatus: 'paid',
      totalCents: 2990,
    });
    const again = await placePlatformOrder(t.db, {
      source: 'wolt',
      externalId: 'wolt-abc-1',
      type: 'delivery',
      lines: [{ name: 'Classic Smash Burger', quantity: 2, unitPriceCents: 1350 }],
      customer: null,
    });
    expect(again).toEqual({ id: placed.id, orderNumber: placed.orderNumber, created: false });
  });
});

describe('discounts follow the shared rules', () => {
  it('takes 10 % off a counter line (24.80 → 22.32) and records it on the line', async () => {
    const response = await sellForCash(
      { items: [{ ...BURGER_LINE, discountId: 'ten-off' }] },
      staff.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id, total } = response.json<{ id: string; total: string }>();
    expect(total).toBe('22.32');
    const [line] = await itemsOf(id);
    expect(line).toMatchObject({
      totalPriceCents: 2232,
      discount: {
        id: 'ten-off',
        name: '10% off',
        type: 'percentage',
        value: 10,
        discountAmountCents: 248,
      },
    });
    expect(await orderRow(id)).toMatchObject({
      subtotalCents: 2480,
      discountCents: 248,
      totalCents: 2232,
    });
  });

  it("ignores a client's own prices, discount amounts and totals", async () => {
    const tampered = await sellForCash(
      {
        items: [
          {
            ...BURGER_LINE,
            price: 0.01,
            totalPrice: 0.02,
            discountId: 'ten-off',
            discount: { id: 'ten-off', type: 'fixed_amount', value: 2480, discountAmount: 24.79 },
          },
        ],
        subtotal: '0.01',
        total: '0.01',
        cashReceived: 50,
      },
      staff.cookie,
    );
    expect(tampered.statusCode, tampered.body).toBe(201);
    // The server's own figures: 24.80 less 10 % = 22.32; 50.00 - 22.32 = 27.68 back.
    expect(tampered.json()).toMatchObject({ total: '22.32', change: '27.68' });
  });

  it('refuses a discount below its minimum, an inactive one, and one from the storefront', async () => {
    const underMinimum = await sellForCash(
      { items: [{ ...BURGER_LINE, discountId: 'two-euro' }] },
      staff.cookie,
    );
    expect(underMinimum.statusCode).toBe(400);
    expect(underMinimum.json()).toEqual({
      error: '"2 € off" does not apply to "Classic Smash Burger" at this amount.',
    });
    const inactive = await sellForCash(
      { items: [{ ...BURGER_LINE, discountId: 'retired' }] },
      staff.cookie,
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toEqual({ error: 'That discount is not available any more.' });
    await expect(
      priceOrder(
        t.db,
        {
          source: 'website',
          type: 'pickup',
          lines: [{ ...BURGER_LINE, discountId: 'ten-off' }],
          customer: CUSTOMER,
        },
        { method: 'viva-wallet', now: t.clock.now() },
      ),
    ).rejects.toThrow('Discounts can only be given at the counter.');
  });
});

describe('cash at the counter', () => {
  it('refuses too little cash and makes no order', async () => {
    const [before] = await t.db.select({ n: count() }).from(orders);
    const response = await sellForCash({ cashReceived: '24.79' }, staff.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Insufficient cash amount received' });
    const [after] = await t.db.select({ n: count() }).from(orders);
    expect(after!.n).toBe(before!.n);
  });

  it('takes exactly the total, with no change', async () => {
    const response = await sellForCash({ cashReceived: '24.80' }, staff.cookie);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ total: '24.80', change: '0.00' });
  });

  it('refuses an empty cart with the spec message', async () => {
    const response = await sellForCash({ items: [] }, staff.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('Cart is empty');
  });
});

describe('one order per Idempotency-Key', () => {
  itRaces('ten taps at once with one key make one order and the same answer', async () => {
    const key = randomUUID();
    const [before] = await t.db.select({ n: count() }).from(orders);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sellForCash({ cashReceived: 25 }, staff.cookie, '/api/orders', key),
      ),
    );
    const bodies = answers.map((answer) => answer.body);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(bodies).size).toBe(1);
    const [after] = await t.db.select({ n: count() }).from(orders);
    expect(after!.n - before!.n).toBe(1);

    const other = await sellForCash({ cashReceived: 50 }, staff.cookie, '/api/orders', key);
    expect(other.statusCode).toBe(409);
  });
});

describe('customers', () => {
  const known = {
    firstName: 'Liis',
    lastName: 'Lepp',
    email: 'liis.lepp@example.com',
    phone: '+372 5550 7777',
  };

  it('POST /api/customers returns the id, the same one for a known e-mail in any case', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { cookie: staff.cookie },
      payload: known,
    });
    expect(first.statusCode, first.body).toBe(201);
    const { id } = first.json<{ id: string }>();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { cookie: staff.cookie },
      payload: { ...known, email: 'LIIS.LEPP@example.com', firstName: 'Someone', phone: '1' },
    });
    expect(again.json()).toEqual({ id });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ firstName: 'Liis', lastName: 'Lepp', phone: '+372 5550 7777' });
  });

  it('POST /api/customers without an e-mail is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { cookie: staff.cookie },
      payload: { firstName: 'Walk', lastName: 'In' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'An e-mail is needed to save a customer.' });
  });

  it('a counter sale with no e-mail makes no customer and changes none', async () => {
    const before = await t.db.select().from(customers).orderBy(asc(customers.customerNumber));
    const response = await sellForCash(
      { customer: { firstName: known.firstName, lastName: 'Other', phone: '000' } },
      staff.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await orderRow(response.json<{ id: string }>().id)).toMatchObject({
      customerId: null,
      customerFirstName: 'Liis',
      customerLastName: 'Other',
    });
    expect(await t.db.select().from(customers).orderBy(asc(customers.customerNumber))).toEqual(
      before,
    );
  });

  it("an order with a known e-mail links the customer and keeps the customer's name and phone", async () => {
    const response = await sellForCash(
      { customer: { ...known, firstName: 'Impostor', lastName: 'X', phone: '+372 0000 0000' } },
      staff.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = await orderRow(response.json<{ id: string }>().id);
    // The order keeps the customer as they were at the counter…
    expect(order).toMatchObject({ customerFirstName: 'Impostor', customerPhone: '+372 0000 0000' });
    // …and the customer record is not overwritten.
    const [row] = await t.db.select().from(customers).where(eq(customers.id, order.customerId!));
    expect(row).toMatchObject({ firstName: 'Liis', lastName: 'Lepp', phone: '+372 5550 7777' });
  });
});

describe('the counter: bread and card discounts', () => {
  it('a card sale at the counter keeps its discount: the card page asks for the discounted total', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      remoteAddress: nextClient(),
      headers: { cookie: staff.cookie },
      payload: {
        customerEmail: CUSTOMER.email,
        customerName: `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
        customerPhone: CUSTOMER.phone,
        contactless: true,
        orderData: {
          orderSource: 'pos',
          items: [{ ...BURGER_LINE, discountId: 'ten-off' }],
          customer: CUSTOMER,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    // 24.80 less 10 %, as for cash.
    expect(created.json<{ amount: string }>().amount).toBe('22.32');
    // The storefront cannot send one.
    const website = await payByCard(t.app, {
      orderSource: 'website',
      items: [{ ...BURGER_LINE, discountId: 'ten-off' }],
    });
    expect(website.status).toBe(400);
    expect(website.body).toContain('Discounts can only be given at the counter.');
  });

  it('stores the bread chosen at the counter; a bread the item does not offer is refused', async () => {
    const withBread = {
      ...BURGER_LINE,
      customizations: { ...BURGER_LINE.customizations, bread: 'Brioche Bun' },
    };
    const sold = await sellForCash({ items: [withBread] }, staff.cookie);
    expect(sold.statusCode, sold.body).toBe(201);
    const [line] = await t.db
      .select({ bread: orderItems.bread })
      .from(orderItems)
      .where(eq(orderItems.orderId, sold.json<{ id: string }>().id));
    expect(line?.bread).toBe('Brioche Bun');

    const cola = { menuItemId: 'cola', quantity: 1, customizations: { bread: 'Brioche Bun' } };
    const refused = await sellForCash({ items: [cola] }, staff.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: '"Brioche Bun" is not a bread offered with "Cola 0.5 l".',
    });
  });
});

describe('table numbers (table ordering by QR code)', () => {
  const payAtTable = (tableNumber: string) =>
    payByCard(t.app, { orderSource: 'table', type: 'dine-in', tableNumber });

  // [table number sent, table the order keeps, or null when refused]; table_count is 10.
  const BOUNDS: [string, string | null][] = [
    ['1', '1'],
    ['10', '10'],
    ['04', '4'],
    ['0', null],
    ['11', null],
    ['999', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
  ];
  it.each(BOUNDS)('table %s → %s', async (sent, kept) => {
    const paid = await payAtTable(sent);
    if (kept === null) {
      expect(paid.status).toBe(400);
      expect(paid.body).toContain(
        `Table ${sent} is not one of ours. Please scan the QR code on your table again.`,
      );
      return;
    }
    expect(paid.status, paid.body).toBe(303);
    expect(await orderRow(orderIdIn(paid.location))).toMatchObject({ tableNumber: kept });
  });

  it('follows the table_count setting', async () => {
    await setSetting(t.db, 'table_count', '12');
    try {
      expect((await payAtTable('12')).status).toBe(303);
      expect((await payAtTable('13')).status).toBe(400);
    } finally {
      await setSetting(t.db, 'table_count', '10');
    }
  });

  it("keeps type, source and table through to the order's page and the kitchen list", async () => {
    const paid = await payAtTable('4');
    const id = orderIdIn(paid.location);
    const order = await t.app.inject({ method: 'GET', url: `/api/orders/${id}` });
    expect(order.json()).toMatchObject({ type: 'dine-in', orderSource: 'table', tableNumber: '4' });
    const kitchenCookie = await signIn(t.db, await createStaffUser(t.db, { role: 'kitchen' }));
    const kitchen = await t.app.inject({
      method: 'GET',
      url: '/api/kitchen/orders',
      headers: { cookie: kitchenCookie },
    });
    expect(kitchen.json<{ id: string }[]>().find((row) => row.id === id)).toMatchObject({
      type: 'dine-in',
      orderSource: 'table',
      tableNumber: '4',
    });
  });
});
