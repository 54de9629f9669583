/**
 * The whole domain of the two spec documents, in one schema.
 * Conventions: money is integer cents (`*_cents`), times are timestamptz,
 * menu ids are readable slugs (the spec's admin forms ask for an id),
 * order and customer ids are random UUIDs so that links cannot be guessed.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DISCOUNT_TYPES,
  KITCHEN_STATUSES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STAFF_ROLES,
} from '#shared/orders/order-states.ts';
import type { PricedOrder } from '#shared/orders/priced-order.ts';
import type { OrderEventPayload } from '#shared/realtime/events.ts';
import { CASH_MOVEMENT_KINDS } from '#shared/cash-drawer/cash-drawer.ts';
import { PLATFORM_EVENT_STATUSES } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { REFUND_METHODS, REFUND_STATES } from '#shared/refunds/refunds.schema.ts';
import type { DayFigures } from '#shared/calendar/day-figures.ts';
import { WATCHDOG_AUDIT_ACTIONS } from '#shared/watchdog/watchdog.schema.ts';
import {
  DEFAULT_HOLD_AFTER_MINUTES,
  PRINT_JOB_KINDS,
  PRINT_JOB_STATES,
  PRINTER_KINDS,
  PRINTER_MODELS,
  type PrintTarget,
} from '#shared/printing/printing.schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- menu

/**
 * Sold out (decision 010): `sold_out` set and
 * `sold_out_until` null means until someone turns it back on; with a time, the thing is on sale
 * again from that instant with no one touching it. Checked on every channel by the server.
 */
const soldOutColumns = () => ({
  soldOut: boolean('sold_out').notNull().default(false),
  soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
});

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon'),
  sortOrder: integer('sort_order').notNull().default(0),
  /**
   * VAT in basis points (1300 = 13 %, decision 022): take-away, delivery and counter sales, and
   * eat-in (a table order). A new category starts with the shop's defaults (settings).
   */
  vatTakeAwayBp: integer('vat_take_away_bp').notNull().default(1300),
  vatEatInBp: integer('vat_eat_in_bp').notNull().default(1300),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    basePriceCents: integer('base_price_cents').notNull(),
    image: text('image'),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    popular: boolean('popular').notNull().default(false),
    customizable: boolean('customizable').notNull().default(true),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** false removes the item from the POS and from sale. */
    isAvailable: boolean('is_available').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** EU Regulation 1169/2011 allergens (shared/menu/allergens.ts). */
    allergens: text('allergens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Dietary marks: vegetarian, vegan, spicy, gluten-free. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...soldOutColumns(),
    /** The item's own VAT rates (basis points); null takes its category's (decision 022). */
    vatTakeAwayBp: integer('vat_take_away_bp'),
    vatEatInBp: integer('vat_eat_in_bp'),
    /**
     * The kitchen's work in one of this item (decision 026): 1 by default, more for a platter,
     * 0 for a drink; the kitchen makes `kitchen_units_per_slot` of them per 15 minutes.
     */
    prepUnits: integer('prep_units').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('menu_items_category_idx').on(t.categoryId),
    check('menu_items_prep_units_range', sql`${t.prepUnits} between 0 and 100`),
  ],
);

export const breadOptions = pgTable('bread_options', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

export const sauceOptions = pgTable('sauce_options', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ...soldOutColumns(),
});

export const addonOptions = pgTable('addon_options', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull().default(0),
  ...soldOutColumns(),
});

/**
 * Menu photos, decoded and re-encoded with sharp, in the database (decision 011): one row per
 * stored size. `variant` is 'w320.webp', 'w640.webp', 'w1280.webp' or 'fallback.jpg'.
 */
export const menuImages = pgTable(
  'menu_images',
  {
    imageId: uuid('image_id').notNull(),
    variant: text('variant').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Strong ETag: a hash of the bytes. */
    etag: text('etag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.variant] })],
);

export const menuItemBreadOptions = pgTable(
  'menu_item_bread_options',
  {
    menuItemId: text('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    breadOptionId: text('bread_option_id')
      .notNull()
      .references(() => breadOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.menuItemId, t.breadOptionId] })],
);

export const menuItemSauceOptions = pgTable(
  'menu_item_sauce_options',
  {
    menuItemId: text('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    sauceOptionId: text('sauce_option_id')
      .notNull()
      .references(() => sauceOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.menuItemId, t.sauceOptionId] })],
);

