/**
 * A timed pause or busy mode ends by itself on the server (no job runs): ask again just after
 * it ends, so no screen goes on showing a pause that is over until the next poll.
 */
import { useEffect } from 'react';
import type { OnlineOrdering } from '#shared/online-ordering/online-ordering.ts';

/**
 * `updatedAt` (the query's dataUpdatedAt) re-arms the timer after a refetch that brought the
 * same state back, which keeps the same object reference.
 */
export function useRefetchWhenLifted(
  state: OnlineOrdering | undefined,
  updatedAt: number,
  refetch: () => void,
) {
  useEffect(() => {
    const wait = state ? msUntilStateLifts(state, Date.now()) : null;
    if (wait === null) return;
    const timer = setTimeout(refetch, wait);
    return () => clearTimeout(timer);
  }, [state, updatedAt, refetch]);
}

/** A little after the moment, so the server's clock has passed it too. */
const AFTER_END_MS = 1_000;
/** The server still reports a pause whose end this clock has passed (clock skew): ask again. */
const RETRY_MS = 5_000;
/** setTimeout's longest delay is about 24.8 days; a day is plenty (polling covers the rest). */
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * Milliseconds until the state should be fetched again because a timed pause or busy mode
 * ends by itself, or null when nothing ends by itself.
 */
export function msUntilStateLifts(
  state: Pick<OnlineOrdering, 'pausedUntil' | 'busyUntil'>,
  now: number,
): number | null {
  const ends = [state.pausedUntil, state.busyUntil]
    .filter((value): value is string => value !== null)
    .map((value) => Date.parse(value))
    .filter((value) => Number.isFinite(value));
  if (ends.length === 0) return null;
  const wait = Math.min(...ends) - now;
  if (wait <= 0) return RETRY_MS;
  return Math.min(wait + AFTER_END_MS, LONGEST_WAIT_MS);
}
