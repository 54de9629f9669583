import { useState } from 'react';
import { ChefHat, RotateCw, UserPlus, Users } from 'lucide-react';
import { toast } from '#client/components/ui/toast.tsx';
import type { StaffUser } from '#shared/auth/auth.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useSession } from '../auth/index.ts';
import { useStaffList, useUpdateStaff } from './api/staff-queries.ts';
import { DeleteStaffDialog } from './components/delete-staff-dialog.tsx';
import { PasswordHandoverDialog } from './components/password-handover-dialog.tsx';
import {
  StaffFormDialog,
  type PasswordHandover,
  type StaffFormTarget,
} from './components/staff-form-dialog.tsx';
import { StaffList } from './components/staff-list.tsx';

/**
 * Spec back-office §2 "Staff Management", admin only (DESIGN.md departure 2).
 * Passwords are never listed; an admin sets a new one, shown once (departure 3).
 */
export function StaffManagementPage() {
  const staff = useStaffList();
  const { data: session } = useSession();
  const toggle = useUpdateStaff();
  const [formTarget, setFormTarget] = useState<StaffFormTarget | null>(null);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const [handover, setHandover] = useState<PasswordHandover | null>(null);

  const toggleActive = (user: StaffUser) =>
    toggle.mutate(
      { id: user.id, changes: { isActive: !user.isActive } },
      {
        onSuccess: (saved) =>
          toast.success('Staff User Updated', {
            description: `${saved.name} is now ${saved.isActive ? 'active' : 'inactive'}.`,
          }),
        // e.g. the server refusing to deactivate the last active admin (409).
        onError: (error) =>
          toast.error('Failed to update staff user', { description: errorMessage(error) }),
      },
    );

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-2xl sm:text-3xl">Staff Management</h1>
          <p className="mt-1 max-w-2xl text-sm text-char-700">
            Accounts for the point of sale and the kitchen display. Passwords are never shown: when
            someone forgets theirs, edit the account and set a new one.
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button
            variant="outline"
            onClick={() => setFormTarget({ mode: 'create', role: 'kitchen' })}
          >
            <ChefHat aria-hidden className="size-5" />
            Add Kitchen User
          </Button>
          <Button onClick={() => setFormTarget({ mode: 'create', role: 'staff' })}>
            <UserPlus aria-hidden className="size-5" />
            Add Staff
          </Button>
        </div>
      </div>

      <section aria-label="Staff users" className="mt-6">
        {staff.isPending ? (
          <Spinner label="Loading staff users" />
        ) : staff.isError ? (
          <div
            role="alert"
            className="rounded-2xl bg-white p-6 text-center ring-1 ring-char-900/10"
          >
            <p className="font-bold">Could not load the staff users</p>
            <p className="mt-1 text-sm text-char-700">{errorMessage(staff.error)}</p>
            <Button variant="outline" className="mt-4" onClick={() => void staff.refetch()}>
              <RotateCw aria-hidden className="size-4" />
              Try again
            </Button>
          </div>
        ) : staff.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-10 text-center ring-1 ring-char-900/10">
            <Users aria-hidden className="size-8 text-char-700" />
            <p className="font-bold">No staff users yet</p>
            <p className="text-sm text-char-700">
              Add one for the point of sale, or a kitchen user for the display.
            </p>
          </div>
        ) : (
          <>
            <p className="mb-2 text-sm text-char-700">
              {staff.data.length} {staff.data.length === 1 ? 'account' : 'accounts'}
            </p>
            <StaffList
              users={staff.data}
              currentUserId={session?.user?.id}
              togglingId={toggle.isPending ? toggle.variables.id : undefined}
              onToggleActive={toggleActive}
              onEdit={(user) => setFormTarget({ mode: 'edit', user })}
              onDelete={setDeleting}
            />
          </>
        )}
      </section>

      <StaffFormDialog
        target={formTarget}
        currentUserId={session?.user?.id}
        onClose={() => setFormTarget(null)}
        onPasswordSet={setHandover}
      />
      <PasswordHandoverDialog handover={handover} onDone={() => setHandover(null)} />
      <DeleteStaffDialog user={deleting} onClose={() => setDeleting(null)} />
    </main>
  );
}