export const menuItemAddonOptions = pgTable(
  'menu_item_addon_options',
  {
    menuItemId: text('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    addonOptionId: text('addon_option_id')
      .notNull()
      .references(() => addonOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.menuItemId, t.addonOptionId] })],
);

export const discounts = pgTable('discounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type', { enum: DISCOUNT_TYPES }).notNull().default('percentage'),
  /** Whole percent for `percentage`, cents for `fixed_amount`. */
  value: integer('value').notNull(),
  minOrderAmountCents: integer('min_order_amount_cents').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  posOnly: boolean('pos_only').notNull().default(true),
  /** Optional validity window, in the shop's time zone (a happy hour); null means no limit. */
  validFrom: text('valid_from'),
  validTo: text('valid_to'),
  /** ISO weekdays 1 (Monday) to 7 (Sunday); empty means every day. */
  weekdays: integer('weekdays')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  timeFrom: text('time_from'),
  timeTo: text('time_to'),
  createdAt: createdAt(),
});

/**
 * Keys the server makes for itself on first use and every instance shares (for example the
 * key that signs photo upload URLs). Never sent to a browser.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- customers and orders

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerNumber: integer('customer_number')
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 1001 }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /**
     * Delete Customer erased the person (DESIGN.md departure 10): name, e-mail and phone are
     * replaced here and on their orders; the row stays so the orders keep their customer count.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customers_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: integer('order_number')
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 1001 }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    type: text('type', { enum: ORDER_TYPES }).notNull().default('pickup'),
    orderSource: text('order_source', { enum: ORDER_SOURCES }).notNull().default('website'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    kitchenStatus: text('kitchen_status', { enum: KITCHEN_STATUSES }),
    kitchenStartedAt: timestamp('kitchen_started_at', { withTimezone: true }),
    kitchenEstimatedTime: integer('kitchen_estimated_time'),
    /**
     * Pickup times (decision 026): the kitchen's work in this order (its lines' prep units), the
     * slot start a scheduled order is for (null: as soon as possible), and the minutes quoted
     * to an as-soon-as-possible order when it was placed. The order fills the 15-minute slot of
     * pickup_at, or else of created_at plus quoted_minutes.
     */
    prepUnits: integer('prep_units').notNull().default(0),
    pickupAt: timestamp('pickup_at', { withTimezone: true }),
    quotedMinutes: integer('quoted_minutes'),
    kitchenReadyAt: timestamp('kitchen_ready_at', { withTimezone: true }),
    kitchenDoneAt: timestamp('kitchen_done_at', { withTimezone: true }),
    kitchenClearedAt: timestamp('kitchen_cleared_at', { withTimezone: true }),
    subtotalCents: integer('subtotal_cents').notNull(),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    // The customer as they were when ordering: deleting a customer keeps the order readable.
    customerFirstName: text('customer_first_name').notNull().default(''),
    customerLastName: text('customer_last_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    deliveryStreet: text('delivery_street'),
    deliveryCity: text('delivery_city'),
    deliveryPostalCode: text('delivery_postal_code'),
    specialInstructions: text('special_instructions'),
    tableNumber: text('table_number'),
    /** The order id on Wolt or Bolt Food; unique per source so a re-sent webhook makes no twin. */
    externalId: text('external_id'),
    /** The card payment that paid for this order; unique, so one payment makes one order. */
    paymentId: uuid('payment_id')
      .unique()
      .references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /** The staff member who took the order at the counter (POS); null for other channels. */
    takenByStaffId: uuid('taken_by_staff_id').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
    /** Paid through the payment simulator: no money moved (a test order). */
    isTest: boolean('is_test').notNull().default(false),
    /**
     * A cash sale at the counter: the cash handed over and the change given back (decision
     * 012, the drawer's expected cash). Null on other orders and on cash sales made before.
     */
    cashReceivedCents: integer('cash_received_cents'),
    changeCents: integer('change_cents'),
    /**
     * The cash-drawer session a counter cash sale went into (decision 012, update 2026-11-25),
     * set in the sale's transaction under the open session's row lock, so a sale is in exactly
     * one session and a close cannot slip between. Null on other orders.
     */
    cashDrawerSessionId: uuid('cash_drawer_session_id').references(
      (): AnyPgColumn => cashDrawerSessions.id,
      { onDelete: 'set null' },
    ),
    /**
     * Taken with no drawer open, by the admin's explicit choice: the next drawer opened that
     * shop day takes it (it then also has cash_drawer_session_id). Stays true, so the Z report
     * can show it as taken before the drawer opened.
     */
    cashDrawerNextSession: boolean('cash_drawer_next_session').notNull().default(false),
    /**
     * SHA-256 of the placing browser's token (cookie set at checkout): that browser sees the
     * customer's contact details in full and may add push subscriptions (DESIGN.md departure 12).
     */
    placedByTokenHash: text('placed_by_token_hash'),
    /**
     * Delete Order keeps the books (DESIGN.md departure 10): the order leaves every view and
     * total, and the row says who deleted it, when and why (also in audit_log).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByStaffId: uuid('deleted_by_staff_id').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
    deletedReason: text('deleted_reason'),
    /** The customer was erased: the person's fields on this order were replaced. */
    customerErasedAt: timestamp('customer_erased_at', { withTimezone: true }),
    /**
     * A Wolt or Bolt Food order (decision 017): the platform's own order number (not unique),
     * the moment the platform stops waiting for our
     * accept (the kitchen's countdown), the pickup time agreed with it, and the last call to the
     * platform that failed (shown on the kitchen card until a later call succeeds).
     */
    platformOrderNumber: text('platform_order_number'),
    platformAcceptBy: timestamp('platform_accept_by', { withTimezone: true }),
    platformPickupAt: timestamp('platform_pickup_at', { withTimezone: true }),
    platformError: text('platform_error'),
    /**
     * The Idempotency-Key the order was made with, stored in the order's own transaction
     * (decision 007): a retry at any later time (after a crash, after the keys' sweep) finds
     * this order instead of making a second. Scoped to who sent it (`staff:<id>`), so one
     * account's key never answers another's; the request's hash refuses the key reused for
     * another sale. Null for orders made without a key.
     */
    idempotencyScope: text('idempotency_scope'),
    idempotencyKey: uuid('idempotency_key'),
    idempotencyRequestHash: text('idempotency_request_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_pickup_at_idx').on(t.pickupAt),
    // The kitchen display's list (kitchen.service.ts): the few orders not cleared, found without
    // reading a year of cleared ones (docs/performance.md, "Growth").
    index('orders_kitchen_board_idx')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} is null and coalesce(${t.kitchenStatus}, 'pending') <> 'cleared'`),
    index('orders_customer_email_lower_idx').on(sql`lower(${t.customerEmail})`),
    uniqueIndex('orders_source_external_id_idx').on(t.orderSource, t.externalId),
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyScope, t.idempotencyKey),
    index('orders_cash_drawer_session_idx').on(t.cashDrawerSessionId),
  ],
);

export interface OrderItemAddOn {
  name: string;
  priceCents: number;
}

export interface OrderItemDiscount {
  id: string;
  name: string;
  type: (typeof DISCOUNT_TYPES)[number];
  value: number;
  discountAmountCents: number;
}

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    menuItemId: text('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    basePriceCents: integer('base_price_cents').notNull(),
    /** Base price plus add-ons (minus a line discount), for one unit. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalPriceCents: integer('total_price_cents').notNull(),
    sauce: text('sauce'),
    addOns: jsonb('add_ons').$type<OrderItemAddOn[]>().notNull().default([]),
    bread: text('bread'),
    specialInstructions: text('special_instructions'),
    discount: jsonb('discount').$type<OrderItemDiscount | null>(),
    position: integer('position').notNull().default(0),
    /**
     * The VAT rate applied (basis points), taken when the order was stored: a later change of
     * the menu's rates never rewrites a receipt (decision 022). Lines stored before VAT existed
     * got 1300 (13 %) from the column default.
     */
    vatRateBp: integer('vat_rate_bp').notNull().default(1300),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * One row per attempt to pay. The order is made from `orderData` when the payment
 * is confirmed; `orders.payment_id` is unique, so a payment makes at most one order.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** The provider's reference (Viva order code), kept as text: it exceeds JS integers. */
    providerReference: text('provider_reference'),
    providerTransactionId: text('provider_transaction_id'),
    /** The order as priced by the server when the payment was created. */
    orderData: jsonb('order_data').$type<PricedOrder>().notNull(),
    failureReason: text('failure_reason'),
    /** SHA-256 of the paying browser's token; copied to the order it makes. */
    placedByTokenHash: text('placed_by_token_hash'),
    /** After this the checkout is settled by asking the provider, or expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * A scheduled pickup's slot start and the order's prep units (decision 026): while pending
     * and not expired, the payment holds that room in the slot.
     */
    pickupAt: timestamp('pickup_at', { withTimezone: true }),
    prepUnits: integer('prep_units').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.providerReference),
    index('payments_pending_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('payments_pending_pickup_idx')
      .on(t.pickupAt)
      .where(sql`${t.status} = 'pending' and ${t.pickupAt} is not null`),
  ],
);

// ---------------------------------------------------------------- settings, people, hours

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
});

export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** scrypt hash with its salt and parameters; the password itself is never stored. */
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull().default('staff'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_users_username_lower_idx').on(sql`lower(${t.username})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table does not give working sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Failed-login counters shared by every app instance (docs/decisions/006). One row per
 * key: `account:<name>` counts an account's failures from everywhere (a high cap),
 * `client:<name>:<address>` one client's failures on that account (growing delays).
 */
