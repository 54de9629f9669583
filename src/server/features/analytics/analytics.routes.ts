import type { AppInstance } from '../../http/types.ts';
import { shopToday } from '../shop-hours/index.ts';
import {
  analyticsRangeQuerySchema,
  analyticsRefreshSchema,
  dailyVisitorStatsSchema,
  MAX_ANALYTICS_RANGE_DAYS,
  pageViewSchema,
  rangeAnalyticsSchema,
} from '#shared/analytics/analytics.schema.ts';
import { dayStringSchema } from '#shared/admin-dashboard/dashboard.schema.ts';
import { addDays } from '#shared/time/shop-time.ts';
import { badRequest } from '../../http/errors.ts';
import { sessionUser } from '../auth/index.ts';
import { aggregateDay, dailyStats, rangeAnalytics, recordPageView } from './analytics.service.ts';

/** Visitor analytics (decision 015): one public report call, the panel's calls admin only. */
export async function analyticsFeature(app: AppInstance) {
  const { db, now, config } = app;
  app.post(
    '/api/analytics/page-view',
    {
      schema: { body: pageViewSchema },
      // Page views a minute from one address (PAGE_VIEWS_PER_MINUTE, 60): a person clicks far
      // fewer; a script gets 429.
      config: { rateLimit: { max: config.pageViewsPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      // The address and user agent are hashed with the day's salt and never stored.
      await recordPageView(
        db,
        {
          path: request.body.path,
          // Staff browsing the shop while signed in are at work, not visiting.
          signedIn: (await sessionUser(request, app)) !== null,
          referrer: request.body.referrer,
          isNewVisitor: request.body.isNewVisitor,
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          ownHost: request.headers.host,
        },
        now(),
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/admin/analytics/daily',
    { schema: { response: { 200: dailyVisitorStatsSchema } } },
    async () => {
      const today = await shopToday(db, now());
      return dailyStats(db, today, today);
    },
  );

  app.get(
    '/api/admin/analytics/visitors',
    { schema: { querystring: analyticsRangeQuerySchema, response: { 200: rangeAnalyticsSchema } } },
    async (request) => {
      const today = await shopToday(db, now());
      // Spec §9: the last 7 days to today by default.
      const endDate = request.query.endDate ?? today;
      const startDate = request.query.startDate ?? addDays(endDate, -6);
      for (const date of [startDate, endDate]) {
        if (!dayStringSchema.safeParse(date).success) throw badRequest(`${date} is not a date.`);
      }
      if (startDate > endDate) throw badRequest('The start date must not be after the end date.');
      if (addDays(startDate, MAX_ANALYTICS_RANGE_DAYS) <= endDate) {
        throw badRequest('Choose at most a year at a time.');
      }
      return rangeAnalytics(db, startDate, endDate, today);
    },
  );

  app.post(
    '/api/admin/analytics/refresh',
    { schema: { body: analyticsRefreshSchema, response: { 200: dailyVisitorStatsSchema } } },
    async (request) => {
      const today = await shopToday(db, now());
      const { date } = request.body;
      if (!dayStringSchema.safeParse(date).success) throw badRequest(`${date} is not a date.`);
      // Today is always read live; only a finished day is written down.
      if (date < today) await aggregateDay(db, date);
      return dailyStats(db, date, today);
    },
  );
}
