/**
 * The outbox's retry policy (decision 008): a job that keeps failing is tried exactly
 * `maxAttempts` times, then given up once (its handler hears of it once), never a try more.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundJobs } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';

const t = useTestApp();

describe('a job that always fails', () => {
  it('is tried exactly maxAttempts (3) times, then given up once', async () => {
    const tries: number[] = [];
    const gaveUp: string[] = [];
    // The kind's own handler is replaced in this file's app only.
    t.app.jobs.handle('email-order-links', {
      run: async (_job, attempt) => {
        tries.push(attempt);
        return { retry: 'mail server down' };
      },
      gaveUp: async (_job, lastError) => void gaveUp.push(lastError),
      // No waiting between tries, so each flush is one try.
      retry: { maxBackoffMs: 0, maxAttempts: 3 },
    });
    const [job] = await t.db
      .insert(outboundJobs)
      .values({ kind: 'email-order-links', payload: {} })
      .returning();
    const row = async () =>
      (await t.db.select().from(outboundJobs).where(eq(outboundJobs.id, job!.id)))[0]!;

    for (let flush = 0; flush < 6; flush += 1) await t.app.orderEvents.flush();

    expect(tries).toEqual([1, 2, 3]);
    expect(gaveUp).toEqual(['mail server down']);
    const done = await row();
    expect(done.attempts).toBe(3);
    expect(done.doneAt).not.toBeNull();
    expect(done.outcome).toBe('given up: mail server down');
  });
});
