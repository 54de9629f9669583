import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RangeAnalytics } from '#shared/analytics/analytics.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatDay } from '../analytics-format.ts';

/**
 * The range's answer once it is there; meanwhile the spec's loading and error states
 * (§8 "Failed to fetch analytics"). Shared by the three tabs.
 */
export function WithRange({
  query,
  children,
}: {
  query: UseQueryResult<RangeAnalytics>;
  children: (range: RangeAnalytics) => ReactNode;
}) {
  if (query.data) {
    return (
      <div aria-busy={query.isFetching} className="flex flex-col gap-4">
        {query.isError && <RangeError query={query} />}
        {children(query.data)}
      </div>
    );
  }
  if (query.isError) return <RangeError query={query} />;
  return <Spinner label="Loading analytics..." />;
}

function RangeError({ query }: { query: UseQueryResult<RangeAnalytics> }) {
  return (
    <div role="alert" className="rounded-2xl bg-white p-4 text-sm ring-1 ring-red-200">
      <p className="font-semibold text-red-800">Failed to fetch analytics</p>
      <p className="text-char-700">{errorMessage(query.error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
        <RotateCw aria-hidden className="size-4" />
        Try again
      </Button>
    </div>
  );
}

/** "Sun 16 Nov 2026 to Sun 23 Nov 2026": which period a tab's figures cover. */
export function PeriodNote({ range }: { range: RangeAnalytics }) {
  return (
    <p className="text-sm text-char-700" data-testid="analytics-period">
      {formatDay(range.startDate)} to {formatDay(range.endDate)}
    </p>
  );
}
