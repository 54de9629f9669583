import { Copy, KeyRound } from 'lucide-react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import type { PasswordHandover } from './staff-form-dialog.tsx';

interface Props {
  handover: PasswordHandover | null;
  onDone: () => void;
}

/**
 * DESIGN.md departure 3: a password the admin has just set is shown this once,
 * to hand over or copy; closing forgets it and nothing can show it again.
 */
export function PasswordHandoverDialog({ handover, onDone }: Props) {
  const copy = async (password: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(password);
      toast.success('Copied!', { description: 'The password is on the clipboard.' });
    } catch {
      toast.error('Copy Failed', { description: 'Could not copy to clipboard' });
    }
  };

  return (
    <Dialog open={handover !== null} onOpenChange={(open) => !open && onDone()}>
      {handover && (
        <DialogContent
          title="Password set"
          description={`Give it to ${handover.user.name} now: it is shown only this once.`}
        >
          <div className="flex flex-col gap-4 p-5">
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 rounded-2xl bg-white p-4 ring-1 ring-char-900/10">
              <dt className="text-sm text-char-700">Username</dt>
              <dd className="font-mono text-base break-all">{handover.user.username}</dd>
              <dt className="text-sm text-char-700">Password</dt>
              <dd className="flex items-center gap-2">
                <KeyRound aria-hidden className="size-4 shrink-0 text-ember-600" />
                <span data-testid="one-time-password" className="font-mono text-base break-all">
                  {handover.password}
                </span>
              </dd>
            </dl>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => void copy(handover.password)}>
                <Copy aria-hidden className="size-4" />
                Copy password
              </Button>
              <Button onClick={onDone}>Done</Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
