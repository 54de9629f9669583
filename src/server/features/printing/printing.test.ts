/**
 * Receipt printers (decision 028): the back office's printers, a paid order's kitchen ticket on
 * a network printer (a fake on loopback, its bytes read back as the lines a printer prints), the
 * counter's receipt, the Test Print page, Reprint, a printer that is down or drops the
 * connection, and jobs that waited too long and wait for a human.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, printers, printJobs } from '#server/db/schema.ts';
import { placeOrder, type OrderRequest } from '#server/features/orders/place-order.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { setSetting } from '../../../../tests/factories/shop-hours.ts';
import { startFakePrinter, type FakePrinter } from '../../../../tests/fakes/fake-printer.ts';
import { readEscPos } from '../../../../tests/fakes/escpos-reader.ts';

// The dispatcher's clock runs ahead by hand, so a printer's back-off is skipped, not waited.
let dispatcherAhead = 0;
const t = useTestApp({
  seed: 'demo',
  dispatcher: { now: () => new Date(Date.now() + dispatcherAhead) },
});
let admin: string;
let staff: string;
const fakes: FakePrinter[] = [];

beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  staff = await signIn(t.db, await createStaffUser(t.db, { role: 'cashier' }));
  // The shop's name and time zone as the receipt prints them.
  await setSetting(t.db, 'shop_name', 'Tallinn Smash');
  await setSetting(t.db, 'shop_address', 'Pikk 1, Tallinn');
  await setSetting(t.db, 'shop_phone', '+372 555 0100');
});
afterEach(async () => {
  await t.db.delete(printers);
  for (const fake of fakes.splice(0)) await fake.close();
});

async function fakePrinter() {
  const fake = await startFakePrinter();
  fakes.push(fake);
  return fake;
}

async function addPrinter(fake: FakePrinter, body: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/printers',
    headers: { cookie: admin },
    payload: {
      name: 'Kitchen',
      kind: 'escpos-network',
      host: fake.host,
      port: fake.port,
      prints: ['kitchen'],
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; state: string; name: string }>();
}

/** Runs the outbox, skipping back-off waits, until `done` (at most 60 rounds). */
async function deliverUntil(done: () => boolean | Promise<boolean>) {
  for (let round = 0; round < 60 && !(await done()); round += 1) {
    dispatcherAhead += 11_000;
    await t.app.orderEvents.flush();
  }
}

const burger = {
  menuItemId: 'classic-smash-burger',
  quantity: 2,
  customizations: { addOns: [], specialInstructions: 'no onions' },
};

async function sale(request: Partial<OrderRequest> = {}) {
  const placed = await placeOrder(
    t.db,
    {
      source: 'pos',
      type: 'pickup',
      lines: [burger],
      customer: { firstName: 'Mari', lastName: 'Õunapuu', email: '', phone: '' },
      ...request,
    },
    { method: 'cash', status: 'paid', now: new Date(), cashReceivedCents: 2500 },
    t.app.orderEvents,
  );
  const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
  return row!;
}

/** "27 Nov 2026, 18:05" in the shop's zone (Europe/Tallinn), as the ticket prints it. */
const placedAt = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Tallinn',
  }).format(date);

const RULE = '─'.repeat(48);
const centred = (text: string, width = 48) =>
  ' '.repeat(Math.floor((width - text.length) / 2)) + text;

