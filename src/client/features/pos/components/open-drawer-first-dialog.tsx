/**
 * A cash sale with no drawer open (decision 012, update 2026-11-25): every cash sale belongs to
 * a drawer session, so the counter asks to open one first, with its float, and then the same
 * sale goes through. The admin may instead record the sale against the day's next session.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/form-fields.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { openDrawerRequestSchema } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString, formatEuroCents } from '#shared/money.ts';
import { useOpenDrawer } from '../../cash-up/api/cash-drawer-queries.ts';
import { MoneyInput } from '../../cash-up/components/money-input.tsx';
import type { PosVariant } from '../use-pos-checkout.ts';

type Input = z.input<typeof openDrawerRequestSchema>;
type Output = z.output<typeof openDrawerRequestSchema>;

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
  const openDrawer = useOpenDrawer();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(openDrawerRequestSchema),
    defaultValues: { float: '' },
  });

  const submit = ({ float }: Output) =>
    openDrawer.mutate(
      { float: centsToDecimalString(float) },
      {
        onSuccess: () => {
          toast.success('Drawer opened', { description: `Float ${formatEuroCents(float)}.` });
          onOpened();
        },
        onError: (error) => {
          // Someone opened it meanwhile: the sale can go into that one.
          if (errorMessage(error).includes('already open')) {
            onOpened();
            return;
          }
          toast.error('Could not open the drawer', { description: errorMessage(error) });
        },
      },
    );

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex min-h-0 flex-col"
      data-testid="open-drawer-first"
    >
      <div className="flex flex-col gap-4 overflow-y-auto p-5">
        <Field
          id="pos-drawer-float"
          label="Float (€)"
          error={errors.float?.message}
          hint="The cash in the drawer before this sale."
        >
          <MoneyInput
            id="pos-drawer-float"
            autoFocus
            aria-invalid={Boolean(errors.float)}
            aria-describedby={errors.float ? 'pos-drawer-float-error' : undefined}
            {...register('float')}
          />
        </Field>
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
        <Button type="submit" disabled={openDrawer.isPending}>
          {openDrawer.isPending ? 'Opening…' : 'Open drawer and take the cash'}
        </Button>
      </div>
    </form>
  );
}
