import { CircleCheck, Eye, Trash2 } from 'lucide-react';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { cn } from '#client/lib/utils.ts';
import {
  canMarkPaid,
  customerName,
  euro,
  formatDateTime,
  formatTime,
  itemsSummary,
  orderTypeLabel,
  paymentMethodLabel,
} from '#client/lib/back-office/format.ts';
import {
  Badge,
  PaymentBadge,
  RefundBadge,
  SourceBadges,
  StatusBadge,
} from '#client/components/back-office/badges.tsx';
import { CardRow } from '#client/components/ui/card-row.tsx';

interface OrderActions {
  onView: (order: AdminOrder) => void;
  onDelete: (order: AdminOrder) => void;
  onMarkPaid: (order: AdminOrder) => void;
  /** The order whose payment is being saved, to disable its button. */
  markingPaidId: string | null;
}

interface Props extends OrderActions {
  orders: AdminOrder[];
  timeZone: string | undefined;
}

/**
 * Spec: the orders table, as cards on a phone (under 640 px). Only one of the two is displayed,
 * so only one is in the accessibility tree.
 */
export function OrdersList({ orders, timeZone, ...actions }: Props) {
  const nowrap = { headerClassName: 'whitespace-nowrap' };
  return (
    <DataTable
      label="Orders"
      rows={orders}
      rowKey={(order) => order.id}
      cellClassName="px-3 py-2.5"
      rowClassName={() => 'align-top'}
      rowProps={(order) => ({ 'data-testid': `order-row-${order.orderNumber}` })}
      cardProps={(order) => ({ 'data-testid': `order-card-${order.orderNumber}` })}
      rowActions={(order, layout) => <RowActions order={order} layout={layout} {...actions} />}
      columns={[
        {
          key: 'Order #',
          ...nowrap,
          rowHeader: true,
          cellClassName: 'text-left font-bold whitespace-nowrap',
          cell: (order) => (
            <>
              #{order.orderNumber}
              <span className="block text-xs font-normal text-char-700">
                {formatTime(order.createdAt, timeZone)}
              </span>
            </>
          ),
        },
        { key: 'Customer', ...nowrap, cell: (order) => <CustomerCell order={order} /> },
        {
          key: 'Items',
          ...nowrap,
          cellClassName: 'max-w-64 min-w-28',
          cell: (order) => (
            <span className="line-clamp-3 break-words" title={itemsSummary(order.items)}>
              {itemsSummary(order.items)}
            </span>
          ),
        },
        {
          key: 'Type',
          ...nowrap,
          cellClassName: 'whitespace-nowrap',
          cell: (order) => <TypeCell order={order} />,
        },
        { key: 'Source', ...nowrap, cell: (order) => <SourceBadges order={order} /> },
        {
          key: 'Payment',
          ...nowrap,
          cell: (order) => <PaymentCell order={order} {...actions} />,
        },
        {
          key: 'Total',
          ...nowrap,
          cellClassName: 'font-semibold whitespace-nowrap tabular-nums',
          cell: (order) => euro(order.total),
        },
        {
          key: 'Status',
          ...nowrap,
          cell: (order) => <StatusCell order={order} timeZone={timeZone} />,
        },
      ]}
      card={(order) => (
        <>
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-bold">
              #{order.orderNumber}{' '}
              <span className="text-sm font-normal text-char-700">
                {formatTime(order.createdAt, timeZone)}
              </span>
            </p>
            <p className="font-bold tabular-nums">{euro(order.total)}</p>
          </div>
          <div className="mt-1">
            <CustomerCell order={order} />
          </div>
          <p className="mt-1 text-sm break-words text-char-800">{itemsSummary(order.items)}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1.5 text-sm">
            <CardRow label="Type">
              <TypeCell order={order} />
            </CardRow>
            <CardRow label="Source">
              <SourceBadges order={order} />
            </CardRow>
            <CardRow label="Payment">
              <PaymentCell order={order} {...actions} />
            </CardRow>
            <CardRow label="Status">
              <StatusCell order={order} timeZone={timeZone} />
            </CardRow>
          </dl>
        </>
      )}
    />
  );
}

function CustomerCell({ order }: { order: AdminOrder }) {
  const name = customerName(order);
  return order.customerErased ? (
    <span className="text-char-700 italic">{name}</span>
  ) : (
    <span className="font-semibold break-words">{name}</span>
  );
}

function TypeCell({ order }: { order: AdminOrder }) {
  return (
    <span>
      {orderTypeLabel(order.type)}
      {order.tableNumber && (
        <span className="block text-xs text-char-700">Table {order.tableNumber}</span>
      )}
    </span>
  );
}

function PaymentCell({
  order,
  onMarkPaid,
  markingPaidId,
}: { order: AdminOrder } & Pick<OrderActions, 'onMarkPaid' | 'markingPaidId'>) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <PaymentBadge status={order.paymentStatus} />
      <RefundBadge order={order} />
      <span className="text-xs text-char-700">{paymentMethodLabel(order.paymentMethod)}</span>
      {canMarkPaid(order) && (
        <Button
          variant="outline"
          size="sm"
          className="h-8 px-2.5 text-xs"
          aria-label={`Mark paid, order #${order.orderNumber}`}
          disabled={markingPaidId === order.id}
          onClick={() => onMarkPaid(order)}
        >
          <CircleCheck aria-hidden className="size-4" />
          {markingPaidId === order.id ? 'Saving…' : 'Mark paid'}
        </Button>
      )}
    </span>
  );
}

function StatusCell({ order, timeZone }: { order: AdminOrder; timeZone: string | undefined }) {
  if (!order.deletion) return <StatusBadge status={order.status} />;
  const { deletedAt, deletedBy, reason } = order.deletion;
  return (
    <span className="flex max-w-60 flex-col items-start gap-1">
      <span className="flex flex-wrap gap-1">
        <Badge tone="danger">Deleted</Badge>
        <StatusBadge status={order.status} />
      </span>
      <span className="text-xs text-char-700">
        by {deletedBy ?? 'a removed account'}, {formatDateTime(deletedAt, timeZone)}
      </span>
      <span className="text-xs break-words">“{reason}”</span>
    </span>
  );
}

function RowActions({
  order,
  onView,
  onDelete,
  layout,
}: { order: AdminOrder; layout: 'table' | 'card' } & OrderActions) {
  // On a tablet the table keeps its width by showing the icons only (the names stay).
  const text = layout === 'table' ? 'hidden lg:inline' : undefined;
  const compact = layout === 'table' ? 'px-2.5 lg:px-3' : undefined;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={compact}
        aria-label={`View order #${order.orderNumber}`}
        title="View"
        onClick={() => onView(order)}
      >
        <Eye aria-hidden className="size-4" />
        <span className={text}>View</span>
      </Button>
      {!order.deletion && (
        <Button
          variant="ghost"
          size="sm"
          className={cn('text-red-700 hover:bg-red-50', compact)}
          aria-label={`Delete order #${order.orderNumber}`}
          title="Delete"
          onClick={() => onDelete(order)}
        >
          <Trash2 aria-hidden className="size-4" />
          <span className={text}>Delete</span>
        </Button>
      )}
    </>
  );
}
