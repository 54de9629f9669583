/**
 * Visitor analytics that store no one's IP (spec back-office "Visitor Analytics panel", §3
 * "Daily visitor stats", "Range analytics"; decision 015).
 *
 * - The browser reports each page view: the path without its query, the referrer's host, and
 *   whether this browser is new today (it keeps a random first-party id and its first day in
 *   localStorage; neither is sent). No cookie.
 * - The server never stores an IP address or a user agent: a visitor is a hash of them with a
 *   salt that is replaced every day (the old one is discarded), so a visitor is the same within
 *   a day and cannot be followed across days. Unique visitors over a range are the sum of each
 *   day's.
 * - Raw page views are kept `analytics_raw_days` (default 30) days; daily figures for ever.
 */
import { z } from 'zod';

/** Pages whose views are counted, and their names (spec: the panel's path labels). */
export const PAGE_LABELS: Record<string, string> = {
  '/': 'Homepage',
  '/checkout': 'Checkout Page',
  '/admin': 'Admin Dashboard',
  '/kitchen': 'Kitchen Display',
  '/track': 'Order Tracking',
  '/table': 'Table Ordering',
  '/cart': 'Cart (opened)',
  '/order-confirmation': 'Order Confirmation',
  '/menu-management': 'Menu Editor',
  '/calendar': 'Order Calendar',
  '/pos': 'Admin POS',
  '/staff-pos': 'Staff POS',
};

/** Back-office and kitchen pages (excluded when the setting analytics_count_back_office is 'false'). */
export const BACK_OFFICE_PATHS = [
  '/admin',
  '/kitchen',
  '/menu-management',
  '/calendar',
  '/pos',
  '/staff-pos',
  '/qr-codes',
  '/staff-management',
  '/delivery-platforms',
  '/shop-hours',
  '/settings',
  '/notification-test',
  '/login',
  '/staff-login',
  '/kitchen-login',
] as const;

export function pageLabel(path: string): string {
  return PAGE_LABELS[path] ?? path;
}

/** POST /api/analytics/page-view (public, rate-limited, answers 204). */
export const pageViewSchema = z.object({
  /** The path only: a query or fragment is cut off by the server too. */
  path: z.string().min(1).max(200).regex(/^\//, 'A path starts with /'),
  /** document.referrer; only its host is kept, and only when it is another site. */
  referrer: z.string().max(500).optional().default(''),
  /** This browser had no first-party id before today. */
  isNewVisitor: z.boolean(),
});
export type PageViewReport = z.input<typeof pageViewSchema>;

/** GET /api/admin/analytics/daily, and one day of a range. */
export const dailyVisitorStatsSchema = z.object({
  date: z.string(),
  uniqueVisitors: z.number().int(),
  newVisitors: z.number().int(),
  returningVisitors: z.number().int(),
  totalPageViews: z.number().int(),
});
export type DailyVisitorStats = z.infer<typeof dailyVisitorStatsSchema>;

export const analyticsRangeQuerySchema = z.object({
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-31')
    .optional(),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-31')
    .optional(),
});

/** GET /api/admin/analytics/visitors?startDate&endDate (default: the last 7 days to today). */
export const rangeAnalyticsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  uniqueVisitors: z.number().int(),
  newVisitors: z.number().int(),
  returningVisitors: z.number().int(),
  totalPageViews: z.number().int(),
  /** Page views per visitor, 1 decimal (spec §9). */
  averagePageViewsPerVisitor: z.number(),
  /** Every day of the range, oldest first (days without views give zeros). */
  dailyStats: z.array(
    z.object({
      date: z.string(),
      visitors: z.number().int(),
      newVisitors: z.number().int(),
      returningVisitors: z.number().int(),
      pageViews: z.number().int(),
    }),
  ),
  /** Most viewed first. */
  topPages: z.array(z.object({ path: z.string(), label: z.string(), views: z.number().int() })),
  /** Where visitors came from (other sites' hosts), most first. */
  topReferrers: z.array(z.object({ host: z.string(), views: z.number().int() })),
  /** Visitors who saw the menu, opened the cart, reached checkout; paid website and table orders. */
  funnel: z.object({
    menu: z.number().int(),
    cart: z.number().int(),
    checkout: z.number().int(),
    paid: z.number().int(),
  }),
});
export type RangeAnalytics = z.infer<typeof rangeAnalyticsSchema>;

/** POST /api/admin/analytics/refresh */
export const analyticsRefreshSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-31'),
});

/** At most this many days in one range query. */
export const MAX_ANALYTICS_RANGE_DAYS = 366;
