import { useFormContext } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Form, FormField, FormInput, SubmitButton } from '#client/components/ui/form.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import type { CashMovementKind } from '#shared/cash-drawer/cash-drawer.ts';
import { cashMovementRequestSchema } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { useRecordMovement } from '../api/cash-drawer-queries.ts';
import { euro } from './money.ts';
import { MoneyInput } from './money-input.tsx';

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
  return (
    <Form
      schema={cashMovementRequestSchema}
      defaultValues={{ kind, amount: '', reason: '' }}
      onSubmit={async (movement) => {
        await record.mutateAsync({
          kind,
          amount: centsToDecimalString(movement.amount),
          reason: movement.reason,
        });
        toast.success(kind === 'pay-in' ? 'Pay-in recorded' : 'Pay-out recorded', {
          description: `${euro(centsToDecimalString(movement.amount))}: ${movement.reason}`,
        });
        onClose();
      }}
      onServerError={(error) =>
        toast.error('Could not record it', { description: errorMessage(error) })
      }
      className="flex min-h-0 flex-col"
    >
      <div className="flex flex-col gap-4 overflow-y-auto p-5">
        <AmountField />
        <FormInput
          name="reason"
          id="movement-reason"
          label="Reason"
          autoComplete="off"
          maxLength={200}
          placeholder={COPY[kind].placeholder}
        />
      </div>
      <div className="flex justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton>
          {record.isPending ? 'Saving…' : kind === 'pay-in' ? 'Record pay-in' : 'Record pay-out'}
        </SubmitButton>
      </div>
    </Form>
  );
}

function AmountField() {
  const { register } = useFormContext<{ amount: string }>();
  return (
    <FormField name="amount" id="movement-amount" label="Amount (€)">
      {(aria) => <MoneyInput id="movement-amount" autoFocus {...aria} {...register('amount')} />}
    </FormField>
  );
}