export const loginLimits = pgTable(
  'login_limits',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('login_limits_updated_idx').on(t.updatedAt)],
);

/**
 * Answers of order-creating calls by their Idempotency-Key (DESIGN.md departure 14): the same
 * key with the same request gets the first answer, on every app instance. Kept for 24 hours
 * at least (http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `METHOD /route/pattern`: one key may serve different calls without clashing. */
    route: text('route').notNull(),
    key: uuid('key').notNull(),
    /** SHA-256 of the request's path and body: the same key with another body is a 409. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being answered. */
    statusCode: integer('status_code'),
    /**
     * While unanswered, the claim is held until then, renewed by the running request: past it,
     * the request died and the next one takes over (decision 007). Null on rows claimed before
     * leases (60 s after created_at).
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    responseBody: text('response_body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.route, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const shopHours = pgTable(
  'shop_hours',
  {
    /** monday … sunday */
    day: text('day').primaryKey(),
    shift1Open: text('shift1_open'),
    shift1Close: text('shift1_close'),
    shift1IsOpen: boolean('shift1_is_open').notNull().default(false),
    shift2Open: text('shift2_open'),
    shift2Close: text('shift2_close'),
    shift2IsOpen: boolean('shift2_is_open').notNull().default(false),
    /**
     * The kitchen's capacity in this shift, prep units per 15 minutes (decision 026); null
     * takes the setting kitchen_units_per_slot.
     */
    shift1UnitsPerSlot: integer('shift1_units_per_slot'),
    shift2UnitsPerSlot: integer('shift2_units_per_slot'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_hours_shift1_units_range', sql`${t.shift1UnitsPerSlot} between 1 and 500`),
    check('shop_hours_shift2_units_range', sql`${t.shift2UnitsPerSlot} between 1 and 500`),
  ],
);

