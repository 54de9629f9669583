import { z } from 'zod';
import { watchdogSettingsSchema } from '../watchdog/watchdog.schema.ts';
import { isValidTimeZone } from '../time/shop-time.ts';
import { parsePriceAdjustment } from '../delivery-platforms/price-adjustment.ts';

/**
 * Every setting the shop has, with its default and who may read it.
 * DESIGN.md departure 8: the shop's name and contact details are settings, not
 * constants. Departure 7: secrets are never sent back to a browser in full.
 */
export interface SettingDefinition {
  key: string;
  defaultValue: string;
  description: string;
  /** Readable without a session (the storefront needs it). */
  public: boolean;
  /** Masked whenever it leaves the server. */
  secret: boolean;
}

const definitions = [
  ['shop_name', 'Smoke & Bun', 'Shop name shown on the storefront', true, false],
  [
    'shop_tagline',
    'Low & slow BBQ, smash burgers and dogs from the truck',
    'Storefront tagline',
    true,
    false,
  ],
  ['shop_phone', '+372 5555 0199', 'Contact phone', true, false],
  ['shop_email', 'hello@smokeandbun.example', 'Contact e-mail', true, false],
  ['shop_address', 'Telliskivi 60a, Tallinn', 'Where the truck stands', true, false],
  [
    'shop_map_url',
    'https://maps.google.com/?q=Telliskivi+60a+Tallinn',
    'Directions link',
    true,
    false,
  ],
  ['social_facebook_url', 'https://facebook.com/smokeandbun', 'Facebook page', true, false],
  ['social_instagram_url', 'https://instagram.com/smokeandbun', 'Instagram profile', true, false],
  ['social_tiktok_url', 'https://tiktok.com/@smokeandbun', 'TikTok profile', true, false],
  ['agency_name', 'Made by Ember Studio', 'Credit line in the footer', true, false],
  ['agency_url', 'https://emberstudio.example', 'Link of the credit line', true, false],
  ['shop_time_zone', 'Europe/Tallinn', 'IANA time zone the shop hours are in', true, false],
  // Where customers reach the shop: the QR codes, e-mail links and webhook addresses use it.
  // Empty means the server's PUBLIC_URL (DESIGN.md departure 20: changed without a restart).
  ['public_url', '', 'Public address of the shop (empty: the server’s PUBLIC_URL)', false, false],
  ['delivery_fee_amount', '5', 'Delivery fee (euro)', true, false],
  // Safe by default: a typo or a prank cannot make a 99,999-burger order.
  ['max_order_total', '300', 'Largest order total taken online (euro)', true, false],
  ['max_line_quantity', '30', 'Most of one item in one order', true, false],
  // The counter's own ceiling: staff sell bigger orders than the website takes, never absurd ones.
  ['max_counter_order_total', '2000', 'Largest sale at the counter (euro)', false, false],
  // Table ordering by QR code: tables 1 to this number exist.
  ['table_count', '10', 'Number of tables (table QR codes 1 to this number)', true, false],
  // VAT (decision 022): the rates a new category starts with, in percent; each category has
  // its own after that. Greek example (integrations.md §5.3): 13 % take-away.
  [
    'vat_default_take_away',
    '13',
    'VAT rate a new category starts with, take-away (%)',
    false,
    false,
  ],
  [
    'vat_default_eat_in',
    '13',
    'VAT rate a new category starts with, eat-in at a table (%)',
    false,
    false,
  ],
  ['free_delivery_threshold', '50', 'Free delivery above this order total (euro)', true, false],
  ['wolt_api_key', '', 'Wolt API key', false, true],
  ['wolt_venue_id', '', 'Wolt venue id', false, false],
  ['wolt_webhook_secret', '', 'Wolt webhook secret', false, true],
  ['wolt_enabled', 'false', 'Wolt orders enabled', false, false],
  ['bolt_api_key', '', 'Bolt Food API key', false, true],
  ['bolt_restaurant_id', '', 'Bolt Food restaurant id', false, false],
  ['bolt_webhook_secret', '', 'Bolt Food webhook secret', false, true],
  ['bolt_enabled', 'false', 'Bolt Food orders enabled', false, false],
  // Delivery platforms beyond the spec's four keys (decision 017).
  [
    'wolt_auto_accept',
    'false',
    'Accept Wolt orders at once (the kitchen need not tap within 3 minutes)',
    false,
    false,
  ],
  [
    'bolt_auto_accept',
    'false',
    'Accept Bolt Food orders at once (the kitchen need not tap within 3 minutes)',
    false,
    false,
  ],
  ['bolt_integrator_id', '', 'Bolt Food integrator id (x-external-integrator-id)', false, false],
  // The menu each platform is sent (decision 027, amended): its prices raised to cover the
  // platform's commission, "15%" or "0.50" (euros added to each item), empty for none.
  [
    'wolt_menu_price_adjustment',
    '',
    'Raise the menu sent to Wolt: "15%" (items and add-ons) or "0.50" (euros added to each item); empty for none',
    false,
    false,
  ],
  [
    'bolt_menu_price_adjustment',
    '',
    'Raise the menu sent to Bolt Food: "15%" (items and add-ons) or "0.50" (euros added to each item); empty for none',
    false,
    false,
  ],
  [
    'bolt_webhook_auth',
    'basic',
    'How Bolt Food proves its webhook calls: basic (password = webhook secret) or hmac',
    false,
    false,
  ],
  // Visitor analytics (decision 015).
  [
    'analytics_raw_days',
    '30',
    'Days raw page views are kept (then only daily figures); at most 30',
    false,
    false,
  ],
  // Pickup times (decision 026): what the kitchen makes in 15 minutes, in prep units (an item's
  // work: 1 for most dishes, more for a platter, 0 for a drink).
  [
    'kitchen_units_per_slot',
    '12',
    'Prep units the kitchen makes per 15 minutes (a dish is usually 1)',
    false,
    false,
  ],
  // Pre-orders (decision 026): while the shop is closed, the website takes orders for a pickup
  // slot of the next opening.
  [
    'pre_orders_enabled',
    'true',
    'Take website pre-orders for the next opening while the shop is closed (true or false)',
    false,
    false,
  ],
  // The kitchen watchdog (decision 023).
  [
    'kitchen_offline_pause_minutes',
    '3',
    'Minutes without a kitchen display (in opening hours) before online orders pause themselves',
    false,
    false,
  ],
] as const;

