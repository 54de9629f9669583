import {
  DASHBOARD_FILTERS,
  type DashboardFilter,
} from '#shared/admin-dashboard/dashboard.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { FILTER_LABELS } from '../lib/order-filter.ts';

interface Props {
  value: DashboardFilter;
  onChange: (filter: DashboardFilter) => void;
}

/** Spec: All, Active, Done; and the day's deleted orders (departure 10). */
export function OrderFilters({ value, onChange }: Props) {
  return (
    <div
      role="group"
      aria-label="Show orders"
      className="flex flex-wrap gap-1 rounded-3xl bg-white p-1 shadow-sm ring-1 ring-char-900/10 sm:inline-flex sm:rounded-full"
    >
      {DASHBOARD_FILTERS.map((filter) => {
        const pressed = filter === value;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter)}
            className={cn(
              'min-h-10 flex-1 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ember-700 sm:flex-none',
              pressed ? 'bg-ember-700 text-white' : 'text-char-700 hover:bg-char-900/5',
            )}
          >
            {FILTER_LABELS[filter]}
          </button>
        );
      })}
    </div>
  );
}
