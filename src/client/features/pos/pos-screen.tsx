/**
 * The counter (spec back-office §2 "Admin POS", "Staff POS"): one screen for both, built for a
 * 10-inch tablet in landscape (menu on the left, the sale on the right) and usable on a phone
 * (the sale in a bottom sheet). Menu changes and sold-out marks arrive live (decision 010).
 */
import { ShoppingBasket } from 'lucide-react';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import { toast } from '#client/components/ui/toast.tsx';
import type { MenuItem } from '#shared/menu/menu.schema.ts';
import { eurosToCents, formatEuroCents } from '#shared/money.ts';
import { useCategories, useMenuItems } from '#client/lib/shop/menu-queries.ts';
import { useShopInfo, useShopStatus } from '#client/lib/shop/shop-queries.ts';
import { useLiveMenu } from '#client/lib/shop/use-live-menu.ts';
import { useActiveDiscounts } from './api/pos-api.ts';
import { CustomiseDialog } from './components/customise-dialog.tsx';
import { MenuPanel } from './components/menu-panel.tsx';
import { PosHeader } from './components/pos-header.tsx';
import { ReceiptPanel } from './components/receipt-panel.tsx';
import { SalePanel } from './components/sale-panel.tsx';
import { useOutboxDrainer } from './outbox-store.ts';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '#shared/idempotency/idempotency.ts';
import { cartTotals, discountRuleOf, type PosCartLine } from './pos-cart.ts';
import { usePosSale } from './pos-store.ts';
import { OpenDrawerFirstDialog } from './components/open-drawer-first-dialog.tsx';
import { usePosCheckout, type PosVariant, type ShownReceipt } from './use-pos-checkout.ts';
import { usePosPaymentReturn } from './use-pos-payment-return.ts';
import { PosWatchdog } from '../watchdog/index.ts';

const WIDE = '(min-width: 768px)';
/** A 10-inch tablet in landscape (1024x768, 1280x800) and up: the sale in two columns (sale-panel.tsx). */
const WIDER = '(min-width: 1024px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** The screen's distance from the top of the page (under the admin bar), for a full-height layout. */
function useTopOffset<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (ref.current)
        setTop(Math.max(0, ref.current.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, top };
}