/**
 * Raw page views, kept `analytics_raw_days` days (decision 015). No IP address and no user
 * agent: `visitor_id` is a hash of them with a salt replaced every day.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    /** The day's salted hash of address and user agent (the salt is discarded each day). */
    visitorId: text('visitor_id').notNull(),
    isNewVisitor: boolean('is_new_visitor').notNull().default(false),
    /** The shop's calendar day of the view. */
    day: date('day', { mode: 'string' }),
    /** Another site's host the visitor came from, or null. */
    referrerHost: text('referrer_host'),
    createdAt: createdAt(),
  },
  (t) => [
    index('page_views_created_at_idx').on(t.createdAt),
    index('page_views_day_idx').on(t.day),
  ],
);

/** One day's visitor figures, kept after the raw views are gone (decision 015). */
export const analyticsDaily = pgTable('analytics_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  uniqueVisitors: integer('unique_visitors').notNull(),
  newVisitors: integer('new_visitors').notNull(),
  returningVisitors: integer('returning_visitors').notNull(),
  pageViews: integer('page_views').notNull(),
  /**
   * The funnel: distinct visitors who saw the menu, and of them who opened the cart, and of
   * those who reached checkout, and of those who paid (FUNNEL_STEPS).
   */
  funnelMenu: integer('funnel_menu').notNull().default(0),
  funnelCart: integer('funnel_cart').notNull().default(0),
  funnelCheckout: integer('funnel_checkout').notNull().default(0),
  funnelPaid: integer('funnel_paid').notNull().default(0),
  updatedAt: updatedAt(),
});

