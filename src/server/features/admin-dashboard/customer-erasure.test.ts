/**
 * Delete Customer erases the person (DESIGN.md departure 10, decision 014) from every column
 * that can hold them, free text included, and keeps the amounts.
 *
 * Two literal lists below name every text and json column of the schema: those that can hold a
 * customer's personal data, and those that cannot (with the reason). The first test reads the
 * real schema (information_schema) and fails when a column is in neither list, so a new column
 * is a decision someone has to make. The second builds a customer's history the way the shop
 * makes it (a card order with notes, a cash sale at the counter, a deleted order, the cash
 * drawer, an e-mail that bounced, a push subscription, a platform's copy), erases them and
 * searches every text and json column of every table for them.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  orderItems,
  orders,
  outboundJobs,
  payments,
  platformEvents,
  pushSubscriptions,
} from '#server/db/schema.ts';
import { ORDER_TOKEN_COOKIE } from '#server/features/orders/order-token.ts';
import { personNeedles, redactJson, textRedactor } from './customer-erasure.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'demo' });

/** Every column that can hold a customer's personal data, and why. */
const PERSONAL_DATA: Record<string, string> = {
  'customers.first_name': 'the person',
  'customers.last_name': 'the person',
  'customers.email': 'the person',
  'customers.phone': 'the person',
  'orders.customer_first_name': 'the person',
  'orders.customer_last_name': 'the person',
  'orders.customer_email': 'the person',
  'orders.customer_phone': 'the person',
  'orders.delivery_street': 'their address',
  'orders.delivery_city': 'their address',
  'orders.delivery_postal_code': 'their address',
  'orders.special_instructions': 'their free text (a gate code)',
  'orders.deleted_reason': 'staff free text about the order',
  'orders.platform_error': 'a platform answer about the order',
  'order_items.special_instructions': 'their free text',
  'payments.order_data': 'the order as priced, customer and notes included',
  'payments.failure_reason': 'a provider answer',
  'order_events.event': 'the order as the screens saw it',
  'outbound_jobs.payload': 'what a job sends (an e-mail)',
  'outbound_jobs.outcome': 'a mail server answer names the address',
  'push_subscriptions.endpoint': 'their device',
  'push_subscriptions.p256dh': 'their device',
  'push_subscriptions.auth': 'their device',
  'platform_events.body': 'a platform order names its customer',
  'platform_events.error': 'an error about that order',
  'idempotency_keys.response_body': 'the stored answer of an order-creating call',
  'audit_log.subject': 'staff free text',
  'audit_log.detail': 'staff free text (a delete reason)',
  'cash_drawer_sessions.note': 'staff free text',
  'cash_drawer_movements.reason': 'staff free text ("refund to …")',
  'refunds.reason': 'staff free text (why money was given back)',
  'refunds.provider_message': "a provider's answer about that order",
};

