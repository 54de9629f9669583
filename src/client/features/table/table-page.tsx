import { Clock, CreditCard, QrCode, ShoppingBag, Utensils } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ClosedBanner } from '#client/components/customer/closed-banner.tsx';
import { PageTopBar } from '#client/components/customer/page-top-bar.tsx';
import { PausedBanner } from '#client/components/customer/paused-banner.tsx';
import { SOLID_EMBER } from '#client/components/customer/solid-ember.ts';
import { useCategories, useMenuItems } from '#client/lib/shop/menu-queries.ts';
import { useOrderingState, useShopInfo, useShopStatus } from '#client/lib/shop/shop-queries.ts';
import { useCart } from '../cart/index.ts';
import {
  clearPresetTable,
  confirmationPath,
  LazyPaymentSuccessDialog,
  savePresetTable,
  usePaymentReturn,
  usePickupSlots,
  type PaidOrder,
} from '../checkout/index.ts';
import {
  CartDialog,
  DialogLoading,
  ItemDialog,
  MenuSection,
  preloadDialogs,
  useMenuBrowsing,
} from '../storefront/index.ts';
import { onFirstIntent, useOnceTrue } from '#client/lib/on-demand.ts';
import { cartItemCount, cartTotalCents } from '#shared/cart/cart.ts';
import { formatEuroCents } from '#shared/money.ts';
import { preparationLabel } from '#shared/online-ordering/online-ordering-rules.ts';
import {
  checkTable,
  DEFAULT_TABLE_COUNT,
  loadTableNumber,
  saveTableNumber,
  tableFromQuery,
} from './table-number.ts';
import { useShopTitle } from '#client/lib/shop/use-shop-title.ts';

/**
 * Spec back-office §2 "Table ordering page": guests at the picnic tables scan the table's QR
 * code (/table?table=4) and order from their phone; the kitchen sees the table on the order.
 * The table is kept in this tab's sessionStorage, so the payment's return (which the URL
 * cleaning strips to a bare /table) and a reload still know it.
 */
export function TablePage() {
  useShopTitle('Table Ordering');
  const [params] = useSearchParams();
  // Before anything reads the query: a payment's return carries ?payment=…, then cleans it.
  const { paidOrder, dismissPaidOrder } = usePaymentReturn();
  const info = useShopInfo();
  const queryTable = tableFromQuery(params);
  const [storedTable, setStoredTable] = useState(loadTableNumber);
  const rawTable = queryTable ?? storedTable;

  useEffect(() => {
    if (queryTable && queryTable !== storedTable) {
      saveTableNumber(queryTable);
      setStoredTable(queryTable);
    }
  }, [queryTable, storedTable]);

  // Tables 1 to the shop's count; if shop info cannot be read, the default count.
  const tableCount = info.data?.tableCount ?? (info.isPending ? null : DEFAULT_TABLE_COUNT);
  const check = tableCount === null ? null : checkTable(rawTable, tableCount);
  const validTable = check?.kind === 'valid' ? check.tableNumber : null;
  const checked = check !== null;

  // The checkout reads this (spec: checkout stores presetTableNumber); a table we do not have
  // must not turn a later order into a table order.
  useEffect(() => {
    if (validTable) savePresetTable(validTable);
    else if (checked) clearPresetTable();
  }, [validTable, checked]);

  if (check === null) {
    return (
      <Shell>
        <Spinner label="Finding your table" className="min-h-[50dvh]" />
      </Shell>
    );
  }
  if (check.kind === 'missing') {
    return (
      <Shell>
        <TableProblem title="Scan the QR code on your table">
          To order to your table, scan the QR code on it with your phone's camera. It opens this
          page with your table number.
        </TableProblem>
      </Shell>
    );
  }
  if (check.kind === 'invalid') {
    return (
      <Shell>
        <TableProblem title="Table not found">
          Table {check.shown} is not one of ours. Please scan the QR code on your table again.
        </TableProblem>
      </Shell>
    );
  }
  return (
    <TableMenu
      tableNumber={check.tableNumber}
      paidOrder={paidOrder}
      onPaidSeen={dismissPaidOrder}
    />
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PageTopBar showBackLink={false} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:pt-10">{children}</main>
    </div>
  );
}

function TableProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-char-900/5"
    >
      <span
        className="grid size-16 place-items-center rounded-full bg-ember-100 text-ember-700"
        aria-hidden
      >
        <QrCode className="size-8" />
      </span>
      <h1 className="font-display text-3xl uppercase">{title}</h1>
      <p className="text-char-700">{children}</p>
      <Button asChild size="lg" className={`${SOLID_EMBER} mt-2`}>
        <Link to="/">Go to Main Menu</Link>
      </Button>
    </section>
  );
}

function TableTopBar({ shopName, tableNumber }: { shopName: string; tableNumber: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-char-900 text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2.5" aria-label={`${shopName} home`}>
          <img src="/images/logo.svg" alt="" className="size-9 shrink-0" width={36} height={36} />
          <span className="truncate font-display text-base tracking-wide sm:text-lg">
            {shopName}
          </span>
        </Link>
        <p
          data-testid="table-number"
          className="ml-auto flex shrink-0 items-center gap-2 rounded-full bg-mustard-400 px-4 py-1.5 font-display text-xl tracking-wide text-char-900 uppercase"
        >
          <Utensils aria-hidden className="size-5" />
          Table {tableNumber}
        </p>
      </div>
    </header>
  );
}

interface TableMenuProps {
  tableNumber: string;
  paidOrder: PaidOrder | null;
  onPaidSeen: () => void;
}