/** One day's views per page and per referring host (decision 015). */
export const analyticsDailyPages = pgTable(
  'analytics_daily_pages',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** 'page' or 'referrer' */
    kind: text('kind', { enum: ['page', 'referrer'] }).notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
);

// ---------------------------------------------------------------- web push

/** The server's VAPID key pair, made on first start (one row). */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/** A customer's browser that asked to hear when an order is ready. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_order_idx').on(t.orderId)],
);

// ---------------------------------------------------------------- order events (outbox)

/**
 * Every order change's event, written in the transaction that makes the change (decision 008).
 * `sequence` is the event's number for every screen: writers take one lock before inserting,
 * so numbers are in commit order. The dispatcher fans each out once (fanned_out_at), and a
 * socket that reconnects asks for what came after the last number it saw.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    sequence: bigint('sequence', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id').notNull(),
    event: jsonb('event').$type<OrderEventPayload>().notNull(),
    createdAt: createdAt(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [
    index('order_events_waiting_idx')
      .on(t.sequence)
      .where(sql`${t.fannedOutAt} is null`),
    index('order_events_created_idx').on(t.createdAt),
  ],
);

/**
 * Work outside this server that an order change owes and that must survive a crash: today the
 * "order ready" Web Push to each subscribed device; later Wolt and Bolt acceptance calls.
 * Retried with back-off until done or given up (decision 008).
 */
/** What the outbox owes the world outside (decision 008). */
export const OUTBOUND_JOB_KINDS = [
  'push-ready',
  'platform-event',
  'platform-call',
  'platform-venue',
  'email-receipt',
  'email-ready',
  // Track Your Meal's links to an address's orders (docs/decisions/020).
  'email-order-links',
  // A card refund sent to the payment provider (docs/decisions/021); its refund's e-mail.
  'provider-refund',
  'email-refund',
  // A sold-out mark, or its end, and the week's hours sent to a delivery platform (decision 027).
  'platform-availability',
  'platform-hours',
  // The whole menu pushed to a delivery platform (decision 027, amended 2026-11-27).
  'platform-menu',
  // A kitchen ticket or a receipt sent to a receipt printer (docs/decisions/028).
  'print',
] as const;
export type OutboundJobKind = (typeof OUTBOUND_JOB_KINDS)[number];

