/**
 * Pause and busy mode (decision 014): the choices, what customers are told, and the state at a
 * moment. NOTE: no zod here (decision 016): the storefront's entry bundle imports these, and the
 * schemas (online-ordering.ts, which re-exports all of this) stay out of it.
 */
import type { OnlineOrdering } from './online-ordering.ts';

/** Pause for 15, 30 or 60 minutes, or until someone resumes (null). */
export const PAUSE_CHOICES = [15, 30, 60] as const;
/** Busy: add 10 or 20 minutes to the quoted time (0 ends busy mode). */
export const BUSY_CHOICES = [0, 10, 20] as const;
/** The time quoted to customers when the kitchen is not busy (spec: 15-20 minutes). */
export const BASE_PREPARATION_MINUTES = { from: 15, to: 20 } as const;

const PAUSED_MESSAGE = "We're not taking online orders right now";
/** The watchdog's pause (decision 023): no kitchen display has been connected for a while. */
export const KITCHEN_OFFLINE_MESSAGE = 'The kitchen is offline; online orders are paused.';

/** Why orders are paused, when it is not simply someone's choice. */
export type PauseReason = 'kitchen-offline';

/**
 * "We're not taking online orders right now - back at 18:40" (or without the time), or the
 * watchdog's reason.
 */
export function pausedMessage(resumesAt: string | null, reason: PauseReason | null = null): string {
  if (reason === 'kitchen-offline') return KITCHEN_OFFLINE_MESSAGE;
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
  /** Who paused (decision 023); absent or null on rows from before it. */
  pausedBy?: 'manual' | 'watchdog' | null;
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
    pauseReason: paused && row?.pausedBy === 'watchdog' ? 'kitchen-offline' : null,
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
