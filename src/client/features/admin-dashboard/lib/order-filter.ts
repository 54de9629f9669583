/**
 * The order filters (spec back-office "Admin Dashboard"): All, Active (pending, preparing,
 * ready), Done (completed), and Deleted orders (departure 10), which are fetched on their own.
 */
import {
  DASHBOARD_FILTERS,
  type AdminOrder,
  type DashboardFilter,
} from '#shared/admin-dashboard/dashboard.schema.ts';
import { ACTIVE_ORDER_STATUSES } from '#shared/orders/order-states.ts';

export const FILTER_LABELS: Record<DashboardFilter, string> = {
  all: 'All',
  active: 'Active',
  done: 'Done',
  deleted: 'Deleted orders',
};

/** ?filter= from the address; anything else is All. */
export function parseFilter(value: string | null): DashboardFilter {
  return DASHBOARD_FILTERS.find((filter) => filter === value) ?? 'all';
}

/** Whether an order of the day's (not deleted) list shows under a filter. */
export function matchesFilter(order: Pick<AdminOrder, 'status'>, filter: DashboardFilter): boolean {
  switch (filter) {
    case 'active':
      return ACTIVE_ORDER_STATUSES.includes(order.status);
    case 'done':
      return order.status === 'completed';
    case 'all':
    case 'deleted':
      // The Deleted filter shows its own list, as it came.
      return true;
  }
}
