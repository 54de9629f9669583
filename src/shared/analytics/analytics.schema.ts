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
import { PAGE_LABELS } from './analytics-paths.ts';

export { BACK_OFFICE_PATHS, isBackOfficePath, PAGE_LABELS } from './analytics-paths.ts';

/**
 * The funnel's steps, in order (decision 015). A visitor counts at a step only after doing every
 * step before it on the same day, so no step is above the one before it: the menu (the
 * storefront `/` or a table's page `/table`), the cart opened, checkout reached, paid.
 */
export const FUNNEL_STEPS = [
  { key: 'menu', paths: ['/', '/table'] },
  { key: 'cart', paths: ['/cart'] },
  { key: 'checkout', paths: ['/checkout'] },
  { key: 'paid', paths: ['/paid'] },
] as const;

/**
 * Referring sites kept by name (decision 015): a host is stored only as one of these, and any
 * other site as 'other', so that the stored values are a short known list (a referrer's host
 * can be a person's own site or a private tool).
 */
const REFERRER_SOURCES: readonly (readonly [name: string, hosts: RegExp])[] = [
  ['google.com', /(^|\.)google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/],
  ['bing.com', /(^|\.)bing\.com$/],
  ['duckduckgo.com', /(^|\.)duckduckgo\.com$/],
  ['yahoo.com', /(^|\.)yahoo\.com$/],
  ['ecosia.org', /(^|\.)ecosia\.org$/],
  ['yandex.com', /(^|\.)yandex\.(com|ru)$/],
  ['facebook.com', /(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/],
  ['instagram.com', /(^|\.)instagram\.com$/],
  ['x.com', /(^|\.)(x\.com|twitter\.com|t\.co)$/],
  ['tiktok.com', /(^|\.)tiktok\.com$/],
  ['youtube.com', /(^|\.)(youtube\.com|youtu\.be)$/],
  ['linkedin.com', /(^|\.)(linkedin\.com|lnkd\.in)$/],
  ['tripadvisor.com', /(^|\.)tripadvisor\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/],
  ['wolt.com', /(^|\.)wolt\.com$/],
  ['bolt.eu', /(^|\.)bolt\.eu$/],
];
export const OTHER_REFERRER = 'other';

/** The name a referring host is kept under: one of REFERRER_SOURCES, or 'other'. */
export function referrerSource(host: string): string {
  const clean = host.trim().toLowerCase().replace(/\.$/, '');
  for (const [name, hosts] of REFERRER_SOURCES) if (hosts.test(clean)) return name;
  return OTHER_REFERRER;
}

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
  /** Where visitors came from: REFERRER_SOURCES names and 'other', most first. */
  topReferrers: z.array(z.object({ host: z.string(), views: z.number().int() })),
  /** Visitors at each FUNNEL_STEPS step who did every step before it that day. */
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