describe('printers in the back office', () => {
  it('adds a network printer (admin only) and lists it with its state', async () => {
    const fake = await fakePrinter();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/printers',
      headers: { cookie: staff },
      payload: { name: 'X', kind: 'escpos-network', host: '127.0.0.1', prints: ['kitchen'] },
    });
    expect(refused.statusCode).toBe(403);
    const noHost = await t.app.inject({
      method: 'POST',
      url: '/api/admin/printers',
      headers: { cookie: admin },
      payload: { name: 'X', kind: 'escpos-network', prints: ['kitchen'] },
    });
    expect(noHost.statusCode).toBe(400);
    const added = await addPrinter(fake, { prints: ['kitchen', 'receipt'], sources: ['pos'] });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/printers',
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: added.id,
        name: 'Kitchen',
        kind: 'escpos-network',
        host: '127.0.0.1',
        port: fake.port,
        model: 'epson-tm-t20iii',
        prints: ['kitchen', 'receipt'],
        sources: ['pos'],
        holdAfterMinutes: 30,
        enabled: true,
        cloudPrntPath: null,
        state: 'ready',
        failingSince: null,
        lastError: null,
        lastPrintedAt: null,
        queued: 0,
        held: 0,
      },
    ]);
    // The kitchen display and the POS read the states without the admin's list.
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/printers/status',
      headers: { cookie: staff },
    });
    expect(status.statusCode).toBe(200);
  });
});

describe('auto-print', () => {
  it('prints a paid order’s kitchen ticket once, read back as the literal ticket', async () => {
    const fake = await fakePrinter();
    await addPrinter(fake);
    const order = await sale({ specialInstructions: 'Ring the bell € 5' });
    await deliverUntil(() => fake.printed.length >= 1);
    await t.app.orderEvents.flush();
    expect(fake.printed).toHaveLength(1);
    expect(fake.printed[0]!.toString('latin1')).toContain(`#${order.orderNumber}`);
    const ticket = readEscPos(fake.printed[0]!);
    expect(ticket.cuts).toBe(1);
    expect(ticket.largest).toBe('3x3');
    expect(ticket.lines.filter(Boolean)).toEqual([
      // GS ! sizes the number and the type: the encoder centres them in fewer columns.
      `                #${order.orderNumber}`,
      '                  PICKUP',
      centred(`${placedAt(order.createdAt)} · Mari Õunapuu`),
      RULE,
      '2 × Classic Smash Burger',
      '    ** no onions **',
      '    Allergens: Cereals containing gluten, Milk,',
      '    Mustard',
      RULE,
      'NOTE: Ring the bell € 5',
    ]);
    const jobs = await t.db.select().from(printJobs).where(eq(printJobs.orderId, order.id));
    expect(jobs.map((job) => [job.kind, job.state])).toEqual([['kitchen', 'printed']]);
  });

  it('prints only for its channels, and a counter sale’s receipt on a receipt printer', async () => {
    const kitchen = await fakePrinter();
    const counter = await fakePrinter();
    await addPrinter(kitchen, { name: 'Kitchen', sources: ['website', 'table'] });
    await addPrinter(counter, { name: 'Counter', prints: ['receipt'], sources: ['pos'] });
    const table = await sale({
      source: 'table',
      type: 'dine-in',
      tableNumber: '7',
      customer: { firstName: 'Ελένη', lastName: '', email: '', phone: '' },
    });
    const counterSale = await sale();
    await deliverUntil(() => kitchen.printed.length >= 1 && counter.printed.length >= 1);
    await t.app.orderEvents.flush();
    expect(kitchen.printed).toHaveLength(1);
    const ticket = readEscPos(kitchen.printed[0]!).lines.filter(Boolean);
    expect(ticket.slice(0, 6)).toEqual([
      `                #${table.orderNumber}`,
      '                 DINE-IN',
      '            ╔══════════════════════╗',
      // Double-width letters: the reader counts characters, the paper twice their width.
      '            ║    TABLE 7    ║',
      '            ╚══════════════════════╝',
      centred(`${placedAt(table.createdAt)} · Ελένη`),
    ]);
    expect(counter.printed).toHaveLength(1);
    const receipt = readEscPos(counter.printed[0]!).lines.filter(Boolean);
    expect(receipt).toEqual([
      centred('TALLINN SMASH'),
      centred('Pikk 1, Tallinn'),
      centred('+372 555 0100'),
      RULE,
      centred('ORDER'),
      `                #${counterSale.orderNumber}`,
      centred(placedAt(counterSale.createdAt)),
      RULE,
      '2 × Classic Smash Burger                  €21.80',
      '    Note: no onions',
      RULE,
      'TOTAL                                     €21.80',
      'Paid by cash',
      'Cash given                                €25.00',
      'Change                                     €3.20',
      RULE,
      // VAT per rate (decision 022): 21.80 gross at 13 % is 19.29 net and 2.51 VAT.
      'Rate                 Net         VAT       Gross',
      '13 %              €19.29       €2.51      €21.80',
      RULE,
      centred('Thank you!'),
    ]);
  });

  it('prints the Test Print page with the euro sign, Estonian and Greek letters', async () => {
    const fake = await fakePrinter();
    const added = await addPrinter(fake, { name: 'Bar' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/printers/${added.id}/test`,
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(202);
    await deliverUntil(() => fake.printed.length >= 1);
    const page = readEscPos(fake.printed[0]!).lines.filter(Boolean);
    expect(page[0]).toBe('              TEST PRINT');
    expect(page[1]).toBe(centred('Bar'));
    expect(page.slice(3)).toEqual([
      RULE,
      'Euro: € 12,50',
      'Eesti: Õõ Ää Öö Üü Šš Žž',
      'Ελληνικά: Καλή όρεξη',
      RULE,
      centred('If you can read this, the printer works.'),
    ]);
  });

  it('reprints an order on asking, marked REPRINT', async () => {
    const fake = await fakePrinter();
    await addPrinter(fake);
    const order = await sale();
    await deliverUntil(() => fake.printed.length >= 1);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/print`,
      headers: { cookie: staff },
      payload: { kind: 'kitchen' },
    });
    expect(response.statusCode, response.body).toBe(202);
    await deliverUntil(() => fake.printed.length >= 2);
    expect(fake.printed).toHaveLength(2);
    const [first, again] = fake.printed.map((bytes) => readEscPos(bytes).lines.filter(Boolean));
    expect(first![0]).toBe(`                #${order.orderNumber}`);
    expect(again!.slice(0, 2)).toEqual([
      '                    REPRINT',
      `                #${order.orderNumber}`,
    ]);
  });
});

