/**
 * Kitchen Display (spec back-office §2, §4, §7, §8, §9). Read from two metres away (STYLE.md): big
 * type, big buttons, dark and high-contrast. Live over the WebSocket, with the spec's 5 s polling
 * kept as the fallback (DESIGN.md departure 6). Decision 024 ("never miss an order"): every open
 * order on one screen (board/), a chime that repeats until the order is touched, the screen kept
 * awake, the display counted by the server's watchdog, the shop's clock, and taps that survive a
 * lost connection.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  BellRing,
  ChefHat,
  CloudOff,
  LogOut,
  RotateCcw,
  Trash2,
  Volume2,
  VolumeX,
  Wifi,
  WifiOff,
} from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import type { KitchenStatus } from '#shared/orders/order-states.ts';
import type { ServerMessage } from '#shared/realtime/events.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useLiveSocket, type LiveSocketStatus } from '#client/lib/live-socket.ts';
import { cn } from '#client/lib/utils.ts';
import { useLogout } from '../auth/index.ts';
import { usePreloadedFormChecks } from '#client/components/ui/form-resolver.ts';
import {
  ONLINE_ORDERING_KEY,
  useOnlineOrdering,
  OnlineOrderingControls,
  busyLabel,
  orderingStateLabel,
} from '../online-ordering/index.ts';
import { noDoneOrdersToast, useClearDoneOrders } from './api/clear-done-orders.ts';
import { KITCHEN_ORDERS_KEY, useKitchenOrders } from './api/kitchen-orders-query.ts';
import { useRecallOrder } from './api/recall-order.ts';
import { useShopTimeZone } from './api/shop-time-zone-query.ts';
import { pinOrders, type Density } from './board/board-layout.ts';
import { KitchenBoard, type BoardLane } from './board/kitchen-board.tsx';
import {
  NEW_ORDER_KEYFRAMES,
  OrderCard,
  PULSE_RING,
  STATUS_ACCENT,
} from './components/order-card.tsx';
import { applyTaps, type KitchenChange } from './kitchen-outbox.ts';
import { formatClock, formatShopDayTime, useNow } from './kitchen-time.ts';
import { useKitchenOutbox } from './use-kitchen-outbox.ts';
import { useNewOrderAlert, type SoundState } from './use-new-order-alert.ts';
import { isLater } from './later-orders.ts';
import { useScreenWakeLock } from './use-wake-lock.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { PrinterStatus } from '../printing/index.ts';

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
  const timeZone = useShopTimeZone();
  const outbox = useKitchenOutbox();
  useScreenWakeLock();
  // What the kitchen sees: the server's orders with the taps still on their way (decision 024).
  const shown = useMemo(
    () => (orders.data ? applyTaps(orders.data, outbox.waiting) : undefined),
    [orders.data, outbox.waiting],
  );
  // A scheduled order is not new until its start time (decision 026): it waits under Later,
  // silent, and chimes when it moves to New.
  const laterIds = (shown ?? [])
    .filter((order) => isLater(order, now))
    .map((order) => order.id)
    .join(' ');
  // Split once per change of the list or of which orders are Later (not every clock tick).
  const { due, later } = useMemo(() => {
    const ids = new Set(laterIds.split(' '));
    return {
      due: shown?.filter((order) => !ids.has(order.id)),
      later: (shown ?? [])
        .filter((order) => ids.has(order.id))
        .sort((a, b) => (a.startAt ?? '').localeCompare(b.startAt ?? '')),
    };
  }, [shown, laterIds]);
  const alert = useNewOrderAlert(due);

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
  const { flush } = outbox;
  const onOpen = useCallback(
    (send: (message: unknown) => void) => {
      // After every (re)connect: this socket is a kitchen display, counted by the server's
      // watchdog (DESIGN.md departure 19); then the taps that waited go, and what was missed
      // is read again.
      send({ type: 'kitchenDisplay' });
      flush();
      refetch();
    },
    [flush, refetch],
  );
  const socket = useLiveSocket({ onMessage, onReconnect, onOpen });

  const lanes = useMemo<BoardLane[]>(() => {
    const groups: Record<ColumnStatus, KitchenOrder[]> = {
      pending: [],
      started: [],
      ready: [],
      done: [],
    };
    for (const order of due ?? []) {
      if (order.kitchenStatus !== 'cleared') groups[order.kitchenStatus].push(order);
    }
    return COLUMNS.map((column) => ({
      ...column,
      accent: STATUS_ACCENT[column.status],
      orders: pinOrders(groups[column.status]),
    }));
  }, [due]);
  const counts = Object.fromEntries(
    lanes.map((lane) => [lane.status, lane.orders.length]),
  ) as Record<ColumnStatus, number>;

  const waitingPerOrder = useMemo(() => {
    const per = new Map<string, number>();
    for (const tap of outbox.waiting) per.set(tap.orderId, (per.get(tap.orderId) ?? 0) + 1);
    return per;
  }, [outbox.waiting]);
  const { tap } = outbox;
  const onStep = useCallback(
    (order: KitchenOrder, change: KitchenChange) => tap(order, change),
    [tap],
  );
  const renderCard = (order: KitchenOrder, density: Density, measuring: boolean) => (
    <OrderCard
      order={order}
      now={now}
      isNew={alert.fresh.has(order.id)}
      onTouch={measuring ? noop : alert.acknowledge}
      onStep={measuring ? noop : onStep}
      density={density === 'normal' ? 'normal' : 'compact'}
      waiting={waitingPerOrder.get(order.id) ?? 0}
      timeZone={timeZone}
    />
  );

  // Said at once: the socket is down (after it was up once), the last read failed, or a tap
  // could not be sent. The screen keeps the last orders and queues the taps meanwhile.
  const [wasLive, setWasLive] = useState(false);
  if (socket.status === 'open' && !wasLive) setWasLive(true);
  const offline =
    (wasLive && socket.status !== 'open') ||
    (orders.isError && !!orders.data) ||
    outbox.unreachable;

  return (
    // One screen high, less the test-mode ribbon: the board packs every order into it.
    <div className="flex h-[calc(100dvh-var(--test-ribbon-height))] min-h-[32rem] flex-col bg-char-950 text-white">
      <style>{NEW_ORDER_KEYFRAMES}</style>
      <KitchenHeader
        now={now}
        timeZone={timeZone}
        socketStatus={socket.status}
        counts={counts}
        sound={alert.sound}
        onEnableSound={alert.playChime}
        newCount={alert.fresh.size}
      />
      {/* Each receipt printer's state, and an alert while one fails (decision 028). */}
      <PrinterStatus timeZone={timeZone} tone="dark" className="shrink-0 px-3 pt-2 sm:px-4" />
      {offline && (
        <OfflineBanner
          since={orders.dataUpdatedAt}
          timeZone={timeZone}
          waiting={outbox.waiting.length}
        />
      )}
      <main className="flex min-h-0 flex-1 flex-col p-2 sm:p-3">
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
            {later.length > 0 && <LaterStrip orders={later} timeZone={timeZone} now={now} />}
            <KitchenBoard lanes={lanes} renderCard={renderCard} />
          </>
        )}
      </main>
    </div>
  );
}

