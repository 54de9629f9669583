/**
 * Settings as the back office manages them: every key listed, secrets never sent back in
 * full (DESIGN.md departure 7), values checked per key, and the two public reads.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import {
  createStaffUser,
  nextClient,
  signIn,
  type CreatedStaff,
} from '../../../../tests/factories/staff.ts';
import { settings } from '#server/db/schema.ts';
import { SETTINGS, type AdminSetting, type SettingKey } from '#shared/settings/settings.schema.ts';

const t = useTestApp({ seed: 'base' });

let admin: CreatedStaff;
let cookie: string;

beforeAll(async () => {
  admin = await createStaffUser(t.db, { role: 'admin' });
});
beforeEach(async () => {
  cookie = await signIn(t.db, admin, t.clock.now());
});

const SECRET_KEYS = Object.values(SETTINGS)
  .filter((definition) => definition.secret)
  .map((definition) => definition.key as SettingKey);

const send = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  asCookie: string | null = cookie,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: asCookie ? { cookie: asCookie } : {},
    remoteAddress: nextClient(),
  });
const putSetting = (key: string, value: unknown, description?: string) =>
  send('PUT', `/api/admin/settings/${key}`, {
    value,
    ...(description !== undefined && { description }),
  });
const storedValue = async (key: string) =>
  (await t.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)))[0]
    ?.value;

describe('GET /api/admin/settings', () => {
  it('lists every setting, each saying whether it is a secret and whether it is set', async () => {
    const response = await send('GET', '/api/admin/settings');
    expect(response.statusCode).toBe(200);
    const listed = response.json<AdminSetting[]>();
    expect(listed.map((setting) => setting.key).sort()).toEqual(Object.keys(SETTINGS).sort());
    for (const setting of listed) {
      expect(Object.keys(setting).sort()).toEqual([
        'description',
        'isSecret',
        'isSet',
        'key',
        'value',
      ]);
      expect(setting.isSecret, setting.key).toBe(SETTINGS[setting.key as SettingKey].secret);
    }
    expect(SECRET_KEYS.sort()).toEqual([
      'bolt_api_key',
      'bolt_webhook_secret',
      'wolt_api_key',
      'wolt_webhook_secret',
    ]);
    expect(listed.find((setting) => setting.key === 'shop_name')).toMatchObject({
      value: 'Smoke & Bun',
      isSet: true,
    });
  });
});

describe('secrets', () => {
  it('are never sent back in full: masked with a flag once saved, through every read and write', async () => {
    for (const key of SECRET_KEYS) {
      const secret = `live-${key}-Zq81x7`;
      const saved = await putSetting(key, secret);
      expect(saved.statusCode, key).toBe(200);
      expect(saved.json()).toEqual({
        key,
        value: `••••••••${secret.slice(-4)}`,
        description: SETTINGS[key].description,
        isSecret: true,
        isSet: true,
      });
      expect(await storedValue(key)).toBe(secret);

      const reads = [
        await send('GET', '/api/admin/settings'),
        await send('GET', `/api/admin/settings/${key}`),
        await send('POST', '/api/admin/settings', { key, value: `••••••••${secret.slice(-4)}` }),
      ];
      for (const response of reads) {
        expect(response.statusCode, key).toBe(200);
        expect(response.body, key).not.toContain(secret);
        expect(response.body, key).not.toContain(secret.slice(0, 12));
      }
    }
  });

  it('masks a short secret completely', async () => {
    const saved = await putSetting('bolt_api_key', 'abc12345');
    expect(saved.json()).toMatchObject({ value: '••••••••', isSet: true });
    expect(saved.body).not.toContain('2345');
  });

  it('leaves the secret unchanged when the masked value is sent back (a form saved as it was shown)', async () => {
    await putSetting('wolt_api_key', 'wolt-secret-key-0001');
    const shown = (await send('GET', '/api/admin/settings/wolt_api_key')).json<AdminSetting>()
      .value;
    expect(shown).toBe('••••••••0001');

    const viaPut = await putSetting('wolt_api_key', shown);
    expect(viaPut.statusCode).toBe(200);
    expect(viaPut.json()).toMatchObject({ value: '••••••••0001', isSet: true });
    expect(await storedValue('wolt_api_key')).toBe('wolt-secret-key-0001');

    const viaPost = await send('POST', '/api/admin/settings', {
      key: 'wolt_api_key',
      value: shown,
      description: 'Wolt API key',
    });
    expect(viaPost.statusCode).toBe(200);
    expect(await storedValue('wolt_api_key')).toBe('wolt-secret-key-0001');

    // A new value replaces it; an empty one clears it.
    await putSetting('wolt_api_key', 'wolt-secret-key-0002');
    expect(await storedValue('wolt_api_key')).toBe('wolt-secret-key-0002');
    const cleared = await putSetting('wolt_api_key', '');
    expect(cleared.json()).toMatchObject({ value: '', isSet: false });
    expect(await storedValue('wolt_api_key')).toBe('');
  });

  it('are not readable by the public or by a non-admin', async () => {
    await setSetting(t.db, 'wolt_webhook_secret', 'whsec-never-public-77');
    const kitchen = await signIn(
      t.db,
      await createStaffUser(t.db, { role: 'kitchen' }),
      t.clock.now(),
    );
    for (const [asCookie, status] of [
      [null, 401],
      [kitchen, 403],
    ] as const) {
      for (const url of ['/api/admin/settings', '/api/admin/settings/wolt_webhook_secret']) {
        const response = await send('GET', url, undefined, asCookie);
        expect(response.statusCode, url).toBe(status);
        expect(response.body).not.toContain('whsec');
      }
    }
    const shopInfo = await send('GET', '/api/shop-info', undefined, null);
    expect(shopInfo.body).not.toContain('whsec');
  });
});

describe('shop_time_zone', () => {
  it("accepts an IANA name, which changes the shop status's time zone at once", async () => {
    t.clock.set('2025-06-10T07:00:00Z');
    const saved = await putSetting('shop_time_zone', 'America/New_York');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ key: 'shop_time_zone', value: 'America/New_York' });
    const status = await send('GET', '/api/shop-status', undefined, null);
    expect(status.json()).toMatchObject({ timeZone: 'America/New_York', currentTime: '03:00' });

    expect((await putSetting('shop_time_zone', 'Europe/Tallinn')).statusCode).toBe(200);
    expect((await send('GET', '/api/shop-status', undefined, null)).json()).toMatchObject({
      timeZone: 'Europe/Tallinn',
      currentTime: '10:00',
    });
  });

  it('refuses a name that is not a time zone, keeping the old one', async () => {
    for (const value of ['Mars/Olympus', '', 'Europe/Atlantis', 'x'.repeat(300)]) {
      const response = await putSetting('shop_time_zone', value);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().error).toMatch(/not a time zone name/);
      expect(response.json().fields).toEqual({ value: response.json().error });
    }
    expect(await storedValue('shop_time_zone')).toBe('Europe/Tallinn');
    expect((await send('GET', '/api/shop-status', undefined, null)).json().timeZone).toBe(
      'Europe/Tallinn',
    );
  });
});

describe('delivery fee and free delivery threshold', () => {
  it("refuse what is not an amount of at least 0, with the spec's messages", async () => {
    for (const value of ['-1', 'abc', '', '   ', 'Infinity', '-0.01', 'NaN']) {
      const fee = await putSetting('delivery_fee_amount', value);
      expect(fee.statusCode, value).toBe(400);
      expect(fee.json()).toEqual({
        error: 'Please enter a valid delivery fee amount.',
        fields: { value: 'Please enter a valid delivery fee amount.' },
      });
    }
    const threshold = await send('POST', '/api/admin/settings', {
      key: 'free_delivery_threshold',
      value: '-5',
    });
    expect(threshold.statusCode).toBe(400);
    expect(threshold.json().error).toBe('Please enter a valid free delivery threshold amount.');
    expect(await storedValue('delivery_fee_amount')).toBe('5');
    expect(await storedValue('free_delivery_threshold')).toBe('50');
  });

  it('save a valid amount, which the public read (no session) then answers', async () => {
    const saved = await putSetting('delivery_fee_amount', '3.5', 'Delivery fee (euro)');
    expect(saved.statusCode).toBe(200);
    const publicRead = await send(
      'GET',
      '/api/admin/settings/delivery_fee_amount',
      undefined,
      null,
    );
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.json()).toEqual({
      key: 'delivery_fee_amount',
      value: '3.5',
      description: 'Delivery fee (euro)',
    });

    expect((await putSetting('free_delivery_threshold', '0')).statusCode).toBe(200);
    const threshold = await send(
      'GET',
      '/api/admin/settings/free_delivery_threshold',
      undefined,
      null,
    );
    expect(threshold.json()).toMatchObject({ value: '0' });
    await putSetting('delivery_fee_amount', '5');
    await putSetting('free_delivery_threshold', '50');
  });
});

describe('unknown keys and other values', () => {
  it('refuses an unknown key on every route', async () => {
    for (const response of [
      await send('GET', '/api/admin/settings/no_such_key'),
      await putSetting('no_such_key', 'x'),
      await send('POST', '/api/admin/settings', { key: 'no_such_key', value: 'x' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/Unknown setting/);
    }
    expect(await storedValue('no_such_key')).toBeUndefined();
  });

  it('checks the other values that have a rule', async () => {
    const enabled = await putSetting('wolt_enabled', 'maybe');
    expect(enabled.statusCode).toBe(400);
    expect(enabled.json().error).toBe('Use true or false.');
    expect((await putSetting('wolt_enabled', 'true')).statusCode).toBe(200);
    const name = await putSetting('shop_name', '   ');
    expect(name.statusCode).toBe(400);
    expect(name.json().error).toBe('The shop needs a name.');
    const renamed = await putSetting('shop_name', 'Smoke & Bun Downtown');
    expect(renamed.statusCode).toBe(200);
    expect((await send('GET', '/api/shop-info', undefined, null)).json().name).toBe(
      'Smoke & Bun Downtown',
    );
  });
});