/** Every other text and json column, and why it cannot hold a customer. */
const NO_PERSONAL_DATA: Record<string, string> = {
  'categories.id': 'menu',
  'categories.name': 'menu',
  'categories.icon': 'menu',
  'menu_items.id': 'menu',
  'menu_items.name': 'menu',
  'menu_items.description': 'menu',
  'menu_items.image': 'menu',
  'menu_items.category_id': 'menu',
  'menu_items.allergens': 'menu',
  'menu_items.tags': 'menu',
  'bread_options.id': 'menu',
  'bread_options.name': 'menu',
  'bread_options.description': 'menu',
  'sauce_options.id': 'menu',
  'sauce_options.name': 'menu',
  'addon_options.id': 'menu',
  'addon_options.name': 'menu',
  'menu_images.variant': 'menu photo',
  'menu_images.content_type': 'menu photo',
  'menu_images.etag': 'menu photo',
  'menu_item_bread_options.menu_item_id': 'menu',
  'menu_item_bread_options.bread_option_id': 'menu',
  'menu_item_sauce_options.menu_item_id': 'menu',
  'menu_item_sauce_options.sauce_option_id': 'menu',
  'menu_item_addon_options.menu_item_id': 'menu',
  'menu_item_addon_options.addon_option_id': 'menu',
  'discounts.id': 'menu',
  'discounts.name': 'menu',
  'discounts.description': 'menu',
  'discounts.type': 'menu',
  'discounts.valid_from': 'menu',
  'discounts.valid_to': 'menu',
  'discounts.time_from': 'menu',
  'discounts.time_to': 'menu',
  'server_secrets.name': "the server's keys",
  'server_secrets.value': "the server's keys",
  'orders.status': 'a state',
  'orders.type': 'a state',
  'orders.order_source': 'a state',
  'orders.payment_method': 'a state',
  'orders.payment_status': 'a state',
  'orders.kitchen_status': 'a state',
  'orders.table_number': 'a table of the truck',
  'orders.external_id': "a platform's order id",
  'orders.platform_order_number': "a platform's order number",
  'orders.placed_by_token_hash': 'a hash of a random token',
  'order_items.menu_item_id': 'menu',
  'order_items.name': 'menu item as sold',
  'order_items.sauce': 'menu',
  'order_items.bread': 'menu',
  'order_items.add_ons': 'menu',
  'order_items.discount': 'menu',
  'payments.provider': 'a state',
  'payments.status': 'a state',
  'payments.currency': 'a state',
  'payments.provider_reference': "the provider's id",
  'payments.provider_transaction_id': "the provider's id",
  'payments.placed_by_token_hash': 'a hash of a random token',
  'settings.key': "the shop's own details",
  'settings.value': "the shop's own details",
  'settings.description': "the shop's own details",
  'staff_users.username': 'staff, not customers',
  'staff_users.password_hash': 'staff, not customers',
  'staff_users.name': 'staff, not customers',
  'staff_users.role': 'staff, not customers',
  'sessions.id': 'a hash of a staff token',
  'login_limits.key': 'staff account and address',
  'idempotency_keys.route': 'a route',
  'idempotency_keys.request_hash': 'a hash',
  'idempotency_keys.content_type': 'a media type',
  'platform_availability_returns.kind': 'an item, sauce or add-on (decision 027)',
  'platform_availability_returns.item_id': 'a menu id',
  'platform_sync_state.platform': 'wolt or bolt',
  'platform_sync_state.topic': 'what was sent: availability or hours',
  'platform_sync_state.last_error': "a platform's answer to a menu or hours change",
  'printers.name': "a printer's name (decision 028)",
  'printers.kind': 'escpos-network or star-cloudprnt',
  'printers.host': "the printer's network address",
  'printers.model': 'a printer model',
  'printers.prints': 'kitchen tickets, receipts',
  'printers.sources': 'order channels',
  'printers.cloud_prnt_token': "the printer's polling secret, not a person's",
  'printers.last_error': "the printer's answer",
  'print_jobs.kind': 'ticket, receipt or test page',
  'print_jobs.state': "a job's state",
  'day_figures.time_zone': "the shop's time zone of a kept calendar day (decision 030)",
  'day_figures.figures': "a closed day's counts and amounts, no names (decision 030)",
  'print_jobs.error': "the printer's answer to one job",
  'shop_hours.day': 'hours',
  'shop_hours.shift1_open': 'hours',
  'shop_hours.shift1_close': 'hours',
  'shop_hours.shift2_open': 'hours',
  'shop_hours.shift2_close': 'hours',
  'page_views.path': 'a page of the shop',
  'page_views.visitor_id': 'a daily-salted hash, no address stored (decision 015)',
  'page_views.referrer_host': 'a host name',
  'analytics_daily_pages.kind': 'counts',
  'analytics_daily_pages.key': 'a page or host',
  'vapid_keys.public_key': "the server's keys",
  'vapid_keys.private_key': "the server's keys",
  'outbound_jobs.kind': 'a kind',
  'outbound_jobs.serial_key': 'an order or platform id',
  'orders.idempotency_scope': 'staff:<account id> or anonymous',
  'orders.idempotency_request_hash': 'a SHA-256',
  'platform_events.platform': 'a platform',
  'platform_events.remote_address': "the caller's address: the platform's server, or a stranger",
  'platform_rejections.platform': 'a platform',
  'platform_events.status': 'a state',
  'platform_events.event_key': "the platform's event id",
  'platform_events.event_type': 'a type',
  'platform_events.external_order_id': "a platform's order id",
  'cash_drawer_sessions.opened_by_name': 'staff, not customers',
  'cash_drawer_sessions.closed_by_name': 'staff, not customers',
  'cash_drawer_movements.kind': 'a kind',
  'cash_drawer_movements.staff_name': 'staff, not customers',
  'audit_log.actor_name': 'staff, not customers',
  'audit_log.action': 'a kind',
  'refunds.method': 'a kind',
  'refunds.state': 'a state',
  'refunds.lines': 'menu item names and quantities',
  'refunds.by_name': 'staff, not customers',
  // Push menu and the drift check (decision 027, amended).
  'platform_menu_state.platform': 'wolt or bolt',
  'platform_menu_state.pushed_menu': 'the menu as sent: ids, names, prices',
  'platform_menu_state.differences': 'menu ids and names, on sale or not',
  'platform_menu_state.drift_error': "a platform's answer to a read-back",
  // The kitchen watchdog (decision 023).
  'online_ordering.paused_by': 'a kind (manual or watchdog)',
  'watchdog_presence.instance_id': "a server instance's random id",
  'staff_push_subscriptions.endpoint': "a staff member's device, not a customer's",
  'staff_push_subscriptions.p256dh': "a staff member's device, not a customer's",
  'staff_push_subscriptions.auth': "a staff member's device, not a customer's",
};

