import type { Db } from '../../src/server/db/client.ts';
import { cashDrawerSessions } from '../../src/server/db/schema.ts';

/**
 * Opens the counter's cash drawer (float 0 unless given): every counter cash sale needs one
 * (decision 012, update 2026-11-25). For tests whose subject is not the drawer.
 */
export async function openCashDrawer(
  db: Db,
  by: { id: string; name: string },
  floatCents = 0,
): Promise<string> {
  const [row] = await db
    .insert(cashDrawerSessions)
    .values({ openedByStaffId: by.id, openedByName: by.name, floatCents })
    .returning({ id: cashDrawerSessions.id });
  if (!row) throw new Error('cash drawer insert returned no row');
  return row.id;
}