const noop = () => undefined;

/**
 * Decision 024: a display that lost its connection says so at once, keeps the last orders and
 * queues the taps; they are sent, once each, when it is back.
 */
function OfflineBanner({
  since,
  timeZone,
  waiting,
}: {
  since: number;
  timeZone: string | undefined;
  waiting: number;
}) {
  return (
    <p
      role="alert"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 bg-red-700 px-4 py-2 text-xl font-bold text-white sm:px-6"
    >
      <CloudOff aria-hidden className="size-7 shrink-0" />
      <span className="font-black uppercase">Offline</span>
      <span>
        Showing the orders as of {since ? formatClock(new Date(since), timeZone) : 'the last read'}.
      </span>
      <span>
        {waiting === 0
          ? 'Taps are kept and sent when the connection is back.'
          : `${waiting} ${waiting === 1 ? 'tap' : 'taps'} waiting to send.`}
      </span>
    </p>
  );
}

/**
 * How many new orders nobody has touched yet (their chime repeats until then); a tap shows the
 * first. The header's buttons sit at its right end, so its coming and going moves none of them.
 */
function NewOrdersButton({ count }: { count: number }) {
  if (count === 0) return null;
  const showFirst = () =>
    document
      .querySelector('[data-testid="kitchen-board"] [data-new-order="true"]')
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  return (
    <button
      type="button"
      onClick={showFirst}
      className={cn(
        'inline-flex items-center gap-2 rounded-full bg-mustard-400 px-3 py-1 text-lg font-black text-char-950 sm:px-4 sm:py-1.5 sm:text-xl',
      )}
    >
      <BellRing aria-hidden className="size-6 motion-safe:animate-bounce" /> {count} NEW
    </button>
  );
}

