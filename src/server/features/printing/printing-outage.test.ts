/**
 * A printer down for the length of 20 orders, with the server crashing and restarting in
 * between (decision 028, decision 008): every ticket prints exactly once, in order, when the
 * printer is back. The crash is simulated as in the outbox tests: a process that records but
 * never delivers, and a job left claimed by a worker that died (its lease runs out).
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outboundJobs, printJobs } from '#server/db/schema.ts';
import { placeOrder } from '#server/features/orders/place-order.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { startFakePrinter, type FakePrinter } from '../../../../tests/fakes/fake-printer.ts';
import { readEscPos } from '../../../../tests/fakes/escpos-reader.ts';

let testDatabase: TestDatabase | undefined;
const apps: TestApp[] = [];
let printer: FakePrinter | undefined;
// The dispatchers' clock runs ahead by hand, so back-off and leases pass without waiting.
let ahead = 0;
const dispatcher = (deliver: boolean) => ({
  deliver,
  now: () => new Date(Date.now() + ahead),
  jobLeaseMs: 5_000,
});

afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await printer?.close();
  await testDatabase?.destroy();
});

async function sell(app: TestApp, note: string) {
  return placeOrder(
    app.db,
    {
      source: 'pos',
      type: 'pickup',
      lines: [{ menuItemId: 'cola', quantity: 1, customizations: { addOns: [] } }],
      customer: null,
      specialInstructions: note,
    },
    { method: 'cash', status: 'paid', now: new Date() },
    app.app.orderEvents,
  );
}

describe('a printer down for 20 orders and a restart in between', () => {
  it('prints every ticket exactly once, in order, when it is back', async () => {
    testDatabase = await createTestDatabase();
    printer = await startFakePrinter();
    const first = await createTestApp(testDatabase.database, {
      seed: 'demo',
      dispatcher: dispatcher(true),
    });
    apps.push(first);
    const admin = await signIn(first.db, await createStaffUser(first.db, { role: 'admin' }));
    const added = await first.app.inject({
      method: 'POST',
      url: '/api/admin/printers',
      headers: { cookie: admin },
      payload: {
        name: 'Kitchen',
        kind: 'escpos-network',
        host: printer.host,
        port: printer.port,
        prints: ['kitchen'],
      },
    });
    expect(added.statusCode).toBe(201);
    await printer.stop();

    const sold: number[] = [];
    // Ten orders while the first process tries, and fails, to print.
    for (let n = 1; n <= 10; n += 1) {
      sold.push((await sell(first, `order ${n}`)).orderNumber);
      ahead += 11_000;
      await first.app.orderEvents.flush();
    }
    const failing = await first.app.inject({
      method: 'GET',
      url: '/api/admin/printers/status',
      headers: { cookie: admin },
    });
    expect(failing.json()[0].state).toBe('failing');
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    // Ten more in a process that dies before it delivers anything; its last try had just
    // claimed the first job when it was killed (the job stays claimed until its lease ends).
    const dying = await createTestApp(testDatabase.database, { dispatcher: dispatcher(false) });
    apps.push(dying);
    for (let n = 11; n <= 20; n += 1) sold.push((await sell(dying, `order ${n}`)).orderNumber);
    const [head] = await dying.db
      .select()
      .from(outboundJobs)
      .where(and(eq(outboundJobs.kind, 'print')))
      .orderBy(asc(outboundJobs.queued))
      .limit(1);
    await dying.db
      .update(outboundJobs)
      .set({ attempts: head!.attempts + 1, nextAttemptAt: new Date(Date.now() + ahead + 5_000) })
      .where(eq(outboundJobs.id, head!.id));
    await dying.close();
    apps.splice(apps.indexOf(dying), 1);

    // The restart, and the printer back.
    const restarted = await createTestApp(testDatabase.database, {
      dispatcher: dispatcher(false),
    });
    apps.push(restarted);
    await printer.start();
    restarted.app.orderEvents.resumeDelivery();
    for (let round = 0; round < 200 && printer.printed.length < 20; round += 1) {
      ahead += 11_000;
      await restarted.app.orderEvents.flush();
    }
    for (let round = 0; round < 5; round += 1) {
      ahead += 11_000;
      await restarted.app.orderEvents.flush();
    }

    const printedNumbers = printer.printed.map((bytes) => readEscPos(bytes).lines[0]!.trim());
    expect(printedNumbers).toEqual(sold.map((number) => `#${number}`));
    expect(printer.printed.map((bytes) => readEscPos(bytes).lines.at(-6))).toEqual(
      sold.map((_, index) => `NOTE: order ${index + 1}`),
    );
    const jobs = await restarted.db.select().from(printJobs);
    expect(jobs.map((job) => job.state)).toEqual(Array(20).fill('printed'));
    const outbound = await restarted.db
      .select()
      .from(outboundJobs)
      .where(eq(outboundJobs.kind, 'print'));
    expect(outbound.map((job) => job.outcome)).toEqual(Array(20).fill('sent'));
  });
});
