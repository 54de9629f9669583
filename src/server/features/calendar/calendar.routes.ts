import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import {
  monthParamSchema,
  monthlyStatsSchema,
  yearParamSchema,
  yearlyStatsSchema,
} from '#shared/calendar/calendar.schema.ts';
import { monthlyStats, yearlyStats } from './calendar.service.ts';

/** The Order Calendar's figures (spec back-office §7); admin only (auth/access.ts). */
export async function calendarFeature(app: AppInstance) {
  const { db } = app;
  app.get(
    '/api/admin/stats/monthly/:year/:month',
    {
      schema: {
        params: z.object({ year: yearParamSchema, month: monthParamSchema }),
        response: { 200: monthlyStatsSchema },
      },
    },
    (request) => monthlyStats(db, request.params.year, request.params.month),
  );
  app.get(
    '/api/admin/stats/yearly/:year',
    {
      schema: {
        params: z.object({ year: yearParamSchema }),
        response: { 200: yearlyStatsSchema },
      },
    },
    (request) => yearlyStats(db, request.params.year),
  );
}