interface KitchenHeaderProps {
  now: Date;
  timeZone: string | undefined;
  socketStatus: LiveSocketStatus;
  counts: Record<ColumnStatus, number>;
  sound: SoundState;
  onEnableSound: () => void;
  newCount: number;
}

function KitchenHeader({
  now,
  timeZone,
  socketStatus,
  counts,
  sound,
  onEnableSound,
  newCount,
}: KitchenHeaderProps) {
  const clear = useClearDoneOrders();
  const recall = useRecallOrder();
  const logout = useLogout();
  usePreloadedFormChecks();
  const [confirmClear, setConfirmClear] = useState(false);
  const live = socketStatus === 'open';
  const doneCount = counts.done;

  const clearAll = () => {
    // Spec §8: nothing done to clear is a 'No Orders' toast, no call needed.
    if (doneCount === 0) return void noDoneOrdersToast();
    setConfirmClear(true);
  };

  const headerButton =
    'inline-flex h-11 flex-1 items-center justify-center gap-1.5 rounded-xl px-2 text-base font-bold whitespace-nowrap transition-colors disabled:opacity-60 sm:flex-none sm:gap-2 sm:px-4 sm:text-xl [&_svg]:size-5 sm:[&_svg]:size-6';

  return (
    // One row on a laptop or wall screen: the height is the board's.
    <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-white/10 bg-char-900 px-3 py-1.5 sm:px-4 lg:flex-nowrap">
      {/* Named for screen readers; on the wall the clock and the board say what it is. */}
      <h1 className="font-display text-2xl tracking-tight max-lg:sr-only 2xl:text-3xl lg:max-2xl:sr-only">
        Kitchen Display
      </h1>
      <time
        dateTime={now.toISOString()}
        aria-label="Current time"
        title={timeZone ? `The shop's time (${timeZone})` : undefined}
        className="font-mono text-2xl font-bold tabular-nums sm:text-3xl"
      >
        {formatClock(now, timeZone)}
      </time>
      <span
        role="status"
        className={cn(
          'inline-flex items-center gap-2 rounded-full px-3 py-1 text-lg font-bold sm:text-xl',
          live ? 'bg-emerald-500 text-emerald-950' : 'bg-red-600 text-white',
        )}
      >
        {live ? (
          <Wifi aria-hidden className="size-6" />
        ) : (
          <WifiOff aria-hidden className="size-6" />
        )}
        {live ? 'Live' : socketStatus === 'connecting' ? 'Connecting…' : 'Offline'}
      </span>
      {sound === 'on' ? (
        <span
          title="Sound on"
          className="inline-flex shrink-0 items-center gap-1.5 text-lg font-bold text-emerald-300"
        >
          <Volume2 aria-hidden className="size-7" />
          <span className="sr-only">Sound on</span>
        </span>
      ) : (
        // Browsers keep a page silent until it is touched (decision 024): asked once, plainly.
        <button
          type="button"
          onClick={onEnableSound}
          aria-label="Sound off: tap to turn on"
          className={cn(
            'inline-flex h-11 shrink-0 items-center gap-2 rounded-xl bg-mustard-400 px-3 text-lg font-black whitespace-nowrap text-char-950 hover:bg-amber-300',
            PULSE_RING,
          )}
        >
          <VolumeX aria-hidden className="size-6" /> Tap for sound
        </button>
      )}
      <NewOrdersButton count={newCount} />
      <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
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
      <OnlineOrderingButton />
      <Dialog open={confirmClear} onOpenChange={setConfirmClear}>
        <DialogContent
          title={`Clear ${doneCount} done ${doneCount === 1 ? 'order' : 'orders'}?`}
          description="They leave this screen and stay in the admin's orders. Recall brings back the last one."
          className="text-char-950"
        >
          <div className="flex gap-3 px-5 pt-4 pb-5">
            <button
              type="button"
              onClick={() => setConfirmClear(false)}
              className="h-14 flex-1 rounded-xl border-2 border-char-950/30 text-xl font-bold"
            >
              Keep them
            </button>
            <button
              type="button"
              onClick={() => {
                setConfirmClear(false);
                clear.mutate();
              }}
              className="h-14 flex-1 rounded-xl bg-red-600 text-xl font-black text-white hover:bg-red-500"
            >
              Clear {doneCount}
            </button>
          </div>
        </DialogContent>
      </Dialog>
    </header>
  );
}

