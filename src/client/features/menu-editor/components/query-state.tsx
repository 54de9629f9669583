import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';

interface QueryStateProps<T> {
  query: UseQueryResult<T[]>;
  /** What is loading, in words: "menu items". */
  what: string;
  empty: { icon: ReactNode; title: string; hint: string };
  children: (data: T[]) => ReactNode;
}

/** Loading, failed (with Try again), empty, or the list. */
export function QueryState<T>({ query, what, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 text-center ring-1 ring-char-900/10">
        <p className="font-bold">Could not load the {what}</p>
        <p className="mt-1 text-sm text-char-700">{errorMessage(query.error)}</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) return <EmptyState {...empty} />;
  return children(query.data);
}

export function EmptyState({
  icon,
  title,
  hint,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-10 text-center ring-1 ring-char-900/10">
      <span aria-hidden className="text-char-700 [&>svg]:size-8">
        {icon}
      </span>
      <p className="font-bold">{title}</p>
      <p className="text-sm text-char-700">{hint}</p>
    </div>
  );
}
