import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';

/**
 * "Ready in about N minutes" in the cart (decision 026): the as-soon-as-possible quote of
 * GET /api/pickup-slots for a cart of N prep units, the kitchen's queue read every minute. Only
 * the quote is read, by hand: the response's schema (zod) stays out of the storefront's first
 * download, where the cart lives.
 */
const asapQuoteQuery = (units: number) =>
  queryOptions({
    queryKey: ['/api/pickup-slots', 'asap', units],
    queryFn: async () => {
      const body = await apiGet<{ asapMinutes?: unknown }>(`/api/pickup-slots?units=${units}`);
      const minutes = body.asapMinutes;
      return typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 0
        ? minutes
        : null;
    },
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

/** Off until the cart's units are known (undefined). */
export function useAsapQuote(units: number | undefined) {
  return useQuery({ ...asapQuoteQuery(units ?? 0), enabled: units !== undefined });
}