interface ColumnRow extends Record<string, unknown> {
  table_name: string;
  column_name: string;
}

/** Both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every text-like and json column of every table in the schema. */
async function textColumns(): Promise<ColumnRow[]> {
  const result = await t.db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables tb
      on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
        or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar', '_json', '_jsonb')))
    order by 1, 2
  `);
  return rowsOf<ColumnRow>(result);
}

describe('every text and json column is a decision', () => {
  it('is listed as holding personal data or as holding none, and each listed column exists', async () => {
    const schema = (await textColumns()).map((row) => `${row.table_name}.${row.column_name}`);
    const listed = new Set([...Object.keys(PERSONAL_DATA), ...Object.keys(NO_PERSONAL_DATA)]);
    expect(schema.filter((column) => !listed.has(column))).toEqual([]);
    expect([...listed].filter((column) => !schema.includes(column))).toEqual([]);
    const both = Object.keys(PERSONAL_DATA).filter((column) => column in NO_PERSONAL_DATA);
    expect(both).toEqual([]);
    // The search skips hash columns only: none of them may be a personal one.
    expect([...HASH_COLUMNS].filter((column) => !(column in NO_PERSONAL_DATA))).toEqual([]);
  });
});

const PERSON = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  email: 'zephyrine.q@example.org',
  phone: '+372 5123 9876',
};
const GATE_NOTE = 'Gate code 4411, ring Zephyrine at the back';
const LINE_NOTE = 'No onions for Quillfeather please';
const COUNTER_NOTE = 'Zephyrine pays the rest tomorrow';

/** What must be nowhere after the erasure (looked for case-insensitively). */
const NEEDLES = [
  'Zephyrine',
  'Quillfeather',
  'zephyrine.q@example.org',
  '5123 9876',
  'Gate code 4411',
  '4411',
  'No onions',
  'pays the rest',
];

const BYSTANDER = {
  firstName: 'Bartholomew',
  lastName: 'Vandersloot',
  email: 'bart.v@example.org',
  phone: '+372 5999 1111',
};
const BYSTANDER_NOTE = 'Side door, Bartholomew knocks';

let admin: string;
let staff: string;

beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin', name: 'Owner Olga' }));
  staff = await signIn(t.db, await createStaffUser(t.db, { role: 'staff', name: 'Pat Counter' }));
});

/** A website card order as a browser places it (the payment simulator), with notes. */
async function cardOrder(person: typeof PERSON, note: string, lineNote: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: nextClient(),
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      amount: 10.9,
      customerEmail: person.email,
      customerName: `${person.firstName} ${person.lastName}`,
      customerPhone: person.phone,
      orderData: {
        type: 'pickup',
        orderSource: 'website',
        items: [
          {
            menuItemId: 'classic-smash-burger',
            quantity: 1,
            customizations: { addOns: [], specialInstructions: lineNote },
          },
        ],
        paymentMethod: 'viva-wallet',
        deliveryAddress: null,
        specialInstructions: note,
        customer: person,
      },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const token = created.cookies.find((c) => c.name === ORDER_TOKEN_COOKIE)?.value;
  const { paymentUrl } = created.json<{ paymentUrl: string }>();
  const paid = await t.app.inject({
    method: 'POST',
    url: new URL(paymentUrl, 'http://shop.test').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(paid.statusCode, paid.body).toBe(303);
  const orderId = new URL(String(paid.headers.location), 'http://x').searchParams.get('orderId');
  expect(orderId).toBeTruthy();
  return { orderId: orderId!, cookie: `${ORDER_TOKEN_COOKIE}=${token}` };
}

/** A cash sale at the counter with the customer's details and a note. */
async function counterSale(person: typeof PERSON, note: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: nextClient(),
    headers: { cookie: staff, 'idempotency-key': randomUUID() },
    payload: {
      paymentMethod: 'cash',
      items: [
        { menuItemId: 'classic-smash-burger', quantity: 1 },
        { menuItemId: 'cola', quantity: 1 },
      ],
      cashReceived: '20.00',
      customer: person,
      specialInstructions: note,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/**
 * Columns that hold only a hash or digest of something random: their hex can hold "4411" or
 * the phone's digits by chance (1 run in about 400 for "4411"), and a hash cannot carry a name.
 * Each is also listed in NO_PERSONAL_DATA with its reason.
 */
const HASH_COLUMNS = new Set([
  'orders.placed_by_token_hash',
  'payments.placed_by_token_hash',
  'orders.idempotency_request_hash',
  'idempotency_keys.request_hash',
  'sessions.id',
  'staff_users.password_hash',
  'page_views.visitor_id',
]);

/** Every text and json column a needle could hide in: all but the hash columns. */
async function searchableColumns(): Promise<ColumnRow[]> {
  return (await textColumns()).filter(
    ({ table_name, column_name }) => !HASH_COLUMNS.has(`${table_name}.${column_name}`),
  );
}

async function findEverywhere(needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const { table_name, column_name } of await searchableColumns()) {
    const found = await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
    );
    const n = Number(rowsOf<{ n: number }>(found)[0]?.n ?? 0);
    if (n > 0) hits.push(`${table_name}.${column_name} (${n})`);
  }
  return hits;
}

/** The phone number in any spacing: digits only, in every text and json column. */
async function findDigitsEverywhere(digits: string): Promise<string[]> {
  const hits: string[] = [];
  for (const { table_name, column_name } of await searchableColumns()) {
    const found = await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where regexp_replace(${sql.identifier(column_name)}::text, '[^0-9]', '', 'g') like ${`%${digits}%`}`,
    );
    if (Number(rowsOf<{ n: number }>(found)[0]?.n ?? 0) > 0)
      hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

