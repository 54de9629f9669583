/**
 * The Menu Editor's calls (spec back-office §7 "Menu", §5 validation): what the admin's forms
 * send and what the server validates with, the same schemas on both sides. Money crosses the
 * API in euros as numbers (spec) and is integer cents inside.
 */
import { z } from 'zod';
import { ALLERGENS, DIETARY_TAGS } from './allergens.ts';
import { DISCOUNT_TYPES } from '../orders/order-states.ts';
import { categorySchema, menuItemSchema } from './menu.schema.ts';
import { vatPercentSchema } from '../vat/vat.ts';

export const REQUIRED_FIELDS = 'Please fill in all required fields';
export const DISCOUNT_REQUIRED =
  'Please fill in all required fields and ensure value is greater than 0';
const PERCENT_TOO_HIGH = 'Percentage discount cannot exceed 100%';
const ID_FORMAT = 'Use lowercase letters, digits and dashes for the id';
const PREP_UNITS_RANGE = 'Prep units must be a whole number from 0 to 100.';

/** Menu ids are readable slugs the admin types (spec: the forms ask for an id). */
const menuIdSchema = z
  .string({ error: REQUIRED_FIELDS })
  .trim()
  .min(1, { error: REQUIRED_FIELDS })
  .max(60, { error: 'Keep the id to 60 characters' })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: ID_FORMAT });

