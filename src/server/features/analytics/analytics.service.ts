/**
 * Visitor analytics that store no one's IP (decision 015; the rules are written once in
 * src/shared/analytics/analytics.schema.ts). A page view is stored with the day's salted hash
 * of the visitor's address and user agent; the salt is replaced every day and the old one is
 * gone, so nobody (us included) can link a hash to a person or across days.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyticsDaily, analyticsDailyPages, pageViews, serverSecrets } from '../../db/schema.ts';
import {
  BACK_OFFICE_PATHS,
  FUNNEL_STEPS,
  isBackOfficePath,
  OTHER_REFERRER,
  PAGE_LABELS,
  pageLabel,
  referrerSource,
  type DailyVisitorStats,
  type RangeAnalytics,
} from '#shared/analytics/analytics.schema.ts';
import { addDays } from '#shared/time/shop-time.ts';
import { shopToday } from '../shop-hours/index.ts';
import { getSetting } from '../settings/index.ts';

const SALT_KEY = 'analytics_salt';

/** Paths kept as they are; anything else (an order's page, a typo) is counted as '/other'. */
const KNOWN_PATHS = new Set<string>([...Object.keys(PAGE_LABELS), ...BACK_OFFICE_PATHS]);

/** The path without query, fragment or trailing slash; unknown paths become '/other'. */
function normalisePath(raw: string): string {
  const path = raw.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (KNOWN_PATHS.has(path)) return path;
  // The confirmation page carries an order id: never store it.
  if (path.startsWith('/order-confirmation')) return '/order-confirmation';
  return '/other';
}

/**
 * Where the visitor came from, as kept: a REFERRER_SOURCES name or 'other' for another site;
 * null for none, ourselves or junk. No other host is ever stored (decision 015).
 */
export function referrerHost(referrer: string, ownHost: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = url.hostname.toLowerCase();
    const own = (ownHost ?? '').split(':')[0]!.toLowerCase();
    return host && host !== own ? referrerSource(host) : null;
  } catch {
    return null;
  }
}

/** The day's salt, made by whichever instance first needs it that day; yesterday's is replaced. */
const saltCache = new Map<string, string>();
async function saltOf(db: Db, day: string): Promise<string> {
  const cached = saltCache.get(day);
  if (cached) return cached;
  const fresh = `${day}:${randomBytes(32).toString('base64url')}`;
  await db
    .insert(serverSecrets)
    .values({ name: SALT_KEY, value: fresh })
    .onConflictDoUpdate({
      target: serverSecrets.name,
      set: { value: fresh },
      // Only replace another day's salt: two instances on the same day keep the first.
      setWhere: sql`split_part(${serverSecrets.value}, ':', 1) <> ${day}`,
    });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SALT_KEY));
  const salt = row!.value;
  saltCache.clear();
  saltCache.set(day, salt);
  return salt;
}

function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${salt}\n${address}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}

export interface PageViewInput {
  path: string;
  /** The request carried a valid staff session: staff at work are not visitors. */
  signedIn: boolean;
  referrer: string;
  isNewVisitor: boolean;
  address: string;
  userAgent: string;
  ownHost: string | undefined;
}

/**
 * POST /api/analytics/page-view: stores the view, or not: back-office pages and anyone signed in
 * are staff at work, not visits (decision 015).
 */
export async function recordPageView(db: Db, input: PageViewInput, now: Date): Promise<boolean> {
  const path = normalisePath(input.path);
  if (input.signedIn || isBackOfficePath(path)) return false;
  const day = await shopToday(db, now);
  const salt = await saltOf(db, day);
  await db.insert(pageViews).values({
    path,
    visitorId: visitorHash(salt, input.address, input.userAgent),
    isNewVisitor: input.isNewVisitor,
    day,
    referrerHost: referrerHost(input.referrer, input.ownHost),
    createdAt: now,
  });
  await purgeOldViews(db, day, now);
  return true;
}

interface DayFigures {
  uniqueVisitors: number;
  newVisitors: number;
  pageViews: number;
  funnelMenu: number;
  funnelCart: number;
  funnelCheckout: number;
  funnelPaid: number;
}

/** Visitors who did this step and every step before it (FUNNEL_STEPS), as a SQL condition. */
function didStepsUpTo(index: number) {
  return sql.join(
    FUNNEL_STEPS.slice(0, index + 1).map(
      (step) =>
        sql`bool_or(${pageViews.path} in (${sql.join(
          step.paths.map((path) => sql`${path}`),
          sql`, `,
        )}))`,
    ),
    sql` and `,
  );
}