describe('Delete Customer', () => {
  it('leaves no name, e-mail, phone or note of theirs in any column, and keeps the amounts', async () => {
    // Their history, made the way the shop makes it.
    const web = await cardOrder(PERSON, GATE_NOTE, LINE_NOTE);
    const second = await cardOrder(PERSON, GATE_NOTE, LINE_NOTE);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${second.orderId}`,
      headers: { cookie: admin },
      payload: { reason: `Zephyrine Quillfeather rang (${PERSON.phone}): paid twice` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const drawer = await t.app.inject({
      method: 'POST',
      url: '/api/pos/cash-drawer/open',
      headers: { cookie: staff },
      payload: { float: '50.00' },
    });
    expect(drawer.statusCode, drawer.body).toBe(201);
    // The counter's cash sale goes into the open drawer (decision 012).
    const counter = await counterSale(PERSON, COUNTER_NOTE);
    const refund = await t.app.inject({
      method: 'POST',
      url: '/api/pos/cash-drawer/movements',
      headers: { cookie: staff },
      payload: { kind: 'pay-out', amount: '10.90', reason: 'Refund to Zephyrine Quillfeather' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/pos/cash-drawer/close',
      headers: { cookie: staff },
      payload: { counted: '39.10', note: 'Quillfeather refund paid from the drawer' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // The receipt bounced: the mail server's answer names the address.
    await t.db.insert(outboundJobs).values({
      kind: 'email-receipt',
      orderId: counter,
      payload: {},
      doneAt: new Date(),
      outcome: `550 5.1.1 <${PERSON.email}>: mailbox unavailable`,
    });
    await t.db.insert(pushSubscriptions).values({
      orderId: web.orderId,
      endpoint: 'https://push.example.net/send/zq-device-1',
      p256dh: 'BOr-device-key',
      auth: 'device-auth',
    });
    // A platform's copy of an order of theirs (a linked webhook event).
    await t.db.insert(platformEvents).values({
      platform: 'wolt',
      status: 'processed',
      eventKey: randomUUID(),
      externalOrderId: 'wolt-zq-1',
      orderId: counter,
      body: JSON.stringify({
        order: { consumer_name: 'Zephyrine Q.', consumer_phone_number: '+37251239876' },
        note: GATE_NOTE,
      }),
    });

    // Someone else, who must keep everything.
    const bystander = await cardOrder(BYSTANDER, BYSTANDER_NOTE, 'Extra pickles');

    // The attack's starting point: the person is in many places.
    expect((await findEverywhere('Zephyrine')).length).toBeGreaterThan(5);
    expect(await findEverywhere('Gate code 4411')).not.toEqual([]);

    const ids = [web.orderId, counter, second.orderId];
    const totalsBefore = await t.db
      .select({ id: orders.id, total: orders.totalCents })
      .from(orders)
      .where(inArray(orders.id, ids));
    // Burger 10.90; burger + cola 13.80 (the demo menu's prices).
    expect(Object.fromEntries(totalsBefore.map((row) => [row.id, row.total]))).toEqual({
      [web.orderId]: 1090,
      [counter]: 1380,
      [second.orderId]: 1090,
    });

    const [customer] = await t.db.select().from(customers).where(eq(customers.email, PERSON.email));
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/customers/${customer!.id}`,
      headers: { cookie: admin },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    for (const needle of NEEDLES) {
      expect(await findEverywhere(needle), needle).toEqual([]);
    }
    expect(await findDigitsEverywhere('51239876'), 'the phone number').toEqual([]);

    // The books stay: totals, lines, payments, the drawer.
    const after = await t.db
      .select({ id: orders.id, total: orders.totalCents, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(Object.fromEntries(after.map((row) => [row.id, row.total]))).toEqual({
      [web.orderId]: 1090,
      [counter]: 1380,
      [second.orderId]: 1090,
    });
    const lines = await t.db
      .select({ name: orderItems.name, total: orderItems.totalPriceCents })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids));
    expect(lines.map((line) => `${line.name} ${line.total}`).sort()).toEqual([
      'Classic Smash Burger 1090',
      'Classic Smash Burger 1090',
      'Classic Smash Burger 1090',
      'Cola 0.5 l 290',
    ]);
    const paid = await t.db
      .select({ amount: payments.amountCents })
      .from(payments)
      .innerJoin(orders, eq(orders.paymentId, payments.id))
      .where(inArray(orders.id, ids));
    expect(paid.map((row) => row.amount)).toEqual([1090, 1090]);
    const drawerAfter = await t.app.inject({
      method: 'GET',
      url: '/api/pos/cash-drawer',
      headers: { cookie: staff },
    });
    expect(drawerAfter.json()).toMatchObject({ session: null });
    // Their device hears nothing more.
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.orderId, web.orderId)),
    ).toEqual([]);

    // The bystander keeps their name, contacts and notes.
    const [theirOrder] = await t.db.select().from(orders).where(eq(orders.id, bystander.orderId));
    expect(theirOrder).toMatchObject({
      customerFirstName: BYSTANDER.firstName,
      customerLastName: BYSTANDER.lastName,
      customerEmail: BYSTANDER.email,
      specialInstructions: BYSTANDER_NOTE,
    });
    expect(await findEverywhere('Extra pickles')).not.toEqual([]);
  });
});

