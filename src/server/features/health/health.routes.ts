import { sql } from 'drizzle-orm';
import type { AppInstance } from '../../http/types.ts';

export async function healthFeature(app: AppInstance) {
  const { db, database } = app;
  // For load balancers and uptime checks: 200 only when the database answers.
  app.get('/healthz', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ error: 'Database unreachable', status: 'unavailable' });
    }
  });
}
