import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import {
  effectivePublicUrl,
  maskSecret,
  SETTINGS,
  SHOP_SETTING_FIELDS,
  settingValueProblem,
  type AdminSetting,
  type SettingKey,
  type ShopInfo,
  type ShopSettingField,
  type ShopSettings,
  type ShopSettingsResponse,
} from '#shared/settings/settings.schema.ts';
import { badRequest } from '../../http/errors.ts';

/** One setting's value, falling back to its default when the row is missing. */
export async function getSetting(db: Db, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return row?.value ?? SETTINGS[key].defaultValue;
}

export async function getSettings<K extends SettingKey>(
  db: Db,
  keys: K[],
): Promise<Record<K, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys));
  const found = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    keys.map((key) => [key, found.get(key) ?? SETTINGS[key].defaultValue]),
  ) as Record<K, string>;
}

export async function getSettingRecord(db: Db, key: SettingKey) {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return {
    key,
    value: row?.value ?? SETTINGS[key].defaultValue,
    description: row?.description ?? SETTINGS[key].description,
  };
}

export async function getShopInfo(
  db: Db,
): Promise<Omit<ShopInfo, 'paymentsSimulated' | 'publicUrl' | 'emailReceipts'>> {
  const values = await getSettings(db, [
    'shop_name',
    'shop_tagline',
    'shop_phone',
    'shop_email',
    'shop_address',
    'shop_map_url',
    'social_facebook_url',
    'social_instagram_url',
    'social_tiktok_url',
    'agency_name',
    'agency_url',
    'table_count',
  ]);
  return {
    name: values.shop_name,
    tagline: values.shop_tagline,
    phone: values.shop_phone,
    email: values.shop_email,
    address: values.shop_address,
    mapUrl: values.shop_map_url,
    facebookUrl: values.social_facebook_url,
    instagramUrl: values.social_instagram_url,
    tiktokUrl: values.social_tiktok_url,
    agencyName: values.agency_name,
    agencyUrl: values.agency_url,
    tableCount: Number(values.table_count) || 10,
  };
}

/** Every setting for the back office, secrets masked. */
export async function listAdminSettings(db: Db): Promise<AdminSetting[]> {
  const rows = await db.select().from(settings);
  const stored = new Map(rows.map((row) => [row.key, row]));
  return Object.values(SETTINGS).map((definition) => {
    const row = stored.get(definition.key);
    const value = row?.value ?? definition.defaultValue;
    return {
      key: definition.key,
      value: definition.secret ? maskSecret(value) : value,
      description: row?.description || definition.description,
      isSecret: definition.secret,
      isSet: value !== '',
    };
  });
}

export async function getAdminSetting(db: Db, key: SettingKey): Promise<AdminSetting> {
  const all = await listAdminSettings(db);
  return all.find((setting) => setting.key === key)!;
}

/** Writes one setting after checking its value; a masked secret sent back means "unchanged". */
export async function writeSetting(
  db: Db,
  key: SettingKey,
  value: string,
  description: string | undefined,
): Promise<AdminSetting> {
  const definition = SETTINGS[key];
  const current = await getSetting(db, key);
  if (definition.secret && value !== '' && value === maskSecret(current)) {
    return getAdminSetting(db, key);
  }
  const problem = settingValueProblem(key, value);
  if (problem) throw badRequest(problem, { value: problem });
  await db
    .insert(settings)
    .values({ key, value, description: description ?? definition.description })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, ...(description !== undefined && { description }), updatedAt: new Date() },
    });
  return getAdminSetting(db, key);
}

/**
 * The address customers reach the shop at, read at each use (DESIGN.md departure 20): the
 * setting public_url, else the server's PUBLIC_URL. The QR codes, e-mail links, the card
 * terminal's callback and the webhook addresses follow a change without a restart.
 */
export async function publicAddress(db: Db, config: { publicUrl: string }): Promise<string> {
  return effectivePublicUrl(await getSetting(db, 'public_url'), config.publicUrl);
}

const SHOP_SETTING_ENTRIES = Object.entries(SHOP_SETTING_FIELDS) as [
  ShopSettingField,
  SettingKey,
][];

/** GET /api/admin/shop-settings: the Shop Settings screen's values. */
export async function getShopSettings(
  db: Db,
  config: { publicUrl: string },
): Promise<ShopSettingsResponse> {
  const values = await getSettings(
    db,
    SHOP_SETTING_ENTRIES.map(([, key]) => key),
  );
  return {
    settings: Object.fromEntries(
      SHOP_SETTING_ENTRIES.map(([field, key]) => [field, values[key]]),
    ) as Record<ShopSettingField, string>,
    publicUrlDefault: config.publicUrl,
    publicUrl: effectivePublicUrl(values.public_url, config.publicUrl),
  };
}

/**
 * PUT /api/admin/shop-settings: every field, already checked by shopSettingsSchema, written in
 * one transaction (all or none). Text is stored trimmed; an address without its trailing slash.
 */
export async function saveShopSettings(
  db: Db,
  config: { publicUrl: string },
  input: ShopSettings,
): Promise<ShopSettingsResponse> {
  await db.transaction(async (tx) => {
    for (const [field, key] of SHOP_SETTING_ENTRIES) {
      const trimmed = input[field].trim();
      const value = key === 'public_url' ? trimmed.replace(/\/+$/, '') : trimmed;
      const problem = settingValueProblem(key, value);
      if (problem) throw badRequest(problem, { [field]: problem });
      await tx
        .insert(settings)
        .values({ key, value, description: SETTINGS[key].description })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    }
  });
  return getShopSettings(db, config);
}
