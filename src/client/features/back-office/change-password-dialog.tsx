import { useState, type FormEvent } from 'react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { changePasswordSchema } from '#shared/auth/auth.schema.ts';
import { useChangePassword } from '../auth/index.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Change one's own password; the current one is required. */
export function ChangePasswordDialog({ open, onOpenChange }: Props) {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const close = () => {
    setCurrentPassword('');
    setNewPassword('');
    setErrors({});
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Password changed', { description: 'Other devices were signed out.' });
        close();
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? error.fieldErrors : {});
        toast.error('Update Failed', { description: errorMessage(error) });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent title="Change password" description="Use at least 8 characters.">
        <form onSubmit={submit} className="flex flex-col gap-4 p-5" noValidate>
          <Field id="current-password" label="Current password" error={errors.currentPassword}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              aria-invalid={Boolean(errors.currentPassword)}
            />
          </Field>
          <Field id="new-password" label="New password" error={errors.newPassword}>
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              aria-invalid={Boolean(errors.newPassword)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              Save password
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
