/**
 * A printer down for the length of 20 orders with a kill -9 of the server in between (decision
 * 028, decision 008): the server runs as its own process on a fresh PostgreSQL database, the
 * kitchen printer (a fake on loopback) refuses connections; ten orders are paid, the server is
 * killed with SIGKILL once it has failed to print, started again, ten more are paid, and the
 * printer comes back. Every ticket prints exactly once, in the order the orders were paid.
 *
 * PostgreSQL only (two processes on one database, as the other crash tests): vitest.config.ts
 * leaves it out of the PGlite project. The outage lasts seconds: the back-off (2, 4, 8, then
 * every 10 s) and the killed process's shortened lease (OUTBOX_JOB_LEASE_MS) run out in real
 * time; each wait ends as soon as its condition holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundJobs } from '#server/db/schema.ts';
import { createTestDatabase } from '../../../../tests/setup/test-database.ts';
import { waitFor } from '../../../../tests/setup/listening-app.ts';
import { serverProcess } from '../../../../tests/setup/server-process.ts';
import { startFakePrinter } from '../../../../tests/fakes/fake-printer.ts';
import { readEscPos } from '../../../../tests/fakes/escpos-reader.ts';

const ADMIN_PASSWORD = 'printing-crash-admin-password';
const JOB_LEASE_MS = 3_000;
/** Generous bounds on a loaded machine; each wait ends as soon as its condition holds. */
const WAIT_MS = 60_000;

describe('a printer down for 20 orders and a kill -9 in between', () => {
  it(
    'prints every ticket exactly once, in order, after the restart and the printer is back',
    { timeout: 240_000 },
    async () => {
      const database = await createTestDatabase();
      const printer = await startFakePrinter();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printing-crash-'));
      const server = await serverProcess({
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        OUTBOX_JOB_LEASE_MS: String(JOB_LEASE_MS),
      });
      const { base, start, kill } = server;

      /** A paid website order (the payment simulator's Pay); its number. */
      const payOrder = async (note: string): Promise<number> => {
        const created = await fetch(`${base}/api/viva-wallet/create-payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            customerEmail: 'crash@example.com',
            customerName: 'Crash Test',
            customerPhone: '+372 5000 0077',
            orderData: {
              type: 'pickup',
              orderSource: 'website',
              items: [{ menuItemId: 'cola', quantity: 1 }],
              specialInstructions: note,
            },
          }),
        });
        expect(created.status, await created.clone().text()).toBe(200);
        const { paymentUrl, paymentId } = (await created.json()) as {
          paymentUrl: string;
          paymentId: string;
        };
        const paid = await fetch(new URL(paymentUrl, base), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'outcome=pay',
          redirect: 'manual',
        });
        expect(paid.status).toBeLessThan(400);
        const order = await database.db.execute<{ order_number: number }>(
          `select order_number from orders where payment_id = '${paymentId}'`,
        );
        const rows = (order as unknown as { rows: { order_number: number }[] }).rows;
        expect(rows).toHaveLength(1);
        return Number(rows[0]!.order_number);
      };
      const printJobsLeft = async () =>
        (
          await database.db
            .select({ id: outboundJobs.id })
            .from(outboundJobs)
            .where(and(isNull(outboundJobs.doneAt), eq(outboundJobs.kind, 'print')))
        ).length;

      try {
        await start();
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: ADMIN_PASSWORD }),
        });
        expect(login.status, await login.clone().text()).toBe(200);
        const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
        const added = await fetch(`${base}/api/admin/printers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            name: 'Kitchen',
            kind: 'escpos-network',
            host: printer.host,
            port: printer.port,
            prints: ['kitchen'],
          }),
        });
        expect(added.status, await added.text()).toBe(201);
        await printer.stop();

        const sold: number[] = [];
        for (let n = 1; n <= 10; n += 1) sold.push(await payOrder(`order ${n}`));
        // The first process tried and failed to print: its jobs wait, one may be under lease.
        await waitFor(
          async () =>
            (
              await database.db
                .select({ id: outboundJobs.id })
                .from(outboundJobs)
                .where(and(eq(outboundJobs.kind, 'print'), gt(outboundJobs.attempts, 0)))
            ).length > 0,
          'a refused try to print',
          WAIT_MS,
        );
        await kill();
        expect(printer.printed).toEqual([]);

        await start();
        for (let n = 11; n <= 20; n += 1) sold.push(await payOrder(`order ${n}`));
        await printer.start();
        await waitFor(() => printer.printed.length >= 20, 'twenty tickets', WAIT_MS);
        // Every print job is finished, so nothing more is on its way.
        await waitFor(async () => (await printJobsLeft()) === 0, 'the print jobs done', WAIT_MS);

        const tickets = printer.printed.map((bytes) => readEscPos(bytes).lines);
        // Paid through the simulator: test orders, so each ticket starts "** TEST ORDER **".
        expect(tickets.map((lines) => lines.slice(0, 2).map((line) => line.trim()))).toEqual(
          sold.map((number) => ['** TEST ORDER **', `#${number}`]),
        );
        expect(tickets.map((lines) => lines.find((line) => line.startsWith('NOTE: ')))).toEqual(
          sold.map((_, index) => `NOTE: order ${index + 1}`),
        );
        expect(printer.dropped).toBe(0);
      } finally {
        await server.stop();
        await printer.close();
        await database.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
