/**
 * Back-office accounts and sessions for API tests.
 *
 * NOTE: scrypt costs ~50-100 ms per hash on a two-core machine. Accounts made here with the
 * default password share one hash computed once per process; pass `password` for an account
 * with its own. Tests that check hashing itself create accounts through the API instead.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { createSession, SESSION_COOKIE } from '#server/features/auth/sessions.service.ts';
import type { AppInstance } from '#server/http/types.ts';
import type { StaffRole } from '#shared/orders/order-states.ts';
import { uniqueId } from './unique.ts';

export const DEFAULT_STAFF_PASSWORD = 'correct-horse-battery';

let defaultHash: Promise<string> | undefined;

export type StaffRow = typeof staffUsers.$inferSelect;
export interface CreatedStaff extends StaffRow {
  /** The plain password, for logging in. */
  password: string;
}

export interface StaffOverrides extends Partial<
  Omit<typeof staffUsers.$inferInsert, 'passwordHash'>
> {
  password?: string;
}

/** An active account of role `staff` unless told otherwise, with a unique username. */
export async function createStaffUser(
  db: Db,
  overrides: StaffOverrides = {},
): Promise<CreatedStaff> {
  const { password = DEFAULT_STAFF_PASSWORD, ...columns } = overrides;
  const passwordHash =
    password === DEFAULT_STAFF_PASSWORD
      ? await (defaultHash ??= hashPassword(DEFAULT_STAFF_PASSWORD))
      : await hashPassword(password);
  const username = columns.username ?? uniqueId(columns.role ?? 'staff').replaceAll('-', '.');
  const [row] = await db
    .insert(staffUsers)
    .values({
      name: `Test ${username}`,
      role: 'staff',
      isActive: true,
      ...columns,
      username,
      passwordHash,
    })
    .returning();
  return { ...row!, password };
}

/** A session for `user` straight in the database (no login round trip); returns the Cookie header. */
export async function signIn(
  db: Db,
  user: { id: string },
  now: Date = new Date(),
): Promise<string> {
  return `${SESSION_COOKIE}=${await createSession(db, user.id, now)}`;
}

/** The `sid` cookie a response sets, as a Cookie header (`sid=…`), or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

let clientCounter = 0;
/**
 * A client address no other request of this process used, so the per-client rate limits of
 * the login routes stay out of the way (except in the test that checks them).
 */
export function nextClient(): string {
  clientCounter += 1;
  return `10.${100 + Math.floor(clientCounter / 62_500)}.${Math.floor(clientCounter / 250) % 250}.${clientCounter % 250}`;
}

export type LoginPath = '/api/staff/login' | '/api/kitchen/login';

/** Logs in through the API (admin by password, others by username); answers the response and its cookie. */
export async function logIn(
  app: AppInstance,
  credentials: { password: string; username?: string; path?: LoginPath },
  remoteAddress: string = nextClient(),
): Promise<{ response: LightMyRequestResponse; cookie: string | undefined }> {
  const { username, password, path } = credentials;
  const response = await app.inject({
    method: 'POST',
    url: username === undefined ? '/api/auth/login' : (path ?? '/api/staff/login'),
    payload: username === undefined ? { password } : { username, password },
    remoteAddress,
  });
  return { response, cookie: sessionCookieOf(response) };
}

/** GET /api/auth/session with a cookie: the account it belongs to, or null. */
export async function whoAmI(
  app: AppInstance,
  cookie: string | undefined,
): Promise<{ role: StaffRole; id: string } | null> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClient(),
  });
  if (response.statusCode !== 200)
    throw new Error(`GET /api/auth/session answered ${response.statusCode}`);
  return response.json().user;
}
