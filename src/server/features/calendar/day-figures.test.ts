/**
 * Kept day figures (decision 030): a closed day's figures are kept and used, and every change
 * to an order or a refund of a kept day shows at the next read, also while reads race the
 * changes (PostgreSQL). October 2026 is history to the database's clock (the tests run later).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { dayFigures, historyGenerations, orders, refunds } from '../../db/schema.ts';
import { workOutDays } from './day-figures.ts';

const t = useTestApp({ seed: 'demo', clockStart: '2026-11-05T10:00:00Z' });
let admin: string;
const ids: Record<string, string> = {};

const line = (cents: number) => ({
  name: 'Classic Smash Burger',
  basePriceCents: cents,
  unitPriceCents: cents,
  quantity: 1,
  totalPriceCents: cents,
});

beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  // Tallinn is UTC+3 until 25 Oct, then UTC+2.
  const at = (iso: string) => new Date(iso);
  ids.a = (
    await createOrder(t.db, { createdAt: at('2026-10-02T09:00:00Z'), items: [line(1000)] })
  ).id;
  ids.b = (
    await createOrder(t.db, {
      createdAt: at('2026-10-02T10:00:00Z'),
      orderSource: 'pos',
      paymentMethod: 'cash',
      items: [line(500)],
    })
  ).id;
  ids.c = (
    await createOrder(t.db, { createdAt: at('2026-10-20T10:00:00Z'), items: [line(2000)] })
  ).id;
});

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const october = () => get('/api/admin/stats/monthly/2026/10');
const year = () => get('/api/admin/stats/yearly/2026');
const keptDays = async () =>
  (await t.db.select({ day: dayFigures.day }).from(dayFigures))
    .map((row) => row.day)
    .filter((day) => day.startsWith('2026-10'))
    .sort();

/** The month as worked out from the orders themselves, for the same figures. */
async function freshOctober() {
  const days = await workOutDays(t.db, 'Europe/Tallinn', '2026-10-01', '2026-11-01');
  return [...days].filter(([, day]) => day.listed).map(([date, day]) => [date, day.revenueCents]);
}

describe('kept day figures', () => {
  it('keeps every closed day of the month once read, and reads them back', async () => {
    expect((await october()).totalRevenue).toBe('35.00');
    const kept = await keptDays();
    expect(kept).toHaveLength(31);
    expect(kept[0]).toBe('2026-10-01');
    // A kept figure is what the next read uses: change it behind the books' back and see it.
    await t.db
      .update(dayFigures)
      .set({ figures: sql`jsonb_set(${dayFigures.figures}, '{revenueCents}', '99900')` })
      .where(eq(dayFigures.day, '2026-10-02'));
    const read = await october();
    expect(read.days.find((day: { date: string }) => day.date === '2026-10-02').revenue).toBe(
      '999.00',
    );
    // Any change to that day's orders brings the truth back (and puts it in the kept row).
    await t.db.update(orders).set({ paymentMethod: 'cash' }).where(eq(orders.id, ids.b!));
    const again = await october();
    expect(again.days.find((day: { date: string }) => day.date === '2026-10-02').revenue).toBe(
      '15.00',
    );
  });

  it('a new order bumps no generation (checkouts share no row); one written an hour back does', async () => {
    const generations = async () =>
      (await t.db.select().from(historyGenerations))
        .map((row) => `${row.utcDate}:${row.generation}`)
        .sort();
    const before = await generations();
    await createOrder(t.db, { createdAt: new Date(), items: [line(300)] });
    expect(await generations()).toEqual(before);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await createOrder(t.db, { createdAt: anHourAgo, items: [line(300)] });
    expect(await generations()).not.toEqual(before);
  });

  // Each change, made after the month was read (and kept), is in the next read: a literal
  // revenue for the month, and the same days as working them out afresh.
  const CHANGES: [string, () => Promise<unknown>, string][] = [
    [
      'an order deleted',
      () =>
        t.db
          .update(orders)
          .set({ deletedAt: new Date('2026-10-21T10:00:00Z'), deletedReason: 'mistake' })
          .where(eq(orders.id, ids.c!)),
      '15.00',
    ],
    [
      'a payment marked pending',
      () => t.db.update(orders).set({ paymentStatus: 'pending' }).where(eq(orders.id, ids.b!)),
      '10.00',
    ],
    [
      'an order imported into the past',
      () => createOrder(t.db, { createdAt: new Date('2026-10-09T10:00:00Z'), items: [line(700)] }),
      '17.00',
    ],
    [
      'a refund on a later day of October',
      async () => {
        const [row] = await t.db
          .insert(refunds)
          .values({
            orderId: ids.a!,
            method: 'cash',
            amountCents: 400,
            reason: 'cold',
            state: 'done',
            createdAt: new Date('2026-10-25T10:00:00Z'),
          })
          .returning({ id: refunds.id });
        ids.refund = row!.id;
      },
      '13.00',
    ],
    [
      "the refunded order marked a test order (its refund's day changes too)",
      () => t.db.update(orders).set({ isTest: true }).where(eq(orders.id, ids.a!)),
      '7.00',
    ],
    [
      'the order a test no more, its refund failed',
      async () => {
        await t.db.update(orders).set({ isTest: false }).where(eq(orders.id, ids.a!));
        await t.db.update(refunds).set({ state: 'failed' }).where(eq(refunds.id, ids.refund!));
      },
      '17.00',
    ],
  ];

  it.each(CHANGES)('%s shows at the next read', async (_name, change, revenue) => {
    await october();
    await year();
    await change();
    const month = await october();
    expect(month.totalRevenue).toBe(revenue);
    expect(
      month.days.map((day: { date: string; revenue: string }) => [day.date, day.revenue]),
    ).toEqual(
      (await freshOctober()).map(([date, cents]) => [date, (Number(cents) / 100).toFixed(2)]),
    );
    const months = (await year()).months;
    expect(months.find((row: { month: number }) => row.month === 10).totalRevenue).toBe(revenue);
  });

  itRaces(
    'reads racing changes never keep a figure the changes made wrong',
    async () => {
      for (let round = 0; round < 10; round += 1) {
        const made = await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            createOrder(t.db, {
              createdAt: new Date(`2026-10-${String(3 + index * 3).padStart(2, '0')}T10:00:00Z`),
              items: [line(100 + round)],
            }),
          ),
        );
        await october();
        // Deletions and reads interleaved: a read works a day out while a deletion commits.
        await Promise.all(
          made.flatMap((order) => [
            october(),
            t.db
              .update(orders)
              .set({ deletedAt: new Date(), deletedReason: 'race' })
              .where(eq(orders.id, order.id)),
          ]),
        );
        const month = await october();
        expect(
          month.days.map((day: { date: string; revenue: string }) => [day.date, day.revenue]),
        ).toEqual(
          (await freshOctober()).map(([date, cents]) => [date, (Number(cents) / 100).toFixed(2)]),
        );
      }
    },
    180_000,
  );
});
