import { lazy, Suspense, useId, useState } from 'react';
import { ChartColumn, ChevronDown, ChevronUp } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { loadVisitorAnalyticsPanel, TodayFigures } from '../../visitor-analytics/index.ts';
import { DashboardDialog } from './dashboard-dialog.tsx';

// The panel (and later its chart) loads when first opened; a chunk that cannot load says so.
const VisitorAnalyticsPanel = lazy(() =>
  loadVisitorAnalyticsPanel().then(
    (module) => ({ default: module.VisitorAnalyticsPanel }),
    () => ({ default: PanelUnavailable }),
  ),
);

/**
 * Spec: a Visitor Analytics card with Show/Hide Details (today's four figures) and View Visitor
 * Analytics, which opens the panel in a large dialog (full screen on a phone).
 */
export function VisitorAnalyticsCard() {
  const [open, setOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const detailsId = useId();
  return (
    <section
      aria-labelledby="visitor-analytics-heading"
      // self-start: beside a long Item Sales card it keeps its own height, not a blank box.
      className="flex flex-col self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="visitor-analytics-heading" className="font-display text-xl">
          Visitor Analytics
        </h2>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide Details' : 'Show Details'}
          {open ? (
            <ChevronUp aria-hidden className="size-4" />
          ) : (
            <ChevronDown aria-hidden className="size-4" />
          )}
        </Button>
      </div>
      <div id={detailsId} hidden={!open} className="mt-2">
        {/* Fetched when shown: today's views keep arriving, so each opening asks again. */}
        {open && (
          <>
            <p className="mb-2 text-sm text-char-700">Today so far</p>
            <TodayFigures testIdPrefix="card-visitors" />
          </>
        )}
      </div>
      <div className="pt-3">
        <Button variant="outline" size="sm" onClick={() => setPanelOpen(true)}>
          <ChartColumn aria-hidden className="size-4" />
          View Visitor Analytics
        </Button>
      </div>
      <DashboardDialog
        open={panelOpen}
        onOpenChange={setPanelOpen}
        title="Visitor Analytics"
        description="Counted without storing anyone's IP address or following anyone across days."
        className="top-(--toast-room) max-h-none sm:max-h-[92dvh] sm:w-[calc(100%-2rem)] sm:max-w-5xl sm:rounded-3xl"
      >
        <Suspense fallback={<Spinner label="Loading visitor analytics" />}>
          <VisitorAnalyticsPanel />
        </Suspense>
      </DashboardDialog>
    </section>
  );
}

function PanelUnavailable() {
  return (
    <p role="alert" className="px-5 py-8 text-center text-sm text-char-700">
      Visitor analytics could not load. Check the connection and reload the page.
    </p>
  );
}
