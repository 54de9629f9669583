import { useState } from 'react';
import { Download } from 'lucide-react';
import { exportRangeSchema } from '#shared/admin-dashboard/dashboard.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { exportUrl } from '#client/lib/back-office/format.ts';
import { DashboardDialog } from './dashboard-dialog.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The day on screen: both dates start there. */
  day: string;
  today: string;
}

/** CSV files of the orders, or of their lines, for a day or a range (inclusive). */
export function ExportDialog({ open, onClose, day, today }: Props) {
  return (
    <DashboardDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Export CSV"
      description="Download the orders, or every order line, for a day or a range of days."
    >
      <ExportForm day={day} today={today} />
    </DashboardDialog>
  );
}

function ExportForm({ day, today }: { day: string; today: string }) {
  const [from, setFrom] = useState(day);
  const [to, setTo] = useState(day);
  const range = exportRangeSchema.safeParse({ from, to });
  const problem = range.success ? null : (range.error.issues[0]?.message ?? 'Check the dates');
  const problemOnFrom = !range.success && range.error.issues[0]?.path[0] === 'from';

  return (
    <div className="flex flex-col gap-4 overflow-y-auto p-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="export-from"
          label="From"
          error={problemOnFrom ? (problem ?? undefined) : undefined}
        >
          <Input
            id="export-from"
            type="date"
            max={today}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            aria-invalid={problemOnFrom || undefined}
            aria-describedby={problemOnFrom ? 'export-from-error' : undefined}
          />
        </Field>
        <Field id="export-to" label="To" error={problem && !problemOnFrom ? problem : undefined}>
          <Input
            id="export-to"
            type="date"
            max={today}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={(problem !== null && !problemOnFrom) || undefined}
            aria-describedby={problem && !problemOnFrom ? 'export-to-error' : undefined}
          />
        </Field>
      </div>
      <p className="text-sm text-char-700">
        Deleted orders are left out, as from the totals; the audit log keeps them. Refunds are
        listed on the day they were made.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <DownloadLink href={range.success ? exportUrl('orders', from, to) : null}>
          Orders CSV
        </DownloadLink>
        <DownloadLink href={range.success ? exportUrl('order-lines', from, to) : null}>
          Order lines CSV
        </DownloadLink>
        {/* Decision 021: each refund on the day it was made, with the sale it belongs to. */}
        <DownloadLink href={range.success ? exportUrl('refunds', from, to) : null}>
          Refunds CSV
        </DownloadLink>
      </div>
    </div>
  );
}

/** A plain link: the server answers with the file as an attachment. */
function DownloadLink({ href, children }: { href: string | null; children: string }) {
  if (href === null) {
    return (
      <Button variant="outline" disabled className="sm:flex-1 disabled:opacity-50">
        <Download aria-hidden className="size-5" />
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="primary" className="sm:flex-1">
      <a href={href} download>
        <Download aria-hidden className="size-5" />
        {children}
      </a>
    </Button>
  );
}
