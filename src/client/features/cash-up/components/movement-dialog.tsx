import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import type { CashMovementKind } from '#shared/cash-drawer/cash-drawer.ts';
import { cashMovementRequestSchema } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { useRecordMovement } from '../api/cash-drawer-queries.ts';
import { euro } from './money.ts';
import { MoneyInput } from './money-input.tsx';

type Input = z.input<typeof cashMovementRequestSchema>;
type Output = z.output<typeof cashMovementRequestSchema>;

const COPY: Record<CashMovementKind, { title: string; description: string; placeholder: string }> =
  {
    'pay-in': {
      title: 'Pay in',
      description: 'Cash put into the drawer outside a sale.',
      placeholder: 'Coins from the bank',
    },
    'pay-out': {
      title: 'Pay out',
      description: 'Cash taken out of the drawer, for a purchase or a supplier.',
      placeholder: 'Ice from the supermarket',
    },
  };

export function MovementDialog({
  kind,
  onClose,
}: {
  kind: CashMovementKind | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      {kind && (
        <DialogContent title={COPY[kind].title} description={COPY[kind].description}>
          <MovementForm kind={kind} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function MovementForm({ kind, onClose }: { kind: CashMovementKind; onClose: () => void }) {
  const record = useRecordMovement();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(cashMovementRequestSchema),
    defaultValues: { kind, amount: '', reason: '' },
  });

  const submit = (movement: Output) =>
    record.mutate(
      { kind, amount: centsToDecimalString(movement.amount), reason: movement.reason },
      {
        onSuccess: () => {
          toast.success(kind === 'pay-in' ? 'Pay-in recorded' : 'Pay-out recorded', {
            description: `${euro(centsToDecimalString(movement.amount))}: ${movement.reason}`,
          });
          onClose();
        },
        onError: (error) =>
          toast.error('Could not record it', { description: errorMessage(error) }),
      },
    );

  const aria = (field: 'amount' | 'reason') =>
    errors[field]
      ? { 'aria-invalid': true, 'aria-describedby': `movement-${field}-error` }
      : { 'aria-invalid': false };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex min-h-0 flex-col"
    >
      <div className="flex flex-col gap-4 overflow-y-auto p-5">
        <Field id="movement-amount" label="Amount (€)" error={errors.amount?.message}>
          <MoneyInput id="movement-amount" autoFocus {...aria('amount')} {...register('amount')} />
        </Field>
        <Field id="movement-reason" label="Reason" error={errors.reason?.message}>
          <Input
            id="movement-reason"
            autoComplete="off"
            maxLength={200}
            placeholder={COPY[kind].placeholder}
            {...aria('reason')}
            {...register('reason')}
          />
        </Field>
      </div>
      <div className="flex justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Saving…' : kind === 'pay-in' ? 'Record pay-in' : 'Record pay-out'}
        </Button>
      </div>
    </form>
  );
}