describe('finding the person in free text', () => {
  const redact = textRedactor(
    personNeedles({
      names: ['Ann', 'Lee-Smith'],
      literals: ['ann@example.org', 'Gate code 4411, ring Ann', 'ok'],
      phones: ['+372 5123 9876'],
    }),
  );

  it('replaces whole names, e-mails, notes and phones in any spacing, and nothing else', () => {
    const cases: [string, string][] = [
      ['Annual count; Ann paid', 'Annual count; [erased] paid'],
      ['ANN and lee-smith called', '[erased] and [erased] called'],
      ['write to Ann@Example.org', 'write to [erased]'],
      ['note: Gate code 4411, ring Ann.', 'note: [erased].'],
      ['call +37251239876 or 5123-9876 or (5123) 98 76', 'call [erased] or [erased] or ([erased]'],
      ['ok, Joanne took it', 'ok, Joanne took it'],
      ['Anne and Annika', 'Anne and Annika'],
    ];
    for (const [input, output] of cases) expect(redact(input), input).toBe(output);
  });

  it('clears notes and a customer object in JSON, keeps amounts and item names', () => {
    expect(
      redactJson(
        {
          customer: {
            firstName: 'Ann',
            lastName: 'Lee-Smith',
            email: 'ann@example.org',
            phone: '1',
          },
          items: [{ name: 'Cola', totalPriceCents: 290, specialInstructions: 'for Ann' }],
          specialInstructions: 'Gate code 4411, ring Ann',
          totalCents: 290,
        },
        redact,
      ),
    ).toEqual({
      customer: { firstName: 'Erased', lastName: 'customer', email: '', phone: '' },
      items: [{ name: 'Cola', totalPriceCents: 290, specialInstructions: '' }],
      specialInstructions: '',
      totalCents: 290,
    });
  });
});
