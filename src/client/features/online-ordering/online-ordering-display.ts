/**
 * What the pause and busy controls say (DESIGN.md decision 014); when the state lifts by itself
 * is lib/shop/use-refetch-when-lifted.ts, which the storefront's reads use too. Plain functions:
 * the wording is tested here, the screens only render it.
 */
import {
  BUSY_CHOICES,
  PAUSE_CHOICES,
  preparationLabel,
} from '#shared/online-ordering/online-ordering-rules.ts';
import type { OnlineOrdering } from '#shared/online-ordering/online-ordering.ts';

export type PauseChoice = (typeof PAUSE_CHOICES)[number] | null;
export type BusyChoice = (typeof BUSY_CHOICES)[number];

/** The pause dialog's choices, in order: the timed ones, then until resumed. */
export const PAUSE_OPTIONS: readonly PauseChoice[] = [...PAUSE_CHOICES, null];

/**
 * "Online orders: taking orders", "Paused until 18:40", "Paused until resumed", or the
 * watchdog's "Paused: kitchen offline" (decision 023).
 */
export function orderingStateLabel(
  state: Pick<OnlineOrdering, 'paused' | 'resumesAt'> & {
    pauseReason?: OnlineOrdering['pauseReason'];
  },
): string {
  if (!state.paused) return 'Online orders: taking orders';
  if (state.pauseReason === 'kitchen-offline') return 'Paused: kitchen offline';
  return state.resumesAt ? `Paused until ${state.resumesAt}` : 'Paused until resumed';
}

/** "Busy +10 min" while busy, null otherwise. */
export function busyLabel(extraMinutes: number): string | null {
  return extraMinutes > 0 ? `Busy +${extraMinutes} min` : null;
}

/** "Customers are quoted 25-30 minutes". */
export function quotedLabel(minutes: { from: number; to: number }): string {
  return `Customers are quoted ${preparationLabel(minutes)}`;
}

/** The pause dialog's buttons: "15 min" … "Until resumed". */
export function pauseChoiceLabel(minutes: PauseChoice): string {
  return minutes === null ? 'Until resumed' : `${minutes} min`;
}

/** The busy buttons: "Not busy", "Busy +10", "Busy +20". */
export function busyChoiceLabel(extraMinutes: BusyChoice): string {
  return extraMinutes === 0 ? 'Not busy' : `Busy +${extraMinutes}`;
}

/** The success toast's line after a pause. */
export function pausedToastDescription(state: Pick<OnlineOrdering, 'resumesAt'>): string {
  return state.resumesAt
    ? `Customers can order online again at ${state.resumesAt}`
    : 'Customers cannot order online until you resume';
}
