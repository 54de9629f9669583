/**
 * Kitchen Display (spec back-office §2, §4, §7, §8, §9). Read from two metres away (STYLE.md): big
 * type, big buttons, dark and high-contrast. Live over the WebSocket, with the spec's 5 s polling
 * kept as the fallback (DESIGN.md departure 6).
 */
import { useQueryClient } from '@tanstack/react-query';
import { BellRing, ChefHat, LogOut, RotateCcw, Trash2, Volume2, Wifi, WifiOff } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import type { KitchenStatus } from '#shared/orders/order-states.ts';
import type { ServerMessage } from '#shared/realtime/events.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useLiveSocket, type LiveSocketStatus } from '../../lib/live-socket.ts';
import { cn } from '../../lib/utils.ts';
import { useLogout } from '../auth/api/session.ts';
import { ONLINE_ORDERING_KEY } from '../online-ordering/api/online-ordering-query.ts';
import { OnlineOrderingControls } from '../online-ordering/online-ordering-controls.tsx';
import { noDoneOrdersToast, useClearDoneOrders } from './api/clear-done-orders.ts';
import { KITCHEN_ORDERS_KEY, useKitchenOrders } from './api/kitchen-orders-query.ts';
import { useRecallOrder } from './api/recall-order.ts';
import { NEW_ORDER_KEYFRAMES, OrderCard, STATUS_ACCENT } from './components/order-card.tsx';
import { formatClock, useNow } from './kitchen-time.ts';
import { useNewOrderAlert } from './use-new-order-alert.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

type ColumnStatus = Exclude<KitchenStatus, 'cleared'>;

const COLUMNS: { status: ColumnStatus; title: string; empty: string }[] = [
  { status: 'pending', title: 'New', empty: 'No new orders' },
  { status: 'started', title: 'In progress', empty: 'Nothing cooking' },
  { status: 'ready', title: 'Ready', empty: 'Nothing waiting' },
  { status: 'done', title: 'Done', empty: 'Nothing done yet' },
];

