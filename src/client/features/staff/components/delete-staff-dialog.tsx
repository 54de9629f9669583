import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import type { StaffUser } from '#shared/auth/auth.schema.ts';
import { useDeleteStaff } from '../api/staff-queries.ts';

interface Props {
  user: StaffUser | null;
  onClose: () => void;
}

/** Spec back-office §2: delete confirmations warn 'This action cannot be undone.' */
export function DeleteStaffDialog({ user, onClose }: Props) {
  const remove = useDeleteStaff();

  const confirm = (target: StaffUser) =>
    remove.mutate(target, {
      onSuccess: () => {
        toast.success('Staff User Deleted', {
          description: `${target.name} (${target.username}) was removed.`,
        });
        onClose();
      },
      onError: (error) => {
        // e.g. the server refusing to remove the last active admin (409).
        toast.error('Failed to delete staff user', { description: errorMessage(error) });
        onClose();
      },
    });

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      {user && (
        <DialogContent
          role="alertdialog"
          title="Delete staff user?"
          description={
            <>
              <strong className="font-semibold text-char-900">{user.name}</strong> ({user.username})
              will no longer be able to log in.{' '}
              <span className="font-semibold">This action cannot be undone.</span>
            </>
          }
        >
          <div className="flex justify-end gap-2 p-5">
            <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => confirm(user)} disabled={remove.isPending}>
              Delete
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
