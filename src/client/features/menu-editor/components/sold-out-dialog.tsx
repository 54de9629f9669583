import { useId, useState, type FormEvent } from 'react';
import { Ban } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
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

function SoldOutForm({
  target,
  timeZone,
  pending,
  onApply,
  onClose,
}: Props & { target: SoldOutTarget }) {
  const [now] = useState(() => new Date());
  const current = soldOutText(target.soldOut, now, timeZone);
  const [mode, setMode] = useState<Mode>(current ? 'off' : 'end-of-service');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = soldOutRequestSchema.safeParse(mode === 'until' ? { mode, until } : { mode });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a time as HH:MM');
      return;
    }
    setError(null);
    onApply(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
      <div className="flex flex-col gap-3 overflow-y-auto p-5">
        <p className="flex items-center gap-2 text-sm">
          <span className="text-char-700">Now:</span>
          {current ? <Badge tone="danger">{current}</Badge> : <Badge tone="success">On sale</Badge>}
        </p>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-bold">Sold out</legend>
          {CHOICES.map((choice) => (
            <div key={choice.mode} className="flex flex-wrap items-center gap-x-3">
              <label
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-char-900/5',
                  choice.mode === 'off' && !current && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={choice.mode}
                  className="size-5 accent-ember-700"
                  checked={mode === choice.mode}
                  disabled={choice.mode === 'off' && !current}
                  onChange={() => setMode(choice.mode)}
                />
                {choice.label}
              </label>
              {choice.mode === 'until' && mode === 'until' && (
                <Input
                  type="time"
                  aria-label="Back on sale at"
                  className="h-11 w-36"
                  value={until}
                  onChange={(event) => setUntil(event.target.value)}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${name}-error` : undefined}
                  autoFocus
                />
              )}
            </div>
          ))}
        </fieldset>
        {error && (
          <p id={`${name}-error`} role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Apply'}
        </Button>
      </div>
    </form>
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
