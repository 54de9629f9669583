/**
 * `npm run admin:reset-password` (src/server/cli/reset-admin-password.ts): a forgotten admin
 * password is replaced from the command line, on whichever database the server uses. The
 * account's sessions end and its failed-login blocks are lifted, as after a password change
 * on the Staff page.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginLimits, sessions, staffUsers } from '../../db/schema.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/auth/auth.schema.ts';
import { ADMIN_PASSWORD_ACCOUNT } from './auth.routes.ts';
import { accountKey, clientKey } from './login-limits.ts';
import { generatePassword, hashPassword } from './passwords.ts';

/** A refusal meant for the person at the terminal (no stack trace). */
export class ResetAdminPasswordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResetAdminPasswordError';
  }
}

export interface ResetAdminPasswordOptions {
  /** The admin to reset; the first active admin (oldest) when not given. */
  username?: string | undefined;
  /** The new password; a generated one when not given. */
  password?: string | undefined;
}

export interface ResetAdminPasswordResult {
  username: string;
  password: string;
  generated: boolean;
  /** The named admin was deactivated and is active again. */
  reactivated: boolean;
  sessionsEnded: number;
}

export async function resetAdminPassword(
  db: Db,
  options: ResetAdminPasswordOptions = {},
): Promise<ResetAdminPasswordResult> {
  if (options.password !== undefined && options.password.length < PASSWORD_MIN_LENGTH) {
    throw new ResetAdminPasswordError(
      `The new password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
    );
  }
  if (options.password !== undefined && options.password.length > 200) {
    throw new ResetAdminPasswordError('The new password must have at most 200 characters.');
  }

  let admin: typeof staffUsers.$inferSelect | undefined;
  if (options.username !== undefined) {
    [admin] = await db
      .select()
      .from(staffUsers)
      .where(sql`lower(${staffUsers.username}) = ${options.username.toLowerCase()}`);
    if (!admin) throw new ResetAdminPasswordError(`No account is named "${options.username}".`);
    if (admin.role !== 'admin') {
      throw new ResetAdminPasswordError(
        `"${admin.username}" is a ${admin.role} account, not an admin: an admin changes its password on the Staff page.`,
      );
    }
  } else {
    [admin] = await db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)))
      .orderBy(asc(staffUsers.createdAt), asc(staffUsers.username))
      .limit(1);
    if (!admin) {
      throw new ResetAdminPasswordError(
        'There is no active admin account. Start the server (`npm start`): it creates one and prints its password.',
      );
    }
  }

  const password = options.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const user = admin;
  const sessionsEnded = await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ passwordHash, isActive: true, updatedAt: new Date() })
      .where(eq(staffUsers.id, user.id));
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, user.id))
      .returning({ id: sessions.id });
    // The owner may have locked their own address out while trying to remember.
    const accounts = [ADMIN_PASSWORD_ACCOUNT, user.username.toLowerCase()];
    await tx.delete(loginLimits).where(
      or(
        ...accounts.map((account) => eq(loginLimits.key, accountKey(account))),
        ...accounts.map((account) => {
          const prefix = clientKey(account, '');
          return sql`left(${loginLimits.key}, ${prefix.length}) = ${prefix}`;
        }),
      ),
    );
    return ended.length;
  });

  return {
    username: user.username,
    password,
    generated: options.password === undefined,
    reactivated: !admin.isActive,
    sessionsEnded,
  };
}
