import type { AppInstance } from '../../http/types.ts';
import { registerEmailJobs } from './email.service.ts';

/**
 * The e-mail feature's plugin (docs/decisions/029): it has no routes, only the outbox jobs that
 * send the customer's receipt, "ready", links and refund e-mails (decision 018).
 */
export async function emailFeature(app: AppInstance) {
  const email = registerEmailJobs(app.jobs, { db: app.db, config: app.config, log: app.log });
  app.addHook('onClose', async () => email.close());
}
