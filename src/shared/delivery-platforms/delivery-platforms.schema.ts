import { z } from 'zod';

/**
 * Wolt and Bolt Food (spec back-office.md "Delivery Platform Management", §7; decision 017).
 * The four spec settings per platform are ordinary settings (GET/POST /api/admin/settings,
 * secrets masked, DESIGN.md departure 7); these are the platform screen's other answers.
 */
export const PLATFORMS = ['wolt', 'bolt'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const platformSchema = z.enum(PLATFORMS, { error: 'Platform must be wolt or bolt' });

export const PLATFORM_NAMES: Record<Platform, string> = { wolt: 'Wolt', bolt: 'Bolt Food' };

/**
 * What the platform is told of one thing on the menu (decision 027). `id` is our id, which the
 * venue's menu on the platform must carry as its POS id (Wolt's `external_data`). Sauces and
 * add-ons are option values on the platforms.
 */
export type AvailabilityChange = {
  kind: 'item' | 'sauce' | 'addon';
  id: string;
  available: boolean;
};

/** The settings each platform's card edits (spec §3 Setting keys, plus decision 017's extras). */
export const PLATFORM_SETTING_KEYS = {
  wolt: {
    apiKey: 'wolt_api_key',
    venueId: 'wolt_venue_id',
    webhookSecret: 'wolt_webhook_secret',
    enabled: 'wolt_enabled',
    autoAccept: 'wolt_auto_accept',
  },
  bolt: {
    apiKey: 'bolt_api_key',
    venueId: 'bolt_restaurant_id',
    webhookSecret: 'bolt_webhook_secret',
    enabled: 'bolt_enabled',
    autoAccept: 'bolt_auto_accept',
  },
} as const;

/** GET /api/webhook-info (spec §7): the URLs to give each platform, and our domain. */
export const webhookInfoSchema = z.object({
  wolt: z.string(),
  bolt: z.string(),
  domain: z.string(),
});
export type WebhookInfo = z.infer<typeof webhookInfoSchema>;

export const PLATFORM_EVENT_STATUSES = ['verified', 'rejected', 'processed', 'failed'] as const;
export type PlatformEventStatus = (typeof PLATFORM_EVENT_STATUSES)[number];

/** One row of the webhook inbox. */
export const platformEventSchema = z.object({
  id: z.number().int(),
  platform: platformSchema,
  receivedAt: z.iso.datetime({ offset: true }),
  /** verified: stored, waiting to be processed; rejected: bad or missing signature. */
  status: z.enum(PLATFORM_EVENT_STATUSES),
  /** e.g. 'order.notification CREATED', 'sendNewOrder'; null when rejected. */
  eventType: z.string().nullable(),
  externalOrderId: z.string().nullable(),
  /** How many times the platform sent this same notification. */
  received: z.number().int(),
  error: z.string().nullable(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  isTest: z.boolean(),
  /** Who sent a rejected request; null for the platform's own (verified) ones. */
  remoteAddress: z.string().nullable(),
});
export type PlatformEvent = z.infer<typeof platformEventSchema>;

/** GET /api/admin/delivery-platforms/events?platform=&status= (newest first, at most 100). */
export const platformEventListSchema = z.object({ events: z.array(platformEventSchema) });
export const platformEventQuerySchema = z.object({
  platform: platformSchema.optional(),
  status: z.enum(PLATFORM_EVENT_STATUSES).optional(),
});

/** GET /api/admin/delivery-platforms/status: the status panel. */
/** What reached a platform last, and the last failure (decision 027). */
const platformSyncSchema = z.object({
  lastSyncAt: z.iso.datetime({ offset: true }).nullable(),
  lastError: z.object({ at: z.iso.datetime({ offset: true }), message: z.string() }).nullable(),
});

/** One thing the platform shows otherwise than we do. */
const platformDifferenceSchema = z.object({
  kind: z.enum(['item', 'option', 'venue']),
  /** Our menu id (item, sauce, add-on); 'venue' for the venue's status. */
  id: z.string(),
  name: z.string(),
  /** e.g. 'sold out', 'on sale', 'online', 'offline', 'missing'. */
  ours: z.string(),
  theirs: z.string(),
});
export type PlatformDifference = z.infer<typeof platformDifferenceSchema>;

/** The last read-back of a platform (every 10 minutes while the shop is open). */
export const platformDriftSchema = z.object({
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why the last read-back failed; null when it worked. */
  error: z.string().nullable(),
  differences: z.array(platformDifferenceSchema),
});
export type PlatformDrift = z.infer<typeof platformDriftSchema>;

export const platformStatusSchema = z.object({
  platforms: z.array(
    z.object({
      platform: platformSchema,
      enabled: z.boolean(),
      /** API key, venue/restaurant id and webhook secret are all set. */
      configured: z.boolean(),
      lastEventAt: z.iso.datetime({ offset: true }).nullable(),
      lastError: z.object({ at: z.iso.datetime({ offset: true }), message: z.string() }).nullable(),
      /** Requests to its webhook refused (bad or missing signature), ever; the inbox keeps the last 20. */
      rejectedCalls: z.number().int(),
      /** Sold-out marks sent to it (decision 027): the last that reached it, the last failure. */
      availabilitySync: platformSyncSchema,
      /** The shop's hours sent to it (decision 027), likewise. */
      hoursSync: platformSyncSchema,
      /** The whole menu pushed to it (decision 027, amended), likewise. */
      menuSync: platformSyncSchema,
      /** What the platform showed when last read back (decision 027, amended). */
      drift: platformDriftSchema,
    }),
  ),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

/** POST /api/test/create-delivery-order (spec §7). */
export const testDeliveryOrderSchema = z.object({ platform: platformSchema });
export const testDeliveryOrderResultSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  message: z.string(),
});

/** POST /api/test-webhook/wolt and /bolt: what our own webhook answered to a signed sample. */
export const testWebhookResultSchema = z.object({
  ok: z.boolean(),
  /** Our webhook's HTTP status. */
  status: z.number().int(),
  message: z.string(),
  eventId: z.number().int().nullable(),
});

/** Wolt's reject codes (integrations.md §2.4); the reason is shown to the customer. */
export const WOLT_REJECT_CODES = ['GENERIC', 'ITEMS_UNAVAILABLE', 'VENUE_CLOSING_SOON'] as const;
export const REJECT_REASONS: Record<(typeof WOLT_REJECT_CODES)[number], string> = {
  GENERIC: 'We cannot take this order right now',
  ITEMS_UNAVAILABLE: 'Some items are sold out',
  VENUE_CLOSING_SOON: 'We are closing soon',
};

/** PUT /api/admin/orders/:id/platform-reject (kitchen): reject a platform order not yet accepted. */
export const platformRejectSchema = z.object({
  code: z.enum(WOLT_REJECT_CODES, { error: 'Choose a reason' }),
  reason: z.string().trim().max(200).optional(),
});

/** The platforms wait this long for our accept before they reject the order themselves. */
export const PLATFORM_ACCEPT_WINDOW_MS = 3 * 60_000;

/**
 * GET /api/admin/delivery-platforms/:platform/menu-preview: what Push menu would change on the
 * platform, against the menu last pushed from here (decision 027, amended).
 */
export const menuPreviewSchema = z.object({
  platform: platformSchema,
  /** Wolt's menu call replaces the whole menu on Wolt. */
  replacesWholeMenu: z.boolean(),
  /** The setting, as the page shows it ("+15 %", "none"). */
  priceAdjustment: z.string(),
  lastPushedAt: z.iso.datetime({ offset: true }).nullable(),
  categories: z.number().int(),
  items: z.number().int(),
  changes: z.array(
    z.object({
      change: z.enum(['added', 'removed', 'changed']),
      kind: z.enum(['category', 'item', 'option']),
      id: z.string(),
      name: z.string(),
      /** What changed: 'price €10.90 → €12.54', 'sold out', … */
      detail: z.string(),
    }),
  ),
});
export type MenuPreview = z.infer<typeof menuPreviewSchema>;

/** POST …/:platform/menu-push and …/:platform/drift/fix: queued in the venue's queue. */
export const platformQueuedSchema = z.object({ message: z.string() });
