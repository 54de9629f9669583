import { Suspense, useEffect, useRef, useState } from 'react';
import { ShoppingBag } from 'lucide-react';
import { useCart } from '../cart/index.ts';
import { cartItemCount, cartTotalCents } from '#shared/cart/cart.ts';
import { formatEuroCents } from '#shared/money.ts';
import { WEEKDAYS, type Weekday } from '#shared/shop-hours/shop-clock.ts';
import { useCategories, useMenuItems } from '#client/lib/shop/menu-queries.ts';
import {
  useOrderingState,
  useShopHours,
  useShopInfo,
  useShopStatus,
} from '#client/lib/shop/shop-queries.ts';
import { ClosedBanner } from '#client/components/customer/closed-banner.tsx';
import { Hero } from './components/hero.tsx';
import { MenuSection } from './components/menu-section.tsx';
import { PausedBanner } from '#client/components/customer/paused-banner.tsx';
import { TopBar } from './components/top-bar.tsx';
import { useInstallPrompt } from './use-install-prompt.ts';
import { useMenuBrowsing } from './use-menu-browsing.ts';
import { DEFAULT_SHOP_NAME } from '#client/lib/shop/use-shop-title.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import {
  CartDialog,
  DialogLoading,
  ItemDialog,
  preloadDialogs,
  TrackDialog,
} from './on-demand-dialogs.tsx';
import {
  onDemand,
  onFirstIntent,
  useNearScreen,
  useOnceTrue,
  useOnDemandComponent,
} from '#client/lib/on-demand.ts';

// Below the menu, so not part of the first paint (decision 016): asked for as the reader nears it.
const footer = onDemand(() => import('./components/site-footer.tsx'));
const pickFooter = (module: typeof import('./components/site-footer.tsx')) => module.SiteFooter;

function browserWeekday(): Weekday {
  // getDay(): 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date().getDay() + 6) % 7]!;
}

export function HomePage() {
  const footerSpot = useRef<HTMLDivElement>(null);
  const SiteFooter = useOnDemandComponent(footer, pickFooter, useNearScreen(footerSpot));
  const items = useMenuItems();
  const categories = useCategories();
  const status = useShopStatus();
  const ordering = useOrderingState();
  const hours = useShopHours();
  const info = useShopInfo();
  // As index.html names it: the shop first, as search results and home screens show it.
  useDocumentTitle(`${info.data?.name || DEFAULT_SHOP_NAME} · Order for pickup`);
  const { canInstall, install } = useInstallPrompt();
  const lines = useCart((state) => state.lines);
  const setCartOpen = useCart((state) => state.setOpen);
  const cartOpen = useCart((state) => state.isOpen);
  const [trackOpen, setTrackOpen] = useState(false);
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
  const menuRef = useRef<HTMLElement>(null);
  const itemDialogWanted = useOnceTrue(chosenItem !== null);
  const cartDialogWanted = useOnceTrue(cartOpen);
  const trackDialogWanted = useOnceTrue(trackOpen);
  useEffect(() => onFirstIntent(preloadDialogs), []);

  const isOpen = status.data?.isOpen ?? true;
  const shopName = info.data?.name ?? '';
  const cartCount = cartItemCount(lines);

  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar
        shopName={shopName}
        cartCount={cartCount}
        onTrackClick={() => setTrackOpen(true)}
        onCartClick={() => setCartOpen(true)}
      />
      {ordering.pausedMessage && <PausedBanner message={ordering.pausedMessage} />}
      {status.data && !status.data.isOpen && <ClosedBanner status={status.data} />}
      <main className="flex-1">
        <Hero
          shopName={shopName}
          tagline={info.data?.tagline ?? ''}
          address={info.data?.address ?? ''}
          isOpen={isOpen}
          canInstall={canInstall}
          onInstall={install}
          onViewMenu={() => menuRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        />
        <MenuSection
          ref={menuRef}
          id="menu"
          headingId="menu-heading"
          className="mx-auto max-w-6xl scroll-mt-16 px-4 pt-10"
          heading={
            <div className="mb-5 flex items-end justify-between gap-4">
              <h2 id="menu-heading" className="font-display text-3xl uppercase sm:text-4xl">
                Menu
              </h2>
            </div>
          }
          categories={shownCategories}
          selectedCategory={selectedCategory}
          onSelectCategory={setSelectedCategory}
          selectedName={selectedName}
          items={items}
          visibleItems={visibleItems}
          onChoose={chooseItem}
          timeZone={timeZone}
          skeletonCount={6}
        />
      </main>
      {SiteFooter ? (
        <SiteFooter
          info={info.data}
          hours={hours.data}
          hoursLoading={hours.isPending}
          today={status.data?.today ?? browserWeekday()}
        />
      ) : (
        <div ref={footerSpot} aria-hidden="true" className="h-px" />
      )}
      {cartCount > 0 && (
        <button
          type="button"
          onClick={() => setCartOpen(true)}
          className="fixed right-4 bottom-[calc(1rem+var(--test-ribbon-height))] z-40 flex h-14 items-center gap-3 rounded-full bg-ember-700 pr-5 pl-4 font-bold text-white shadow-xl shadow-ember-900/30 hover:bg-ember-800"
          aria-label={`View cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
        >
          <span className="relative">
            <ShoppingBag aria-hidden className="size-6" />
            <span className="absolute -top-2 -right-2 grid min-w-5 place-items-center rounded-full bg-white px-1 text-xs text-ember-700">
              {cartCount}
            </span>
          </span>
          <span>{formatEuroCents(cartTotalCents(lines))}</span>
        </button>
      )}
      {/* A boundary each: one dialog's first load never hides another that is open. */}
      {itemDialogWanted && (
        <Suspense fallback={chosenItem ? <DialogLoading /> : null}>
          <ItemDialog item={chosenItem} timeZone={timeZone} onClose={closeItem} onAdd={addChosen} />
        </Suspense>
      )}
      {cartDialogWanted && (
        <Suspense fallback={cartOpen ? <DialogLoading /> : null}>
          <CartDialog />
        </Suspense>
      )}
      {trackDialogWanted && (
        <Suspense fallback={trackOpen ? <DialogLoading /> : null}>
          <TrackDialog open={trackOpen} onOpenChange={setTrackOpen} />
        </Suspense>
      )}
    </div>
  );
}
