import { CalendarPlus, Printer, RotateCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useShopInfo, useZReport } from '../api/cash-drawer-queries.ts';
import { CountSummary } from './close-drawer-dialog.tsx';
import { ZReportPaper, ZReportPrintSheet } from './z-report.tsx';

/** After closing: the count, the Z report with Print, and the way to the next day. */
export function ReportPanel({ sessionId, onNewDay }: { sessionId: string; onNewDay: () => void }) {
  const report = useZReport(sessionId);
  const shop = useShopInfo();

  if (report.isPending) return <Spinner label="Loading the Z report" />;
  if (report.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 text-center ring-1 ring-char-900/10">
        <p className="font-bold">Could not load the Z report</p>
        <p className="mt-1 text-sm text-char-700">{errorMessage(report.error)}</p>
        <div className="mt-4 flex justify-center gap-2">
          <Button variant="outline" onClick={() => void report.refetch()}>
            <RotateCw aria-hidden className="size-4" />
            Try again
          </Button>
          <Button variant="ghost" onClick={onNewDay}>
            Back
          </Button>
        </div>
      </div>
    );
  }

  const { session } = report.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start">
      <section
        aria-labelledby="closed-heading"
        className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/10 sm:p-6"
      >
        <h2 id="closed-heading" className="font-display text-2xl">
          {session.closedAt ? 'Drawer closed' : 'The day so far'}
        </h2>
        <p className="mt-1 text-sm text-char-700">
          {session.closedAt
            ? `Counted by ${session.closedBy ?? 'someone'}. Print the Z report for the day's records.`
            : 'The drawer is still open.'}
        </p>
        <div className="mt-4">
          <CountSummary
            expected={session.expectedCash}
            counted={session.counted}
            difference={session.difference}
          />
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button size="lg" onClick={() => window.print()}>
            <Printer aria-hidden className="size-5" />
            Print Z report
          </Button>
          <Button size="lg" variant="outline" onClick={onNewDay}>
            <CalendarPlus aria-hidden className="size-5" />
            Start a new day
          </Button>
        </div>
      </section>
      <section
        aria-label="Z report"
        className="mx-auto w-full max-w-[calc(80mm+2rem)] rounded-2xl bg-white p-4 shadow-md ring-1 ring-char-900/10"
      >
        <ZReportPaper report={report.data} shop={shop.data} />
      </section>
      <ZReportPrintSheet>
        <ZReportPaper report={report.data} shop={shop.data} />
      </ZReportPrintSheet>
    </div>
  );
}
