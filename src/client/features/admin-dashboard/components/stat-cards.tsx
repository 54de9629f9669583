import type { ReactNode } from 'react';
import { ChevronRight, Clock, Euro, ReceiptText, Users } from 'lucide-react';
import type { DashboardStats } from '#shared/admin-dashboard/dashboard.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { euro } from '#client/lib/back-office/format.ts';

interface Props {
  stats: DashboardStats | undefined;
  onOpenCustomers: () => void;
}

/**
 * The four figures (spec: Orders, Revenue, Pending, Customers). Each says what it counts, as
 * src/shared/admin-dashboard/dashboard.schema.ts defines it. The Customers card opens the All
 * Customers dialog.
 */
export function StatCards({ stats, onOpenCustomers }: Props) {
  const value = (text: string | number | undefined) => (stats === undefined ? '…' : text);
  return (
    <ul aria-label="Figures of the day" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <li>
        <Card
          icon={<ReceiptText />}
          title="Orders"
          value={value(stats?.todayOrders)}
          caption="placed this day"
          testId="stat-orders"
        />
      </li>
      <li>
        <Card
          icon={<Euro />}
          title="Revenue"
          value={value(stats ? euro(stats.todayRevenue) : undefined)}
          // Decision 021: the day's sales less the refunds made that day.
          caption="of paid orders, after refunds"
          testId="stat-revenue"
        />
      </li>
      <li>
        <Card
          icon={<Clock />}
          title="Pending"
          value={value(stats?.pendingOrders)}
          caption="pending, preparing or ready"
          testId="stat-pending"
        />
      </li>
      <li>
        <button
          type="button"
          onClick={onOpenCustomers}
          className="group block h-full w-full rounded-2xl text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ember-700"
        >
          <Card
            icon={<Users />}
            title="Customers"
            value={value(stats?.totalCustomers)}
            caption="who ordered this day"
            testId="stat-customers"
            footer={
              <span className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-ember-700 group-hover:underline">
                All customers
                <ChevronRight aria-hidden className="size-4" />
              </span>
            }
            interactive
          />
        </button>
      </li>
    </ul>
  );
}

function Card({
  icon,
  title,
  value,
  caption,
  testId,
  footer,
  interactive,
}: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  caption: string;
  testId: string;
  footer?: ReactNode;
  interactive?: boolean;
}) {
  // Spans only: the Customers card sits inside a button, which holds phrasing content.
  return (
    <span
      className={cn(
        'flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10',
        interactive && 'transition-shadow group-hover:shadow-md group-hover:ring-ember-600/40',
      )}
    >
      <span className="flex items-center justify-between gap-2 text-sm font-semibold text-char-700">
        {title}
        <span aria-hidden className="text-ember-700 [&>svg]:size-5">
          {icon}
        </span>
      </span>
      <span
        className="mt-1 block font-display text-2xl tabular-nums break-all sm:text-3xl"
        data-testid={testId}
      >
        {value}
      </span>
      <span className="block text-xs text-char-700">{caption}</span>
      {footer}
    </span>
  );
}