export function KitchenPage() {
  useDocumentTitle('Kitchen Display');
  const queryClient = useQueryClient();
  const orders = useKitchenOrders();
  const now = useNow(1_000);
  const alert = useNewOrderAlert(orders.data);

  // Sockets notify, queries fetch (STYLE.md habit 6): any order change refetches the list,
  // a pause or busy change the online-ordering controls (this page's one socket serves both).
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_KEY }),
    [queryClient],
  );
  const refetchOnlineOrdering = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ONLINE_ORDERING_KEY }),
    [queryClient],
  );
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'orderChanged') refetch();
      if (message.type === 'shopChanged') refetchOnlineOrdering();
    },
    [refetch, refetchOnlineOrdering],
  );
  const onReconnect = useCallback(() => {
    refetch();
    refetchOnlineOrdering();
  }, [refetch, refetchOnlineOrdering]);
  const socket = useLiveSocket({ onMessage, onReconnect });

  const byStatus = useMemo(() => {
    const groups: Record<ColumnStatus, KitchenOrder[]> = {
      pending: [],
      started: [],
      ready: [],
      done: [],
    };
    for (const order of orders.data ?? []) {
      if (order.kitchenStatus !== 'cleared') groups[order.kitchenStatus].push(order);
    }
    return groups;
  }, [orders.data]);

  return (
    // At a wall screen's size (xl) the page is one screen high, less the test-mode ribbon, and
    // each column scrolls on its own: every card's buttons stay in sight (order-card.tsx).
    <div className="flex min-h-dvh flex-col bg-char-950 text-white xl:h-[calc(100dvh-var(--test-ribbon-height))] xl:min-h-0">
      <style>{NEW_ORDER_KEYFRAMES}</style>
      <KitchenHeader
        now={now}
        socketStatus={socket.status}
        counts={byStatus}
        doneCount={byStatus.done.length}
        soundBlocked={alert.soundBlocked}
        onEnableSound={alert.playChime}
        newCount={alert.fresh.size}
      />
      <main className="flex min-h-0 flex-1 flex-col p-3 sm:p-4 xl:p-3">
        {orders.isPending ? (
          <Spinner label="Loading orders" className="flex-1 [&_svg]:size-16" />
        ) : orders.isError && !orders.data ? (
          <div
            role="alert"
            className="m-auto flex max-w-xl flex-col items-center gap-5 text-center"
          >
            <p className="text-4xl font-black">Could not load orders</p>
            <p className="text-xl text-stone-300">
              {errorMessage(orders.error, 'Failed to fetch orders')}
            </p>
            <button
              type="button"
              onClick={() => void orders.refetch()}
              className="h-16 rounded-xl bg-white px-10 text-2xl font-black text-char-950 hover:bg-stone-200"
            >
              Retry
            </button>
          </div>
        ) : orders.data.length === 0 ? (
          <div className="m-auto flex flex-col items-center gap-4 py-16 text-center text-stone-300">
            <ChefHat aria-hidden className="size-24 text-stone-500" />
            <p className="text-4xl font-black text-white">No orders yet</p>
            <p className="text-2xl">New paid orders appear here at once.</p>
          </div>
        ) : (
          <>
            {orders.isError && (
              <p role="status" className="mb-3 rounded-xl bg-red-700 px-4 py-2 text-xl font-bold">
                Refresh failed, showing the last orders received. Retrying…
              </p>
            )}
            <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
              {COLUMNS.map((column) => (
                <section
                  key={column.status}
                  aria-labelledby={`kitchen-column-${column.status}`}
                  className="flex min-h-0 flex-col rounded-2xl bg-char-900/70"
                >
                  <h2
                    id={`kitchen-column-${column.status}`}
                    className={cn(
                      'flex items-center justify-between border-t-8 px-4 pt-3 pb-2 text-3xl font-black xl:pt-2 xl:pb-1.5',
                      'rounded-t-2xl',
                      STATUS_ACCENT[column.status],
                    )}
                  >
                    {column.title}
                    <span className="rounded-full bg-white/15 px-3 text-2xl tabular-nums">
                      {byStatus[column.status].length}
                    </span>
                  </h2>
                  <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-3 xl:p-2">
                    {byStatus[column.status].length === 0 ? (
                      <p className="py-6 text-center text-xl text-stone-400">{column.empty}</p>
                    ) : (
                      byStatus[column.status].map((order) => (
                        <OrderCard
                          key={order.id}
                          order={order}
                          now={now}
                          isNew={alert.fresh.has(order.id)}
                          onTouch={alert.acknowledge}
                        />
                      ))
                    )}
                  </div>
                </section>
              ))}
            </div>
          </>
        )}
      </main>
    </div>
  );
}

/**
 * New orders nobody has touched yet may sit below the fold of a long column. Its place is kept
 * while hidden, so its coming and going never moves a button under someone's finger.
 */
function NewOrdersButton({ count }: { count: number }) {
  const showFirst = () =>
    document
      .querySelector('[data-new-order="true"]')
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  return (
    <button
      type="button"
      onClick={showFirst}
      className={cn(
        'inline-flex items-center gap-2 rounded-full bg-mustard-400 px-3 py-1 text-lg font-black text-char-950 sm:px-4 sm:py-1.5 sm:text-xl',
        count === 0 && 'invisible',
      )}
    >
      <BellRing aria-hidden className="size-6 motion-safe:animate-bounce" /> {Math.max(count, 1)}{' '}
      NEW
    </button>
  );
}

interface KitchenHeaderProps {
  now: Date;
  socketStatus: LiveSocketStatus;
  counts: Record<ColumnStatus, KitchenOrder[]>;
  doneCount: number;
  soundBlocked: boolean;
  onEnableSound: () => void;
  newCount: number;
}

