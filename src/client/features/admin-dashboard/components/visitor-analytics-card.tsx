import { useId, useState } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * Spec: a Visitor Analytics card with Show/Hide Details and View Visitor Analytics. The
 * analytics panel belongs to the reports feature, not built yet: the card says so plainly and
 * shows no numbers it does not have.
 */
export function VisitorAnalyticsCard() {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const noteId = useId();
  return (
    <section
      aria-labelledby="visitor-analytics-heading"
      className="flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
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
      <div id={detailsId} hidden={!open} className="mt-2 text-sm text-char-700">
        <p>
          Visitor analytics arrive with the reports feature. Until then this site counts no visits,
          so there are no visitor numbers to show here.
        </p>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-3">
        <Button
          variant="outline"
          size="sm"
          disabled
          aria-describedby={noteId}
          className="disabled:opacity-60"
        >
          View Visitor Analytics
        </Button>
        <span id={noteId} className="text-sm font-semibold text-char-700">
          Coming with reports
        </span>
      </div>
    </section>
  );
}