export function PosScreen({ variant }: { variant: PosVariant }) {
  const items = useMenuItems();
  const categories = useCategories();
  useLiveMenu(items.data);
  const shopStatus = useShopStatus();
  const shopInfo = useShopInfo();
  const activeDiscounts = useActiveDiscounts();
  const timeZone = shopStatus.data?.timeZone;
  const discounts = useMemo(
    () => (activeDiscounts.data ?? []).map(discountRuleOf),
    [activeDiscounts.data],
  );
  const shop = shopInfo.data && {
    name: shopInfo.data.name,
    address: shopInfo.data.address,
    phone: shopInfo.data.phone,
  };

  const lines = usePosSale((state) => state.lines);
  const add = usePosSale((state) => state.add);
  const totals = cartTotals(lines);
  const isWide = useMediaQuery(WIDE);
  const twoColumns = useMediaQuery(WIDER);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [customising, setCustomising] = useState<MenuItem | null>(null);
  const [shown, setShown] = useState<ShownReceipt | null>(null);
  const [cashText, setCashText] = useState('');
  const { ref, top } = useTopOffset<HTMLDivElement>();

  const showReceipt = useCallback((next: ShownReceipt) => {
    setShown(next);
    setCashText('');
    setSheetOpen(true);
  }, []);
  const checkout = usePosCheckout({ variant, onReceipt: showReceipt });
  usePosPaymentReturn(showReceipt);
  useOutboxDrainer({
    onSent: (entry, response) => {
      toast.success('Order Created', {
        description: `Offline sale sent: order #${response.orderNumber}`,
      });
      setShown((current) =>
        current?.outboxKey === entry.key
          ? {
              receipt: {
                ...current.receipt,
                orderNumber: response.orderNumber,
                totalCents: eurosToCents(response.total),
                changeCents: eurosToCents(response.change),
              },
            }
          : current,
      );
    },
    onFailed: (entry) =>
      toast.error('Failed to create order', {
        description: `An offline sale was refused: ${entry.error ?? 'unknown reason'}`,
      }),
    onReview: () =>
      toast.error('Offline Sale Needs a Look', {
        description: `A sale waited more than ${IDEMPOTENCY_KEY_RETENTION_HOURS} hours to be sent. Check it under "needs a look" before sending it.`,
      }),
  });

  const addLine = (line: PosCartLine) => {
    setShown(null);
    add(line);
    toast.success('Added to Cart', { description: `${line.quantity} × ${line.name}` });
  };

  const pick = (item: MenuItem) => {
    if (item.customizable) {
      setCustomising(item);
      return;
    }
    addLine({
      id: `${item.id}-${Date.now()}`,
      menuItemId: item.id,
      name: item.name,
      unitCents: eurosToCents(item.basePrice),
      quantity: 1,
      bread: null,
      sauce: null,
      addOns: [],
      note: '',
      discount: null,
    });
  };

  const side = shown ? (
    <ReceiptPanel
      shown={shown}
      shop={shop}
      timeZone={timeZone}
      onNewSale={() => {
        setShown(null);
        setSheetOpen(false);
      }}
    />
  ) : (
    <SalePanel
      variant={variant}
      twoColumns={isWide && twoColumns}
      discounts={discounts}
      cashText={cashText}
      onCashText={setCashText}
      busy={checkout.busy}
      onPayCash={(received) => void checkout.payCash(received)}
      onPayCard={() => void checkout.payCard()}
    />
  );

  return (
    <div
      ref={ref}
      style={isWide ? { height: `calc(100dvh - ${top}px - var(--test-ribbon-height))` } : undefined}
      className="flex min-h-[calc(100dvh-var(--test-ribbon-height))] flex-col bg-stone-100 text-char-900 md:min-h-0"
    >
      <PosHeader variant={variant} />
      <PosWatchdog />
      <div className="flex min-h-0 flex-1">
        <main className="flex min-h-0 min-w-0 flex-1 flex-col">
          {items.isPending ? (
            <Spinner label="Loading the menu" className="flex-1" />
          ) : items.isError && !items.data ? (
            <p role="alert" className="p-6 font-semibold text-red-700">
              The menu could not be loaded. Check the connection and reload.
            </p>
          ) : (
            <MenuPanel
              items={items.data ?? []}
              categories={categories.data ?? []}
              timeZone={timeZone}
              onPick={pick}
            />
          )}
        </main>
        {isWide && (
          <aside
            className={cn(
              'flex shrink-0 flex-col border-l border-char-900/10',
              twoColumns ? 'w-[38rem] xl:w-[42rem] 2xl:w-[46rem]' : 'w-[22rem]',
            )}
          >
            {side}
          </aside>
        )}
      </div>

      {!isWide && (
        <>
          <button
            type="button"
            onClick={() => setSheetOpen(true)}
            className="fixed inset-x-3 bottom-[calc(0.75rem+var(--test-ribbon-height))] z-30 flex h-16 items-center justify-between gap-3 rounded-2xl bg-char-900 px-5 text-lg font-black text-white shadow-xl"
          >
            <span className="flex items-center gap-2">
              <ShoppingBasket aria-hidden className="size-6" />
              {shown ? 'Receipt' : `Cart · ${totals.itemCount}`}
            </span>
            <span className="tabular-nums">{formatEuroCents(totals.totalCents)}</span>
          </button>
          <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
            <DialogContent title={shown ? 'Sale complete' : 'Current sale'} className="h-[92dvh]">
              <div className="mt-3 flex min-h-0 flex-1 flex-col">{side}</div>
            </DialogContent>
          </Dialog>
        </>
      )}

      <OpenDrawerFirstDialog
        open={checkout.needsDrawer !== null}
        variant={variant}
        onOpened={() => checkout.retryCash()}
        onNextSession={() => checkout.retryCash({ cashDrawer: 'next-session' })}
        onCancel={checkout.cancelCash}
      />
      <CustomiseDialog
        item={customising}
        timeZone={timeZone}
        onClose={() => setCustomising(null)}
        onAdd={(line) => {
          setCustomising(null);
          addLine(line);
        }}
      />
    </div>
  );
}
