/**
 * The three logins (admin by password, staff and kitchen by username and password),
 * logout, the session question, and changing one's own password. Failed password checks
 * count per account and client in the database (login-limits.ts, decision 006); a browser
 * that signed in to the account before counts on its own (device-cookie.ts).
 */
import { eq, and, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types.ts';
import { staffUsers } from '../../db/schema.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import {
  adminLoginSchema,
  changePasswordSchema,
  LOGIN_MESSAGES,
  roleMayAccess,
  sessionSchema,
  staffLoginSchema,
  staffUserSchema,
  type AccessLevel,
} from '#shared/auth/auth.schema.ts';
import { LoginLimits } from './login-limits.ts';
import { DeviceCookies } from './device-cookie.ts';
import { loginGate } from './password-gate.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import {
  createSession,
  deleteSession,
  deleteSessionsOf,
  SESSION_COOKIE,
  toStaffUser,
} from './sessions.service.ts';
import { sessionUser, setSessionCookie } from './access.ts';

/** The password-only admin login's account in the limits; '#' keeps it apart from every username. */
export const ADMIN_PASSWORD_ACCOUNT = '#admin-password';

export async function authFeature(app: AppInstance) {
  const { db, now } = app;
  /**
   * Per client and instance, whatever the account: a person typing does not try 10 passwords
   * a minute (LOGIN_REQUESTS_PER_MINUTE). The per-account limits in the database come on top.
   */
  const LOGIN_RATE_LIMIT = { max: app.config.loginRequestsPerMinute, timeWindow: '1 minute' };
  const limits = new LoginLimits(db, now);
  const devices = new DeviceCookies(db, app.config);

  // Every login runs inside loginGate (password-gate.ts): past 52 in progress, a login is
  // answered 429 at once, before any database work or password hashing.

  /** Counts the failure, logs it, and answers 401 with the screen's message. */
  const failLogin = async (
    request: FastifyRequest,
    account: string,
    message: string,
    reason: string,
    device: string | null,
  ): Promise<never> => {
    const { clientFailures, blockedMs } = await limits.recordFailure(account, request.ip, device);
    // Never the password; the account name helps spot an attack.
    request.log.warn(
      { account, ip: request.ip, knownDevice: device !== null, reason, clientFailures, blockedMs },
      'login failed',
    );
    throw unauthorized(message);
  };

  app.post(
    '/api/auth/login',
    { schema: { body: adminLoginSchema }, config: { rateLimit: LOGIN_RATE_LIMIT } },
    async (request, reply) =>
      loginGate.run(async () => {
        const device = await devices.knownDevice(request, ADMIN_PASSWORD_ACCOUNT);
        await limits.refuseWhileBlocked(ADMIN_PASSWORD_ACCOUNT, request.ip, device);
        const admins = await db
          .select()
          .from(staffUsers)
          .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)));
        let match: (typeof admins)[number] | undefined;
        // Check every admin account, so the time taken says nothing about which matched.
        for (const admin of admins) {
          if ((await verifyPassword(request.body.password, admin.passwordHash)) && !match)
            match = admin;
        }
        if (admins.length === 0) await burnPasswordCheck(request.body.password);
        if (!match)
          return failLogin(
            request,
            ADMIN_PASSWORD_ACCOUNT,
            LOGIN_MESSAGES.admin,
            'wrong admin password',
            device,
          );
        await limits.recordSuccess(ADMIN_PASSWORD_ACCOUNT, request.ip, device);
        setSessionCookie(request, reply, await createSession(db, match.id, now()), app.config);
        await devices.remember(request, reply, ADMIN_PASSWORD_ACCOUNT, device);
        return { authenticated: true, user: toStaffUser(match) };
      }),
  );

  const usernameLogin = (path: string, level: AccessLevel, message: string) =>
    app.post(
      path,
      {
        schema: { body: staffLoginSchema, response: { 200: staffUserSchema } },
        config: { rateLimit: LOGIN_RATE_LIMIT },
      },
      async (request, reply) =>
        loginGate.run(async () => {
          const key = request.body.username.toLowerCase();
          const device = await devices.knownDevice(request, key);
          await limits.refuseWhileBlocked(key, request.ip, device);
          const [user] = await db
            .select()
            .from(staffUsers)
            .where(sql`lower(${staffUsers.username}) = ${key}`);
          if (!user) {
            await burnPasswordCheck(request.body.password);
            return failLogin(request, key, message, 'unknown username', device);
          }
          if (!(await verifyPassword(request.body.password, user.passwordHash))) {
            return failLogin(request, key, message, 'wrong password', device);
          }
          if (!user.isActive) return failLogin(request, key, message, 'inactive account', device);
          if (!roleMayAccess(user.role, level))
            return failLogin(request, key, message, `role ${user.role} not allowed`, device);
          await limits.recordSuccess(key, request.ip, device);
          setSessionCookie(request, reply, await createSession(db, user.id, now()), app.config);
          await devices.remember(request, reply, key, device);
          return toStaffUser(user);
        }),
    );
  // Spec: kitchen login needs the kitchen role; staff login leads to the point of sale.
  usernameLogin('/api/staff/login', 'pos', LOGIN_MESSAGES.staff);
  usernameLogin('/api/kitchen/login', 'kitchen', LOGIN_MESSAGES.kitchen);

  app.post('/api/auth/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { authenticated: false, user: null };
  });

  app.get(
    '/api/auth/session',
    { schema: { response: { 200: sessionSchema } } },
    async (request, reply) => {
      const user = await sessionUser(request, app, reply);
      return { authenticated: user !== null, user };
    },
  );

  app.post(
    '/api/auth/password',
    { schema: { body: changePasswordSchema }, config: { rateLimit: LOGIN_RATE_LIMIT } },
    async (request, reply) => {
      const user = request.user!;
      // The same account as the username logins: guesses here and there add up.
      const account = user.username.toLowerCase();
      const device = await devices.knownDevice(request, account);
      await limits.refuseWhileBlocked(account, request.ip, device);
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
      if (!row || !(await verifyPassword(request.body.currentPassword, row.passwordHash))) {
        await limits.recordFailure(account, request.ip, device);
        request.log.warn(
          { account, ip: request.ip, knownDevice: device !== null },
          'wrong current password',
        );
        throw new HttpError(400, 'Your current password is not right.', {
          currentPassword: 'Your current password is not right.',
        });
      }
      await limits.recordSuccess(account, request.ip, device);
      await devices.remember(request, reply, account, device);
      await db
        .update(staffUsers)
        .set({ passwordHash: await hashPassword(request.body.newPassword), updatedAt: new Date() })
        .where(eq(staffUsers.id, user.id));
      // Other devices signed in with the old password are signed out.
      await deleteSessionsOf(db, user.id, request.cookies[SESSION_COOKIE]);
      return { changed: true };
    },
  );
}
