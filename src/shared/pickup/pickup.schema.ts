/**
 * GET /api/pickup-slots (decision 026): the as-soon-as-possible quote now, and a day's pickup
 * slots with the room each has.
 */
import { z } from 'zod';

const pickupSlotSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  remainingUnits: z.number().int().min(0),
  available: z.boolean(),
});

export const pickupSlotsQuerySchema = z.object({
  /** The shop's calendar day; today when absent. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-30')
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
    }, 'No such date')
    .optional(),
  /** The cart's prep units, so a slot without room for it shows as full; 1 when absent. */
  units: z.coerce
    .number({ error: 'units must be a number' })
    .int('units must be a whole number')
    .min(0, 'units must be 0 or more')
    .max(5000, 'units must be 5000 or less')
    .default(1),
});

export const pickupSlotsResponseSchema = z.object({
  /** "Ready in about N minutes" for an order placed now. */
  asapMinutes: z.number().int().min(0),
  slots: z.array(pickupSlotSchema),
});
export type PickupSlotsResponse = z.infer<typeof pickupSlotsResponseSchema>;
