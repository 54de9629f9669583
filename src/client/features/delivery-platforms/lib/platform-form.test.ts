import { describe, expect, it } from 'vitest';
import { SETTINGS, maskSecret, type AdminSetting } from '#shared/settings/settings.schema.ts';
import {
  isPlatformEnabled,
  platformFormSchema,
  platformFormValues,
  platformSettingWrites,
  type PlatformFormValues,
} from './platform-form.ts';

/** The settings list as GET /api/admin/settings answers it, with some values changed. */
function settingsList(values: Record<string, string> = {}): AdminSetting[] {
  return Object.values(SETTINGS).map((definition) => {
    const value = values[definition.key] ?? definition.defaultValue;
    return {
      key: definition.key,
      value: definition.secret ? maskSecret(value) : value,
      description: definition.description,
      isSecret: definition.secret,
      isSet: value !== '',
    };
  });
}

const form = (overrides: Partial<PlatformFormValues> = {}): PlatformFormValues => ({
  apiKey: '',
  venueId: '',
  webhookSecret: '',
  enabled: false,
  autoAccept: false,
  integratorId: '',
  webhookAuth: 'basic',
  ...overrides,
});

describe('a platform card’s form', () => {
  it('starts from the saved settings, with the secret inputs empty', () => {
    const settings = settingsList({
      wolt_api_key: 'wolt-key-123456',
      wolt_venue_id: 'venue-1',
      wolt_enabled: 'true',
      wolt_auto_accept: 'true',
    });
    expect(platformFormValues('wolt', settings)).toEqual(
      form({ venueId: 'venue-1', enabled: true, autoAccept: true }),
    );
    expect(isPlatformEnabled('wolt', settings)).toBe(true);
    expect(isPlatformEnabled('bolt', settings)).toBe(false);
  });

  it('reads Bolt Food’s integrator id and webhook authentication', () => {
    const settings = settingsList({ bolt_integrator_id: 'int-9', bolt_webhook_auth: 'hmac' });
    expect(platformFormValues('bolt', settings)).toMatchObject({
      integratorId: 'int-9',
      webhookAuth: 'hmac',
    });
  });

  it('saves every key of the platform, checkboxes as true/false, and leaves empty secrets out', () => {
    const writes = platformSettingWrites(
      'wolt',
      form({ venueId: 'venue-1', enabled: true, webhookSecret: 's3cret-value' }),
      settingsList(),
    );
    expect(writes.map(({ key, value }) => [key, value])).toEqual([
      ['wolt_venue_id', 'venue-1'],
      ['wolt_webhook_secret', 's3cret-value'],
      ['wolt_enabled', 'true'],
      ['wolt_auto_accept', 'false'],
    ]);
    expect(writes[0]!.description).toBe(SETTINGS.wolt_venue_id.description);
  });

  it('sends Bolt Food’s extra settings, and only for Bolt Food', () => {
    const values = form({ apiKey: 'k', integratorId: 'int-9', webhookAuth: 'hmac' });
    expect(platformSettingWrites('bolt', values, settingsList()).map(({ key }) => key)).toEqual([
      'bolt_api_key',
      'bolt_restaurant_id',
      'bolt_enabled',
      'bolt_auto_accept',
      'bolt_integrator_id',
      'bolt_webhook_auth',
    ]);
    expect(platformSettingWrites('wolt', values, settingsList()).map(({ key }) => key)).toEqual([
      'wolt_api_key',
      'wolt_venue_id',
      'wolt_enabled',
      'wolt_auto_accept',
    ]);
  });

  it('checks values with the settings’ own rules, and trims pasted spaces', () => {
    const bolt = platformFormSchema('bolt');
    expect(bolt.safeParse(form({ webhookAuth: 'digest' })).error?.issues[0]).toMatchObject({
      path: ['webhookAuth'],
      message: 'Use basic or hmac.',
    });
    expect(bolt.parse(form({ apiKey: '  key-1 \n' })).apiKey).toBe('key-1');
    // Wolt has no webhook authentication choice: whatever the hidden field holds is not checked.
    expect(platformFormSchema('wolt').safeParse(form({ webhookAuth: '' })).success).toBe(true);
  });
});