function TableMenu({ tableNumber, paidOrder, onPaidSeen }: TableMenuProps) {
  const items = useMenuItems();
  const categories = useCategories();
  const status = useShopStatus();
  const ordering = useOrderingState();
  // The kitchen queue's quote for a dish (decision 026); the usual 15-20 until it is read.
  const quote = usePickupSlots(1);
  const info = useShopInfo();
  const lines = useCart((state) => state.lines);
  const setCartOpen = useCart((state) => state.setOpen);
  const cartOpen = useCart((state) => state.isOpen);
  const [paidDialogOpen, setPaidDialogOpen] = useState(true);
  const {
    selectedCategory,
    setSelectedCategory,
    visibleItems,
    selectedName,
    chosenItem,
    chooseItem,
    closeItem,
    addChosen,
    shownCategories,
  } = useMenuBrowsing(items.data, categories.data);
  const timeZone = status.data?.timeZone;
  const cartCount = cartItemCount(lines);
  const itemDialogWanted = useOnceTrue(chosenItem !== null);
  const cartDialogWanted = useOnceTrue(cartOpen);
  useEffect(() => onFirstIntent(preloadDialogs), []);

  // Spec: the filters carry their item counts.
  const categoriesWithCounts = useMemo(
    () =>
      shownCategories.map((category) => ({
        ...category,
        name: `${category.name} (${(items.data ?? []).filter((item) => item.category === category.id).length})`,
      })),
    [shownCategories, items.data],
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <TableTopBar shopName={info.data?.name ?? ''} tableNumber={tableNumber} />
      {ordering.pausedMessage && <PausedBanner message={ordering.pausedMessage} />}
      {status.data && !status.data.isOpen && <ClosedBanner status={status.data} />}
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-32">
        {paidOrder && (
          <PaidNotice paidOrder={paidOrder} tableNumber={tableNumber} onDismiss={onPaidSeen} />
        )}
        <h1 className="font-display text-4xl uppercase sm:text-5xl">Order to your table</h1>
        <div
          aria-label="How table orders work"
          role="note"
          className="mt-4 flex flex-col gap-2 rounded-3xl bg-mustard-400/25 px-5 py-4 ring-1 ring-mustard-400/60"
        >
          <p className="flex items-start gap-2 font-semibold">
            <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-ember-700" />
            {quote.data
              ? `Ready in about ${quote.data.asapMinutes} minutes.`
              : `Preparation takes ${preparationLabel(ordering.preparationMinutes)}.`}{' '}
            We bring your order to table {tableNumber}.
          </p>
          {/* The spec pays on delivery or at the counter; ours are paid by card at checkout. */}
          <p className="flex items-start gap-2 text-sm text-char-800">
            <CreditCard aria-hidden className="mt-0.5 size-4.5 shrink-0 text-ember-700" />
            You pay by card when you check out, like any online order.
          </p>
        </div>

        <MenuSection
          headingId="table-menu-heading"
          className="mt-6"
          heading={
            <h2 id="table-menu-heading" className="sr-only">
              Menu
            </h2>
          }
          categories={categoriesWithCounts}
          selectedCategory={selectedCategory}
          onSelectCategory={setSelectedCategory}
          selectedName={selectedName}
          items={items}
          visibleItems={visibleItems}
          onChoose={chooseItem}
          timeZone={timeZone}
          skeletonCount={4}
        />
      </main>

      {/* An empty cart has nothing to view: no "View Order · €0.00" bar over the menu. */}
      {cartCount > 0 && (
        <div className="pointer-events-none fixed inset-x-0 bottom-[calc(1rem+var(--test-ribbon-height))] z-40 flex justify-center px-4">
          <button
            type="button"
            onClick={() => setCartOpen(true)}
            aria-label={`View Order, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
            className="pointer-events-auto flex h-14 w-full max-w-md items-center gap-3 rounded-full bg-ember-700 pr-6 pl-4 text-lg font-bold text-white shadow-xl shadow-ember-900/30 hover:bg-ember-800"
          >
            <span className="relative">
              <ShoppingBag aria-hidden className="size-6" />
              <span
                data-testid="table-cart-count"
                className="absolute -top-2 -right-2 grid min-w-5 place-items-center rounded-full bg-white px-1 text-xs text-ember-700"
              >
                {cartCount}
              </span>
            </span>
            <span>View Order</span>
            <span className="ml-auto tabular-nums">{formatEuroCents(cartTotalCents(lines))}</span>
          </button>
        </div>
      )}

      {/* A boundary each: one dialog's first load never hides another that is open. */}
      {itemDialogWanted && (
        <Suspense fallback={chosenItem ? <DialogLoading /> : null}>
          <ItemDialog item={chosenItem} timeZone={timeZone} onClose={closeItem} onAdd={addChosen} />
        </Suspense>
      )}
      {/* A table's order is for now: no pre-orders, quoted at the table (decision 026). */}
      {cartDialogWanted && (
        <Suspense fallback={cartOpen ? <DialogLoading /> : null}>
          <CartDialog table />
        </Suspense>
      )}
      {paidOrder && (
        <LazyPaymentSuccessDialog
          paidOrder={paidOrder}
          tableNumber={tableNumber}
          open={paidDialogOpen}
          onOpenChange={setPaidDialogOpen}
          onContinue={() => setPaidDialogOpen(false)}
        />
      )}
    </div>
  );
}

/** After paying: the order is on its way; its status page is one tap away. */
function PaidNotice({
  paidOrder,
  tableNumber,
  onDismiss,
}: {
  paidOrder: PaidOrder;
  tableNumber: string;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-label="Your order"
      className="mb-6 flex flex-col gap-3 rounded-3xl bg-char-900 px-5 py-5 text-white"
    >
      <p className="font-display text-2xl uppercase">Thank you!</p>
      <p className="text-white/85">
        Your payment went through. We bring your order to table {tableNumber}.
      </p>
      <div className="flex flex-wrap gap-3">
        {paidOrder.orderId && (
          <Button asChild className={SOLID_EMBER}>
            <Link to={confirmationPath(paidOrder.orderId)}>View order status</Link>
          </Button>
        )}
        <Button
          variant="outline"
          className="border-white/30 bg-transparent text-white hover:border-white/70"
          onClick={onDismiss}
        >
          Order more
        </Button>
      </div>
    </section>
  );
}
