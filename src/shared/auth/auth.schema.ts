/**
 * Back-office access (DESIGN.md departures 1-3): who may do what, and the
 * contract of the login, session and staff calls.
 */
import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../orders/order-states.ts';

/**
 * The role table: which roles each access level admits. Every API route names one of
 * these levels in the server's route table (src/server/features/auth/access.ts).
 */
export const ACCESS_LEVELS = {
  /** Anyone, no session. */
  public: null,
  /** The back office: dashboard, menu, settings, staff accounts. */
  admin: ['admin'],
  /** The kitchen display and kitchen status changes. */
  kitchen: ['kitchen', 'admin'],
  /** Point-of-sale orders. */
  pos: ['staff', 'cashier', 'server', 'manager', 'admin'],
  /** Any signed-in account (its own session and password). */
  signedIn: [...STAFF_ROLES],
} as const satisfies Record<string, readonly StaffRole[] | null>;
export type AccessLevel = keyof typeof ACCESS_LEVELS;

export function roleMayAccess(role: StaffRole, level: AccessLevel): boolean {
  const admitted = ACCESS_LEVELS[level];
  return admitted === null || (admitted as readonly StaffRole[]).includes(role);
}

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Unknown role' });

/** A staff account as the back office sees it: never its password. */
export const staffUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  isActive: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** GET /api/auth/session */
export const sessionSchema = z.object({
  authenticated: z.boolean(),
  user: staffUserSchema.nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const PASSWORD_MIN_LENGTH = 8;
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Use at most 200 characters');

/** POST /api/auth/login: the admin's password only (spec). */
export const adminLoginSchema = z.object({
  password: z.string().min(1, 'Password is required').max(200),
});

/** POST /api/staff/login and /api/kitchen/login */
export const staffLoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(60),
  password: z.string().min(1, 'Password is required').max(200),
});

const REQUIRED = 'All fields are required';

const username = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(60, 'Username is too long')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Use letters, digits, dots, dashes or underscores in the username');

/** POST /api/admin/staff (spec: username, password and name are required). */
export const createStaffSchema = z.object({
  username,
  password: z.string({ error: REQUIRED }).pipe(newPassword),
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, 'Name is too long'),
  role: staffRoleSchema.default('staff'),
  isActive: z.boolean().default(true),
});
export type CreateStaff = z.input<typeof createStaffSchema>;

/** PUT /api/admin/staff/:id: a new password only when given (departure 3). */
export const updateStaffSchema = z.object({
  username: username.optional(),
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long').optional(),
  role: staffRoleSchema.optional(),
  isActive: z.boolean().optional(),
  password: newPassword.optional(),
});
export type UpdateStaff = z.input<typeof updateStaffSchema>;

/** POST /api/auth/password: change one's own password. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
  newPassword,
});

/** Spec back-office §8: the login failure messages. */
export const LOGIN_MESSAGES = {
  admin: 'Invalid password. Please try again.',
  staff: 'Invalid username or password',
  kitchen: 'Invalid username or password, or insufficient permissions',
} as const;
