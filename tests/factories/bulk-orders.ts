/**
 * Many orders at once, written by the database itself (generate_series): for tests of exports
 * and reports at a year's size, where one insert per order would take minutes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** `count` paid card orders of `cents` each with one line, created at `at` + i seconds. */
export async function insertOrders(
  db: Db,
  count: number,
  at: string,
  stepSeconds: number,
  cents = 1090,
) {
  await db.execute(sql`
    with made as (
      insert into orders (payment_method, payment_status, status, subtotal_cents, total_cents,
                          customer_first_name, created_at)
      select 'viva-wallet', 'paid', 'completed', ${cents}, ${cents}, 'Guest ' || i,
             ${at}::timestamptz + make_interval(secs => i * ${stepSeconds})
      from generate_series(1, ${count}) as i
      returning id
    )
    insert into order_items (order_id, name, base_price_cents, unit_price_cents, quantity,
                             total_price_cents)
    select id, 'Classic Smash Burger', ${cents}, ${cents}, 1, ${cents} from made
  `);
}