function KitchenHeader({
  now,
  socketStatus,
  counts,
  doneCount,
  soundBlocked,
  onEnableSound,
  newCount,
}: KitchenHeaderProps) {
  const clear = useClearDoneOrders();
  const recall = useRecallOrder();
  const logout = useLogout();
  const live = socketStatus === 'open';

  const clearAll = () => {
    // Spec §8: nothing done to clear is a 'No Orders' toast, no call needed.
    if (doneCount === 0) return void noDoneOrdersToast();
    clear.mutate();
  };

  const headerButton =
    'inline-flex h-12 flex-1 items-center justify-center gap-1.5 rounded-xl px-2 text-base font-bold whitespace-nowrap transition-colors disabled:opacity-60 sm:h-14 sm:flex-none sm:gap-2 sm:px-5 sm:text-xl xl:h-12 [&_svg]:size-5 sm:[&_svg]:size-6';

  return (
    // At a wall screen's size (xl) the header keeps to two short rows: the height is the
    // columns', where every card's buttons must stay in sight at 1280x800.
    <header className="flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-white/10 bg-char-900 px-4 py-3 sm:gap-x-6 sm:px-6 xl:gap-y-2 xl:py-2">
      <h1 className="font-display text-2xl tracking-tight sm:text-4xl xl:text-3xl">
        Kitchen Display
      </h1>
      <time
        dateTime={now.toISOString()}
        aria-label="Current time"
        className="font-mono text-2xl font-bold tabular-nums sm:text-4xl xl:text-3xl"
      >
        {formatClock(now)}
      </time>
      <span
        role="status"
        className={cn(
          'inline-flex items-center gap-2 rounded-full px-3 py-1 text-lg font-bold sm:px-4 sm:py-1.5 sm:text-xl',
          live ? 'bg-emerald-500 text-emerald-950' : 'bg-amber-400 text-amber-950',
        )}
      >
        {live ? (
          <Wifi aria-hidden className="size-6" />
        ) : (
          <WifiOff aria-hidden className="size-6" />
        )}
        {live ? 'Live' : socketStatus === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
      </span>
      <NewOrdersButton count={newCount} />
      {/* Side by side at xl, the columns' own headings carry these counts. */}
      <ul
        aria-label="Orders per status"
        className="hidden flex-wrap gap-2 text-xl lg:flex xl:hidden"
      >
        {COLUMNS.map((column) => (
          <li
            key={column.status}
            className={cn(
              'rounded-lg border-b-4 bg-white/10 px-3 py-1',
              STATUS_ACCENT[column.status],
            )}
          >
            {column.title}{' '}
            <span className="font-black tabular-nums">{counts[column.status].length}</span>
          </li>
        ))}
      </ul>
      <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
        {soundBlocked && (
          <button
            type="button"
            onClick={onEnableSound}
            className={cn(headerButton, 'bg-mustard-400 text-char-950 hover:bg-amber-300')}
          >
            <Volume2 aria-hidden className="size-6" /> Enable sound
          </button>
        )}
        <button
          type="button"
          onClick={clearAll}
          disabled={clear.isPending}
          className={cn(headerButton, 'bg-red-600 text-white hover:bg-red-500')}
        >
          <Trash2 aria-hidden className="size-6" /> Clear All
        </button>
        <button
          type="button"
          onClick={() => recall.mutate()}
          disabled={recall.isPending}
          className={cn(headerButton, 'bg-white/15 text-white hover:bg-white/25')}
        >
          <RotateCcw aria-hidden className="size-6" /> Recall
        </button>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className={cn(headerButton, 'border-2 border-white/30 text-white hover:border-white')}
        >
          <LogOut aria-hidden className="size-6" /> Logout
        </button>
      </div>
      <OnlineOrderingControls
        tone="dark"
        ownSocket={false}
        // One line at xl: a little smaller type and padding than the controls' own dark tone.
        className="w-full xl:py-1.5 xl:[&_button]:h-11 xl:[&_button]:px-3 xl:[&_button]:text-lg xl:[&_p]:text-base xl:[&_p]:whitespace-nowrap"
      />
    </header>
  );
}
