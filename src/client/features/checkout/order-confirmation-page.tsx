import { CircleCheckBig, MapPin, Printer, RotateCcw, SearchX, Utensils } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import { useCart } from '../cart/index.ts';
import { useShopInfo } from '#client/lib/shop/shop-queries.ts';
import { eurosToCents, formatEuroCents } from '#shared/money.ts';
import type { Order } from '#shared/orders/order.schema.ts';
import { presentStatus } from '#shared/orders/order-states.ts';
import { orderQuery, useOrder } from './api/order-query.ts';
import { useQueryClient } from '@tanstack/react-query';
import {
  fireOrderReadyAlert,
  useOrderLiveStatus,
  subscribeToOrderPush,
} from '../notifications/index.ts';
import { useShopTitle } from '#client/lib/shop/use-shop-title.ts';
import { menuItemsQuery } from '#client/lib/shop/menu-queries.ts';
import { formatCustomerDateTime } from '#client/lib/customer-date-time.ts';
import { LineOptions } from './components/line-options.tsx';
import { VatTable } from '#client/components/vat-table.tsx';
import { SOLID_EMBER } from '#client/components/customer/solid-ember.ts';
import { PageTopBar } from '#client/components/customer/page-top-bar.tsx';
import { StatusBadge, TONE_PANEL_CLASSES } from '#client/components/customer/status-badge.tsx';
import { PickupTimeNote } from '#client/components/customer/pickup-time-note.tsx';
import { personName } from '#shared/customers/customer-display.ts';

/**
 * The page follows every order but a cancelled one: a done order can come back as ready
 * when the kitchen recalls it (spec back-office, Recall), and the page must show that too.
 */
const followed = (status: Order['status']) => status !== 'cancelled';
const money = (amount: string) => formatEuroCents(eurosToCents(amount));

/**
 * Spec customer-site §2 "Order confirmation page". The order is named by the orderId query
 * parameter, or by a path segment (/order-confirmation/:orderId, opened by notifications).
 * The status follows the kitchen live (spec §4, DESIGN.md departure 11): a socket, whatever
 * the notification permission, replaces the status on each update and fires the ready alert;
 * while the socket is down the page re-reads the order.
 */
export function OrderConfirmationPage() {
  useShopTitle('Order Confirmation');
  const params = useParams();
  const [search] = useSearchParams();
  const orderId = params.orderId ?? search.get('orderId') ?? '';
  const order = useOrder(orderId);
  const queryClient = useQueryClient();
  const isFollowed = Boolean(order.data && followed(order.data.status));
  const activeOrderId =
    order.data && order.data.status !== 'completed' && isFollowed ? order.data.id : undefined;
  // With notifications allowed, the phone also hears "ready" by Web Push, page open or not.
  useEffect(() => {
    if (activeOrderId) void subscribeToOrderPush(activeOrderId);
  }, [activeOrderId]);
  useOrderLiveStatus(
    isFollowed && order.data ? [order.data.id] : [],
    (update) => {
      const key = orderQuery(update.orderId).queryKey;
      const before = queryClient.getQueryData<Order>(key);
      if (before) {
        queryClient.setQueryData<Order>(key, {
          ...before,
          status: update.status,
          kitchenStatus: update.kitchenStatus,
          kitchenEstimatedTime: update.kitchenEstimatedTime,
        });
      }
      if (update.status === 'ready' && before && before.status !== 'ready')
        fireOrderReadyAlert({ orderId: update.orderId, orderNumber: before.orderNumber });
    },
    () => void order.refetch(),
  );

  return (
    <div className="flex min-h-dvh flex-col print:min-h-0 print:bg-white">
      <PageTopBar />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:pt-10 print:max-w-none print:p-0">
        {orderId && order.isPending ? (
          <Spinner label="Loading your order" className="min-h-[50dvh]" />
        ) : order.data ? (
          <OrderDetails order={order.data} />
        ) : (
          <OrderNotFound />
        )}
      </main>
    </div>
  );
}

function OrderNotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-char-900/5">
      <span
        className="grid size-16 place-items-center rounded-full bg-ember-100 text-ember-700"
        aria-hidden
      >
        <SearchX className="size-8" />
      </span>
      <h1 className="font-display text-3xl uppercase">Order Not Found</h1>
      <p className="text-char-700">
        We couldn't find this order. Check the link you followed, or track your order by its number.
      </p>
      <Button asChild size="lg" className={`${SOLID_EMBER} mt-2`}>
        <Link to="/">Return to Menu</Link>
      </Button>
      <Link to="/track" className="font-semibold text-ember-700 underline underline-offset-4">
        Track an order
      </Link>
    </section>
  );
}

