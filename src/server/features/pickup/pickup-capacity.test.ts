/**
 * A slot never takes more than the kitchen can make, under any concurrency (decision 026):
 * 200 checkouts at once for one slot with room for 10 one-unit orders give exactly 10 payments,
 * the rest a 409 offering other slots; paid, exactly 10 orders in the slot. Four rounds, each on
 * a slot of its own (PICKUP_RACE_ROUNDS for more). On PostgreSQL each request has its own
 * connection, so a missing lock lets an eleventh through: without the slot's lock, 3 runs of 3
 * rounds here each let 12 or 13 through (2026-11-28); twenty rounds took 144 s of a busy test
 * run. On PGlite the requests queue up (tests/setup/concurrency.ts).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { orders, payments } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createMenuItem } from '../../../../tests/factories/menu.ts';
import {
  dayHours,
  openShift,
  setSetting,
  setWeekHours,
} from '../../../../tests/factories/shop-hours.ts';

const t = useTestApp({ seed: 'base', clockStart: '2026-11-30T06:00:00.000Z' });
const ROUNDS = Number(process.env.PICKUP_RACE_ROUNDS ?? 4);
const CHECKOUTS = 200;
const ROOM = 10;

beforeAll(async () => {
  // Monday 08:00-22:00 in Tallinn (06:00-20:00 UTC): 56 slots.
  await setWeekHours(t.db, { monday: dayHours(openShift('08:00', '22:00')) });
  await setSetting(t.db, 'shop_time_zone', 'Europe/Tallinn');
  await setSetting(t.db, 'kitchen_units_per_slot', String(ROOM));
  await createMenuItem(t.db, { id: 'race-burger', prepUnits: 1, categoryId: null });
});

let client = 0;
const checkout = (pickupAt: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/viva-wallet/create-payment',
    remoteAddress: `10.8.${Math.floor(++client / 250) % 250}.${client % 250}`,
    payload: {
      customerEmail: 'race@example.com',
      customerName: 'Race Runner',
      customerPhone: '+372 5550 0001',
      orderData: { items: [{ menuItemId: 'race-burger', quantity: 1 }], pickupAt },
    },
  });

itRaces(
  `${CHECKOUTS} checkouts at once for a slot with room for ${ROOM}: exactly ${ROOM} get it, ${ROUNDS} times`,
  async () => {
    const taken: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // 07:00 UTC on: after the lead time, one slot per round.
      const slot = new Date(Date.parse('2026-11-30T07:00:00Z') + round * 15 * 60_000);
      const answers = await Promise.all(
        Array.from({ length: CHECKOUTS }, () => checkout(slot.toISOString())),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      const won = answers.filter((answer) => answer.statusCode === 200);
      expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
      taken.push(won.length);
      // A refused checkout is offered other, free slots.
      const refusal = answers
        .find((answer) => answer.statusCode === 409)!
        .json<{
          nextSlots: { start: string; available: boolean }[];
        }>();
      expect(refusal.nextSlots.length).toBeGreaterThan(0);
      expect(
        refusal.nextSlots.every((next) => next.available && next.start !== slot.toISOString()),
      ).toBe(true);

      for (const answer of won) {
        const paid = await t.app.inject({
          method: 'POST',
          url: answer.json<{ paymentUrl: string }>().paymentUrl,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'outcome=pay',
        });
        expect(paid.statusCode, paid.body).toBeLessThan(400);
      }
      const inSlot = await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.pickupAt, slot), eq(orders.paymentStatus, 'paid')));
      expect(inSlot).toHaveLength(ROOM);
    }
    expect(taken).toEqual(Array.from({ length: ROUNDS }, () => ROOM));
    const held = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(isNotNull(payments.pickupAt));
    expect(held).toHaveLength(ROUNDS * ROOM);
  },
  240_000,
);
