/**
 * A cash sale with no drawer open (decision 012, update 2026-11-25): every cash sale belongs to
 * a drawer session, so the counter asks to open one first, with its float, and then the same
 * sale goes through. The admin may instead record the sale against the day's next session.
 */
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Form, SubmitButton } from '#client/components/ui/form.tsx';
import { FloatField, useOpenDrawerForm } from '../../cash-up/index.ts';
import type { PosVariant } from '../use-pos-checkout.ts';

export function OpenDrawerFirstDialog({
  open,
  variant,
  onOpened,
  onNextSession,
  onCancel,
}: {
  open: boolean;
  variant: PosVariant;
  /** The drawer is open: the sale goes again. */
  onOpened: () => void;
  /** Admin only: record the sale against the day's next drawer session. */
  onNextSession: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      {open && (
        <DialogContent
          title="Open the cash drawer first"
          description="No cash drawer is open. Every cash sale goes into a drawer, so count the float and open one: the sale then goes through."
        >
          <OpenFirstForm
            variant={variant}
            onOpened={onOpened}
            onNextSession={onNextSession}
            onCancel={onCancel}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function OpenFirstForm({
  variant,
  onOpened,
  onNextSession,
  onCancel,
}: {
  variant: PosVariant;
  onOpened: () => void;
  onNextSession: () => void;
  onCancel: () => void;
}) {
  const { formProps, isPending } = useOpenDrawerForm({
    onOpened,
    // Someone opened it meanwhile: the sale can go into that one.
    openedMeanwhileIsFine: true,
  });

  return (
    <Form {...formProps} className="flex min-h-0 flex-col" data-testid="open-drawer-first">
      <div className="flex flex-col gap-4 overflow-y-auto p-5">
        <FloatField
          id="pos-drawer-float"
          hint="The cash in the drawer before this sale."
          autoFocus
        />
        {variant === 'admin' && (
          <p className="text-sm text-char-700">
            Or keep the drawer closed and record this sale against the next drawer opened today: it
            is then in that drawer&apos;s expected cash and Z report.
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        {variant === 'admin' && (
          <Button variant="outline" onClick={onNextSession}>
            Record for the next drawer
          </Button>
        )}
        <SubmitButton>{isPending ? 'Opening…' : 'Open drawer and take the cash'}</SubmitButton>
      </div>
    </Form>
  );
}
