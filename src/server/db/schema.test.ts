import { asc, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { rowsOf, useTestDatabase } from '../../../tests/setup/test-database.ts';
import { createOrder } from '../../../tests/factories/orders.ts';
import * as schema from './schema.ts';
import { orderItems, orders } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const t = useTestDatabase();

describe('migrations', () => {
  it('create every table and column the Drizzle schema declares, and no others', async () => {
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns.map((column) => `${config.name}.${column.name}`);
      })
      .sort();
    const result = await t.db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public'`,
    );
    const migrated = rowsOf<{ table_name: string; column_name: string }>(result)
      .map((row) => `${row.table_name}.${row.column_name}`)
      .sort();
    // A difference means schema.ts changed without `npm run db:generate` (or the reverse).
    expect(migrated).toEqual(declared);
  });
});

describe('orders', () => {
  it('get increasing, unique order numbers and random UUID ids', async () => {
    const first = await createOrder(t.db);
    const second = await createOrder(t.db, { customerEmail: 'jaan@example.com' });

    expect(first.orderNumber).toBeGreaterThanOrEqual(1001);
    expect(second.orderNumber).toBeGreaterThan(first.orderNumber);
    expect(first.id).toMatch(UUID);
    expect(second.id).toMatch(UUID);
    expect(second.id).not.toBe(first.id);

    const rows = await t.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .orderBy(asc(orders.createdAt));
    const numbers = rows.map((row) => row.orderNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('refuse an order number chosen by the caller', async () => {
    const [latest] = await t.db.select({ n: orders.orderNumber }).from(orders).limit(1);
    // GENERATED ALWAYS: a client cannot pick (or reuse) a number.
    await expect(
      t.db.execute(
        sql`insert into orders (order_number, payment_method, subtotal_cents, total_cents)
            values (${latest?.n ?? 1001}, 'cash', 100, 100)`,
      ),
    ).rejects.toThrow();
  });

  it('delete their items with them', async () => {
    const order = await createOrder(t.db);
    expect(
      await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    ).toHaveLength(1);
    await t.db.delete(orders).where(eq(orders.id, order.id));
    expect(
      await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    ).toHaveLength(0);
  });
});
