/**
 * The whole route table (spec customer-site §2) and its guards, in one place.
 * The storefront home is in the main bundle; every other area is lazy-loaded, guards
 * included, so a customer's phone downloads none of the back office (decision 016).
 *
 * react-router's declarative mode (<BrowserRouter>, <Routes>): none of our screens loads data
 * through the router, and its data router cost 17 KB of gzip in the storefront's start
 * (decision 016). Each lazy screen is a React.lazy component; navigations run in a transition, so
 * the page on screen stays until the next one's code is there.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { HomePage } from '../features/storefront/home-page.tsx';
import { RouteErrorBoundary } from './route-error-screen.tsx';
import { FullPageSpinner } from '#client/components/ui/full-page-spinner.tsx';
import { usePageViewReporter } from '#client/lib/page-views/page-view-reporter.ts';
import { useScrollRestoration } from './use-scroll-restoration.ts';
import { useAnnounceCommittedLocation } from './committed-location.ts';

/**
 * A lazily loaded named component of a module. Once its code is there (`preload`), it renders
 * at once, without passing through the Suspense fallback.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  const fetchScreen = async () => {
    loaded ??= pick(await load());
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await fetchScreen() }));
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Screen.preload = fetchScreen;
  return Screen;
}

const NotFoundPage = screen(
  () => import('./not-found-page.tsx'),
  (m) => m.NotFoundPage,
);
const CheckoutPage = screen(
  () => import('../features/checkout/checkout-page.tsx'),
  (m) => m.CheckoutPage,
);
const OrderConfirmationPage = screen(
  () => import('../features/checkout/order-confirmation-page.tsx'),
  (m) => m.OrderConfirmationPage,
);
const TrackPage = screen(
  () => import('../features/tracking/track-page.tsx'),
  (m) => m.TrackPage,
);
const TablePage = screen(
  () => import('../features/table/table-page.tsx'),
  (m) => m.TablePage,
);
const AdminLoginPage = screen(
  () => import('../features/auth/admin-login-page.tsx'),
  (m) => m.AdminLoginPage,
);
const StaffLoginPage = screen(
  () => import('../features/auth/staff-login-page.tsx'),
  (m) => m.StaffLoginPage,
);
const KitchenLoginPage = screen(
  () => import('../features/auth/kitchen-login-page.tsx'),
  (m) => m.KitchenLoginPage,
);
const RequireAdmin = screen(
  () => import('./guards.tsx'),
  (m) => m.RequireAdmin,
);
const RequireStaff = screen(
  () => import('./guards.tsx'),
  (m) => m.RequireStaff,
);
const RequireKitchen = screen(
  () => import('./guards.tsx'),
  (m) => m.RequireKitchen,
);
const AdminLayout = screen(
  () => import('../features/back-office/admin-layout.tsx'),
  (m) => m.AdminLayout,
);
const AdminDashboardPage = screen(
  () => import('../features/admin-dashboard/admin-dashboard-page.tsx'),
  (m) => m.AdminDashboardPage,
);
const MenuEditorPage = screen(
  () => import('../features/menu-editor/menu-editor-page.tsx'),
  (m) => m.MenuEditorPage,
);
const QrCodesPage = screen(
  () => import('../features/qr-codes/qr-codes-page.tsx'),
  (m) => m.QrCodesPage,
);
const CalendarPage = screen(
  () => import('../features/calendar/calendar-page.tsx'),
  (m) => m.CalendarPage,
);
const AdminPosPage = screen(
  () => import('../features/pos/admin-pos-page.tsx'),
  (m) => m.AdminPosPage,
);
const StaffManagementPage = screen(
  () => import('../features/staff/staff-management-page.tsx'),
  (m) => m.StaffManagementPage,
);
const DeliveryPlatformsPage = screen(
  () => import('../features/delivery-platforms/delivery-platforms-page.tsx'),
  (m) => m.DeliveryPlatformsPage,
);
const PrintersPage = screen(
  () => import('../features/printing/printers-page.tsx'),
  (m) => m.PrintersPage,
);
const ShopHoursPage = screen(
  () => import('../features/shop-hours/shop-hours-page.tsx'),
  (m) => m.ShopHoursPage,
);
const SettingsPage = screen(
  () => import('../features/settings/settings-page.tsx'),
  (m) => m.SettingsPage,
);
const NotificationTestPage = screen(
  () => import('../features/notifications/notification-test-page.tsx'),
  (m) => m.NotificationTestPage,
);
const StaffPosPage = screen(
  () => import('../features/pos/staff-pos-page.tsx'),
  (m) => m.StaffPosPage,
);
const CashUpPage = screen(
  () => import('../features/cash-up/cash-up-page.tsx'),
  (m) => m.CashUpPage,
);
const KitchenPage = screen(
  () => import('../features/kitchen/kitchen-page.tsx'),
  (m) => m.KitchenPage,
);

/**
 * Above every screen: reports each page view (visitor analytics, decision 015); a new page opens
 * at its top, and back and forward return to where the page was scrolled. A screen that fails to
 * load or render shows the error screen until the next navigation; the spinner shows while a
 * screen's code loads on the first page view.
 */
function AppRoot() {
  usePageViewReporter();
  useScrollRestoration();
  useAnnounceCommittedLocation();
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppRoot />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/order-confirmation" element={<OrderConfirmationPage />} />
        {/* A browser notification opens the order as a path segment (spec §2). */}
        <Route path="/order-confirmation/:orderId" element={<OrderConfirmationPage />} />
        <Route path="/track" element={<TrackPage />} />
        <Route path="/table" element={<TablePage />} />
        <Route path="/login" element={<AdminLoginPage />} />
        <Route path="/staff-login" element={<StaffLoginPage />} />
        <Route path="/kitchen-login" element={<KitchenLoginPage />} />
        <Route element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route path="/admin" element={<AdminDashboardPage />} />
            <Route path="/menu-management" element={<MenuEditorPage />} />
            <Route path="/qr-codes" element={<QrCodesPage />} />
            <Route path="/calendar" element={<CalendarPage />} />
            <Route path="/pos" element={<AdminPosPage />} />
            {/* DESIGN.md departure 2: admin only, on the client and on the server. */}
            <Route path="/staff-management" element={<StaffManagementPage />} />
            <Route path="/delivery-platforms" element={<DeliveryPlatformsPage />} />
            {/* DESIGN.md departure 18: receipt printers, admin only. */}
            <Route path="/printers" element={<PrintersPage />} />
            <Route path="/shop-hours" element={<ShopHoursPage />} />
            {/* DESIGN.md departure 20: the shop's own details, admin only. */}
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/notification-test" element={<NotificationTestPage />} />
          </Route>
        </Route>
        <Route element={<RequireStaff />}>
          <Route path="/staff-pos" element={<StaffPosPage />} />
          {/* Day cash-up (decision 012): every POS role, like the staff POS. */}
          <Route path="/cash-up" element={<CashUpPage />} />
        </Route>
        <Route element={<RequireKitchen />}>
          <Route path="/kitchen" element={<KitchenPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * The pages whose first screen the build writes into their HTML (vite.config.ts
 * `firstPaintHtml`): the app renders them once their code is there, so the written screen is
 * replaced by the same screen, live, not by a spinner first (main.tsx).
 */
const PRERENDERED: Record<string, { preload: () => Promise<unknown> }> = {
  '/track': TrackPage,
  '/checkout': CheckoutPage,
};

/** Resolves when the screen of this page path can render without waiting for its code. */
export async function preloadFirstScreen(pathname: string): Promise<void> {
  await PRERENDERED[pathname]?.preload();
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