/**
 * Pause and busy mode (decision 014) as one pill in the header row: its state at a glance
 * (amber while paused), the controls a tap away. The board keeps the screen's height.
 */
function OnlineOrderingButton() {
  const state = useOnlineOrdering().data;
  const [open, setOpen] = useState(false);
  const busy = state ? busyLabel(state.busyExtraMinutes) : null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className={cn(
          'inline-flex h-11 min-w-0 items-center gap-2 rounded-full px-4 text-lg font-bold whitespace-nowrap [&>span:first-child]:truncate',
          !state
            ? 'bg-white/10 text-stone-300'
            : state.paused
              ? cn('bg-amber-400 text-amber-950', PULSE_RING)
              : 'bg-white/10 text-white hover:bg-white/20',
        )}
      >
        <span>{state ? orderingStateLabel(state) : 'Online orders…'}</span>
        {busy && (
          <span className="rounded-full bg-ember-500 px-2 text-base text-char-950">{busy}</span>
        )}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Online orders" className="text-char-950 sm:max-w-3xl">
          <div className="px-5 pt-3 pb-5">
            <OnlineOrderingControls tone="light" ownSocket={false} />
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * Scheduled orders not due yet (decision 026): one line above the board, each order's number,
 * pickup and start time and its items, so the work at hand keeps the board's room (decision
 * 024). At its start time an order leaves the strip for New, as a new order.
 */
function LaterStrip({
  orders,
  timeZone,
  now,
}: {
  orders: KitchenOrder[];
  timeZone: string | undefined;
  now: Date;
}) {
  return (
    <section
      aria-label={`Later ${orders.length}`}
      className="mb-2 flex shrink-0 items-stretch gap-2 overflow-x-auto rounded-xl border-t-4 border-indigo-400 bg-char-900 p-2"
    >
      <h2 className="flex shrink-0 flex-col justify-center px-1 text-lg leading-tight font-black text-white">
        Later <span className="text-sm font-bold text-indigo-200">{orders.length}</span>
      </h2>
      {orders.map((order) => (
        <article
          key={order.id}
          aria-label={`Order #${order.orderNumber}`}
          className="flex shrink-0 flex-col justify-center rounded-lg bg-white/10 px-3 py-1 text-white"
        >
          <p className="flex items-baseline gap-2">
            <span className="font-display text-xl leading-none tabular-nums">
              #{order.orderNumber}
            </span>
            <span className="text-sm font-bold text-indigo-200">
              Pickup{' '}
              <time dateTime={order.pickupAt ?? undefined}>
                {order.pickupAt ? formatShopDayTime(order.pickupAt, now, timeZone) : ''}
              </time>
              {' · start '}
              <time dateTime={order.startAt ?? undefined}>
                {order.startAt ? formatShopDayTime(order.startAt, now, timeZone) : ''}
              </time>
            </span>
          </p>
          <p className="max-w-64 truncate text-sm text-stone-300">
            {order.items.map((item) => `${item.quantity}× ${item.name}`).join(', ')}
          </p>
        </article>
      ))}
    </section>
  );
}
