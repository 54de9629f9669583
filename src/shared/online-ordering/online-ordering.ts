/**
 * Pause and busy mode (beyond the spec; decision 014): the owner or the kitchen
 * stops online orders for a while, or adds minutes to the pickup time customers are quoted.
 * The counter (POS) still sells while paused; the storefront and the table page say so, and
 * the server refuses their payments (409) as it does when the shop is closed.
 */
import { z } from 'zod';

/** Pause for 15, 30 or 60 minutes, or until someone resumes (null). */
export const PAUSE_CHOICES = [15, 30, 60] as const;
/** Busy: add 10 or 20 minutes to the quoted time (0 ends busy mode). */
export const BUSY_CHOICES = [0, 10, 20] as const;
/** The time quoted to customers when the kitchen is not busy (spec: 15-20 minutes). */
export const BASE_PREPARATION_MINUTES = { from: 15, to: 20 } as const;

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

export const PAUSED_MESSAGE = "We're not taking online orders right now";

/** "We're not taking online orders right now - back at 18:40" (or without the time). */
export function pausedMessage(resumesAt: string | null): string {
  return resumesAt ? `${PAUSED_MESSAGE} - back at ${resumesAt}` : `${PAUSED_MESSAGE}.`;
}

/** "15-20 minutes", "25-30 minutes". */
export function preparationLabel(minutes: { from: number; to: number }): string {
  return `${minutes.from}-${minutes.to} minutes`;
}

export interface OnlineOrderingRow {
  pausedUntil: Date | null;
  pausedIndefinitely: boolean;
  busyExtraMinutes: number;
  busyUntil: Date | null;
}

/** The state at `now`: a pause or busy mode whose time has passed is over (no job needed). */
export function onlineOrderingAt(
  row: OnlineOrderingRow | undefined,
  now: Date,
  timeZone: string,
): OnlineOrdering {
  const timedPause = row?.pausedUntil && row.pausedUntil.getTime() > now.getTime();
  const paused = Boolean(row?.pausedIndefinitely || timedPause);
  const pausedUntil = !row?.pausedIndefinitely && timedPause ? row.pausedUntil : null;
  const busy = row?.busyUntil && row.busyUntil.getTime() > now.getTime() ? row : null;
  const extra = busy?.busyExtraMinutes ?? 0;
  return {
    paused,
    pausedUntil: pausedUntil ? pausedUntil.toISOString() : null,
    resumesAt: pausedUntil ? clockTime(pausedUntil, timeZone) : null,
    busyExtraMinutes: extra,
    busyUntil: busy?.busyUntil ? busy.busyUntil.toISOString() : null,
    preparationMinutes: {
      from: BASE_PREPARATION_MINUTES.from + extra,
      to: BASE_PREPARATION_MINUTES.to + extra,
    },
  };
}

function clockTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(instant);
}