/** One day's figures from its raw views (the day must still have them). */
async function figuresFromRaw(db: Db, day: string) {
  const [figures] = await db
    .select({
      uniqueVisitors: sql<number>`count(distinct ${pageViews.visitorId})::int`,
      newVisitors: sql<number>`(count(distinct ${pageViews.visitorId}) filter (where ${pageViews.isNewVisitor}))::int`,
      pageViews: sql<number>`count(*)::int`,
    })
    .from(pageViews)
    .where(eq(pageViews.day, day));
  // One row per visitor of the day: which funnel steps they did, each after all before it.
  const perVisitor = db
    .select({
      menu: sql<boolean>`${didStepsUpTo(0)}`.as('menu'),
      cart: sql<boolean>`${didStepsUpTo(1)}`.as('cart'),
      checkout: sql<boolean>`${didStepsUpTo(2)}`.as('checkout'),
      paid: sql<boolean>`${didStepsUpTo(3)}`.as('paid'),
    })
    .from(pageViews)
    .where(eq(pageViews.day, day))
    .groupBy(pageViews.visitorId)
    .as('per_visitor');
  const [funnel] = await db
    .select({
      funnelMenu: sql<number>`(count(*) filter (where ${perVisitor.menu}))::int`,
      funnelCart: sql<number>`(count(*) filter (where ${perVisitor.cart}))::int`,
      funnelCheckout: sql<number>`(count(*) filter (where ${perVisitor.checkout}))::int`,
      funnelPaid: sql<number>`(count(*) filter (where ${perVisitor.paid}))::int`,
    })
    .from(perVisitor);
  const pages = await db
    .select({ key: pageViews.path, views: sql<number>`count(*)::int` })
    .from(pageViews)
    .where(eq(pageViews.day, day))
    .groupBy(pageViews.path);
  const referrers = await db
    .select({ key: sql<string>`${pageViews.referrerHost}`, views: sql<number>`count(*)::int` })
    .from(pageViews)
    .where(and(eq(pageViews.day, day), sql`${pageViews.referrerHost} is not null`))
    .groupBy(pageViews.referrerHost);
  return { figures: { ...figures!, ...funnel! } as DayFigures, pages, referrers };
}

/** Writes one day's figures from its raw views (POST /api/admin/analytics/refresh). */
export async function aggregateDay(db: Db, day: string): Promise<void> {
  const { figures, pages, referrers } = await figuresFromRaw(db, day);
  await db.transaction(async (tx) => {
    await tx.delete(analyticsDailyPages).where(eq(analyticsDailyPages.day, day));
    await tx.delete(analyticsDaily).where(eq(analyticsDaily.day, day));
    if (figures.pageViews === 0) return;
    await tx.insert(analyticsDaily).values({
      day,
      ...figures,
      returningVisitors: figures.uniqueVisitors - figures.newVisitors,
    });
    const rows = [
      ...pages.map((page) => ({ day, kind: 'page' as const, key: page.key, views: page.views })),
      ...referrers.map((ref) => ({
        day,
        kind: 'referrer' as const,
        key: ref.key,
        views: ref.views,
      })),
    ];
    if (rows.length) await tx.insert(analyticsDailyPages).values(rows);
  });
}

async function rawDays(db: Db): Promise<number> {
  const days = Number(await getSetting(db, 'analytics_raw_days'));
  return Number.isInteger(days) && days >= 1 && days <= 30 ? days : 30;
}

/**
 * Past days that still have raw views but no daily figures are summed up; raw views older than
 * `analytics_raw_days` are then deleted. Runs at most once an hour per process.
 */
let lastPurgeAt = 0;
async function purgeOldViews(db: Db, today: string, now: Date, force = false) {
  if (!force && now.getTime() - lastPurgeAt < 3_600_000 && now.getTime() >= lastPurgeAt) return;
  lastPurgeAt = now.getTime();
  await summarisePastDays(db, today);
  const cutoff = addDays(today, -(await rawDays(db)));
  await db.delete(pageViews).where(lt(pageViews.day, cutoff));
}

/** Days before today with raw views and no daily row yet get their daily row. */
async function summarisePastDays(db: Db, today: string, from?: string, to?: string) {
  const missing = await db
    .selectDistinct({ day: pageViews.day })
    .from(pageViews)
    .leftJoin(analyticsDaily, eq(analyticsDaily.day, pageViews.day))
    .where(
      and(
        lt(pageViews.day, today),
        isNull(analyticsDaily.day),
        from ? gte(pageViews.day, from) : undefined,
        to ? lte(pageViews.day, to) : undefined,
      ),
    );
  for (const { day } of missing) if (day) await aggregateDay(db, day);
}

