/**
 * The Shop Settings screen's API (DESIGN.md departure 20): GET and PUT
 * /api/admin/shop-settings, admin only, every field checked by the shared schema and written
 * all or none; what it saves shows at once where customers see it (shop info, the QR codes'
 * address, e-mail links), without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopInfo, ShopSettings } from '#shared/settings/settings.schema.ts';
import type { ShopSettingsResponse } from '#shared/settings/settings.schema.ts';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import {
  PLACING_CUSTOMER,
  placeOrderThroughCheckout,
} from '../../../../tests/factories/placed-orders.ts';
import {
  startFakeSmtpServer,
  type FakeSmtpServer,
} from '../../../../tests/fakes/fake-smtp-server.ts';

const t = useTestApp({ seed: 'base' });

const call = (method: 'GET' | 'PUT', url: string, cookie: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClient(),
  });

let admin: string;
beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }), t.clock.now());
});

const current = async () => {
  const response = await call('GET', '/api/admin/shop-settings', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShopSettingsResponse>();
};

const VALID: ShopSettings = {
  name: 'Harbour Tacos',
  tagline: 'Tacos by the water',
  phone: '+372 5123 4567',
  email: 'hola@harbourtacos.example',
  address: 'Kalasadama 8, Tallinn',
  mapUrl: 'https://maps.example/harbour',
  facebookUrl: 'https://facebook.com/harbourtacos',
  instagramUrl: '',
  tiktokUrl: 'https://tiktok.com/@harbourtacos',
  timeZone: 'Europe/Helsinki',
  tableCount: '14',
  maxOrderTotal: '250',
  maxLineQuantity: '20',
  maxCounterOrderTotal: '1500',
  kitchenUnitsPerSlot: '9',
  preOrders: 'false',
  publicUrl: 'https://harbourtacos.example/',
};

describe('who may use it', () => {
  // [who, GET status, PUT status]
  const cases: [string, 'admin' | 'staff' | 'manager' | 'kitchen' | null, number][] = [
    ['nobody signed in', null, 401],
    ['staff', 'staff', 403],
    ['a manager', 'manager', 403],
    ['the kitchen', 'kitchen', 403],
    ['the admin', 'admin', 200],
  ];
  it.each(cases)('%s (role %s): GET and PUT answer %i', async (_who, role, status) => {
    const cookie = role
      ? await signIn(t.db, await createStaffUser(t.db, { role }), t.clock.now())
      : null;
    const read = await call('GET', '/api/admin/shop-settings', cookie);
    expect(read.statusCode, read.body).toBe(status);
    const before = await current();
    const write = await call('PUT', '/api/admin/shop-settings', cookie, {
      ...before.settings,
      tagline: `Written by ${role ?? 'nobody'}`,
    });
    expect(write.statusCode, write.body).toBe(status);
    const after = await current();
    expect(after.settings.tagline).toBe(
      status === 200 ? `Written by ${role}` : before.settings.tagline,
    );
  });
});

describe('what it checks', () => {
  // [field, value, the message the form shows]
  const cases: [keyof ShopSettings, string, string][] = [
    ['email', 'hello at shop', 'Please enter an e-mail address like hello@yourshop.com.'],
    ['email', '', 'Please enter an e-mail address like hello@yourshop.com.'],
    ['tableCount', '0', 'Please enter a whole number of tables from 1 to 200.'],
    ['tableCount', '2.5', 'Please enter a whole number of tables from 1 to 200.'],
    [
      'mapUrl',
      'maps.example/harbour',
      'Please enter a web address starting with https:// (or http://).',
    ],
    [
      'instagramUrl',
      'javascript:alert(1)',
      'Please enter a web address starting with https:// (or http://).',
    ],
    [
      'publicUrl',
      'harbourtacos.example',
      'Please enter the address customers open, starting with https:// (or http://).',
    ],
    [
      'publicUrl',
      'https://harbourtacos.example/?ref=qr',
      'Please enter the address alone, without ?, # or a user name.',
    ],
    ['name', '  ', 'The shop needs a name.'],
    [
      'phone',
      'call us',
      'Please enter a phone number: digits, spaces and + - ( ) only, like +372 5555 0199.',
    ],
    ['timeZone', 'Mars/Olympus', '"Mars/Olympus" is not a time zone name (like Europe/Tallinn).'],
    ['maxOrderTotal', '0', 'Please enter an amount from 1 to 100000 euro.'],
    ['maxCounterOrderTotal', 'lots', 'Please enter an amount from 1 to 100000 euro.'],
    ['maxLineQuantity', '100', 'Please enter a whole number from 1 to 99.'],
    ['kitchenUnitsPerSlot', '0', 'Please enter a whole number of prep units from 1 to 500.'],
    ['kitchenUnitsPerSlot', '2.5', 'Please enter a whole number of prep units from 1 to 500.'],
    ['preOrders', 'yes', 'Use true or false.'],
  ];
  it.each(cases)('refuses %s = %j with "%s", and saves nothing', async (field, value, message) => {
    const before = await current();
    const response = await call('PUT', '/api/admin/shop-settings', admin, {
      ...VALID,
      [field]: value,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
      [field]: message,
    });
    expect(await current()).toEqual(before);
  });

  it('refuses a body without every field', async () => {
    const { publicUrl: _left, ...missing } = VALID;
    const response = await call('PUT', '/api/admin/shop-settings', admin, missing);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields)).toEqual(['publicUrl']);
  });
});

describe('what it saves shows at once', () => {
  it('shop info (storefront footer, receipts, QR page) and the table count follow the save', async () => {
    // Read first, so the public answer is in the server's memory before the change.
    const before = (await call('GET', '/api/shop-info', null)).json<ShopInfo>();
    expect(before.publicUrl).toBe('http://shop.test');

    const saved = await call('PUT', '/api/admin/shop-settings', admin, VALID);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ShopSettingsResponse>()).toEqual({
      settings: { ...VALID, publicUrl: 'https://harbourtacos.example' },
      publicUrlDefault: 'http://shop.test',
      publicUrl: 'https://harbourtacos.example',
    });

    const info = (await call('GET', '/api/shop-info', null)).json<ShopInfo>();
    expect(info).toMatchObject({
      name: 'Harbour Tacos',
      tagline: 'Tacos by the water',
      phone: '+372 5123 4567',
      email: 'hola@harbourtacos.example',
      address: 'Kalasadama 8, Tallinn',
      mapUrl: 'https://maps.example/harbour',
      instagramUrl: '',
      publicUrl: 'https://harbourtacos.example',
      tableCount: 14,
    });
    const status = (await call('GET', '/api/shop-status', null)).json<{ timeZone: string }>();
    expect(status.timeZone).toBe('Europe/Helsinki');
    const webhooks = (await call('GET', '/api/webhook-info', admin)).json<{ wolt: string }>();
    expect(webhooks.wolt).toBe('https://harbourtacos.example/api/webhooks/wolt');
    const robots = await call('GET', '/robots.txt', null);
    expect(robots.body).toContain('Sitemap: https://harbourtacos.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /settings');

    // An empty address goes back to PUBLIC_URL.
    const cleared = await call('PUT', '/api/admin/shop-settings', admin, {
      ...VALID,
      publicUrl: '',
    });
    expect(cleared.json<ShopSettingsResponse>().publicUrl).toBe('http://shop.test');
    expect((await call('GET', '/api/shop-info', null)).json<ShopInfo>().publicUrl).toBe(
      'http://shop.test',
    );
  });
});

describe('e-mails link the public address as set now', () => {
  let smtp: FakeSmtpServer;
  let database: TestDatabase;
  let withMail: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer({ user: 'shop', pass: 'pw' });
    database = await createTestDatabase();
    withMail = await createTestApp(database.database, {
      seed: 'demo',
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <orders@shop.test>' },
    });
  });
  afterAll(async () => {
    await withMail?.close();
    await database?.destroy();
    await smtp?.close();
  });

  it('a receipt sent after the change links the new address; its Message-ID keeps PUBLIC_URL', async () => {
    const cookie = await signIn(
      withMail.db,
      await createStaffUser(withMail.db, { role: 'admin' }),
      withMail.clock.now(),
    );
    const read = await withMail.app.inject({
      method: 'GET',
      url: '/api/admin/shop-settings',
      headers: { cookie },
    });
    const saved = await withMail.app.inject({
      method: 'PUT',
      url: '/api/admin/shop-settings',
      headers: { cookie },
      payload: {
        ...read.json<ShopSettingsResponse>().settings,
        publicUrl: 'https://orders.newplace.example',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const { orderId } = await placeOrderThroughCheckout(withMail.app);
    await withMail.app.orderEvents.flush();
    await withMail.app.orderEvents.flush();
    const receipt = smtp.received.find((mail) => mail.to.includes(PLACING_CUSTOMER.email));
    expect(receipt, 'the receipt was sent').toBeDefined();
    expect(receipt!.text).toContain(
      `https://orders.newplace.example/order-confirmation/${orderId}`,
    );
    expect(receipt!.text).not.toContain('http://shop.test');
    expect(receipt!.messageId).toBe(`<email-receipt.${orderId}@shop.test>`);
  });
});
