import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Form, FormField, FormTextarea } from '#client/components/ui/form.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import {
  closeDrawerRequestSchema,
  type CashDrawerSession,
} from '#shared/cash-drawer/cash-drawer.schema.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { useCloseDrawer } from '../api/cash-drawer-queries.ts';
import {
  DIFFERENCE_CLASSES,
  DIFFERENCE_WORDS,
  differenceTone,
  euro,
  previewDifference,
  signedEuro,
  typedAmount,
} from './money.ts';
import { MoneyInput } from './money-input.tsx';

type Input = z.input<typeof closeDrawerRequestSchema>;
type Output = z.output<typeof closeDrawerRequestSchema>;

interface Props {
  session: CashDrawerSession | null;
  onClose: () => void;
  onClosed: (session: CashDrawerSession) => void;
}

/** Count the cash, see the difference, confirm: the day ends (decision 012). */
export function CloseDrawerDialog({ session, onClose, onClosed }: Props) {
  return (
    <Dialog open={session !== null} onOpenChange={(open) => !open && onClose()}>
      {session && (
        <DialogContent
          title="Close the drawer"
          description="Count every note and coin in the drawer, float included."
        >
          <CloseForm session={session} onClose={onClose} onClosed={onClosed} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Expected, counted and the difference, coloured by its sign. */
export function CountSummary({
  expected,
  counted,
  difference,
}: {
  expected: string;
  counted: string | null;
  difference: string | null;
}) {
  const tone = difference === null ? null : differenceTone(difference);
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      <div className="rounded-2xl bg-stone-50 p-3 ring-1 ring-char-900/10">
        <dt className="text-xs font-bold tracking-wide text-char-700 uppercase">Expected</dt>
        <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{euro(expected)}</dd>
      </div>
      <div className="rounded-2xl bg-stone-50 p-3 ring-1 ring-char-900/10">
        <dt className="text-xs font-bold tracking-wide text-char-700 uppercase">Counted</dt>
        <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">
          {counted === null ? '–' : euro(counted)}
        </dd>
      </div>
      <div
        className={cn(
          'rounded-2xl p-3 ring-1',
          tone ? DIFFERENCE_CLASSES[tone] : 'bg-stone-50 ring-char-900/10',
        )}
      >
        <dt className="text-xs font-bold tracking-wide uppercase opacity-80">Difference</dt>
        <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">
          {difference === null ? '–' : signedEuro(difference)}
          {tone && (
            <span className="block text-xs font-bold uppercase">{DIFFERENCE_WORDS[tone]}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

function CloseForm({ session, onClose, onClosed }: Props & { session: CashDrawerSession }) {
  const closeDrawer = useCloseDrawer();
  const [review, setReview] = useState<Output | null>(null);
  // What was typed, so Back comes back to it.
  const [draft, setDraft] = useState<Input>({ counted: '', note: '' });

  const confirm = () => {
    if (!review) return;
    closeDrawer.mutate(
      {
        counted: centsToDecimalString(review.counted),
        ...(review.note ? { note: review.note } : {}),
      },
      {
        onSuccess: (closed) => {
          toast.success('Drawer closed', {
            description: `Difference ${signedEuro(closed.difference ?? '0.00')}.`,
          });
          onClosed(closed);
        },
        onError: (error) =>
          toast.error('Could not close the drawer', { description: errorMessage(error) }),
      },
    );
  };

  if (review) {
    const reviewed = centsToDecimalString(review.counted);
    return (
      <div className="flex min-h-0 flex-col">
        <div className="flex flex-col gap-4 overflow-y-auto p-5">
          <p className="font-semibold">
            Close the drawer with {euro(reviewed)} counted? The day ends here; a closed drawer
            cannot be opened again.
          </p>
          <CountSummary
            expected={session.expectedCash}
            counted={reviewed}
            difference={previewDifference(reviewed, session.expectedCash)}
          />
          {review.note && <p className="text-sm text-char-700">Note: {review.note}</p>}
        </div>
        <div className="flex justify-end gap-2 border-t border-char-900/10 px-5 py-4">
          <Button variant="ghost" onClick={() => setReview(null)} disabled={closeDrawer.isPending}>
            Back
          </Button>
          <Button variant="dark" onClick={confirm} disabled={closeDrawer.isPending}>
            {closeDrawer.isPending ? 'Closing…' : 'Yes, close the drawer'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Form
      schema={closeDrawerRequestSchema}
      defaultValues={draft}
      onSubmit={(values, { getValues }) => {
        setDraft(getValues());
        setReview(values);
      }}
      className="flex min-h-0 flex-col"
    >
      <div className="flex flex-col gap-4 overflow-y-auto p-5">
        <CountedField expected={session.expectedCash} />
        <FormTextarea
          name="note"
          id="drawer-note"
          label="Note (optional)"
          maxLength={500}
          placeholder="Anything the next person should know"
          className="min-h-16"
        />
      </div>
      <div className="flex justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="dark">
          Review and close
        </Button>
      </div>
    </Form>
  );
}

/** The counted cash and, as it is typed, the difference it makes. */
function CountedField({ expected }: { expected: string }) {
  const { register, control } = useFormContext<Input>();
  const counted = typedAmount(useWatch({ control, name: 'counted' }));
  return (
    <>
      <FormField name="counted" id="drawer-counted" label="Counted cash (€)">
        {(aria) => (
          <MoneyInput
            id="drawer-counted"
            autoFocus
            aria-invalid={Boolean(aria['aria-invalid'])}
            aria-describedby={aria['aria-describedby']}
            {...register('counted')}
          />
        )}
      </FormField>
      <CountSummary
        expected={expected}
        counted={counted}
        difference={counted === null ? null : previewDifference(counted, expected)}
      />
    </>
  );
}
