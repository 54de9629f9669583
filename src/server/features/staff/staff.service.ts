import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { staffUsers } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { LAST_ACTIVE_ADMIN_MESSAGE } from '#shared/auth/last-admin.ts';
import type { StaffUser } from '#shared/auth/auth.schema.ts';
import type { z } from 'zod';
import type { createStaffSchema, updateStaffSchema } from '#shared/auth/auth.schema.ts';
import { deleteSessionsOf, hashPassword, toStaffUser } from '../auth/index.ts';

type CreateInput = z.output<typeof createStaffSchema>;
type UpdateInput = z.output<typeof updateStaffSchema>;

export async function listStaff(db: Db): Promise<StaffUser[]> {
  const rows = await db
    .select()
    .from(staffUsers)
    .orderBy(asc(staffUsers.createdAt), asc(staffUsers.username));
  return rows.map(toStaffUser);
}

async function usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
  const sameName = sql`lower(${staffUsers.username}) = ${username.toLowerCase()}`;
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(exceptId ? and(sameName, ne(staffUsers.id, exceptId)) : sameName);
  return Boolean(row);
}

const taken = (username: string) => conflict(`The username "${username}" is already taken.`);

export async function createStaff(db: Db, input: CreateInput): Promise<StaffUser> {
  if (await usernameTaken(db, input.username)) throw taken(input.username);
  // The unique index decides a race (a double-click on Create): no row back means taken.
  const [row] = await db
    .insert(staffUsers)
    .values({
      username: input.username,
      name: input.name,
      role: input.role,
      isActive: input.isActive,
      passwordHash: await hashPassword(input.password),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw taken(input.username);
  return toStaffUser(row);
}

/**
 * Runs a change that could leave the shop without an admin. The active admin rows are
 * locked first, so two such changes at once (A deactivates B while B deletes A) queue up
 * and the second sees the first's result.
 */
async function withAdminsLocked<T>(
  db: Db,
  change: (tx: Db, activeAdmins: number) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)))
      .for('update');
    return change(tx, admins.length);
  });
}

const LAST_ADMIN = LAST_ACTIVE_ADMIN_MESSAGE;

export async function updateStaff(db: Db, id: string, input: UpdateInput): Promise<StaffUser> {
  if (input.username && (await usernameTaken(db, input.username, id))) throw taken(input.username);
  const passwordHash =
    input.password !== undefined ? await hashPassword(input.password) : undefined;
  try {
    const row = await withAdminsLocked(db, async (tx, activeAdmins) => {
      const [current] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id));
      if (!current) throw notFound('Staff user not found.');
      const losesAdmin =
        current.role === 'admin' &&
        current.isActive &&
        ((input.role !== undefined && input.role !== 'admin') || input.isActive === false);
      if (losesAdmin && activeAdmins <= 1) throw conflict(LAST_ADMIN);
      const [updated] = await tx
        .update(staffUsers)
        .set({
          ...(input.username !== undefined && { username: input.username }),
          ...(input.name !== undefined && { name: input.name }),
          ...(input.role !== undefined && { role: input.role }),
          ...(input.isActive !== undefined && { isActive: input.isActive }),
          ...(passwordHash !== undefined && { passwordHash }),
          updatedAt: new Date(),
        })
        .where(eq(staffUsers.id, id))
        .returning();
      return updated!;
    });
    // A new password or a deactivation ends the account's open sessions.
    if (input.password !== undefined || input.isActive === false) await deleteSessionsOf(db, id);
    return toStaffUser(row);
  } catch (error) {
    if (input.username && isUniqueViolation(error)) throw taken(input.username);
    throw error;
  }
}

export async function deleteStaff(db: Db, id: string): Promise<void> {
  await withAdminsLocked(db, async (tx, activeAdmins) => {
    const [current] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id));
    if (!current) throw notFound('Staff user not found.');
    if (current.role === 'admin' && current.isActive && activeAdmins <= 1)
      throw conflict(LAST_ADMIN);
    await tx.delete(staffUsers).where(eq(staffUsers.id, id));
  });
}
