/**
 * The form of one platform's card (spec back-office §2 "Delivery Platform Management", decision
 * 017): the settings it edits, the values it starts from, and the writes a save sends.
 *
 * Secrets come back masked (DESIGN.md departure 7). Their inputs start empty and an empty input
 * means "unchanged": the key is left out of the save rather than sent back masked, so a list
 * fetched before someone else changed the secret can never store the mask itself as the secret.
 */
import { z } from 'zod';
import {
  PLATFORM_SETTING_KEYS,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import {
  SETTINGS,
  settingValueProblem,
  settingWriteSchema,
  type AdminSetting,
  type SettingKey,
} from '#shared/settings/settings.schema.ts';

/** Bolt Food's settings beyond the four the spec lists (decision 017). */
const BOLT_EXTRA_KEYS = {
  integratorId: 'bolt_integrator_id',
  webhookAuth: 'bolt_webhook_auth',
} as const satisfies Record<string, SettingKey>;

export const BOLT_WEBHOOK_AUTH_OPTIONS = [
  { value: 'basic', label: 'Basic (password = webhook secret)' },
  { value: 'hmac', label: 'HMAC signature' },
] as const;

export interface PlatformFormValues {
  apiKey: string;
  venueId: string;
  webhookSecret: string;
  enabled: boolean;
  autoAccept: boolean;
  /** Bolt Food only. */
  integratorId: string;
  /** Bolt Food only: 'basic' or 'hmac'. */
  webhookAuth: string;
}
type Field = keyof PlatformFormValues;

/** Which setting each field of this platform's form is. */
export function platformFields(platform: Platform): Partial<Record<Field, SettingKey>> {
  const keys = PLATFORM_SETTING_KEYS[platform];
  return platform === 'bolt' ? { ...keys, ...BOLT_EXTRA_KEYS } : keys;
}

const SECRET_FIELDS: readonly Field[] = ['apiKey', 'webhookSecret'];
const isSecretField = (field: Field) => SECRET_FIELDS.includes(field);

/** The value as the settings store it: checkboxes are 'true' / 'false' (spec §3). */
const asSettingValue = (value: string | boolean) =>
  typeof value === 'boolean' ? String(value) : value;

// The settings' own length rule; surrounding spaces of a pasted key are never part of it.
const text = settingWriteSchema.shape.value.trim();

/**
 * The form's validator: the settings' own rules (settingValueProblem, the server's check), so
 * nothing is declared twice. Spec §5 shows no validation: empty values are saved as they are.
 */
export function platformFormSchema(platform: Platform) {
  const fields = platformFields(platform);
  return z
    .object({
      apiKey: text,
      venueId: text,
      webhookSecret: text,
      enabled: z.boolean(),
      autoAccept: z.boolean(),
      integratorId: text,
      webhookAuth: text,
    })
    .superRefine((values, context) => {
      for (const [field, key] of Object.entries(fields) as [Field, SettingKey][]) {
        const value = asSettingValue(values[field]);
        if (isSecretField(field) && value === '') continue;
        const problem = settingValueProblem(key, value);
        if (problem) context.addIssue({ code: 'custom', path: [field], message: problem });
      }
    });
}

export const settingByKey = (settings: AdminSetting[], key: SettingKey) =>
  settings.find((setting) => setting.key === key);

/** What the form shows for the saved settings (secret inputs empty: see above). */
export function platformFormValues(
  platform: Platform,
  settings: AdminSetting[],
): PlatformFormValues {
  const fields = platformFields(platform);
  const value = (field: Field) => {
    const key = fields[field];
    return key ? (settingByKey(settings, key)?.value ?? SETTINGS[key].defaultValue) : '';
  };
  return {
    apiKey: '',
    venueId: value('venueId'),
    webhookSecret: '',
    enabled: value('enabled') === 'true',
    autoAccept: value('autoAccept') === 'true',
    integratorId: value('integratorId'),
    webhookAuth: value('webhookAuth') || 'basic',
  };
}

export interface SettingWrite {
  key: SettingKey;
  value: string;
  description: string;
}

/** POST /api/admin/settings bodies for a save (spec §7), one per key; empty secrets left out. */
export function platformSettingWrites(
  platform: Platform,
  values: PlatformFormValues,
  settings: AdminSetting[],
): SettingWrite[] {
  const writes: SettingWrite[] = [];
  for (const [field, key] of Object.entries(platformFields(platform)) as [Field, SettingKey][]) {
    const value = asSettingValue(values[field]);
    if (isSecretField(field) && value === '') continue;
    const description = settingByKey(settings, key)?.description || SETTINGS[key].description;
    writes.push({ key, value, description });
  }
  return writes;
}

/** Whether the saved settings turn the platform on (the card's Enabled/Disabled badge). */
export function isPlatformEnabled(platform: Platform, settings: AdminSetting[]): boolean {
  return settingByKey(settings, PLATFORM_SETTING_KEYS[platform].enabled)?.value === 'true';
}
