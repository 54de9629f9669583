import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import { dailyStatsQuery } from '../api/analytics-queries.ts';
import { formatCount } from '../analytics-format.ts';

interface Props {
  /** Test ids are `${testIdPrefix}-unique`, `-new`, `-returning`, `-page-views`. */
  testIdPrefix: string;
  /** In the panel: four in a row on a tablet and up, white cards on the dialog's cream. */
  inPanel?: boolean;
}

/**
 * Today's four figures from GET /api/admin/analytics/daily (spec §3 "Daily visitor stats"),
 * shown by the dashboard card's details and the panel's Today's Activity.
 */
export function TodayFigures({ testIdPrefix, inPanel }: Props) {
  const daily = useQuery(dailyStatsQuery());

  if (daily.isError && !daily.data) {
    return (
      <div role="alert" className="py-2 text-sm">
        <p className="font-semibold">Failed to fetch daily analytics</p>
        <p className="text-char-700">{errorMessage(daily.error)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void daily.refetch()}>
          <RotateCw aria-hidden className="size-4" />
          Try again
        </Button>
      </div>
    );
  }

  const stats = daily.data;
  const value = (n: number | undefined) => (n === undefined ? '…' : formatCount(n));
  const figures = [
    { label: 'Unique visitors', value: value(stats?.uniqueVisitors), id: 'unique' },
    { label: 'New visitors', value: value(stats?.newVisitors), id: 'new' },
    { label: 'Returning visitors', value: value(stats?.returningVisitors), id: 'returning' },
    { label: 'Page views', value: value(stats?.totalPageViews), id: 'page-views' },
  ];

  return (
    <div aria-busy={daily.isPending}>
      {daily.isPending && (
        <p role="status" className="sr-only">
          Loading today&apos;s visitors...
        </p>
      )}
      <dl className={cn('grid grid-cols-2 gap-2', inPanel && 'md:grid-cols-4')}>
        {figures.map((figure) => (
          <div
            key={figure.id}
            className={cn(
              'rounded-xl p-3 ring-1 ring-char-900/10',
              inPanel ? 'bg-white shadow-sm' : 'bg-cream-50',
            )}
          >
            <dt className="text-xs font-semibold text-char-700">{figure.label}</dt>
            <dd
              className="mt-0.5 font-display text-2xl tabular-nums"
              data-testid={`${testIdPrefix}-${figure.id}`}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
