/**
 * The day's figures, item sales and orders (spec back-office §7). Today's answers are live:
 * the WebSocket invalidates them (DESIGN.md departure 6) and the spec's polling stays as the
 * fallback (§4, §9: stats and item sales 10 s, orders 5 s; the page polls the orders only while
 * its socket is not open). A past day does not change by itself, so it is fetched once.
 *
 * Keys are the URLs, like the rest of the app: today's stats and item sales use the paths
 * without a date (the server knows which day is today on the shop's clock), a past day's carry
 * the date.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type AdminOrder,
  adminOrderSchema,
  dashboardStatsSchema,
  itemSaleSchema,
} from '#shared/admin-dashboard/dashboard.schema.ts';
import { apiGet } from '#client/lib/api-client.ts';
import { withOrder } from '../lib/order-list.ts';

const STATS_PATH = '/api/admin/stats';
const ITEM_SALES_PATH = '/api/admin/item-sales';
const ORDERS_PATH = '/api/admin/orders';
export const AUDIT_LOG_PATH = '/api/admin/audit-log';

const STATS_POLL_MS = 10_000;
const ORDERS_POLL_MS = 5_000;

/** `null` is today. */
type Day = string | null;
const keyFor = (path: string, day: Day) => (day === null ? [path] : [path, day]);
const urlFor = (path: string, day: Day) =>
  day === null ? path : `${path}/${encodeURIComponent(day)}`;

/**
 * GET /api/admin/stats(/:date). Today's answer also says which day today is (`date`), so it is
 * asked for whichever day is shown; it polls only while today is on screen.
 */
export const statsQuery = (day: Day, poll: boolean) =>
  queryOptions({
    queryKey: keyFor(STATS_PATH, day),
    queryFn: async () => dashboardStatsSchema.parse(await apiGet(urlFor(STATS_PATH, day))),
    refetchInterval: poll ? STATS_POLL_MS : false,
    retry: 2,
  });

/** GET /api/admin/item-sales(/:date) */
export const itemSalesQuery = (day: Day, poll: boolean) =>
  queryOptions({
    queryKey: keyFor(ITEM_SALES_PATH, day),
    queryFn: async () => z.array(itemSaleSchema).parse(await apiGet(urlFor(ITEM_SALES_PATH, day))),
    refetchInterval: poll ? STATS_POLL_MS : false,
  });

/** GET /api/admin/orders/:date, with a query (`deleted=true`, `order=<id>`) or none. */
const dayOrders = async (day: string, query: string) =>
  z
    .array(adminOrderSchema)
    .parse(await apiGet(`${ORDERS_PATH}/${encodeURIComponent(day)}${query ? `?${query}` : ''}`));

/** GET /api/admin/orders/:date, or that day's deleted orders (?deleted=true). Newest first. */
export const ordersQuery = (day: string, { deleted, poll }: { deleted: boolean; poll: boolean }) =>
  queryOptions({
    queryKey: deleted ? [ORDERS_PATH, day, 'deleted'] : [ORDERS_PATH, day],
    queryFn: () => dayOrders(day, deleted ? 'deleted=true' : ''),
    refetchInterval: poll ? ORDERS_POLL_MS : false,
    // The new-order sound listens to this list: keep it fresh in a background tab too.
    refetchIntervalInBackground: poll,
  });

export const useOrders = (
  day: string | undefined,
  options: { deleted: boolean; poll: boolean; enabled?: boolean },
) =>
  useQuery({
    ...ordersQuery(day ?? '', options),
    enabled: day !== undefined && (options.enabled ?? true),
  });

/**
 * One order changed (the socket says which): today's figures are refetched, and today's list
 * takes that one order as the server now lists it (GET /api/admin/orders/:date?order=<id>)
 * rather than the whole day again. Each order's answers are applied in the order they were
 * asked, and a list not loaded yet, a list being fetched or a failed read falls back to
 * refetching today.
 */
export function applyOrderChange(queryClient: QueryClient, today: string | undefined) {
  const asked = new Map<string, number>();
  let count = 0;
  return async (orderId: string) => {
    const key = [ORDERS_PATH, today];
    if (
      !today ||
      !queryClient.getQueryData(key) ||
      queryClient.isFetching({ queryKey: key, exact: true })
    ) {
      return invalidateToday(queryClient, today);
    }
    const mine = ++count;
    asked.set(orderId, mine);
    const figures = Promise.all([
      queryClient.invalidateQueries({ queryKey: [STATS_PATH], exact: true }),
      queryClient.invalidateQueries({ queryKey: [ITEM_SALES_PATH], exact: true }),
      queryClient.invalidateQueries({ queryKey: [ORDERS_PATH, today, 'deleted'], exact: true }),
    ]);
    let listed: AdminOrder[];
    try {
      listed = await dayOrders(today, `order=${encodeURIComponent(orderId)}`);
    } catch {
      return Promise.all([figures, invalidateToday(queryClient, today)]);
    }
    if (asked.get(orderId) !== mine) return figures;
    asked.delete(orderId);
    queryClient.setQueryData<AdminOrder[]>(key, (list) =>
      list === undefined ? list : withOrder(list, orderId, listed[0]),
    );
    return figures;
  };
}

/** The socket came back, or the page cannot apply one order's change: refetch what today shows. */
export function invalidateToday(queryClient: QueryClient, today: string | undefined) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [STATS_PATH], exact: true }),
    queryClient.invalidateQueries({ queryKey: [ITEM_SALES_PATH], exact: true }),
    // Both of today's lists: the orders and the deleted ones.
    today ? queryClient.invalidateQueries({ queryKey: [ORDERS_PATH, today] }) : undefined,
  ]);
}

/** After a change made here (delete, payment): every day's figures and lists may differ. */
export function invalidateDashboard(queryClient: QueryClient) {
  return Promise.all(
    [STATS_PATH, ITEM_SALES_PATH, ORDERS_PATH, AUDIT_LOG_PATH].map((path) =>
      queryClient.invalidateQueries({ queryKey: [path] }),
    ),
  );
}