describe('a printer that does not answer', () => {
  it('is shown failing with the error, holds no other printer, and prints once when back', async () => {
    const down = await fakePrinter();
    const up = await fakePrinter();
    const broken = await addPrinter(down, { name: 'Kitchen' });
    await addPrinter(up, { name: 'Pass' });
    await down.stop();
    const order = await sale();
    await deliverUntil(() => up.printed.length >= 1);
    await t.app.orderEvents.flush();
    expect(up.printed).toHaveLength(1);
    const [state] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/printers/status',
        headers: { cookie: staff },
      })
    ).json<
      { id: string; state: string; lastError: string; failingSince: string; queued: number }[]
    >();
    expect(state!.id).toBe(broken.id);
    expect(state!.state).toBe('failing');
    expect(state!.lastError).toBe(
      `127.0.0.1:${down.port} refused the connection (is the printer on?)`,
    );
    expect(state!.failingSince).not.toBeNull();
    expect(state!.queued).toBe(1);

    await down.start();
    await deliverUntil(() => down.printed.length >= 1);
    await t.app.orderEvents.flush();
    expect(down.printed).toHaveLength(1);
    expect(readEscPos(down.printed[0]!).lines[0]).toBe(`                #${order.orderNumber}`);
    const [printer] = await t.db.select().from(printers).where(eq(printers.id, broken.id));
    expect(printer!.failingSince).toBeNull();
  });

  it('sends again a job whose connection dropped part way, printed once', async () => {
    const fake = await fakePrinter();
    await addPrinter(fake);
    fake.dropNext(2);
    const order = await sale();
    await deliverUntil(() => fake.printed.length >= 1);
    await t.app.orderEvents.flush();
    expect(fake.dropped).toBe(2);
    expect(fake.printed).toHaveLength(1);
    expect(readEscPos(fake.printed[0]!).lines[0]).toBe(`                #${order.orderNumber}`);
  });

  it('waits for a slow printer to close before counting the job printed', async () => {
    const fake = await fakePrinter();
    await addPrinter(fake);
    fake.slowBy(300);
    const order = await sale();
    await deliverUntil(() => fake.printed.length >= 1);
    await t.app.orderEvents.flush();
    const [job] = await t.db.select().from(printJobs).where(eq(printJobs.orderId, order.id));
    expect(job!.state).toBe('printed');
    expect(fake.printed).toHaveLength(1);
  });

  it('holds the jobs of a printer switched off in the back office for a human', async () => {
    const fake = await fakePrinter();
    const added = await addPrinter(fake);
    await fake.stop();
    const order = await sale();
    await t.app.orderEvents.flush();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/printers/${added.id}`,
      headers: { cookie: admin },
      payload: {
        name: 'Kitchen',
        kind: 'escpos-network',
        host: fake.host,
        port: fake.port,
        prints: ['kitchen'],
        enabled: false,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    await fake.start();
    await deliverUntil(async () => {
      const [job] = await t.db.select().from(printJobs).where(eq(printJobs.orderId, order.id));
      return job!.state !== 'queued';
    });
    const [job] = await t.db.select().from(printJobs).where(eq(printJobs.orderId, order.id));
    expect([job!.state, job!.error]).toEqual([
      'held',
      'The printer is switched off in the back office.',
    ]);
    expect(fake.printed).toEqual([]);
    // A paid order makes no job for a switched-off printer.
    const later = await sale();
    expect(await t.db.select().from(printJobs).where(eq(printJobs.orderId, later.id))).toEqual([]);
  });

  it('holds jobs older than the setting for a human: listed, Print now, Discard', async () => {
    const fake = await fakePrinter();
    const added = await addPrinter(fake, { holdAfterMinutes: 30 });
    await fake.stop();
    const first = await sale();
    const second = await sale();
    const fresh = await sale();
    await t.app.orderEvents.flush();
    // The first two have waited 31 minutes by the time the printer answers.
    await t.db
      .update(printJobs)
      .set({ queuedAt: sql`now() - interval '31 minutes'` })
      .where(sql`${printJobs.orderId} in (${first.id}, ${second.id})`);
    await fake.start();
    await deliverUntil(() => fake.printed.length >= 1);
    await t.app.orderEvents.flush();
    expect(fake.printed.map((bytes) => readEscPos(bytes).lines[0])).toEqual([
      `                #${fresh.orderNumber}`,
    ]);
    const held = await t.app.inject({
      method: 'GET',
      url: '/api/admin/print-jobs/held',
      headers: { cookie: admin },
    });
    const heldJobs =
      held.json<{ id: string; orderNumber: number; printerId: string; error: string }[]>();
    expect(heldJobs.map((job) => job.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    expect(heldJobs[0]!.printerId).toBe(added.id);
    expect(heldJobs[0]!.error).toBe(
      'Waited more than 30 minutes for the printer: Print now or Discard.',
    );
    const printNow = await t.app.inject({
      method: 'POST',
      url: `/api/admin/print-jobs/${heldJobs[1]!.id}/print-now`,
      headers: { cookie: admin },
    });
    expect(printNow.statusCode).toBe(202);
    const discard = await t.app.inject({
      method: 'POST',
      url: `/api/admin/print-jobs/${heldJobs[0]!.id}/discard`,
      headers: { cookie: admin },
    });
    expect(discard.statusCode).toBe(204);
    await deliverUntil(() => fake.printed.length >= 2);
    await t.app.orderEvents.flush();
    expect(fake.printed.map((bytes) => readEscPos(bytes).lines[0])).toEqual([
      `                #${fresh.orderNumber}`,
      `                #${first.orderNumber}`,
    ]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/print-jobs/${heldJobs[0]!.id}/discard`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(404);
  });
});
