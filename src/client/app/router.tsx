/**
 * The whole route table (spec customer-site §2) and its guards, in one place.
 * The storefront home is in the main bundle; every other area is lazy-loaded, guards
 * included, so a customer's phone downloads none of the back office (decision 016).
 */
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { HomePage } from '../features/storefront/home-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { FullPageSpinner } from '../components/ui/full-page-spinner.tsx';
import { usePageViewReporter } from '../features/visitor-analytics/page-view-reporter.ts';
import { useScrollRestoration } from './use-scroll-restoration.ts';

/** `lazy` loader for a module's named component. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * Above every screen: reports each page view (visitor analytics, decision 015); a new page opens
 * at its top, and back and forward return to where the page was scrolled (issue 17 item 3).
 */
function AppRoot() {
  usePageViewReporter();
  useScrollRestoration();
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    errorElement: <RouteErrorScreen />,
    // Shown while a lazy screen's code loads on the first page view.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/checkout',
        lazy: screen(
          () => import('../features/checkout/checkout-page.tsx'),
          (m) => m.CheckoutPage,
        ),
      },
      {
        path: '/order-confirmation',
        lazy: screen(
          () => import('../features/checkout/order-confirmation-page.tsx'),
          (m) => m.OrderConfirmationPage,
        ),
      },
      {
        // A browser notification opens the order as a path segment (spec §2).
        path: '/order-confirmation/:orderId',
        lazy: screen(
          () => import('../features/checkout/order-confirmation-page.tsx'),
          (m) => m.OrderConfirmationPage,
        ),
      },
      {
        path: '/track',
        lazy: screen(
          () => import('../features/tracking/track-page.tsx'),
          (m) => m.TrackPage,
        ),
      },
      {
        path: '/table',
        lazy: screen(
          () => import('../features/table/table-page.tsx'),
          (m) => m.TablePage,
        ),
      },
      {
        path: '/login',
        lazy: screen(
          () => import('../features/auth/admin-login-page.tsx'),
          (m) => m.AdminLoginPage,
        ),
      },
      {
        path: '/staff-login',
        lazy: screen(
          () => import('../features/auth/staff-login-page.tsx'),
          (m) => m.StaffLoginPage,
        ),
      },
      {
        path: '/kitchen-login',
        lazy: screen(
          () => import('../features/auth/kitchen-login-page.tsx'),
          (m) => m.KitchenLoginPage,
        ),
      },
      {
        lazy: screen(
          () => import('./guards.tsx'),
          (m) => m.RequireAdmin,
        ),
        children: [
          {
            lazy: screen(
              () => import('../features/back-office/admin-layout.tsx'),
              (m) => m.AdminLayout,
            ),
            children: [
              {
                path: '/admin',
                lazy: screen(
                  () => import('../features/admin-dashboard/admin-dashboard-page.tsx'),
                  (m) => m.AdminDashboardPage,
                ),
              },
              {
                path: '/menu-management',
                lazy: screen(
                  () => import('../features/menu-editor/menu-editor-page.tsx'),
                  (m) => m.MenuEditorPage,
                ),
              },
              {
                path: '/qr-codes',
                lazy: screen(
                  () => import('../features/qr-codes/qr-codes-page.tsx'),
                  (m) => m.QrCodesPage,
                ),
              },
              {
                path: '/calendar',
                lazy: screen(
                  () => import('../features/calendar/calendar-page.tsx'),
                  (m) => m.CalendarPage,
                ),
              },
              {
                path: '/pos',
                lazy: screen(
                  () => import('../features/pos/admin-pos-page.tsx'),
                  (m) => m.AdminPosPage,
                ),
              },
              {
                // DESIGN.md departure 2: admin only, on the client and on the server.
                path: '/staff-management',
                lazy: screen(
                  () => import('../features/staff/staff-management-page.tsx'),
                  (m) => m.StaffManagementPage,
                ),
              },
              {
                path: '/delivery-platforms',
                lazy: screen(
                  () => import('../features/delivery-platforms/delivery-platforms-page.tsx'),
                  (m) => m.DeliveryPlatformsPage,
                ),
              },
              {
                path: '/shop-hours',
                lazy: screen(
                  () => import('../features/shop-hours/shop-hours-page.tsx'),
                  (m) => m.ShopHoursPage,
                ),
              },
              {
                path: '/notification-test',
                lazy: screen(
                  () => import('../features/notifications/notification-test-page.tsx'),
                  (m) => m.NotificationTestPage,
                ),
              },
            ],
          },
        ],
      },
      {
        lazy: screen(
          () => import('./guards.tsx'),
          (m) => m.RequireStaff,
        ),
        children: [
          {
            path: '/staff-pos',
            lazy: screen(
              () => import('../features/pos/staff-pos-page.tsx'),
              (m) => m.StaffPosPage,
            ),
          },
          {
            // Day cash-up (decision 012): every POS role, like the staff POS.
            path: '/cash-up',
            lazy: screen(
              () => import('../features/cash-up/cash-up-page.tsx'),
              (m) => m.CashUpPage,
            ),
          },
        ],
      },
      {
        lazy: screen(
          () => import('./guards.tsx'),
          (m) => m.RequireKitchen,
        ),
        children: [
          {
            path: '/kitchen',
            lazy: screen(
              () => import('../features/kitchen/kitchen-page.tsx'),
              (m) => m.KitchenPage,
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