const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_FIELDS })
    .trim()
    .min(1, { error: REQUIRED_FIELDS })
    .max(max, { error: `Keep it to ${max} characters` });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep it to ${max} characters` })
    .default('');

/** Euros with at most two decimals, 0 or more (spec: price not negative). */
const euros = (max: number) =>
  z
    .number({ error: 'Enter an amount in euros' })
    .min(0, { error: 'The amount cannot be negative' })
    .max(max, { error: `The amount can be at most €${max}` })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: 'Use at most two decimals',
    });

/** Where a menu photo lives once uploaded, or a file the app ships. */
const imagePathSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(objects\/menu-images\/[0-9a-f-]{36}|images\/[\w./-]+)$/, {
    error: 'Upload the photo with the image picker',
  });

// ---------------------------------------------------------------- items

/**
 * The kitchen's work in one of an item (decision 026): 1 for most dishes, more for a platter,
 * 0 for a drink. The database's check holds the same range.
 */
const prepUnitsSchema = z
  .number({ error: PREP_UNITS_RANGE })
  .int({ error: PREP_UNITS_RANGE })
  .min(0, { error: PREP_UNITS_RANGE })
  .max(100, { error: PREP_UNITS_RANGE });

export const menuItemWriteSchema = z.object({
  id: menuIdSchema,
  name: requiredText(80),
  description: optionalText(500),
  basePrice: euros(1000),
  category: z.string({ error: REQUIRED_FIELDS }).trim().min(1, { error: REQUIRED_FIELDS }),
  image: imagePathSchema.nullable().default(null),
  customizable: z.boolean().default(true),
  popular: z.boolean().default(false),
  isHidden: z.boolean().default(false),
  isAvailable: z.boolean().default(true),
  /** The item's place inside its category (lower first). */
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  allergens: z.array(z.enum(ALLERGENS)).max(ALLERGENS.length).default([]),
  tags: z.array(z.enum(DIETARY_TAGS)).max(DIETARY_TAGS.length).default([]),
  /** The item's own VAT rates in % (decision 022); null takes the category's; left out keeps. */
  vatTakeAway: vatPercentSchema.nullable().optional(),
  vatEatIn: vatPercentSchema.nullable().optional(),
  /** A new item is 1 unless told. */
  prepUnits: prepUnitsSchema.default(1),
});

/**
 * PUT /api/menu/items/:id: the same fields; the id in the path wins. Prep units left out keep
 * the item's (an editor page loaded before decision 026 does not send them).
 */
export const menuItemUpdateSchema = menuItemWriteSchema
  .omit({ id: true })
  .extend({ prepUnits: prepUnitsSchema.optional() });

/** GET /api/admin/menu/items: every item, hidden and off the POS included. */
export const adminMenuItemSchema = menuItemSchema.extend({
  isHidden: z.boolean(),
  isAvailable: z.boolean(),
  sortOrder: z.number().int(),
  breadOptionIds: z.array(z.string()),
  sauceOptionIds: z.array(z.string()),
  addOnOptionIds: z.array(z.string()),
  vatTakeAway: z.number().nullable(),
  vatEatIn: z.number().nullable(),
});
export type AdminMenuItem = z.infer<typeof adminMenuItemSchema>;

export const availabilitySchema = z.object({ isAvailable: z.boolean() });

export const breadLinksSchema = z.object({ breadOptionIds: z.array(z.string()).max(100) });
export const sauceLinksSchema = z.object({ sauceOptionIds: z.array(z.string()).max(100) });
export const addOnLinksSchema = z.object({ addOnOptionIds: z.array(z.string()).max(100) });

// ---------------------------------------------------------------- sold out

/**
 * Beyond the spec (decision 010): sold out on every channel, until the end of today's service,
 * until a time of day (the next time the shop's clock shows it), or until turned back on.
 */
export const SOLD_OUT_MODES = ['off', 'end-of-service', 'until', 'indefinite'] as const;
export const soldOutRequestSchema = z
  .object({
    mode: z.enum(SOLD_OUT_MODES),
    until: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter a time as HH:MM' })
      .optional(),
  })
  .refine((body) => body.mode !== 'until' || body.until !== undefined, {
    error: 'Enter a time as HH:MM',
    path: ['until'],
  });
export type SoldOutRequest = z.infer<typeof soldOutRequestSchema>;

// ---------------------------------------------------------------- categories and options

export const categoryWriteSchema = z.object({
  id: menuIdSchema,
  name: requiredText(40),
  icon: requiredText(16),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  /**
   * VAT in % (decision 022): take-away (counter, pickup, platforms) and eat-in (a table order).
   * Left out: a new category takes the shop's defaults, an update keeps its rates.
   */
  vatTakeAway: vatPercentSchema.optional(),
  vatEatIn: vatPercentSchema.optional(),
});
export const categoryUpdateSchema = categoryWriteSchema.omit({ id: true });
/** A category as the Menu Editor reads it: with its VAT rates in %. */
export const adminCategorySchema = categorySchema.extend({
  vatTakeAway: z.number(),
  vatEatIn: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
/** PUT /api/menu/categories/order: every category id, first to last (drag or up/down). */
export const categoryOrderSchema = z.object({ ids: z.array(menuIdSchema).min(1).max(200) });

export const breadWriteSchema = z.object({
  id: menuIdSchema,
  name: requiredText(60),
  description: requiredText(200),
});
export const breadUpdateSchema = breadWriteSchema.omit({ id: true });

export const sauceWriteSchema = z.object({ id: menuIdSchema, name: requiredText(60) });
export const sauceUpdateSchema = sauceWriteSchema.omit({ id: true });

export const addOnWriteSchema = z.object({
  id: menuIdSchema,
  name: requiredText(60),
  price: euros(100),
});
export const addOnUpdateSchema = addOnWriteSchema.omit({ id: true });

/** Sauces and add-ons as the editor and the POS list them, with their sold-out state. */
const soldOutField = z.object({ until: z.string().nullable() }).nullable();
export const sauceListEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  soldOut: soldOutField,
});
export const addOnListEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  soldOut: soldOutField,
});
export const breadListEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});

// ---------------------------------------------------------------- discounts

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter a date as YYYY-MM-DD' })
  .nullable()
  .default(null);
const localTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter a time as HH:MM' })
  .nullable()
  .default(null);

/**
 * Spec §5: id, name, description and a value above 0 are required; a percentage is at most
 * 100 and whole; money (a fixed amount, the minimum order) in euros.
 */
export const discountWriteSchema = z
  .object({
    id: menuIdSchema,
    name: z
      .string({ error: DISCOUNT_REQUIRED })
      .trim()
      .min(1, { error: DISCOUNT_REQUIRED })
      .max(60),
    description: z
      .string({ error: DISCOUNT_REQUIRED })
      .trim()
      .min(1, { error: DISCOUNT_REQUIRED })
      .max(200),
    type: z.enum(DISCOUNT_TYPES).default('percentage'),
    value: z.number({ error: DISCOUNT_REQUIRED }).gt(0, { error: DISCOUNT_REQUIRED }).max(1000),
    minOrderAmount: euros(10_000).default(0),
    isActive: z.boolean().default(true),
    posOnly: z.boolean().default(true),
    validFrom: localDate,
    validTo: localDate,
    /** ISO weekdays, 1 Monday to 7 Sunday; empty means every day. */
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    timeFrom: localTime,
    timeTo: localTime,
  })
  .superRefine((body, ctx) => {
    if (body.type === 'percentage' && body.value > 100) {
      ctx.addIssue({ code: 'custom', message: PERCENT_TOO_HIGH, path: ['value'] });
    }
    if (body.type === 'percentage' && !Number.isInteger(body.value)) {
      ctx.addIssue({ code: 'custom', message: 'Use a whole percentage', path: ['value'] });
    }
    if (body.validFrom && body.validTo && body.validTo < body.validFrom) {
      ctx.addIssue({
        code: 'custom',
        message: 'The last day cannot be before the first',
        path: ['validTo'],
      });
    }
    if ((body.timeFrom === null) !== (body.timeTo === null)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter both times, or neither',
        path: [body.timeFrom === null ? 'timeFrom' : 'timeTo'],
      });
    }
  });
export const discountUpdateSchema = discountWriteSchema;

export const discountSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  /** Whole percent, or euros for fixed_amount. */
  value: z.number(),
  minOrderAmount: z.number(),
  isActive: z.boolean(),
  posOnly: z.boolean(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  weekdays: z.array(z.number().int()),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountStatusSchema = z.object({ isActive: z.boolean() });

// ---------------------------------------------------------------- photos

/** POST /api/menu/upload-url. */
export const uploadUrlRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
});
export const uploadUrlResponseSchema = z.object({
  uploadURL: z.string(),
  imageId: z.uuid(),
});
export { MAX_UPLOAD_BYTES, MENU_IMAGE_WIDTHS, menuImagePath } from './menu-images.ts';
