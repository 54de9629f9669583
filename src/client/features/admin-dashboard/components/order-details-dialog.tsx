import type { ReactNode } from 'react';
import type { AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import type { OrderItem } from '#shared/orders/order.schema.ts';
import {
  customerName,
  euro,
  formatAddress,
  formatDateTime,
  isPositive,
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
import { OrderRefunds } from './order-refunds.tsx';
import { DashboardDialog } from './dashboard-dialog.tsx';
import { customerNumberLabel } from '#shared/customers/customer-display.ts';
import { ReprintButton } from '../../printing/index.ts';

const REPRINT =
  'h-9 rounded-xl border-2 border-char-900/15 px-3 text-sm font-bold hover:border-char-900/40 disabled:opacity-60';

interface Props {
  order: AdminOrder | null;
  timeZone: string | undefined;
  onClose: () => void;
}

/**
 * Spec: Order Details with the customer, the delivery address, special instructions, the
 * items with their customisations and the summary; and who took a counter order, its table,
 * and why a deleted order was deleted.
 */
export function OrderDetailsDialog({ order, timeZone, onClose }: Props) {
  return (
    <DashboardDialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Order Details"
      description={
        order
          ? `Order #${order.orderNumber} · ${formatDateTime(order.createdAt, timeZone)}`
          : undefined
      }
      className="sm:max-w-2xl"
    >
      {order && <Details order={order} timeZone={timeZone} />}
    </DashboardDialog>
  );
}

function Details({ order, timeZone }: { order: AdminOrder; timeZone: string | undefined }) {
  const address = formatAddress(order.deliveryAddress);
  return (
    <div className="flex flex-col gap-4 overflow-y-auto p-5 text-sm" data-testid="order-details">
      {order.deletion && (
        <div role="note" className="rounded-2xl bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          <p className="font-bold">Deleted</p>
          <p>
            By {order.deletion.deletedBy ?? 'a removed account'},{' '}
            {formatDateTime(order.deletion.deletedAt, timeZone)}
          </p>
          <p className="break-words">Reason: {order.deletion.reason}</p>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={order.status} />
        <SourceBadges order={order} />
        <Badge>{orderTypeLabel(order.type)}</Badge>
        {order.tableNumber && <Badge tone="warning">Table {order.tableNumber}</Badge>}
      </div>
      {/* Reprint on the shop's receipt printers, marked REPRINT (decision 028). */}
      {order.paymentStatus === 'paid' && (
        <div className="flex flex-wrap gap-2">
          <ReprintButton
            orderId={order.id}
            kind="kitchen"
            label="Reprint ticket"
            className={REPRINT}
          />
          <ReprintButton
            orderId={order.id}
            kind="receipt"
            label="Reprint receipt"
            className={REPRINT}
          />
        </div>
      )}

      <Section title="Customer">
        {order.customerErased ? (
          <p className="text-char-700 italic">
            Customer erased. The name, e-mail, phone and notes were removed at their request.
          </p>
        ) : (
          <Facts>
            <Fact label="Name">{customerName(order)}</Fact>
            {order.customer.email && (
              <Fact label="E-mail">
                <span className="break-all">{order.customer.email}</span>
              </Fact>
            )}
            {order.customer.phone && <Fact label="Phone">{order.customer.phone}</Fact>}
            {order.customer.customerNumber !== null && (
              <Fact label="Customer number">
                {customerNumberLabel(order.customer.customerNumber)}
              </Fact>
            )}
          </Facts>
        )}
        {order.takenBy && <p className="mt-2">Taken by {order.takenBy}</p>}
        {order.tableNumber && <p className="mt-1">Table {order.tableNumber}</p>}
      </Section>

      {address && (
        <Section title="Delivery address">
          <p className="break-words">{address}</p>
        </Section>
      )}

      {order.specialInstructions && (
        <Section title="Special instructions">
          <p className="break-words whitespace-pre-line">{order.specialInstructions}</p>
        </Section>
      )}

      <Section title="Items">
        <ul className="divide-y divide-char-900/10 rounded-2xl bg-white ring-1 ring-char-900/10">
          {order.items.map((item) => (
            <ItemLine key={item.id} item={item} />
          ))}
        </ul>
      </Section>

      <Section title="Summary">
        <Facts alignRight>
          <Fact label="Subtotal">{euro(order.subtotal)}</Fact>
          {isPositive(order.discount) && <Fact label="Discount">−{euro(order.discount)}</Fact>}
          {(isPositive(order.deliveryFee) || order.type === 'delivery') && (
            <Fact label="Delivery fee">{euro(order.deliveryFee)}</Fact>
          )}
          <Fact label="Total">
            <strong className="text-base">{euro(order.total)}</strong>
          </Fact>
        </Facts>
      </Section>

      <Section title="Payment">
        <p className="flex flex-wrap items-center gap-2">
          <PaymentBadge status={order.paymentStatus} />
          {paymentMethodLabel(order.paymentMethod)}
          <RefundBadge order={order} />
          {order.isTest && <span className="text-char-700">(test payment, no money moved)</span>}
        </p>
      </Section>

      <OrderRefunds order={order} timeZone={timeZone} />
    </div>
  );
}

function ItemLine({ item }: { item: OrderItem }) {
  const addOns =
    item.addOns.length > 0
      ? item.addOns.map((addOn) =>
          isPositive(addOn.price) ? `${addOn.name} (+${euro(addOn.price)})` : addOn.name,
        )
      : item.customizations.addOns;
  return (
    <li className="flex gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">
          {item.quantity}× {item.name}
        </p>
        <ul className="mt-0.5 text-xs text-char-700">
          {item.bread && <li>Bread: {item.bread}</li>}
          {item.customizations.sauce && <li>Sauce: {item.customizations.sauce}</li>}
          {addOns.length > 0 && <li>Add-ons: {addOns.join(', ')}</li>}
          {item.customizations.specialInstructions && (
            <li className="break-words">Note: {item.customizations.specialInstructions}</li>
          )}
          {item.discount && (
            <li className="text-emerald-800">
              {item.discount.name}: −{euro(item.discount.amount)}
            </li>
          )}
        </ul>
      </div>
      <p className="shrink-0 text-right tabular-nums">
        {euro(item.totalPrice)}
        {item.quantity > 1 && (
          <span className="block text-xs text-char-700">{euro(item.price)} each</span>
        )}
      </p>
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1.5 text-xs font-bold tracking-wide text-char-700 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ children, alignRight }: { children: ReactNode; alignRight?: boolean }) {
  return (
    <dl
      className={
        alignRight
          ? 'grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 [&_dd]:text-right [&_dd]:tabular-nums'
          : 'grid grid-cols-[auto_1fr] gap-x-4 gap-y-1'
      }
    >
      {children}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-char-700">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