export type SettingKey = (typeof definitions)[number][0];

export const SETTINGS: Record<SettingKey, SettingDefinition> = Object.fromEntries(
  definitions.map(([key, defaultValue, description, isPublic, secret]) => [
    key,
    { key, defaultValue, description, public: isPublic, secret },
  ]),
) as Record<SettingKey, SettingDefinition>;

export const settingKeySchema = z.enum(
  definitions.map(([key]) => key) as [SettingKey, ...SettingKey[]],
  { error: 'Unknown setting' },
);

/** GET /api/shop-info: what the storefront shows about the business. */
export const shopInfoSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  mapUrl: z.string(),
  facebookUrl: z.string(),
  instagramUrl: z.string(),
  tiktokUrl: z.string(),
  agencyName: z.string(),
  agencyUrl: z.string(),
  /** The payment simulator is on: every screen shows the test-mode ribbon (DESIGN.md "payments"). */
  paymentsSimulated: z.boolean(),
  /** The address customers reach the shop at (PUBLIC_URL): the QR codes encode it. */
  publicUrl: z.string(),
  /** Tables 1 to this number take table orders (setting table_count). */
  tableCount: z.number().int(),
  /** The shop sends receipt and "ready" e-mails (SMTP_URL is set, decision 018). */
  emailReceipts: z.boolean(),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

/** GET /api/admin/settings/:key (spec: response carries `value`). */
export const settingValueSchema = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string(),
});

/** A setting as GET /api/admin/settings lists it; secrets are masked (departure 7). */
export const adminSettingSchema = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string(),
  isSecret: z.boolean(),
  /** For secrets: whether one is stored (the value itself never leaves the server). */
  isSet: z.boolean(),
});
export type AdminSetting = z.infer<typeof adminSettingSchema>;

