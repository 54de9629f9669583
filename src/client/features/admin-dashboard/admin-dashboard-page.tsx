/**
 * Admin Dashboard at /admin (spec back-office §2 "Admin Dashboard", §4, §7, §8, §9): the day's
 * figures, item sales and orders, live over the WebSocket with the spec's polling as the
 * fallback (DESIGN.md departure 6), and Delete that keeps the books (departure 10).
 *
 * The day on screen is in the address (?date=yyyy-MM-dd, none for today) and so is the filter
 * (?filter=active), so a reload or a shared link keeps both. "Today" is the shop's today, as
 * GET /api/admin/stats reports it.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, History, Settings, Wifi, WifiOff } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrder, DashboardFilter } from '#shared/admin-dashboard/dashboard.schema.ts';
import type { ServerMessage } from '#shared/realtime/events.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useLiveSocket, type LiveSocketStatus } from '#client/lib/live-socket.ts';
import { cn } from '#client/lib/utils.ts';
import { OnlineOrderingControls } from '../online-ordering/index.ts';
import {
  applyOrderChange,
  invalidateToday,
  itemSalesQuery,
  statsQuery,
  useOrders,
} from './api/dashboard-queries.ts';
import { useMarkPaid } from './api/order-mutations.ts';
import { useShopTimeZone } from '#client/lib/back-office/shop-time-zone-query.ts';
import { AuditLogDialog } from './components/audit-log-dialog.tsx';
import { CustomersDialog } from './components/customers-dialog.tsx';
import { DayNavigator } from './components/day-navigator.tsx';
import { DeleteOrderDialog } from './components/delete-order-dialog.tsx';
import { ExportDialog } from './components/export-dialog.tsx';
import { ItemSalesCard } from './components/item-sales-card.tsx';
import { OrderDetailsDialog } from './components/order-details-dialog.tsx';
import { OrderFilters } from './components/order-filters.tsx';
import { OrdersList } from './components/orders-list.tsx';
import { SoundControls } from './components/sound-controls.tsx';
import { StatCards } from './components/stat-cards.tsx';
import { TestOrdersNote } from '#client/components/back-office/test-orders-note.tsx';
import { VisitorAnalyticsCard } from './components/visitor-analytics-card.tsx';
import { dateParamFor, selectedDay } from '#client/lib/back-office/dashboard-day.ts';
import { matchesFilter, parseFilter } from './lib/order-filter.ts';
import { useNewOrderSound } from './use-new-order-sound.ts';
import { useWatchdog, WatchdogBanner, WatchdogPanel } from '../watchdog/index.ts';
import { PrinterStatus } from '../printing/index.ts';
import { PlatformDriftNotice } from '../delivery-platforms/index.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';

type OpenDialog = 'customers' | 'audit' | 'export' | null;

export function AdminDashboardPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const timeZone = useShopTimeZone();

  // Today's figures are always asked for: their `date` says which day today is.
  const todayStats = useQuery(statsQuery(null, true));
  const today = todayStats.data?.date;
  const day = selectedDay(params.get('date'), today);
  const isToday = today !== undefined && day === today;
  const filter = parseFilter(params.get('filter'));

  const pastStats = useQuery({
    ...statsQuery(day ?? '', false),
    enabled: today !== undefined && day !== undefined && !isToday,
  });
  const stats = isToday ? todayStats : pastStats;
  const itemSales = useQuery({
    ...itemSalesQuery(isToday ? null : (day ?? ''), isToday),
    enabled: today !== undefined && day !== undefined,
  });

  // Sockets notify, queries fetch (STYLE.md habit 6): an order's change refetches today's
  // figures and that order alone; a reconnect refetches today.
  const refetchToday = useCallback(
    () => void invalidateToday(queryClient, today),
    [queryClient, today],
  );
  const applyChange = useMemo(() => applyOrderChange(queryClient, today), [queryClient, today]);
  // The kitchen watchdog (decision 023) hears this page's socket.
  const watchdog = useWatchdog({ ownSocket: false });
  const watchdogMessage = watchdog.onMessage;
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'orderChanged') void applyChange(message.orderId);
      watchdogMessage(message);
    },
    [applyChange, watchdogMessage],
  );
  // An order placed between the page's first reads and the socket's first opening reaches it
  // by no event: refetch once then (a reopened socket replays or refetches by itself).
  const opened = useRef(false);
  const onOpen = useCallback(() => {
    if (opened.current) return;
    opened.current = true;
    refetchToday();
  }, [refetchToday]);
  const socket = useLiveSocket({ onMessage, onReconnect: refetchToday, onOpen });

  // The orders lists poll (spec §9, every 5 s) only while the socket is not open: an open one
  // brings every change (DESIGN.md departure 6), and a day's list is the dashboard's largest
  // read. Today's orders feed the new-order sound whichever day is on screen.
  const todayOrders = useOrders(today, { deleted: false, poll: !socket.connected });
  const shownOrders = useOrders(day, {
    deleted: filter === 'deleted',
    poll: isToday && !socket.connected,
    enabled: today !== undefined,
  });
  const sound = useNewOrderSound(today, todayOrders.data);

  const setParam = (name: 'date' | 'filter', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === 'filter' },
    );
  const selectDay = (next: string) => setParam('date', dateParamFor(next, today));
  const selectFilter = (next: DashboardFilter) => setParam('filter', next === 'all' ? null : next);

  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [deleting, setDeleting] = useState<AdminOrder | null>(null);
  const ordersHeading = useRef<HTMLHeadingElement>(null);
  const markPaid = useMarkPaid();

  const onMarkPaid = (order: AdminOrder) =>
    markPaid.mutate(order, {
      onSuccess: () =>
        toast.success('Payment Updated', { description: `Order #${order.orderNumber} is paid.` }),
      onError: (error) =>
        toast.error('Payment Update Failed', {
          description: errorMessage(error, 'Failed to update payment status'),
        }),
    });

  const visibleOrders = (shownOrders.data ?? []).filter((order) => matchesFilter(order, filter));

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="font-display text-2xl sm:text-3xl">Dashboard</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-char-700">
            Real-time operations
            <LiveStatus status={socket.status} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SoundControls sound={sound} />
          {/* The shop's details live on Shop Settings; the spec's delivery-fee dialog is gone:
              orders are pickup only and no fee is ever charged (DESIGN.md departure 20). */}
          <Button variant="outline" size="sm" asChild>
            <Link to="/settings">
              <Settings aria-hidden className="size-4" />
              Shop settings
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog('audit')}>
            <History aria-hidden className="size-4" />
            Audit log
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDialog('export')}
            disabled={day === undefined}
          >
            <Download aria-hidden className="size-4" />
            Export CSV
          </Button>
        </div>
      </div>

      <WatchdogBanner watchdog={watchdog} className="mt-4" />
      {/* What Wolt and Bolt show otherwise than we do (decision 027, amended). */}
      <PlatformDriftNotice className="mt-4" />
      {/* Each receipt printer's state, and an alert while one fails (decision 028). */}
      <PrinterStatus timeZone={timeZone} tone="light" className="mt-4" />

      <div className="mt-4 grid gap-4">
        <OnlineOrderingControls />
        <WatchdogPanel watchdog={watchdog} />
      </div>

      {today === undefined || day === undefined ? (
        todayStats.isError ? (
          <LoadError
            className="my-4"
            what="the dashboard"
            error={todayStats.error}
            retry={() => void todayStats.refetch()}
          />
        ) : (
          <Spinner label="Loading the dashboard" />
        )
      ) : (
        <>
          <div className="mt-5">
            <DayNavigator day={day} today={today} onSelect={selectDay} />
          </div>

          <section aria-label="Figures" className="mt-4">
            {stats.isError && !stats.data && (
              <LoadError
                className="my-4"
                what="the figures"
                error={stats.error}
                retry={() => void stats.refetch()}
              />
            )}
            <TestOrdersNote count={stats.data?.testOrdersNotCounted ?? 0} />
            <StatCards stats={stats.data} onOpenCustomers={() => setDialog('customers')} />
          </section>

          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <ItemSalesCard query={itemSales} />
            <VisitorAnalyticsCard />
          </div>

          <section aria-labelledby="orders-heading" className="mt-6">
            <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <h2
                id="orders-heading"
                ref={ordersHeading}
                tabIndex={-1}
                className="font-display text-xl outline-none"
              >
                Orders
              </h2>
              <OrderFilters value={filter} onChange={selectFilter} />
            </div>
            {shownOrders.isPending ? (
              <Spinner label="Loading orders" />
            ) : shownOrders.isError && !shownOrders.data ? (
              <LoadError
                className="my-4"
                what="the orders"
                error={shownOrders.error}
                retry={() => void shownOrders.refetch()}
              />
            ) : visibleOrders.length === 0 ? (
              <p className="rounded-2xl bg-white p-8 text-center text-char-700 ring-1 ring-char-900/10">
                No orders found
              </p>
            ) : (
              <OrdersList
                orders={visibleOrders}
                timeZone={timeZone}
                onView={setViewing}
                onDelete={setDeleting}
                onMarkPaid={onMarkPaid}
                markingPaidId={markPaid.isPending ? markPaid.variables.id : null}
              />
            )}
          </section>

          <ExportDialog
            open={dialog === 'export'}
            onClose={() => setDialog(null)}
            day={day}
            today={today}
          />
        </>
      )}

      <CustomersDialog
        open={dialog === 'customers'}
        onClose={() => setDialog(null)}
        timeZone={timeZone}
      />
      <AuditLogDialog
        open={dialog === 'audit'}
        onClose={() => setDialog(null)}
        timeZone={timeZone}
      />
      <OrderDetailsDialog
        // The list's fresh copy once it refetched (a refund changes it), else the one opened.
        order={
          viewing
            ? ((shownOrders.data ?? []).find((order) => order.id === viewing.id) ?? viewing)
            : null
        }
        timeZone={timeZone}
        onClose={() => setViewing(null)}
      />
      <DeleteOrderDialog
        order={deleting}
        onClose={() => setDeleting(null)}
        fallbackFocus={() => ordersHeading.current}
      />
    </main>
  );
}

function LiveStatus({ status }: { status: LiveSocketStatus }) {
  const live = status === 'open';
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-bold',
        live ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900',
      )}
    >
      {live ? (
        <Wifi aria-hidden className="size-3.5" />
      ) : (
        <WifiOff aria-hidden className="size-3.5" />
      )}
      {live ? 'Live' : status === 'connecting' ? 'Connecting…' : 'Reconnecting… checking every 5 s'}
    </span>
  );
}
