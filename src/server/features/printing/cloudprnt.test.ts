/**
 * Star CloudPRNT (decision 028): a fake printer polls over real HTTP as the protocol describes
 * (POST status, GET the job, DELETE to confirm); each job prints once and is confirmed, a failed
 * print keeps the job first in line and shows the printer failing.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { printers, printJobs } from '#server/db/schema.ts';
import { placeOrder } from '#server/features/orders/place-order.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { fakeCloudPrnt } from '../../../../tests/fakes/fake-cloudprnt.ts';

const t = useTestApp({ seed: 'demo' });
let admin: string;
let base: string;

beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});

async function sale() {
  return placeOrder(
    t.db,
    {
      source: 'website',
      type: 'pickup',
      lines: [{ menuItemId: 'cola', quantity: 1, customizations: { addOns: [] } }],
      customer: null,
    },
    { method: 'cash', status: 'paid', now: new Date() },
    t.app.orderEvents,
  );
}

async function status() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/printers/status',
    headers: { cookie: admin },
  });
  return response.json<{ state: string; lastError: string | null; queued: number }[]>()[0]!;
}

describe('a Star CloudPRNT printer', () => {
  it('polls, prints each job once and confirms it', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/printers',
      headers: { cookie: admin },
      payload: { name: 'Truck', kind: 'star-cloudprnt', prints: ['kitchen'] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { cloudPrntPath, id } = added.json<{ cloudPrntPath: string; id: string }>();
    expect(cloudPrntPath).toMatch(/^\/api\/cloudprnt\/[A-Za-z0-9_-]{24}$/);
    expect(await status()).toMatchObject({
      state: 'failing',
      lastError: 'The printer has not polled yet: enter its CloudPRNT URL in the printer.',
      // The secret URL is the admin's list's only.
      cloudPrntPath: null,
    });

    const star = fakeCloudPrnt(`${base}${cloudPrntPath}`);
    expect(await star.poll()).toBe(false);
    expect((await status()).state).toBe('ready');

    const one = await sale();
    const two = await sale();
    expect(await star.poll()).toBe(true);
    expect(await star.poll()).toBe(true);
    expect(await star.poll()).toBe(false);
    expect(
      star.printed.map((bytes) => bytes.toString('latin1').includes(`#${one.orderNumber}`)),
    ).toEqual([true, false]);
    expect(star.printed[1]!.toString('latin1')).toContain(`#${two.orderNumber}`);
    expect(star.mediaTypes).toEqual([
      'application/vnd.star.starprnt',
      'application/vnd.star.starprnt',
    ]);
    const jobs = await t.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.printerId, id))
      .orderBy(printJobs.sequence);
    expect(jobs.map((job) => [job.orderId, job.state])).toEqual([
      [one.id, 'printed'],
      [two.id, 'printed'],
    ]);
    expect(star.confirmed).toEqual(jobs.map((job) => job.id));

    // A second DELETE of a confirmed job changes nothing.
    const again = await fetch(`${base}${cloudPrntPath}?code=200%20OK&token=${jobs[0]!.id}`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(200);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(printJobs)).toEqual([
      { n: 2 },
    ]);
  });

  it('keeps a job the printer could not print first in line, and shows the printer failing', async () => {
    const [printer] = await t.db.select().from(printers);
    const star = fakeCloudPrnt(`${base}/api/cloudprnt/${printer!.cloudPrntToken}`);
    const order = await sale();
    star.failNext('520 Paper out');
    expect(await star.poll()).toBe(true);
    expect(star.printed).toEqual([]);
    expect(await status()).toMatchObject({
      state: 'failing',
      lastError: 'The printer could not print: 520 Paper out',
      queued: 1,
    });
    expect(await star.poll()).toBe(true);
    expect(star.printed).toHaveLength(1);
    expect(star.printed[0]!.toString('latin1')).toContain(`#${order.orderNumber}`);
    expect(await status()).toMatchObject({ state: 'ready', lastError: null, queued: 0 });
    expect(await star.poll()).toBe(false);
  });

  it('answers 404 to a URL with an unknown secret', async () => {
    const response = await fetch(`${base}/api/cloudprnt/not-a-printer-secret-at-all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
  });
});
