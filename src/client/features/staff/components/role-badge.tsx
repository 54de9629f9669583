import type { StaffRole } from '#shared/orders/order-states.ts';
import { cn } from '#client/lib/utils.ts';

/** Spec back-office §6: a role badge; each of the six roles has its own colour. */
const ROLE_STYLES: Record<StaffRole, string> = {
  admin: 'bg-ember-100 text-ember-800 ring-ember-600/20',
  manager: 'bg-violet-100 text-violet-800 ring-violet-600/20',
  cashier: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  server: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  kitchen: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  staff: 'bg-stone-200 text-stone-800 ring-stone-600/20',
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  staff: 'Staff',
  cashier: 'Cashier',
  server: 'Server',
  kitchen: 'Kitchen',
  manager: 'Manager',
  admin: 'Admin',
};

export function RoleBadge({ role }: { role: StaffRole }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset',
        ROLE_STYLES[role],
      )}
    >
      {ROLE_LABELS[role]}
    </span>
  );
}
