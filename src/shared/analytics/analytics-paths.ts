/**
 * The paths visitor analytics knows (decision 015). No zod here: the storefront's page-view
 * reporter imports it and is in the entry bundle.
 */

/**
 * Pages whose views are counted, and their names (spec: the panel's path labels). `/cart` and
 * `/paid` are virtual pages: the cart dialog opening, and the return from a successful payment.
 */
export const PAGE_LABELS: Record<string, string> = {
  '/': 'Homepage',
  '/checkout': 'Checkout Page',
  '/track': 'Order Tracking',
  '/table': 'Table Ordering',
  '/cart': 'Cart (opened)',
  '/paid': 'Paid (back from payment)',
  '/order-confirmation': 'Order Confirmation',
};

/**
 * Back-office, kitchen and login pages: staff at work, not visitors, so they are never counted
 * (decision 015). Neither is any view sent with a staff session cookie.
 */
export const BACK_OFFICE_PATHS = [
  '/admin',
  '/kitchen',
  '/menu-management',
  '/calendar',
  '/pos',
  '/staff-pos',
  '/cash-up',
  '/settings',
  '/qr-codes',
  '/staff-management',
  '/delivery-platforms',
  '/shop-hours',
  '/notification-test',
  '/login',
  '/staff-login',
  '/kitchen-login',
] as const;

export const isBackOfficePath = (path: string) =>
  (BACK_OFFICE_PATHS as readonly string[]).includes(path);
