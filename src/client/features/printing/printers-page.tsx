/**
 * Printers (back office, admin; decision 028): the receipt printers, their state, Test Print,
 * add, change and remove, and the jobs that waited too long for their printer (Print now or
 * Discard). Laid out for a tablet and a laptop.
 */
import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Pencil, Printer as PrinterIcon, Trash2 } from 'lucide-react';
import { ORDER_SOURCES, type OrderSource } from '#shared/orders/order-states.ts';
import {
  DEFAULT_HOLD_AFTER_MINUTES,
  PRINT_TARGETS,
  PRINTER_KINDS,
  PRINTER_MODELS,
  printerInputSchema,
  type Printer,
  type PrinterKind,
} from '#shared/printing/printing.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Form, FormField, FormInput, SubmitButton } from '#client/components/ui/form.tsx';
import { parsedBy } from '#client/components/ui/parsed-by.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import { printerStateText } from './printer-status.tsx';
import {
  useDeletePrinter,
  useHeldJobAction,
  useHeldJobs,
  usePrinters,
  useSavePrinter,
  useTestPrint,
} from './printers-api.ts';

const KIND_LABEL: Record<PrinterKind, string> = {
  'escpos-network': 'Network printer (ESC/POS, port 9100): server in the truck',
  'star-cloudprnt': 'Star CloudPRNT (the printer polls this server): server in the cloud',
};
const SOURCE_LABEL: Record<OrderSource, string> = {
  website: 'Website',
  pos: 'Counter',
  table: 'Tables',
  wolt: 'Wolt',
  bolt: 'Bolt Food',
};

export function PrintersPage() {
  const printers = usePrinters();
  const held = useHeldJobs();
  const [editing, setEditing] = useState<Printer | null>(null);
  const edit = (printer: Printer) => {
    setEditing(printer);
    requestAnimationFrame(() =>
      document.getElementById('printer-form')?.scrollIntoView({ block: 'start' }),
    );
  };
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="font-display text-2xl sm:text-3xl">Printers</h1>
      <p className="mt-1 text-sm text-char-700">
        Kitchen tickets print by themselves when an order is paid; a counter sale’s receipt too. The
        browser’s Print ticket stays for when no printer is set up or one is down.
      </p>
      <section aria-label="Printer list" className="mt-6 grid gap-4 md:grid-cols-2">
        {printers.isPending ? (
          <Spinner label="Loading the printers" />
        ) : printers.isError ? (
          <LoadError
            what="the printers"
            error={printers.error}
            retry={() => void printers.refetch()}
          />
        ) : printers.data.length === 0 ? (
          <p className="text-char-700">No printers yet: add one below.</p>
        ) : (
          printers.data.map((printer) => (
            <PrinterCard key={printer.id} printer={printer} onEdit={() => edit(printer)} />
          ))
        )}
      </section>
      <HeldJobs jobs={held.data ?? []} />
      <PrinterForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
    </main>
  );
}

function PrinterCard({ printer, onEdit }: { printer: Printer; onEdit: () => void }) {
  const test = useTestPrint();
  const remove = useDeletePrinter();
  return (
    <article
      aria-label={printer.name}
      className="rounded-2xl border-2 border-char-900/10 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-bold">{printer.name}</h2>
        <p
          className={cn(
            'rounded-full px-3 py-0.5 text-sm font-bold',
            printer.state === 'failing'
              ? 'bg-red-100 text-red-800'
              : printer.state === 'printing'
                ? 'bg-amber-100 text-amber-900'
                : 'bg-emerald-100 text-emerald-900',
          )}
        >
          {printer.enabled ? printerStateText(printer) : 'switched off'}
        </p>
      </div>
      <p className="mt-1 text-sm text-char-700">
        {printer.kind === 'escpos-network' ? `${printer.host}:${printer.port}` : 'Star CloudPRNT'} ·{' '}
        {printer.model} · prints{' '}
        {printer.prints
          .map((p) => (p === 'kitchen' ? 'kitchen tickets' : 'receipts'))
          .join(' and ')}{' '}
        ·{' '}
        {printer.sources.length === 0
          ? 'every channel'
          : printer.sources.map((s) => SOURCE_LABEL[s]).join(', ')}
      </p>
      {printer.cloudPrntPath && (
        <p className="mt-2 text-sm break-all">
          CloudPRNT URL: <code>{`${window.location.origin}${printer.cloudPrntPath}`}</code>
        </p>
      )}
      {printer.lastError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {printer.lastError}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(printer.id, {
              onSuccess: () => toast.success(`Test page sent to ${printer.name}.`),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          <PrinterIcon aria-hidden className="size-4" />
          Test Print
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden className="size-4" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(`Remove ${printer.name}? Its waiting jobs go with it.`)) return;
            remove.mutate(printer.id, { onError: (error) => toast.error(errorMessage(error)) });
          }}
        >
          <Trash2 aria-hidden className="size-4" />
          Remove
        </Button>
      </div>
    </article>
  );
}

