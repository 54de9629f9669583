import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Ban } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Form, useFieldError } from '#client/components/ui/form.tsx';
import { parsedBy } from '#client/components/ui/parsed-by.ts';
import {
  soldOutRequestSchema,
  type SOLD_OUT_MODES,
  type SoldOutRequest,
} from '#shared/menu/menu-admin.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { soldOutText } from '../lib/format.ts';
import { Badge, RowAction } from './form-bits.tsx';

type Mode = (typeof SOLD_OUT_MODES)[number];

export interface SoldOutTarget {
  name: string;
  soldOut?: { until: string | null } | null | undefined;
}

interface Props {
  target: SoldOutTarget | null;
  timeZone: string | undefined;
  pending: boolean;
  onApply: (request: SoldOutRequest) => void;
  onClose: () => void;
}

const CHOICES: { mode: Mode; label: string }[] = [
  { mode: 'end-of-service', label: "Until the end of today's service" },
  { mode: 'until', label: 'Until…' },
  { mode: 'indefinite', label: 'Until I turn it back on' },
  { mode: 'off', label: 'Back on sale' },
];

/** Decision 010: sold out on every channel, until the end of service, a time, or for now. */
export function SoldOutDialog({ target, timeZone, pending, onApply, onClose }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      {target && (
        <DialogContent
          title="Sold out"
          description={`${target.name}: off the website, the table page and the POS until it is back.`}
        >
          <SoldOutForm
            target={target}
            timeZone={timeZone}
            pending={pending}
            onApply={onApply}
            onClose={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The API's soldOutRequestSchema reads the choice (and its time, for "Until…"). */
const soldOutFormSchema = z
  .object({ mode: z.string(), until: z.string() })
  .transform(({ mode, until }) => (mode === 'until' ? { mode, until } : { mode }))
  // Its one message, at the time field.
  .transform(parsedBy(soldOutRequestSchema, () => ['until']));
type SoldOutFormValues = z.input<typeof soldOutFormSchema>;

function SoldOutForm({
  target,
  timeZone,
  pending,
  onApply,
  onClose,
}: Props & { target: SoldOutTarget }) {
  const [now] = useState(() => new Date());
  const current = soldOutText(target.soldOut, now, timeZone);

  return (
    <Form
      schema={soldOutFormSchema}
      defaultValues={{ mode: current ? 'off' : 'end-of-service', until: '' }}
      onSubmit={(request) => onApply(request)}
      pending={pending}
      className="flex min-h-0 flex-col"
    >
      <div className="flex flex-col gap-3 overflow-y-auto p-5">
        <p className="flex items-center gap-2 text-sm">
          <span className="text-char-700">Now:</span>
          {current ? <Badge tone="danger">{current}</Badge> : <Badge tone="success">On sale</Badge>}
        </p>
        <SoldOutChoices onSale={!current} />
      </div>
      <div className="flex justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Apply'}
        </Button>
      </div>
    </Form>
  );
}

function SoldOutChoices({ onSale }: { onSale: boolean }) {
  const id = useId();
  const { register } = useFormContext<SoldOutFormValues>();
  const mode = useWatch<SoldOutFormValues, 'mode'>({ name: 'mode' }) as Mode;
  const { error, aria } = useFieldError('until', id);
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-bold">Sold out</legend>
        {CHOICES.map((choice) => (
          <div key={choice.mode} className="flex flex-wrap items-center gap-x-3">
            <label
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-char-900/5',
                choice.mode === 'off' && onSale && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                value={choice.mode}
                className="size-5 accent-ember-700"
                disabled={choice.mode === 'off' && onSale}
                {...register('mode')}
              />
              {choice.label}
            </label>
            {choice.mode === 'until' && mode === 'until' && (
              <Input
                id={id}
                type="time"
                aria-label="Back on sale at"
                className="h-11 w-36"
                {...aria}
                {...register('until')}
                autoFocus
              />
            )}
          </div>
        ))}
      </fieldset>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** The row's button that opens the dialog. */
export function SoldOutButton({
  name,
  layout,
  onClick,
}: {
  name: string;
  layout: 'table' | 'card';
  onClick: () => void;
}) {
  return (
    <RowAction
      layout={layout}
      icon={<Ban />}
      label={`Sold out options for ${name}`}
      onClick={onClick}
    >
      Sold out…
    </RowAction>
  );
}
