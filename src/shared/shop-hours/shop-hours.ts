/**
 * Shop hours: the schemas of the hours, a day's shifts and the open/closed answer.
 * The rules themselves (the shop's clock, open or closed at a moment) are in shop-clock.ts.
 */
import { z } from 'zod';
import { WEEKDAYS } from './shop-clock.ts';
export { evaluateShopStatus } from './shop-status.ts';
import { onlineOrderingSchema } from '../online-ordering/online-ordering.ts';

export const weekdaySchema = z.enum(WEEKDAYS, { error: 'Unknown day: use monday to sunday' });

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDaySchema = z.string().regex(hhmm, 'Use a time like 09:30');

/** A shift's own kitchen capacity (decision 026), prep units per 15 minutes. */
const SHIFT_UNITS_MESSAGE = 'Please enter a whole number of prep units from 1 to 500.';

const shiftSchema = z.object({
  open: timeOfDaySchema.nullable(),
  close: timeOfDaySchema.nullable(),
  isOpen: z.boolean(),
  /**
   * The kitchen's capacity in this shift, prep units per 15 minutes (decision 026); absent or
   * null: the shop's (kitchen_units_per_slot). Left out of a read when not set.
   */
  unitsPerSlot: z
    .number({ error: SHIFT_UNITS_MESSAGE })
    .int(SHIFT_UNITS_MESSAGE)
    .min(1, SHIFT_UNITS_MESSAGE)
    .max(500, SHIFT_UNITS_MESSAGE)
    .nullable()
    .optional(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const dayHoursSchema = z.object({ shift1: shiftSchema, shift2: shiftSchema });
export type DayHours = z.infer<typeof dayHoursSchema>;

/** Body of PUT /api/admin/shop-hours/:day, with the spec's messages. */
export const dayHoursUpdateSchema = dayHoursSchema.superRefine((value, ctx) => {
  for (const [key, label] of [
    ['shift1', 'Shift 1'],
    ['shift2', 'Shift 2'],
  ] as const) {
    const shift = value[key];
    if (shift.isOpen && (!shift.open || !shift.close)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `Please set both opening and closing times for ${label}`,
      });
    }
  }
});

/** GET /api/admin/shop-hours: keyed by weekday name; a day with no row is absent. */
export const weekHoursSchema = z.partialRecord(weekdaySchema, dayHoursSchema);
export type WeekHours = z.infer<typeof weekHoursSchema>;

const openShiftSchema = z.object({ open: z.string(), close: z.string() });
export const shopStatusSchema = z.object({
  isOpen: z.boolean(),
  todayHours: z.object({ shift1: openShiftSchema.optional(), shift2: openShiftSchema.optional() }),
  /** HH:MM in the shop's time zone. */
  currentTime: z.string(),
  today: weekdaySchema,
  timeZone: z.string(),
  /** Pause and busy mode (decision 014); GET /api/shop-status always sends it. */
  onlineOrdering: onlineOrderingSchema.optional(),
  /**
   * Pre-orders (decision 026): while closed, the shop's calendar day (YYYY-MM-DD) of the next
   * opening the website takes orders for; null when it takes none (turned off, or no opening
   * within a week).
   */
  preOrderDate: z.string().nullable().optional(),
});
export type ShopStatus = z.infer<typeof shopStatusSchema>;

// The rules live in shop-clock.ts (no zod there, so the storefront's entry bundle can use them
// without the schema library) and shop-status.ts (open or closed, on the shop's clock); they are
// re-exported here for the server and the back office.
export {
  DEFAULT_DAY_HOURS,
  WEEKDAYS,
  describeDayHours,
  describeTodayHours,
  previousWeekday,
  shiftPassesMidnight,
  type Weekday,
} from './shop-clock.ts';
