/**
 * The Order Calendar's calls (spec back-office §7): the month's and the year's figures and the
 * selected day's orders, each parsed with the shared contract.
 *
 * Refresh (spec §4, §9: calendar orders, monthly and yearly stats every 30 s): only what can
 * still change polls, i.e. the month and year that hold today and today's orders. A past
 * month, year or day is closed: it is fetched once (the app's queries never go stale) and a
 * reload fetches it again. NOTE: a deletion or a late payment on a past day is the exception;
 * going to another month and back does not refetch it, a reload does.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthlyStatsSchema, yearlyStatsSchema } from '#shared/calendar/calendar.schema.ts';
import { apiGet } from '#client/lib/api-client.ts';
import { ordersQuery, statsQuery } from '../../admin-dashboard/index.ts';
import type { YearMonth } from '../calendar-month.ts';

const CALENDAR_POLL_MS = 30_000;

const MONTHLY_PATH = '/api/admin/stats/monthly';
const YEARLY_PATH = '/api/admin/stats/yearly';

/** GET /api/admin/stats/monthly/:year/:month */
const monthlyStatsQuery = ({ year, month }: YearMonth, poll: boolean) =>
  queryOptions({
    queryKey: [MONTHLY_PATH, year, month],
    queryFn: async () => monthlyStatsSchema.parse(await apiGet(`${MONTHLY_PATH}/${year}/${month}`)),
    refetchInterval: poll ? CALENDAR_POLL_MS : false,
    retry: 1,
  });

/** GET /api/admin/stats/yearly/:year */
const yearlyStatsQuery = (year: number, poll: boolean) =>
  queryOptions({
    queryKey: [YEARLY_PATH, year],
    queryFn: async () => yearlyStatsSchema.parse(await apiGet(`${YEARLY_PATH}/${year}`)),
    refetchInterval: poll ? CALENDAR_POLL_MS : false,
    retry: 1,
  });

export const useMonthlyStats = (month: YearMonth, { poll }: { poll: boolean }) =>
  useQuery(monthlyStatsQuery(month, poll));

export const useYearlyStats = (year: number, { poll }: { poll: boolean }) =>
  useQuery(yearlyStatsQuery(year, poll));

/**
 * GET /api/admin/orders/:date, the dashboard's query (same key, so the two screens share the
 * answer), polled at the calendar's pace while the day is today.
 */
export const useDayOrders = (day: string | null, { poll }: { poll: boolean }) =>
  useQuery({
    ...ordersQuery(day ?? '', { deleted: false, poll: false }),
    refetchInterval: poll ? CALENDAR_POLL_MS : false,
    enabled: day !== null,
  });

/**
 * Today on the shop's clock: the `date` of GET /api/admin/stats (the dashboard's query, asked
 * again every 30 s here so the calendar moves on at midnight).
 */
export const useShopToday = () =>
  useQuery({ ...statsQuery(null, false), refetchInterval: CALENDAR_POLL_MS });