/** POST /api/admin/settings (spec: {key, value, description}). */
export const settingWriteSchema = z.object({
  key: settingKeySchema,
  value: z.string().max(2000, 'Value is too long'),
  description: z.string().max(300).optional(),
});

/** PUT /api/admin/settings/:key */
export const settingUpdateSchema = settingWriteSchema.omit({ key: true });

/** Shows the last 4 characters of a secret at most. */
export function maskSecret(value: string): string {
  if (!value) return '';
  return value.length <= 8 ? '••••••••' : `••••••••${value.slice(-4)}`;
}

/**
 * The shop's public address as the QR codes and e-mails use it: the setting public_url when
 * set, else the server's PUBLIC_URL; never with a trailing slash.
 */
export function effectivePublicUrl(setting: string, environmentDefault: string): string {
  return (setting.trim() || environmentDefault).replace(/\/+$/, '');
}

/** A plausible e-mail address: something@domain.tld, no spaces. */
const isEmailAddress = (value: string) =>
  /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value) && value.length <= 254;

/** An http(s) address: never javascript:, data: or another scheme a link could run. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Checks a value for its key; returns the message to show, or null when it is fine. */
export function settingValueProblem(key: SettingKey, value: string): string | null {
  switch (key) {
    case 'delivery_fee_amount':
    case 'free_delivery_threshold': {
      const amount = Number(value);
      if (value.trim() === '' || !Number.isFinite(amount) || amount < 0) {
        return key === 'delivery_fee_amount'
          ? 'Please enter a valid delivery fee amount.'
          : 'Please enter a valid free delivery threshold amount.';
      }
      return null;
    }
    case 'max_order_total':
    case 'max_counter_order_total': {
      const amount = Number(value);
      return value.trim() !== '' && Number.isFinite(amount) && amount >= 1 && amount <= 100_000
        ? null
        : 'Please enter an amount from 1 to 100000 euro.';
    }
    case 'table_count': {
      const tables = Number(value);
      return /^\d+$/.test(value.trim()) && tables >= 1 && tables <= 200
        ? null
        : 'Please enter a whole number of tables from 1 to 200.';
    }
    case 'vat_default_take_away':
    case 'vat_default_eat_in': {
      const rate = Number(value);
      return /^\d{1,3}(\.\d{1,2})?$/.test(value.trim()) && rate >= 0 && rate <= 100
        ? null
        : 'Please enter a VAT rate from 0 to 100 (%), e.g. 13.';
    }
    case 'kitchen_units_per_slot': {
      const units = Number(value);
      return /^\d+$/.test(value.trim()) && units >= 1 && units <= 500
        ? null
        : 'Please enter a whole number of prep units from 1 to 500.';
    }
    case 'max_line_quantity': {
      const quantity = Number(value);
      return /^\d+$/.test(value.trim()) && quantity >= 1 && quantity <= 99
        ? null
        : 'Please enter a whole number from 1 to 99.';
    }
    case 'shop_map_url':
    case 'social_facebook_url':
    case 'social_instagram_url':
    case 'social_tiktok_url':
    case 'agency_url':
      return value.trim() === '' || isWebAddress(value.trim())
        ? null
        : 'Please enter a web address starting with https:// (or http://).';
    case 'shop_time_zone':
      return isValidTimeZone(value)
        ? null
        : `"${value}" is not a time zone name (like Europe/Tallinn).`;
    case 'analytics_raw_days': {
      const days = Number(value);
      return /^\d+$/.test(value.trim()) && days >= 1 && days <= 30
        ? null
        : 'Please enter a whole number of days from 1 to 30.';
    }
    case 'kitchen_offline_pause_minutes': {
      const parsed = watchdogSettingsSchema.safeParse({
        pauseAfterMinutes: /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN,
      });
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid value');
    }
    case 'pre_orders_enabled':
    case 'wolt_enabled':
    case 'bolt_enabled':
    case 'wolt_auto_accept':
    case 'bolt_auto_accept':
      return value === 'true' || value === 'false' ? null : 'Use true or false.';
    case 'shop_name':
      if (!value.trim()) return 'The shop needs a name.';
      return value.length <= 80 ? null : 'Please keep the shop name to 80 characters.';
    case 'shop_tagline':
      return value.length <= 200 ? null : 'Please keep the tagline to 200 characters.';
    case 'shop_address':
      return value.length <= 200 ? null : 'Please keep the address to 200 characters.';
    case 'shop_email':
      return isEmailAddress(value.trim())
        ? null
        : 'Please enter an e-mail address like hello@yourshop.com.';
    case 'shop_phone':
      return /^\+?[\d\s\-()./]{5,30}$/.test(value.trim()) && /\d{3}/.test(value.replace(/\D/g, ''))
        ? null
        : 'Please enter a phone number: digits, spaces and + - ( ) only, like +372 5555 0199.';
    case 'public_url': {
      const address = value.trim();
      if (address === '') return null;
      if (!isWebAddress(address)) {
        return 'Please enter the address customers open, starting with https:// (or http://).';
      }
      const url = new URL(address);
      return url.search || url.hash || url.username || url.password
        ? 'Please enter the address alone, without ?, # or a user name.'
        : null;
    }
    case 'bolt_webhook_auth':
      return value === 'basic' || value === 'hmac' ? null : 'Use basic or hmac.';
    case 'wolt_menu_price_adjustment':
    case 'bolt_menu_price_adjustment':
      return parsePriceAdjustment(value)
        ? null
        : 'Use a percent such as 15% (at most 100%), an amount in euros such as 0.50, or nothing.';
    default:
      return null;
  }
}

