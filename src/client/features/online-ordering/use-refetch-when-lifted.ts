/**
 * A timed pause or busy mode ends by itself on the server (no job runs): ask again just after
 * it ends, so no screen goes on showing a pause that is over until the next poll.
 */
import { useEffect } from 'react';
import type { OnlineOrdering } from '#shared/online-ordering/online-ordering.ts';
import { msUntilStateLifts } from './online-ordering-display.ts';

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
