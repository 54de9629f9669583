/**
 * Each receipt printer's state (decision 028) on the kitchen display and the dashboard: ready,
 * printing, or failing since HH:MM with the error, as an alert. Nothing when the shop has no
 * printers (the browser's print is the way then).
 */
import { Printer, PrinterCheck, TriangleAlert } from 'lucide-react';
import type { Printer as PrinterState } from '#shared/printing/printing.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { usePrinterStatus } from './printers-api.ts';

/** "18:05" in the shop's zone when known. */
function clockOf(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

export function printerStateText(printer: PrinterState, timeZone?: string): string {
  switch (printer.state) {
    case 'ready':
      return 'ready';
    case 'printing':
      return `printing (${printer.queued} waiting)`;
    case 'failing':
      return `failing since ${printer.failingSince ? clockOf(printer.failingSince, timeZone) : '--:--'}`;
  }
}

export function PrinterStatus({
  timeZone,
  tone,
  className,
}: {
  timeZone?: string;
  /** dark: the kitchen display's header colours; light: the dashboard's. */
  tone: 'dark' | 'light';
  className?: string;
}) {
  const { data: printers } = usePrinterStatus();
  const enabled = (printers ?? []).filter((printer) => printer.enabled);
  if (enabled.length === 0) return null;
  const failing = enabled.filter((printer) => printer.state === 'failing');
  return (
    <section
      aria-label="Printers"
      data-testid="printer-status"
      className={cn('flex flex-col gap-2', className)}
    >
      <ul className="flex flex-wrap gap-2">
        {enabled.map((printer) => (
          <li
            key={printer.id}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold',
              printer.state === 'failing'
                ? 'bg-red-600 text-white'
                : printer.state === 'printing'
                  ? 'bg-amber-200 text-amber-950'
                  : tone === 'dark'
                    ? 'bg-white/10 text-emerald-200'
                    : 'bg-emerald-100 text-emerald-900',
            )}
          >
            {printer.state === 'ready' ? (
              <PrinterCheck aria-hidden className="size-4 shrink-0" />
            ) : (
              <Printer aria-hidden className="size-4 shrink-0" />
            )}
            {printer.name}: {printerStateText(printer, timeZone)}
          </li>
        ))}
      </ul>
      {failing.length > 0 && (
        <div
          role="alert"
          className={cn(
            'flex items-start gap-2 rounded-xl px-3 py-2 font-bold',
            tone === 'dark' ? 'bg-red-700 text-white' : 'bg-red-100 text-red-950',
          )}
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            {failing.map((printer) => (
              <p key={printer.id}>
                Printer {printer.name} is {printerStateText(printer, timeZone)}: {printer.lastError}
                . Its tickets wait and print when it is back; use Print ticket meanwhile.
              </p>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