export const outboundJobs = pgTable(
  'outbound_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: OUTBOUND_JOB_KINDS }).notNull(),
    /** The order the job is about; null for a venue's pause or a stored webhook event. */
    orderId: uuid('order_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * Jobs with the same key run one at a time, in the order they were queued (`queued`): a
     * platform's accept goes before its ready. Null: no order among jobs.
     */
    serialKey: text('serial_key'),
    queued: bigint('queued', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    attempts: integer('attempts').notNull().default(0),
    /** Due from this moment; while one worker has it, its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** sent, gone, refused, or the last error while it is retried. */
    outcome: text('outcome'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbound_jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null`),
    index('outbound_jobs_serial_idx')
      .on(t.serialKey, t.queued)
      .where(sql`${t.doneAt} is null and ${t.serialKey} is not null`),
  ],
);

// ------------------------------------------------------------ delivery platforms (Wolt, Bolt)

/**
 * The webhook inbox (decision 017): every request to a platform's webhook, stored before it is
 * answered. A request whose signature does not verify is kept as `rejected` (its body cut to a
 * few kilobytes) and never parsed; a verified one is processed from here by the outbox, so a
 * crash after the 200 loses nothing. A re-sent notification (same platform and event id) is the
 * same row, counted in `received`.
 */
export const platformEvents = pgTable(
  'platform_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: text('platform', { enum: ['wolt', 'bolt'] }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: PLATFORM_EVENT_STATUSES }).notNull(),
    /** The platform's notification id (Wolt) or a hash of the body; null when rejected. */
    eventKey: text('event_key'),
    eventType: text('event_type'),
    externalOrderId: text('external_order_id'),
    body: text('body').notNull(),
    received: integer('received').notNull().default(1),
    error: text('error'),
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    isTest: boolean('is_test').notNull().default(false),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Who sent a rejected request (its address); the last few only are kept (decision 017). */
    remoteAddress: text('remote_address'),
  },
  (t) => [
    uniqueIndex('platform_events_key_idx').on(t.platform, t.eventKey),
    index('platform_events_received_idx').on(t.receivedAt),
  ],
);

/**
 * Rejected webhook calls counted per platform (decision 017): the inbox keeps only the last few
 * as rows, so a flood of forged calls costs a counter, not a row each.
 */
export const platformRejections = pgTable('platform_rejections', {
  platform: text('platform', { enum: ['wolt', 'bolt'] }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sold-out marks with an end (decision 010), waiting for it: the platforms must be told when
 * an item is back, and nothing else notices that moment (decision 027). One row per marked
 * item, sauce or add-on, replaced with its mark; taken by the first instance past `returns_at`.
 */
export const platformAvailabilityReturns = pgTable(
  'platform_availability_returns',
  {
    kind: text('kind', { enum: ['item', 'sauce', 'addon'] }).notNull(),
    itemId: text('item_id').notNull(),
    returnsAt: timestamp('returns_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    index('platform_availability_returns_due_idx').on(t.returnsAt),
  ],
);

/**
 * What a platform was last told of our menu's availability and our hours (decision 027): when
 * a change last reached it, and the last failure, for the delivery-platforms page. Kept here, not read from
 * outbound_jobs, which are swept a day after they finish.
 */
export const platformSyncState = pgTable(
  'platform_sync_state',
  {
    platform: text('platform', { enum: ['wolt', 'bolt'] }).notNull(),
    topic: text('topic', { enum: ['availability', 'hours', 'menu'] }).notNull(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.platform, t.topic] })],
);

/**
 * Per platform, the menu last pushed to it (decision 027, amended): as sent, prices adjusted,
 * so the next push can say what it changes; and the last read-back of what the platform shows,
 * with its differences from ours (the drift check, every 10 minutes while the shop is open).
 */
export const platformMenuState = pgTable('platform_menu_state', {
  platform: text('platform', { enum: ['wolt', 'bolt'] }).primaryKey(),
  pushedMenu: jsonb('pushed_menu').$type<unknown>(),
  pushedAt: timestamp('pushed_at', { withTimezone: true }),
  driftCheckedAt: timestamp('drift_checked_at', { withTimezone: true }),
  driftError: text('drift_error'),
  differences: jsonb('differences')
    .$type<unknown[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

// ---------------------------------------------------------------- cash drawer (day cash-up)

/**
 * One till's day (decision 012): opened with a float, closed by counting the cash. At most one
 * is open at a time (the partial unique index), so two tablets cannot open two drawers. Times
 * come from the database's clock, the one that stamps orders.created_at: the session's window
 * [opened_at, closed_at] and the orders it counts can never disagree. The figures are frozen
 * at close, so the Z report says what the cashier saw.
 */
export const cashDrawerSessions = pgTable(
  'cash_drawer_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedByStaffId: uuid('opened_by_staff_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    /** The name as it was: a deleted account keeps the report readable. */
    openedByName: text('opened_by_name').notNull(),
    floatCents: integer('float_cents').notNull(),
    /**
     * The Idempotency-Key of the open that made this session, kept with it (decision 012): a
     * replay finds the session at any later time and is refused once it has closed.
     */
    openIdempotencyKey: uuid('open_idempotency_key'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByStaffId: uuid('closed_by_staff_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    closedByName: text('closed_by_name'),
    cashSalesCents: integer('cash_sales_cents'),
    changeGivenCents: integer('change_given_cents'),
    payInsCents: integer('pay_ins_cents'),
    payOutsCents: integer('pay_outs_cents'),
    expectedCents: integer('expected_cents'),
    countedCents: integer('counted_cents'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('cash_drawer_sessions_one_open_idx')
      .on(sql`(true)`)
      .where(sql`${t.closedAt} is null`),
    index('cash_drawer_sessions_opened_at_idx').on(t.openedAt),
    uniqueIndex('cash_drawer_sessions_open_key_idx').on(t.openIdempotencyKey),
    check('cash_drawer_sessions_float_check', sql`${t.floatCents} >= 0`),
    check(
      'cash_drawer_sessions_closed_check',
      sql`(${t.closedAt} is null) = (${t.countedCents} is null and ${t.expectedCents} is null)`,
    ),
  ],
);

/** Cash put into or taken out of the drawer outside a sale, with the reason. */
export const cashDrawerMovements = pgTable(
  'cash_drawer_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => cashDrawerSessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CASH_MOVEMENT_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_drawer_movements_session_idx').on(t.sessionId, t.createdAt),
    check('cash_drawer_movements_amount_check', sql`${t.amountCents} > 0`),
  ],
);

// ---------------------------------------------------------------- refunds

/**
 * Money given back on an order (decision 021), on the day it was given: card refunds go to the
 * provider through the outbox (`provider-refund` jobs), cash refunds are a pay-out of the open
 * drawer (`cash_movement_id`), a platform's cancellation is recorded as done with no money
 * moved by us. The lines say which items (and how many) it was for.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    lines: jsonb('lines')
      .$type<{ orderItemId: string; name: string; quantity: number }[]>()
      .notNull()
      .default([]),
    state: text('state', { enum: REFUND_STATES }).notNull(),
    providerMessage: text('provider_message'),
    cashMovementId: uuid('cash_movement_id').references(() => cashDrawerMovements.id, {
      onDelete: 'set null',
    }),
    byStaffId: uuid('by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_created_at_idx').on(t.createdAt),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

// ---------------------------------------------------------------- the calendar's kept days

/**
 * A closed shop day's share of the Order Calendar's figures (decision 030), in the shop's time
 * zone of the time: used while `generation` still equals the sum of `history_generations` over
 * the UTC dates the day spans (features/calendar/day-figures.ts).
 */
export const dayFigures = pgTable(
  'day_figures',
  {
    day: date('day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    figures: jsonb('figures').$type<DayFigures>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.timeZone] })],
);

/**
 * Bumped by triggers (migration 0025) whenever an order or a refund of a UTC date more than two
 * days back changes: what invalidates the kept day figures of that date (decision 030).
 */
export const historyGenerations = pgTable('history_generations', {
  utcDate: date('utc_date', { mode: 'string' }).primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull().default(1),
});

// ---------------------------------------------------------------- audit and online ordering

/**
 * What was deleted or erased in the back office, by whom, when and why (DESIGN.md departure
 * 10). Never a person's name or contact details: an erased customer is named by number.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorStaffId: uuid('actor_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The actor's name when it happened (the account may be renamed or deleted later). */
    actorName: text('actor_name'),
    action: text('action', {
      enum: [
        'order.deleted',
        'customer.erased',
        'order.payment-status',
        // The kitchen watchdog (decision 023): actor null, subject 'kitchen' or 'order #N'.
        ...WATCHDOG_AUDIT_ACTIONS,
      ],
    }).notNull(),
    subject: text('subject').notNull(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/**
 * Pause and busy mode (decision 014), one row. A pause or busy mode whose time has
 * passed is simply over: the state is read against the clock, no job lifts it.
 */
export const onlineOrdering = pgTable('online_ordering', {
  id: integer('id').primaryKey(),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  pausedIndefinitely: boolean('paused_indefinitely').notNull().default(false),
  busyExtraMinutes: integer('busy_extra_minutes').notNull().default(0),
  busyUntil: timestamp('busy_until', { withTimezone: true }),
  /**
   * Who paused (decision 023): 'manual' (the dashboard or the kitchen) or 'watchdog' (no
   * kitchen display for the setting's minutes). The watchdog resumes only its own pause.
   */
  pausedBy: text('paused_by', { enum: ['manual', 'watchdog'] }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- kitchen watchdog

/**
 * Each server instance's count of kitchen displays on its sockets (decision 023), written by
 * its watchdog tick; a row not refreshed for a while is an instance that is gone.
 */
export const watchdogPresence = pgTable('watchdog_presence', {
  instanceId: text('instance_id').primaryKey(),
  kitchenDisplays: integer('kitchen_displays').notNull().default(0),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * The kitchen-offline incident, one row (decision 023). Every transition is a conditional
 * update, so of several instances ticking at once exactly one wins it and sends its push.
 */
export const watchdogState = pgTable('watchdog_state', {
  id: integer('id').primaryKey(),
  /** No display connected since (during opening hours); null while one is. */
  displaysMissingSince: timestamp('displays_missing_since', { withTimezone: true }),
  /** The "kitchen offline" alert went out for this incident. */
  displayAlertAt: timestamp('display_alert_at', { withTimezone: true }),
  /** The watchdog paused online ordering in this incident (or found it paused by hand). */
  pausedAt: timestamp('paused_at', { withTimezone: true }),
});

/** An order the watchdog alerted about as untouched (decision 023): once per order. */
export const watchdogOrderAlerts = pgTable('watchdog_order_alerts', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull(),
});

/** A staff member's device that gets the watchdog's pushes (decision 023). */
export const staffPushSubscriptions = pgTable(
  'staff_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_push_subscriptions_staff_idx').on(t.staffId)],
);

// ------------------------------------------------------------ receipt printers (decision 028)

/** A receipt printer (back office, admin): where it is, what it prints, and how it is doing. */
export const printers = pgTable('printers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind', { enum: PRINTER_KINDS }).notNull(),
  /** escpos-network: the printer's address and port (9100). */
  host: text('host'),
  port: integer('port').notNull().default(9100),
  model: text('model', { enum: PRINTER_MODELS }).notNull().default('epson-tm-t20iii'),
  prints: text('prints').array().$type<PrintTarget[]>().notNull(),
  /** The order channels it prints for; empty: every channel. */
  sources: text('sources').array().$type<(typeof ORDER_SOURCES)[number][]>().notNull().default([]),
  holdAfterMinutes: integer('hold_after_minutes').notNull().default(DEFAULT_HOLD_AFTER_MINUTES),
  enabled: boolean('enabled').notNull().default(true),
  /** star-cloudprnt: the secret in the URL the printer polls. */
  cloudPrntToken: text('cloud_prnt_token').unique(),
  /** The first failure of the current outage, null while it answers. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  lastError: text('last_error'),
  lastPrintedAt: timestamp('last_printed_at', { withTimezone: true }),
  /** star-cloudprnt: when it last polled. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One ticket or receipt for one printer, written in the order's transaction. A network
 * printer's job is sent by the outbox (an outbound job of kind 'print', serial per printer);
 * a CloudPRNT printer fetches its jobs itself, oldest first.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    printerId: uuid('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRINT_JOB_KINDS }).notNull(),
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
    reprint: boolean('reprint').notNull().default(false),
    state: text('state', { enum: PRINT_JOB_STATES }).notNull().default('queued'),
    /** Its place in the printer's line. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    /** When it was queued, or queued again by Print now: a job older than its printer's
     * holdAfterMinutes when the printer answers waits for a human instead. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('print_jobs_printer_state_idx').on(t.printerId, t.state, t.sequence),
    index('print_jobs_order_idx').on(t.orderId),
  ],
);
