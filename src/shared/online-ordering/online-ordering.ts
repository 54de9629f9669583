/**
 * Pause and busy mode (beyond the spec; decision 014): the owner or the kitchen
 * stops online orders for a while, or adds minutes to the pickup time customers are quoted.
 * The counter (POS) still sells while paused; the storefront and the table page say so, and
 * the server refuses their payments (409) as it does when the shop is closed.
 */
import { z } from 'zod';

export const pauseRequestSchema = z.object({
  minutes: z
    .union([z.literal(15), z.literal(30), z.literal(60), z.null()], {
      error: 'Pause for 15, 30 or 60 minutes, or until resumed',
    })
    .default(null),
});

export const busyRequestSchema = z.object({
  extraMinutes: z.union([z.literal(0), z.literal(10), z.literal(20)], {
    error: 'Busy mode adds 10 or 20 minutes (0 ends it)',
  }),
});

/** GET /api/admin/online-ordering, and part of GET /api/shop-status. */
export const onlineOrderingSchema = z.object({
  paused: z.boolean(),
  /** Why, when the kitchen watchdog paused (decision 023); null for a pause by hand. */
  pauseReason: z.enum(['kitchen-offline']).nullable(),
  /** When the pause lifts by itself (ISO), or null while paused until resumed / not paused. */
  pausedUntil: z.iso.datetime({ offset: true }).nullable(),
  /** HH:MM on the shop's clock when it lifts, for 'back at 18:40'; null if not timed. */
  resumesAt: z.string().nullable(),
  busyExtraMinutes: z.number().int(),
  /** When busy mode ends by itself (the end of today's service), or null when not busy. */
  busyUntil: z.iso.datetime({ offset: true }).nullable(),
  /** What customers are quoted now: 15-20 minutes plus the busy minutes. */
  preparationMinutes: z.object({ from: z.number().int(), to: z.number().int() }),
});
export type OnlineOrdering = z.infer<typeof onlineOrderingSchema>;

// The rules and constants live in online-ordering-rules.ts (no zod there, so the storefront's
// entry bundle can use them); they are re-exported here for the server and the back office.
export {
  BUSY_CHOICES,
  KITCHEN_OFFLINE_MESSAGE,
  onlineOrderingAt,
  pausedMessage,
  preparationLabel,
  type OnlineOrderingRow,
} from './online-ordering-rules.ts';
