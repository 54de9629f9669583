/**
 * Server-side sessions: a random token in an http-only cookie; the database keeps
 * only its SHA-256, the user and a sliding expiry.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, staffUsers } from '../../db/schema.ts';
import type { StaffUser } from '#shared/auth/auth.schema.ts';

export const SESSION_COOKIE = 'sid';
/** Sliding: each use pushes the expiry this far ahead. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Touch the row at most this often, not on every request. */
const SLIDE_EVERY_MS = 5 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

type StaffRow = typeof staffUsers.$inferSelect;

export function toStaffUser(row: StaffRow): StaffUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: digest(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  // Housekeeping: expired sessions are useless; drop them when someone logs in.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return token;
}

export interface ResolvedSession {
  user: StaffUser;
  /** The expiry moved on: the cookie should be sent again with the new lifetime. */
  extended: boolean;
}

/** The signed-in, active user of a token, sliding the expiry; null when there is none. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<ResolvedSession | null> {
  const [row] = await db
    .select({ session: sessions, user: staffUsers })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.userId))
    .where(eq(sessions.id, digest(token)));
  if (!row) return null;
  if (row.session.expiresAt <= now || !row.user.isActive) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  const extended = now.getTime() - row.session.lastSeenAt.getTime() > SLIDE_EVERY_MS;
  if (extended) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.session.id));
  }
  return { user: toStaffUser(row.user), extended };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, digest(token)));
}

/** Ends every session of a user except, optionally, the one in use. */
export async function deleteSessionsOf(db: Db, userId: string, keepToken?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepToken
        ? and(eq(sessions.userId, userId), ne(sessions.id, digest(keepToken)))
        : eq(sessions.userId, userId),
    );
}
