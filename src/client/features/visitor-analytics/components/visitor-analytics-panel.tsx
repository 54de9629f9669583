/**
 * The Visitor Analytics panel (spec back-office "Visitor Analytics panel", §3, §7, §8, §9): the
 * body of the dialog the dashboard's card opens. Three tabs over one chosen period (the
 * server's last seven days at first) and Refresh Data, which has the server recompute today.
 *
 * Loaded on its own when the dialog first opens; the chart inside loads later still.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import {
  dailyStatsQuery,
  rangeQuery,
  useRefreshAnalytics,
  type DateRange,
} from '../api/analytics-queries.ts';
import { localDay } from '#client/lib/page-views/visitor.ts';
import { AnalyticsTabs, type TabDefinition } from './analytics-tabs.tsx';
import { DetailedStatsTab } from './detailed-stats-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { WithRange } from './range-status.tsx';
import { TopPagesTab } from './top-pages-tab.tsx';

type TabKey = 'overview' | 'details' | 'pages';

const TABS: readonly TabDefinition<TabKey>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'details', label: 'Detailed Stats' },
  { key: 'pages', label: 'Top Pages' },
];

export function VisitorAnalyticsPanel() {
  const id = useId();
  const idFor = (key: TabKey) => ({ tab: `${id}-tab-${key}`, panel: `${id}-panel-${key}` });
  const [tab, setTab] = useState<TabKey>('overview');
  // null: the server's default period (spec §9: 7 days); its answer names the dates.
  const [applied, setApplied] = useState<DateRange | null>(null);
  // The previous period stays on screen while a new one loads.
  const range = useQuery({ ...rangeQuery(applied), placeholderData: keepPreviousData });
  const daily = useQuery(dailyStatsQuery());
  const refresh = useRefreshAnalytics();
  // Today on the shop's clock when the server has said it; this browser's until then.
  const today = daily.data?.date ?? localDay(new Date());

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 px-5 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <AnalyticsTabs
          label="Visitor analytics views"
          tabs={TABS}
          selected={tab}
          onSelect={setTab}
          idFor={idFor}
        />
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-auto"
          onClick={() => refresh.mutate(today)}
          disabled={refresh.isPending}
          aria-busy={refresh.isPending}
        >
          <RefreshCw aria-hidden className={cn('size-4', refresh.isPending && 'animate-spin')} />
          Refresh Data
        </Button>
      </div>
      <p role="status" className="px-5 text-right text-xs text-char-700">
        {refresh.isError
          ? 'Could not refresh the figures; these are the last ones computed.'
          : refresh.isSuccess
            ? 'Figures refreshed.'
            : ''}
      </p>

      <div
        role="tabpanel"
        id={idFor(tab).panel}
        aria-labelledby={idFor(tab).tab}
        tabIndex={0}
        className="mt-3 min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ember-700"
      >
        {tab === 'overview' ? (
          <OverviewTab range={range} today={today} onApplyRange={setApplied} />
        ) : (
          <WithRange query={range}>
            {(data) =>
              tab === 'details' ? <DetailedStatsTab range={data} /> : <TopPagesTab range={data} />
            }
          </WithRange>
        )}
      </div>
    </div>
  );
}