function Card({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = `card-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/5 sm:p-6 print:rounded-none print:p-0 print:py-3 print:shadow-none print:ring-0',
        className,
      )}
    >
      <h2 id={id} className="font-display text-lg uppercase print:text-base">
        {title}
      </h2>
      {children}
    </section>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const info = useShopInfo();
  const status = presentStatus(order.status);
  const showEstimate = order.status === 'preparing' && order.kitchenEstimatedTime !== null;
  const deliveryFeeCents = eurosToCents(order.deliveryFee);

  return (
    <article className="flex flex-col gap-5 print:max-w-[16cm] print:gap-2 print:text-sm">
      {/* Printed receipt heading: who sold it. */}
      <header className="hidden border-b border-black pb-2 print:block">
        <p className="font-display text-xl">{info.data?.name}</p>
        {info.data?.address && <p>{info.data.address}</p>}
        {info.data?.phone && <p>{info.data.phone}</p>}
      </header>

      <section className="flex flex-col items-center gap-3 rounded-3xl bg-char-900 px-5 py-8 text-center text-white print:items-start print:rounded-none print:bg-transparent print:p-0 print:text-left print:text-black">
        <span
          className="grid size-14 place-items-center rounded-full bg-green-600 text-white print:hidden"
          aria-hidden
        >
          <CircleCheckBig className="size-8" />
        </span>
        <h1 className="font-display text-3xl uppercase sm:text-4xl print:text-xl">
          Order Confirmed
        </h1>
        <p className="text-sm font-bold tracking-widest text-white/70 uppercase print:hidden">
          Order number
        </p>
        <p
          data-testid="order-number"
          className="font-display text-6xl leading-none text-mustard-400 print:text-2xl print:text-black"
        >
          #{order.orderNumber}
        </p>
        <p className="text-sm text-white/70 print:text-black">
          Placed {formatCustomerDateTime(order.createdAt)}
        </p>
        {order.isTest && (
          <p className="rounded-lg border-2 border-dashed border-mustard-400 px-3 py-1.5 text-sm font-bold text-mustard-400 print:border-black print:text-black">
            Test order: the payment was simulated and no card was charged.
          </p>
        )}
      </section>

      <section
        aria-labelledby="status-heading"
        className={cn(
          'rounded-3xl p-5 ring-1 sm:p-6 print:rounded-none print:bg-transparent print:p-0 print:py-2 print:ring-0',
          TONE_PANEL_CLASSES[status.tone],
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="status-heading" className="font-display text-lg uppercase print:text-base">
            Order Status
          </h2>
          <StatusBadge
            presentation={status}
            className="text-base print:bg-transparent print:p-0 print:text-black print:ring-0"
          />
        </div>
        <PickupTimeNote order={order} className="mt-3" />
        {status.message && <p className="mt-3 text-lg font-semibold">{status.message}</p>}
        {order.refundedTotal && (
          // Decision 021: money given back, in the customer's words.
          <p className="mt-1 font-semibold" data-testid="order-refunded">
            {eurosToCents(order.refundedTotal) >= eurosToCents(order.total)
              ? `Refunded: the whole ${formatEuroCents(eurosToCents(order.total))} was given back.`
              : `Partly refunded: ${formatEuroCents(eurosToCents(order.refundedTotal))} of ${formatEuroCents(eurosToCents(order.total))} was given back.`}
          </p>
        )}
        {showEstimate && (
          <p className="mt-1 text-char-700">
            Estimated time: {order.kitchenEstimatedTime} minutes.
          </p>
        )}
      </section>

      {order.type === 'dine-in' && (
        <p
          data-testid="table-service"
          className="flex items-start gap-2 rounded-3xl bg-mustard-400/25 px-5 py-4 text-lg font-semibold print:rounded-none print:bg-transparent print:p-0 print:font-bold"
        >
          <Utensils aria-hidden className="mt-1 size-5 shrink-0 text-ember-700 print:hidden" />
          <span>
            {order.tableNumber
              ? `We bring it to table ${order.tableNumber}.`
              : 'We bring it to your table.'}{' '}
            Stay seated; show your order number if we ask.
          </span>
        </p>
      )}
      {order.type === 'pickup' && (
        <p className="flex items-start gap-2 rounded-3xl bg-mustard-400/25 px-5 py-4 font-semibold print:hidden">
          <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-ember-700" />
          <span>
            Pickup at the truck
            {info.data?.address ? `: ${info.data.address}` : ''}. Show your order number at the
            counter.
          </span>
        </p>
      )}

      <Card title="Customer Information">
        <dl className="mt-3 grid gap-3 sm:grid-cols-3 print:mt-1 print:gap-0">
          <div>
            <dt className="text-sm text-char-700">Name</dt>
            <dd className="font-semibold break-words">
              {personName(order.customer.firstName, order.customer.lastName)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-char-700">Email</dt>
            <dd className="font-semibold break-words">{order.customer.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-char-700">Phone</dt>
            <dd className="font-semibold break-words">{order.customer.phone}</dd>
          </div>
        </dl>
      </Card>

      <Card title="Order Items">
        <ul className="mt-3 divide-y divide-char-900/10 print:mt-1" aria-label="Order items">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-3 print:py-1.5">
              <div className="min-w-0">
                <p className="font-bold">
                  <span className="text-ember-700 print:text-black">{item.quantity} ×</span>{' '}
                  {item.name}
                </p>
                <LineOptions
                  sauce={item.customizations.sauce}
                  addOns={item.customizations.addOns}
                  specialInstructions={item.customizations.specialInstructions}
                />
                {item.quantity > 1 && (
                  <p className="mt-0.5 text-sm text-char-700">{money(item.price)} each</p>
                )}
              </div>
              <p className="shrink-0 font-bold tabular-nums">{money(item.totalPrice)}</p>
            </li>
          ))}
        </ul>
        {order.specialInstructions && (
          <p className="mt-2 rounded-2xl bg-cream-100 px-4 py-3 text-sm print:bg-transparent print:p-0">
            <span className="font-bold">Special instructions:</span> {order.specialInstructions}
          </p>
        )}
        <dl className="mt-3 space-y-2 border-t-2 border-dashed border-char-900/15 pt-4 print:space-y-0 print:border-black print:pt-2">
          <div className="flex justify-between text-char-700">
            <dt>Subtotal</dt>
            <dd className="tabular-nums">{money(order.subtotal)}</dd>
          </div>
          {deliveryFeeCents > 0 && (
            <div className="flex justify-between text-char-700">
              <dt>Delivery fee</dt>
              <dd className="tabular-nums">{formatEuroCents(deliveryFeeCents)}</dd>
            </div>
          )}
          <div className="flex justify-between text-xl font-extrabold print:text-base">
            <dt>Total</dt>
            <dd className="tabular-nums">{money(order.total)}</dd>
          </div>
          <div className="flex justify-between text-sm text-char-700">
            <dt>Payment</dt>
            <dd>
              {order.paymentStatus === 'paid' ? 'Paid by card' : `Card, ${order.paymentStatus}`}
            </dd>
          </div>
        </dl>
        {/* Prices include VAT; the receipt shows it per rate (decision 022). */}
        <VatTable
          rows={order.vat}
          className="mt-3 border-t border-char-900/10 pt-2 text-sm text-char-700 print:border-black print:text-black"
        />
      </Card>

      <OrderActions order={order} />
    </article>
  );
}

function OrderActions({ order }: { order: Order }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addLine = useCart((state) => state.addLine);
  const setCartOpen = useCart((state) => state.setOpen);

  const orderAgain = async () => {
    // The cart shows each line's picture: take them from the menu (an order keeps no pictures).
    const menu = await queryClient.fetchQuery(menuItemsQuery()).catch(() => []);
    const pictures = new Map(menu.map((menuItem) => [menuItem.id, menuItem.image]));
    const stamp = Date.now();
    let added = 0;
    order.items.forEach((item, i) => {
      // An item since removed from the menu cannot be bought again.
      if (!item.menuItemId) return;
      addLine({
        id: `${item.menuItemId}-${stamp}-${i}`,
        menuItemId: item.menuItemId,
        name: item.name,
        price: Number(item.price),
        quantity: item.quantity,
        image: pictures.get(item.menuItemId) ?? null,
        customizations: {
          sauce: item.customizations.sauce,
          addOns: item.customizations.addOns,
          ...(item.customizations.specialInstructions
            ? { specialInstructions: item.customizations.specialInstructions }
            : {}),
        },
      });
      added += 1;
    });
    if (added === 0) {
      toast.error('Nothing to add', { description: 'These items are no longer on the menu.' });
      return;
    }
    void navigate('/');
    setCartOpen(true);
  };

  return (
    <div className="no-print flex flex-col gap-3 pt-2 sm:flex-row">
      <Button size="lg" className={`${SOLID_EMBER} sm:flex-1`} onClick={() => void orderAgain()}>
        <RotateCcw aria-hidden className="size-5" />
        Order Again
      </Button>
      <Button variant="outline" size="lg" className="sm:flex-1" onClick={() => window.print()}>
        <Printer aria-hidden className="size-5" />
        Print Receipt
      </Button>
    </div>
  );
}
