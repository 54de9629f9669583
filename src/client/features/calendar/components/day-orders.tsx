import { TestOrdersNote } from '#client/components/back-office/test-orders-note.tsx';
import { RotateCw } from 'lucide-react';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import type { CalendarDay } from '#shared/calendar/calendar.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { Badge, RefundBadge, StatusBadge } from '#client/components/back-office/badges.tsx';
import {
  customerName,
  euro,
  itemsSummary,
  paymentStatusBadge,
} from '#client/lib/back-office/format.ts';
import { orderTime, ordersCount } from '../calendar-format.ts';
import { longDayLabel } from '../calendar-month.ts';

interface Props {
  /** The selected day, or null when none is (a past month before a click). */
  day: string | null;
  isToday: boolean;
  /** The day's figures from the month, when it had orders. */
  figures: CalendarDay | undefined;
  orders: {
    data: AdminOrder[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  timeZone: string | undefined;
  onView: (order: AdminOrder) => void;
}

/** Spec: the selected day's order list; an order opens the dashboard's Order Details. */
export function DayOrders({ day, isToday, figures, orders, timeZone, onView }: Props) {
  if (day === null) {
    return (
      <section
        aria-label="Orders of the day"
        className="rounded-2xl bg-white p-6 text-center text-char-700 shadow-sm ring-1 ring-char-900/10"
      >
        Choose a day to see its orders.
      </section>
    );
  }
  return (
    <section
      aria-labelledby="calendar-day-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10"
      data-testid="calendar-day-orders"
    >
      <h2 id="calendar-day-heading" className="font-display text-lg leading-tight">
        <time dateTime={day}>{longDayLabel(day)}</time>
        {isToday && <span className="ml-2 align-middle text-xs text-char-700">(Today)</span>}
      </h2>
      {figures && figures.orders > 0 && (
        <p className="mt-1 text-sm text-char-700" data-testid="calendar-day-summary">
          {ordersCount(figures.orders)} · {figures.paidOrders} paid · {euro(figures.revenue)}{' '}
          revenue
        </p>
      )}
      {figures && <TestOrdersNote count={figures.testOrdersNotCounted} />}

      <div className="mt-3">
        {orders.isPending ? (
          <Spinner label="Loading orders" />
        ) : orders.isError && !orders.data ? (
          <div role="alert" className="p-4 text-center">
            <p className="font-bold">Could not load the orders</p>
            <p className="mt-1 text-sm text-char-700">{errorMessage(orders.error)}</p>
            <Button variant="outline" className="mt-3" onClick={() => void orders.refetch()}>
              <RotateCw aria-hidden className="size-4" />
              Try again
            </Button>
          </div>
        ) : !orders.data || orders.data.length === 0 ? (
          <p className="p-6 text-center text-char-700">No orders on this day</p>
        ) : (
          // `relative`: the rows' sr-only text (absolutely placed) stays inside the scroll box;
          // without it, it made the whole page scroll past its end into blank space.
          <ul
            aria-label={`Orders on ${longDayLabel(day)}`}
            className="relative -mx-1 flex max-h-[36rem] flex-col gap-2 overflow-y-auto px-1 py-1"
          >
            {orders.data.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} timeZone={timeZone} onView={onView} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function OrderRow({
  order,
  timeZone,
  onView,
}: {
  order: AdminOrder;
  timeZone: string | undefined;
  onView: (order: AdminOrder) => void;
}) {
  const items = itemsSummary(order.items);
  return (
    // The whole row opens the details; its name starts "View order #1004" like the dashboard's.
    <button
      type="button"
      onClick={() => onView(order)}
      data-testid={`calendar-order-${order.orderNumber}`}
      className="block w-full rounded-xl bg-stone-50 p-3 text-left text-sm ring-1 ring-char-900/10 hover:bg-ember-50 hover:ring-ember-600/40"
    >
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-bold">
          <span className="sr-only">View order </span>#{order.orderNumber}{' '}
          <span className="font-normal text-char-700 tabular-nums">
            {orderTime(order.createdAt, timeZone)}
          </span>
        </span>
        <span className="font-bold tabular-nums">{euro(order.total)}</span>
      </span>
      <span
        className={
          order.customerErased
            ? 'mt-0.5 block text-char-700 italic'
            : 'mt-0.5 block font-semibold break-words'
        }
      >
        {customerName(order)}
      </span>
      {items && (
        <span className="mt-0.5 line-clamp-2 block break-words text-char-800" title={items}>
          {items}
        </span>
      )}
      <span className="mt-1.5 flex flex-wrap gap-1">
        {/* As the dashboard's list marks them: not in the figures, or money given back. */}
        {order.isTest && <Badge tone="ember">TEST</Badge>}
        <RefundBadge order={order} />
        <StatusBadge status={order.status} />
        {order.paymentStatus !== 'paid' && (
          // "Payment pending", not a second "Pending" beside the order's status.
          <Badge tone={paymentStatusBadge(order.paymentStatus).tone}>
            Payment {order.paymentStatus}
          </Badge>
        )}
      </span>
    </button>
  );
}
