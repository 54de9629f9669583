import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';

interface Props {
  /** What is being deleted ("menu item"), or null when the dialog is closed. */
  kind: string;
  /** The name shown in the warning, or null when closed. */
  name: ReactNode | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec back-office §2: delete confirmations warn 'This action cannot be undone.' */
export function ConfirmDeleteDialog({ kind, name, pending, onConfirm, onClose }: Props) {
  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      {name !== null && (
        <DialogContent
          role="alertdialog"
          title={`Delete ${kind}?`}
          description={
            <>
              <strong className="font-semibold text-char-900">{name}</strong> will be removed.{' '}
              <span className="font-semibold">This action cannot be undone.</span>
            </>
          }
        >
          <div className="flex justify-end gap-2 p-5">
            <Button variant="ghost" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              Delete
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
