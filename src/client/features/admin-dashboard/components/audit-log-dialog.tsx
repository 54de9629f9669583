import { RotateCw } from 'lucide-react';
import type { AuditEntry } from '#shared/admin-dashboard/dashboard.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAuditLog } from '../api/audit-log-query.ts';
import { formatDateTime } from '#client/lib/back-office/format.ts';
import { Badge, type BadgeTone } from '#client/components/back-office/badges.tsx';
import { DashboardDialog } from './dashboard-dialog.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  timeZone: string | undefined;
}

const ACTIONS: Record<AuditEntry['action'], { label: string; tone: BadgeTone }> = {
  'order.deleted': { label: 'Order deleted', tone: 'danger' },
  'customer.erased': { label: 'Customer erased', tone: 'warning' },
  'order.payment-status': { label: 'Payment changed', tone: 'info' },
  // The kitchen watchdog (decision 023).
  'watchdog.kitchen-offline': { label: 'Kitchen offline', tone: 'danger' },
  'watchdog.order-untouched': { label: 'Order not started', tone: 'warning' },
  'watchdog.paused': { label: 'Orders paused', tone: 'danger' },
  'watchdog.resumed': { label: 'Orders resumed', tone: 'info' },
  'watchdog.kitchen-back': { label: 'Kitchen back', tone: 'info' },
};

/** What was deleted or erased, by whom, when and why (departure 10). */
export function AuditLogDialog({ open, onClose, timeZone }: Props) {
  return (
    <DashboardDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Audit log"
      description="Deleted orders, erased customers, payment changes and kitchen watchdog events, newest first."
      className="sm:max-w-2xl"
    >
      <AuditLog timeZone={timeZone} />
    </DashboardDialog>
  );
}

function AuditLog({ timeZone }: { timeZone: string | undefined }) {
  const log = useAuditLog();
  return (
    <div className="min-h-0 overflow-y-auto p-5">
      {log.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : log.isError ? (
        <div role="alert" className="p-4 text-center text-sm">
          <p className="font-semibold">Could not load the audit log</p>
          <p className="text-char-700">{errorMessage(log.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void log.refetch()}>
            <RotateCw aria-hidden className="size-4" />
            Try again
          </Button>
        </div>
      ) : log.data.length === 0 ? (
        <p className="p-6 text-center text-char-700">Nothing deleted or erased yet</p>
      ) : (
        <ol aria-label="Audit log entries" className="flex flex-col gap-2">
          {log.data.map((entry) => {
            const action = ACTIONS[entry.action];
            return (
              <li
                key={entry.id}
                className="rounded-2xl bg-white p-3 text-sm ring-1 ring-char-900/10"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-bold">{entry.subject}</span>
                  <Badge tone={action.tone}>{action.label}</Badge>
                </div>
                <p className="mt-0.5 text-xs text-char-700">
                  <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time> · by{' '}
                  {entry.actor ?? 'a removed account'}
                </p>
                {entry.detail && <p className="mt-1 break-words">{entry.detail}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
