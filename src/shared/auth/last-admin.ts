/**
 * The shop always keeps one active admin (back-office §5): the server refuses to delete,
 * deactivate or demote the last one (409 with this message), and Staff Management disables
 * those controls on that account and shows the same reason.
 */
export const LAST_ACTIVE_ADMIN_MESSAGE =
  'This is the last active admin account: add another admin first.';

interface Account {
  id: string;
  role: string;
  isActive: boolean;
}

/** The id of the only active admin among `users`, or null when there are none or several. */
export function lastActiveAdminId(users: readonly Account[]): string | null {
  const admins = users.filter((user) => user.role === 'admin' && user.isActive);
  return admins.length === 1 ? admins[0]!.id : null;
}
