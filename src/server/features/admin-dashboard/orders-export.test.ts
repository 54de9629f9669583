/**
 * The CSV exports read in keyset pages (orders-export.ts): every order once, in order, across
 * page boundaries and ties on the creation time (a year's range: orders-export-year.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { insertOrders } from '../../../../tests/factories/bulk-orders.ts';
import { orderLinesCsv, ordersCsv } from './orders-export.ts';

const t = useTestApp();

/** The whole file; a cursor that stands still (a page read again and again) fails, not hangs. */
const text = async (chunks: AsyncIterable<string>) => {
  let all = '';
  let count = 0;
  for await (const chunk of chunks) {
    all += chunk;
    if (++count > 100) throw new Error('more pages than orders: the cursor does not move');
  }
  return all;
};

describe('exports in pages', () => {
  it('write every order and line once, oldest first, across pages and equal times', async () => {
    // Three orders share one instant to the microsecond (order number breaks the tie), four
    // follow a second apart.
    await insertOrders(t.db, 3, '2026-03-02 10:00:00.123456+00', 0);
    await insertOrders(t.db, 4, '2026-03-02 11:00:00.654321+00', 1);
    for (const pageSize of [1, 2, 3, 1000]) {
      const orders = (await text(ordersCsv(t.db, '2026-03-02', '2026-03-02', pageSize)))
        .trim()
        .split('\r\n');
      const numbers = orders.slice(1).map((line) => Number(line.split(',')[0]));
      expect(numbers, `page size ${pageSize}`).toHaveLength(7);
      expect(numbers, `page size ${pageSize}`).toEqual([...numbers].sort((a, b) => a - b));
      expect(new Set(numbers).size).toBe(7);
      const lines = (await text(orderLinesCsv(t.db, '2026-03-02', '2026-03-02', pageSize)))
        .trim()
        .split('\r\n');
      expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(numbers);
    }
  });
});