function HeldJobs({
  jobs,
}: {
  jobs: {
    id: string;
    printerName: string;
    kind: string;
    orderNumber: number | null;
    createdAt: string;
    error: string | null;
  }[];
}) {
  const action = useHeldJobAction();
  if (jobs.length === 0) return null;
  return (
    <section aria-label="Waiting for you" className="mt-8">
      <h2 className="text-xl font-bold">Waiting for you</h2>
      <p className="text-sm text-char-700">
        These waited too long for their printer: print them now, or discard them.
      </p>
      <ul className="mt-3 grid gap-2">
        {jobs.map((job) => (
          <li
            key={job.id}
            className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-char-900/10"
          >
            <span className="font-bold">
              {job.kind === 'test'
                ? 'Test page'
                : `#${job.orderNumber ?? '?'} ${job.kind === 'kitchen' ? 'ticket' : 'receipt'}`}
            </span>
            <span className="text-sm text-char-700">on {job.printerName}</span>
            <span className="ml-auto flex gap-2">
              <Button
                size="sm"
                disabled={action.isPending}
                onClick={() => action.mutate({ id: job.id, action: 'print-now' })}
              >
                Print now
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={action.isPending}
                onClick={() => action.mutate({ id: job.id, action: 'discard' })}
              >
                Discard
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Adds a printer, or changes `editing` (the form starts from it). */
/** The form's values as typed; the API's printerInputSchema reads them. */
const printerFormSchema = z
  .object({
    name: z.string(),
    kind: z.enum(PRINTER_KINDS),
    host: z.string(),
    port: z.string(),
    model: z.enum(PRINTER_MODELS),
    prints: z.array(z.enum(PRINT_TARGETS)),
    sources: z.array(z.enum(ORDER_SOURCES)),
    holdAfter: z.string(),
    enabled: z.boolean(),
  })
  .transform(({ host, port, holdAfter, ...printer }) => ({
    ...printer,
    ...(printer.kind === 'escpos-network' && { host, port: Number(port) }),
    holdAfterMinutes: Number(holdAfter),
  }))
  .transform(
    parsedBy(printerInputSchema, (path) => (path[0] === 'holdAfterMinutes' ? ['holdAfter'] : path)),
  );
type PrinterFormValues = z.input<typeof printerFormSchema>;

const selectClass = 'h-12 rounded-2xl border-2 border-char-900/15 bg-white px-3';

function PrinterForm({ editing, onDone }: { editing: Printer | null; onDone: () => void }) {
  const save = useSavePrinter();
  const title = editing ? `Change ${editing.name}` : 'Add a printer';
  const defaultValues: PrinterFormValues = {
    name: editing?.name ?? '',
    kind: editing?.kind ?? 'escpos-network',
    host: editing?.host ?? '',
    port: String(editing?.port ?? 9100),
    model: editing?.model ?? 'epson-tm-t20iii',
    prints: editing?.prints ?? ['kitchen'],
    sources: editing?.sources ?? [],
    holdAfter: String(editing?.holdAfterMinutes ?? DEFAULT_HOLD_AFTER_MINUTES),
    enabled: editing?.enabled ?? true,
  };

  return (
    <Form
      schema={printerFormSchema}
      defaultValues={defaultValues}
      onSubmit={async (input, form) => {
        await save.mutateAsync({ id: editing?.id ?? null, input });
        toast.success(editing ? `${input.name} saved.` : `${input.name} added.`);
        if (editing) onDone();
        // The next printer's own name and address; its other settings are likely the same.
        else form.reset({ ...form.getValues(), name: '', host: '' });
      }}
      onServerError={(error) => toast.error(errorMessage(error, 'Could not save the printer.'))}
      id="printer-form"
      aria-label={title}
      className="mt-8 grid gap-4 rounded-2xl border-2 border-char-900/10 bg-white p-4 md:grid-cols-2"
    >
      <h2 className="text-xl font-bold md:col-span-2">{title}</h2>
      <PrinterFields />
      <div className="flex gap-2 md:col-span-2">
        <PrinterSubmit label={editing ? 'Save printer' : 'Add printer'} />
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}

function PrinterFields() {
  const { register, setValue } = useFormContext<PrinterFormValues>();
  const kind = useWatch<PrinterFormValues, 'kind'>({ name: 'kind' });
  return (
    <>
      <FormInput name="name" id="printer-name" label="Name" required maxLength={60} />
      <FormField name="kind" id="printer-kind" label="Kind">
        {(aria) => (
          <select
            id="printer-kind"
            className={selectClass}
            {...aria}
            {...register('kind', {
              onChange: (event: { target: { value: PrinterKind } }) =>
                setValue(
                  'model',
                  event.target.value === 'star-cloudprnt' ? 'star-mc-print2' : 'epson-tm-t20iii',
                ),
            })}
          >
            {Object.entries(KIND_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {kind === 'escpos-network' && (
        <>
          <FormInput
            name="host"
            id="printer-host"
            label="IP address"
            hint="Give the printer a fixed address on the truck’s network."
            required
            placeholder="192.168.1.50"
          />
          <FormInput name="port" id="printer-port" label="Port" type="number" min={1} max={65535} />
        </>
      )}
      <FormField name="model" id="printer-model" label="Model (its characters: €, Õ, Greek)">
        {(aria) => (
          <select id="printer-model" className={selectClass} {...aria} {...register('model')}>
            {PRINTER_MODELS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormInput
        name="holdAfter"
        id="printer-hold"
        label="Jobs older than this wait for you (minutes)"
        type="number"
        min={1}
        max={1440}
      />
      <CheckboxList
        name="prints"
        legend="Prints"
        className="flex flex-wrap gap-4"
        options={[
          { value: 'kitchen', label: 'Kitchen tickets' },
          { value: 'receipt', label: 'Receipts (counter sales)' },
        ]}
      />
      <CheckboxList
        name="sources"
        legend="Channels (none ticked: every channel)"
        className="flex flex-wrap gap-x-4"
        options={ORDER_SOURCES.map((source) => ({ value: source, label: SOURCE_LABEL[source] }))}
      />
      <label className="inline-flex min-h-11 items-center gap-2 md:col-span-2">
        <input type="checkbox" className="size-5" {...register('enabled')} />
        Switched on (off: nothing new is sent to it; its waiting jobs wait for you)
      </label>
    </>
  );
}

/** Ticks kept in the order they were made, as the API receives them. */
function CheckboxList<N extends 'prints' | 'sources'>({
  name,
  legend,
  className,
  options,
}: {
  name: N;
  legend: string;
  className: string;
  options: { value: PrinterFormValues[N][number]; label: string }[];
}) {
  const { field, fieldState } = useController<PrinterFormValues, N>({ name });
  const list = field.value as string[];
  return (
    <fieldset className={className}>
      <legend className="text-sm font-bold">{legend}</legend>
      {options.map(({ value, label }) => (
        <label key={value} className="inline-flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="size-5"
            checked={list.includes(value)}
            onChange={() =>
              field.onChange(
                list.includes(value) ? list.filter((item) => item !== value) : [...list, value],
              )
            }
          />
          {label}
        </label>
      ))}
      {fieldState.error?.message && (
        <p role="alert" className="w-full text-sm font-semibold text-red-700">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}

/** Off while saving, and while nothing is ticked under Prints. */
function PrinterSubmit({ label }: { label: string }) {
  const prints = useWatch<PrinterFormValues, 'prints'>({ name: 'prints' });
  return <SubmitButton disabled={prints.length === 0}>{label}</SubmitButton>;
}