/**
 * The Shop Settings screen (/settings, admin; DESIGN.md departure 20): each field and the setting
 * it edits. One schema is the form's validator and GET/PUT /api/admin/shop-settings' contract.
 */
export const SHOP_SETTING_FIELDS = {
  name: 'shop_name',
  tagline: 'shop_tagline',
  phone: 'shop_phone',
  email: 'shop_email',
  address: 'shop_address',
  mapUrl: 'shop_map_url',
  facebookUrl: 'social_facebook_url',
  instagramUrl: 'social_instagram_url',
  tiktokUrl: 'social_tiktok_url',
  timeZone: 'shop_time_zone',
  tableCount: 'table_count',
  maxOrderTotal: 'max_order_total',
  maxLineQuantity: 'max_line_quantity',
  maxCounterOrderTotal: 'max_counter_order_total',
  kitchenUnitsPerSlot: 'kitchen_units_per_slot',
  preOrders: 'pre_orders_enabled',
  publicUrl: 'public_url',
} as const satisfies Record<string, SettingKey>;
export type ShopSettingField = keyof typeof SHOP_SETTING_FIELDS;

/** A setting's value as the form holds it: text, checked by the same rule as a single write. */
const settingText = (key: SettingKey) =>
  z
    .string()
    .max(2000, 'Value is too long')
    .superRefine((value, context) => {
      const problem = settingValueProblem(key, value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

export const shopSettingsSchema = z.object(
  Object.fromEntries(
    Object.entries(SHOP_SETTING_FIELDS).map(([field, key]) => [field, settingText(key)]),
  ) as Record<ShopSettingField, ReturnType<typeof settingText>>,
);
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/**
 * GET and PUT /api/admin/shop-settings answer the values as stored (unchecked: a value stored
 * before a rule existed still loads, and the form then says what to fix) and what an empty
 * address means.
 */
export const shopSettingsResponseSchema = z.object({
  settings: z.object(
    Object.fromEntries(
      Object.keys(SHOP_SETTING_FIELDS).map((field) => [field, z.string()]),
    ) as Record<ShopSettingField, z.ZodString>,
  ),
  /** The server's PUBLIC_URL: the public address while the setting is empty. */
  publicUrlDefault: z.string(),
  /** The address in use now (the setting, else PUBLIC_URL). */
  publicUrl: z.string(),
});
export type ShopSettingsResponse = z.infer<typeof shopSettingsResponseSchema>;
