import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { Weekday } from '#shared/shop-hours/shop-hours.ts';
// The storefront's queries, so that a save here refreshes its banner and footer too.
import { shopHoursQuery, shopStatusQuery } from '#client/lib/shop/shop-queries.ts';
import { CurrentStatusCard } from './components/current-status-card.tsx';
import { StatusBadge } from './components/status-badge.tsx';
import { WeekSchedule } from './components/week-schedule.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';

/** Spec back-office §2 "Shop Hours Management"; the status is the server's, refetched every 60 s. */
export function ShopHoursPage() {
  const status = useQuery(shopStatusQuery());
  const hours = useQuery(shopHoursQuery());
  const [editing, setEditing] = useState<Weekday | null>(null);

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-2xl sm:text-3xl">Shop Hours Management</h1>
        {status.data && (
          <StatusBadge open={status.data.isOpen} className="px-3 py-1 text-sm">
            {status.data.isOpen ? 'Open Now' : 'Closed Now'}
          </StatusBadge>
        )}
      </div>
      <p className="mt-1 text-sm text-char-700">
        When customers can order, in the shop&apos;s own time zone.
      </p>

      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1">
          {status.isPending ? (
            <Spinner label="Loading the shop status" />
          ) : status.isError ? (
            <LoadError
              what="the shop status"
              error={status.error}
              retry={() => void status.refetch()}
            />
          ) : (
            <CurrentStatusCard status={status.data} />
          )}
        </div>

        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {hours.isPending ? (
            <Spinner label="Loading shop hours" />
          ) : hours.isError ? (
            <LoadError
              what="the shop hours"
              error={hours.error}
              retry={() => void hours.refetch()}
            />
          ) : (
            <WeekSchedule
              hours={hours.data}
              today={status.data?.today}
              editing={editing}
              onEdit={setEditing}
            />
          )}
        </div>

        <aside
          aria-labelledby="hours-help-title"
          className="rounded-2xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-900/10 lg:col-start-2 lg:row-start-2"
        >
          <h2 id="hours-help-title" className="flex items-center gap-2 font-bold">
            <Info aria-hidden className="size-4" />
            How shop hours work
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Up to 2 shifts per day, for example lunch and dinner.</li>
            <li>Each shift is enabled independently.</li>
            <li>Customers can order during either shift.</li>
            <li>Changes take effect immediately.</li>
            <li>
              A closing time earlier than the opening time runs past midnight into the next day.
            </li>
          </ul>
        </aside>
      </div>
    </main>
  );
}
