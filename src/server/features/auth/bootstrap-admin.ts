import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { firstAdmin, type FirstAdmin } from './passwords.ts';

export type AdminBootstrap =
  { created: false } | { created: true; username: string; password: string; generated: boolean };

/**
 * DESIGN.md departure 1: on a start with no active admin, create one from ADMIN_PASSWORD,
 * or with a generated password that start.ts prints once. `prepared`, begun from the same
 * ADMIN_PASSWORD, is used when given (and dropped when an admin exists).
 */
export async function ensureAdminAccount(
  db: Db,
  adminPassword: string | undefined,
  prepared?: FirstAdmin,
): Promise<AdminBootstrap> {
  const [row] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)));
  if ((row?.n ?? 0) > 0) return { created: false };

  const { password, generated, passwordHash } = prepared ?? firstAdmin(adminPassword);
  // "admin" may exist as an inactive account; the new one gets a free name.
  let username = 'admin';
  for (let n = 2; ; n += 1) {
    const inserted = await db
      .insert(staffUsers)
      .values({
        username,
        name: 'Shop owner',
        role: 'admin',
        passwordHash: await passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: staffUsers.id });
    if (inserted.length > 0) break;
    username = `admin${n}`;
  }
  return { created: true, username, password, generated };
}