/** GET /api/admin/analytics/daily, or one day: today is read live from the raw views. */
export async function dailyStats(db: Db, day: string, today: string): Promise<DailyVisitorStats> {
  if (day >= today) {
    const { figures } = await figuresFromRaw(db, day);
    return {
      date: day,
      uniqueVisitors: figures.uniqueVisitors,
      newVisitors: figures.newVisitors,
      returningVisitors: figures.uniqueVisitors - figures.newVisitors,
      totalPageViews: figures.pageViews,
    };
  }
  await summarisePastDays(db, today, day, day);
  const [row] = await db.select().from(analyticsDaily).where(eq(analyticsDaily.day, day));
  return {
    date: day,
    uniqueVisitors: row?.uniqueVisitors ?? 0,
    newVisitors: row?.newVisitors ?? 0,
    returningVisitors: row?.returningVisitors ?? 0,
    totalPageViews: row?.pageViews ?? 0,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** GET /api/admin/analytics/visitors: past days from their daily rows, today live. */
export async function rangeAnalytics(
  db: Db,
  startDate: string,
  endDate: string,
  today: string,
): Promise<RangeAnalytics> {
  await summarisePastDays(db, today, startDate, endDate);
  const pastEnd = endDate < today ? endDate : addDays(today, -1);
  const [daily, keyed] = await Promise.all([
    db
      .select()
      .from(analyticsDaily)
      .where(and(gte(analyticsDaily.day, startDate), lte(analyticsDaily.day, pastEnd)))
      .orderBy(asc(analyticsDaily.day)),
    db
      .select({
        kind: analyticsDailyPages.kind,
        key: analyticsDailyPages.key,
        views: sql<number>`sum(${analyticsDailyPages.views})::int`,
      })
      .from(analyticsDailyPages)
      .where(and(gte(analyticsDailyPages.day, startDate), lte(analyticsDailyPages.day, pastEnd)))
      .groupBy(analyticsDailyPages.kind, analyticsDailyPages.key),
  ]);
  const byDay = new Map<string, DayFigures>(daily.map((row) => [row.day, row]));
  const pageViewsOf = new Map<string, number>();
  const referrerViews = new Map<string, number>();
  for (const row of keyed) {
    // Days summed before referrers were bounded kept the host: fold it into its name now.
    const key =
      row.kind === 'page' || row.key === OTHER_REFERRER ? row.key : referrerSource(row.key);
    const target = row.kind === 'page' ? pageViewsOf : referrerViews;
    target.set(key, (target.get(key) ?? 0) + row.views);
  }
  if (startDate <= today && today <= endDate) {
    const live = await figuresFromRaw(db, today);
    byDay.set(today, live.figures);
    for (const page of live.pages)
      pageViewsOf.set(page.key, (pageViewsOf.get(page.key) ?? 0) + page.views);
    for (const ref of live.referrers) {
      referrerViews.set(ref.key, (referrerViews.get(ref.key) ?? 0) + ref.views);
    }
  }

  const dailyStats: RangeAnalytics['dailyStats'] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
    const figures = byDay.get(day);
    dailyStats.push({
      date: day,
      visitors: figures?.uniqueVisitors ?? 0,
      newVisitors: figures?.newVisitors ?? 0,
      returningVisitors: figures ? figures.uniqueVisitors - figures.newVisitors : 0,
      pageViews: figures?.pageViews ?? 0,
    });
  }
  const sum = (pick: (figures: DayFigures) => number) =>
    [...byDay.values()].reduce((total, figures) => total + pick(figures), 0);
  const uniqueVisitors = sum((figures) => figures.uniqueVisitors);
  const newVisitors = sum((figures) => figures.newVisitors);
  const totalPageViews = sum((figures) => figures.pageViews);

  const ranked = (views: Map<string, number>) =>
    [...views.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    startDate,
    endDate,
    uniqueVisitors,
    newVisitors,
    returningVisitors: uniqueVisitors - newVisitors,
    totalPageViews,
    averagePageViewsPerVisitor: uniqueVisitors ? round1(totalPageViews / uniqueVisitors) : 0,
    dailyStats,
    topPages: ranked(pageViewsOf).map(([path, views]) => ({ path, label: pageLabel(path), views })),
    topReferrers: ranked(referrerViews)
      .slice(0, 10)
      .map(([host, views]) => ({ host, views })),
    funnel: {
      menu: sum((figures) => figures.funnelMenu),
      cart: sum((figures) => figures.funnelCart),
      checkout: sum((figures) => figures.funnelCheckout),
      paid: sum((figures) => figures.funnelPaid),
    },
  };
}
