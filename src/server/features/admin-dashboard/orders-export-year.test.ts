/**
 * A year's export (orders-export.ts): 70,000 orders, more than one query may have parameters
 * (65,535), are exported whole, orders and lines. PostgreSQL only (vitest.config.ts): the limit is
 * the wire protocol's, the same on PGlite, where filling the range costs twice the time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { insertOrders } from '../../../../tests/factories/bulk-orders.ts';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
});

describe('a year of orders', () => {
  it('exports a range of 70,000 orders whole (more than a query has parameters)', async () => {
    await insertOrders(t.db, 70_000, '2026-05-01 06:00:00+00', 60);
    const get = (file: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/export/${file}.csv?from=2026-05-01&to=2026-07-31`,
        headers: { cookie: admin },
      });
    const orders = await get('orders');
    expect(orders.statusCode).toBe(200);
    const rows = orders.body.trim().split('\r\n');
    expect(rows).toHaveLength(1 + 70_000);
    expect(rows[0]).toMatch(/^order_number,.*,net_13,vat_13,gross_13$/);
    // 10.90 at 13 %: 9.65 net, 1.25 VAT.
    expect(rows[1]).toMatch(/,Guest 1,.*,9\.65,1\.25,10\.90$/);
    const lines = await get('order-lines');
    expect(lines.statusCode).toBe(200);
    expect(lines.body.trim().split('\r\n')).toHaveLength(1 + 70_000);
  }, 120_000);
});
