import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Form, FormInput, SubmitButton } from '#client/components/ui/form.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { changePasswordSchema } from '#shared/auth/auth.schema.ts';
import { useChangePassword } from '../auth/index.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Change one's own password; the current one is required. */
export function ChangePasswordDialog({ open, onOpenChange }: Props) {
  const change = useChangePassword();
  // The dialog's content, and so the form, unmounts on close: it opens empty every time.
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent title="Change password" description="Use at least 8 characters.">
        <Form
          schema={changePasswordSchema}
          defaultValues={{ currentPassword: '', newPassword: '' }}
          onSubmit={async (values) => {
            await change.mutateAsync(values);
            toast.success('Password changed', { description: 'Other devices were signed out.' });
            close();
          }}
          onServerError={(error) =>
            toast.error('Update Failed', { description: errorMessage(error) })
          }
          className="flex flex-col gap-4 p-5"
        >
          <FormInput
            name="currentPassword"
            id="current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <FormInput
            name="newPassword"
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <SubmitButton>Save password</SubmitButton>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
