/**
 * Printers (back office, admin; decision 028): the receipt printers, their state, Test Print,
 * add, change and remove, and the jobs that waited too long for their printer (Print now or
 * Discard). Laid out for a tablet and a laptop.
 */
import { useState, type FormEvent } from 'react';
import { Pencil, Printer as PrinterIcon, Trash2 } from 'lucide-react';
import { ORDER_SOURCES, type OrderSource } from '#shared/orders/order-states.ts';
import {
  DEFAULT_HOLD_AFTER_MINUTES,
  PRINTER_MODELS,
  type Printer,
  type PrinterInput,
  type PrinterKind,
  type PrinterModel,
  type PrintTarget,
} from '#shared/printing/printing.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
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
function PrinterForm({ editing, onDone }: { editing: Printer | null; onDone: () => void }) {
  const save = useSavePrinter();
  const [name, setName] = useState(editing?.name ?? '');
  const [kind, setKind] = useState<PrinterKind>(editing?.kind ?? 'escpos-network');
  const [host, setHost] = useState(editing?.host ?? '');
  const [port, setPort] = useState(String(editing?.port ?? 9100));
  const [model, setModel] = useState<PrinterModel>(editing?.model ?? 'epson-tm-t20iii');
  const [prints, setPrints] = useState<PrintTarget[]>(editing?.prints ?? ['kitchen']);
  const [sources, setSources] = useState<OrderSource[]>(editing?.sources ?? []);
  const [holdAfter, setHoldAfter] = useState(
    String(editing?.holdAfterMinutes ?? DEFAULT_HOLD_AFTER_MINUTES),
  );
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const title = editing ? `Change ${editing.name}` : 'Add a printer';

  const toggle = <T,>(list: T[], value: T) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: PrinterInput = {
      name,
      kind,
      ...(kind === 'escpos-network' && { host, port: Number(port) }),
      model,
      prints,
      sources,
      holdAfterMinutes: Number(holdAfter),
      enabled,
    };
    save.mutate(
      { id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(editing ? `${name} saved.` : `${name} added.`);
          if (editing) onDone();
          else {
            setName('');
            setHost('');
          }
        },
        onError: (error) => toast.error(errorMessage(error, 'Could not save the printer.')),
      },
    );
  };

  return (
    <form
      id="printer-form"
      aria-label={title}
      onSubmit={submit}
      className="mt-8 grid gap-4 rounded-2xl border-2 border-char-900/10 bg-white p-4 md:grid-cols-2"
    >
      <h2 className="text-xl font-bold md:col-span-2">{title}</h2>
      <Field id="printer-name" label="Name">
        <Input
          id="printer-name"
          required
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field id="printer-kind" label="Kind">
        <select
          id="printer-kind"
          className="h-12 rounded-2xl border-2 border-char-900/15 bg-white px-3"
          value={kind}
          onChange={(e) => {
            const next = e.target.value as PrinterKind;
            setKind(next);
            setModel(next === 'star-cloudprnt' ? 'star-mc-print2' : 'epson-tm-t20iii');
          }}
        >
          {Object.entries(KIND_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {kind === 'escpos-network' && (
        <>
          <Field
            id="printer-host"
            label="IP address"
            hint="Give the printer a fixed address on the truck’s network."
          >
            <Input
              id="printer-host"
              required
              placeholder="192.168.1.50"
              value={host}
              onChange={(e) => setHost(e.target.value)}
            />
          </Field>
          <Field id="printer-port" label="Port">
            <Input
              id="printer-port"
              type="number"
              min={1}
              max={65535}
              value={port}
              onChange={(e) => setPort(e.target.value)}
            />
          </Field>
        </>
      )}
      <Field id="printer-model" label="Model (its characters: €, Õ, Greek)">
        <select
          id="printer-model"
          className="h-12 rounded-2xl border-2 border-char-900/15 bg-white px-3"
          value={model}
          onChange={(e) => setModel(e.target.value as PrinterModel)}
        >
          {PRINTER_MODELS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </Field>
      <Field id="printer-hold" label="Jobs older than this wait for you (minutes)">
        <Input
          id="printer-hold"
          type="number"
          min={1}
          max={1440}
          value={holdAfter}
          onChange={(e) => setHoldAfter(e.target.value)}
        />
      </Field>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="text-sm font-bold">Prints</legend>
        {(['kitchen', 'receipt'] as const).map((target) => (
          <label key={target} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={prints.includes(target)}
              onChange={() => setPrints(toggle(prints, target))}
            />
            {target === 'kitchen' ? 'Kitchen tickets' : 'Receipts (counter sales)'}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-4">
        <legend className="text-sm font-bold">Channels (none ticked: every channel)</legend>
        {ORDER_SOURCES.map((source) => (
          <label key={source} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={sources.includes(source)}
              onChange={() => setSources(toggle(sources, source))}
            />
            {SOURCE_LABEL[source]}
          </label>
        ))}
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 md:col-span-2">
        <input
          type="checkbox"
          className="size-5"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        Switched on (off: nothing new is sent to it; its waiting jobs wait for you)
      </label>
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" disabled={save.isPending || prints.length === 0}>
          {editing ? 'Save printer' : 'Add printer'}
        </Button>
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
