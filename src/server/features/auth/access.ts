/**
 * Who may call what: every API route and the WebSocket, in one table, enforced by one
 * hook before anything else runs. A route missing from the table is refused (fail closed),
 * and a test walks every registered route to catch it first.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppInstance } from '../../http/types.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { roleMayAccess, type AccessLevel, type StaffUser } from '#shared/auth/auth.schema.ts';
import type { OrderSource } from '#shared/orders/order-states.ts';
import { resolveSession, SESSION_COOKIE, SESSION_TTL_MS } from './sessions.service.ts';

export const ROUTE_ACCESS: Record<string, AccessLevel> = {
  // storefront reads
  'GET /api/menu/items': 'public',
  'GET /api/menu/categories': 'public',
  'GET /api/menu/items/:id/options': 'public',
  'GET /api/menu/bread-options': 'public',
  'GET /api/menu/sauce-options': 'public',
  'GET /api/menu/addon-options': 'public',
  'GET /api/shop-status': 'public',
  'GET /api/shop-info': 'public',
  // Pickup times (decision 026): the quote and the day's slots.
  'GET /api/pickup-slots': 'public',
  // Spec customer-site §7: the footer and the checkout read these without a session.
  'GET /api/admin/shop-hours': 'public',
  'GET /api/admin/settings/delivery_fee_amount': 'public',
  'GET /api/admin/settings/free_delivery_threshold': 'public',
  // Wolt and Bolt Food call these; the signature or credentials are checked inside, before
  // the body is parsed (decision 017).
  'POST /api/webhooks/wolt': 'public',
  'POST /api/webhooks/bolt': 'public',
  'POST /api/webhooks/bolt/:event': 'public',
  // ordering and payment
  'POST /api/viva-wallet/create-payment': 'public',
  'GET /api/viva-wallet/webhook': 'public',
  'POST /api/viva-wallet/webhook': 'public',
  'GET /api/viva-wallet/return': 'public',
  'GET /api/viva-wallet/failure': 'public',
  // The card terminal app sends the browser back here; the provider confirms the sale.
  'GET /api/viva-wallet/terminal-callback': 'public',
  'GET /api/orders/:id': 'public',
  'GET /api/orders/track/:orderNumber': 'public',
  // The /track page's live status (orders/order-status-stream.ts).
  'GET /api/orders/track/:orderNumber/events': 'public',
  'GET /api/orders/track-by-email/:email': 'public',
  // Live updates: customers follow their order; staff are recognised by their session inside.
  'GET /ws': 'public',
  // Web Push: a customer's browser asks to hear when the order is ready.
  'GET /api/push/public-key': 'public',
  'POST /api/orders/:id/push-subscription': 'public',
  // the counter (POS): cash sales and customers; card sales go through create-payment
  'POST /api/orders': 'pos',
  'POST /api/admin/orders': 'admin',
  'POST /api/customers': 'pos',
  // the day cash-up at the counter (decision 012)
  'GET /api/pos/cash-drawer': 'pos',
  'POST /api/pos/cash-drawer/open': 'pos',
  'POST /api/pos/cash-drawer/movements': 'pos',
  'POST /api/pos/cash-drawer/close': 'pos',
  'GET /api/pos/cash-drawer/sessions/:id/report': 'pos',
  // kitchen display
  'GET /api/kitchen/orders': 'kitchen',
  'PUT /api/admin/orders/:id/kitchen-status': 'kitchen',
  'POST /api/kitchen/orders/clear-done': 'kitchen',
  'POST /api/kitchen/orders/recall': 'kitchen',
  // Wolt and Bolt Food orders on the kitchen display (decision 017)
  'PUT /api/admin/orders/:id/platform-reject': 'kitchen',
  'POST /api/kitchen/orders/:id/dismiss': 'kitchen',
  // sessions
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/session': 'public',
  'POST /api/auth/password': 'signedIn',
  'POST /api/staff/login': 'public',
  'POST /api/kitchen/login': 'public',
  // back office
  'PUT /api/admin/shop-hours/:day': 'admin',
  'GET /api/admin/settings': 'admin',
  'POST /api/admin/settings': 'admin',
  'GET /api/admin/settings/:key': 'admin',
  'PUT /api/admin/settings/:key': 'admin',
  // the Shop Settings screen (/settings; DESIGN.md departure 20)
  'GET /api/admin/shop-settings': 'admin',
  'PUT /api/admin/shop-settings': 'admin',
  'GET /api/admin/staff': 'admin',
  'POST /api/admin/staff': 'admin',
  'PUT /api/admin/staff/:id': 'admin',
  'DELETE /api/admin/staff/:id': 'admin',
  // the menu editor (spec back-office §7 "Menu")
  'GET /api/admin/menu/items': 'admin',
  'GET /api/admin/menu/categories': 'admin',
  'POST /api/menu/items': 'admin',
  'PUT /api/menu/items/:id': 'admin',
  'DELETE /api/menu/items/:id': 'admin',
  'PUT /api/menu/items/:id/availability': 'admin',
  'PUT /api/menu/items/:id/sold-out': 'admin',
  'PUT /api/menu/items/:id/bread-options': 'admin',
  'PUT /api/menu/items/:id/sauce-options': 'admin',
  'PUT /api/menu/items/:id/addon-options': 'admin',
  'POST /api/menu/categories': 'admin',
  'PUT /api/menu/categories/order': 'admin',
  'PUT /api/menu/categories/:id': 'admin',
  'DELETE /api/menu/categories/:id': 'admin',
  'POST /api/menu/bread-options': 'admin',
  'PUT /api/menu/bread-options/:id': 'admin',
  'DELETE /api/menu/bread-options/:id': 'admin',
  'POST /api/menu/sauce-options': 'admin',
  'PUT /api/menu/sauce-options/:id': 'admin',
  'DELETE /api/menu/sauce-options/:id': 'admin',
  'PUT /api/menu/sauce-options/:id/sold-out': 'admin',
  'POST /api/menu/addon-options': 'admin',
  'PUT /api/menu/addon-options/:id': 'admin',
  'DELETE /api/menu/addon-options/:id': 'admin',
  'PUT /api/menu/addon-options/:id/sold-out': 'admin',
  'POST /api/menu/upload-url': 'admin',
  'PUT /api/menu/uploads/:token': 'admin',
  'GET /api/admin/discounts': 'admin',
  // The counter offers the discounts that apply now.
  'GET /api/admin/discounts/active': 'pos',
  'POST /api/admin/discounts': 'admin',
  'PUT /api/admin/discounts/:id': 'admin',
  'DELETE /api/admin/discounts/:id': 'admin',
  'PATCH /api/admin/discounts/:id/status': 'admin',
  // the dashboard (spec back-office §7 "Analytics and dashboard")
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/stats/:date': 'admin',
  'GET /api/admin/item-sales': 'admin',
  'GET /api/admin/item-sales/:date': 'admin',
  'GET /api/admin/orders': 'admin',
  // {date}: the router names the segment :id (dashboard.routes.ts)
  'GET /api/admin/orders/:id': 'admin',
  'DELETE /api/admin/orders/:id': 'admin',
  // refund and void from Order Details (decision 021)
  'POST /api/admin/orders/:id/refunds': 'admin',
  'PATCH /api/orders/:id/payment': 'admin',
  'GET /api/admin/customers': 'admin',
  'DELETE /api/admin/customers/:id': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/export/orders.csv': 'admin',
  'GET /api/admin/export/order-lines.csv': 'admin',
  'GET /api/admin/export/refunds.csv': 'admin',
  // pause and busy mode (decision 014): the dashboard and the kitchen display
  'GET /api/admin/online-ordering': 'kitchen',
  'PUT /api/admin/online-ordering/pause': 'kitchen',
  'DELETE /api/admin/online-ordering/pause': 'kitchen',
  'PUT /api/admin/online-ordering/busy': 'kitchen',
  // The kitchen watchdog (decision 023): its banner on the dashboard and the POS, the
  // admin's pause setting, and the push subscription of an admin's or counter's device.
  'GET /api/admin/watchdog': 'signedIn',
  'PUT /api/admin/watchdog/settings': 'admin',
  'POST /api/admin/watchdog/push-subscription': 'pos',
  // the Order Calendar and visitor analytics (spec back-office §7; decision 015)
  'GET /api/admin/stats/monthly/:year/:month': 'admin',
  'GET /api/admin/stats/yearly/:year': 'admin',
  'GET /api/admin/analytics/visitors': 'admin',
  'GET /api/admin/analytics/daily': 'admin',
  'POST /api/admin/analytics/refresh': 'admin',
  // Every page reports its view: no cookie, no IP stored (rate-limited per address).
  'POST /api/analytics/page-view': 'public',
  // Delivery Platform Management (spec back-office §7; decision 017)
  'GET /api/webhook-info': 'admin',
  'GET /api/admin/delivery-platforms/status': 'admin',
  'GET /api/admin/delivery-platforms/events': 'admin',
  'POST /api/admin/delivery-platforms/events/:id/retry': 'admin',
  // Push menu and the drift check (decision 027, amended).
  'GET /api/admin/delivery-platforms/:platform/menu-preview': 'admin',
  'POST /api/admin/delivery-platforms/:platform/menu-push': 'admin',
  'POST /api/admin/delivery-platforms/:platform/drift/check': 'admin',
  'POST /api/admin/delivery-platforms/:platform/drift/fix': 'admin',
  'POST /api/test/create-delivery-order': 'admin',
  'POST /api/test-webhook/wolt': 'admin',
  'POST /api/test-webhook/bolt': 'admin',
  // Receipt printers (decision 028): the back office's setting, their state on the kitchen
  // display and the dashboard, jobs waiting for a human, Reprint, and Star CloudPRNT's polls
  // (the printer's secret is in its URL).
  'GET /api/admin/printers': 'admin',
  'POST /api/admin/printers': 'admin',
  'PUT /api/admin/printers/:id': 'admin',
  'DELETE /api/admin/printers/:id': 'admin',
  'POST /api/admin/printers/:id/test': 'admin',
  'GET /api/admin/printers/status': 'signedIn',
  'GET /api/admin/print-jobs/held': 'admin',
  'POST /api/admin/print-jobs/:id/print-now': 'admin',
  'POST /api/admin/print-jobs/:id/discard': 'admin',
  'POST /api/admin/orders/:id/print': 'signedIn',
  'POST /api/cloudprnt/:token': 'public',
  'GET /api/cloudprnt/:token': 'public',
  'DELETE /api/cloudprnt/:token': 'public',
  // The API's OpenAPI document (http/openapi.ts): admin-only on a public deployment, open on a
  // developer's own machine (OPEN_ON_OWN_MACHINE below).
  'GET /api/docs': 'admin',
  'GET /api/docs/openapi.json': 'admin',
};

/**
 * Public routes on which the channel a body names needs a role: a card payment from the counter
 * (`orderData.orderSource` 'pos') is the POS's, by a signed-in account the level admits (the
 * route's service refuses the counter without one: 403, after the shop's own checks). Checked
 * once the body is valid (registerChannelAccess), so an Idempotency-Key replay is answered
 * before it, as before.
 */
export const CHANNEL_ACCESS: Record<string, Partial<Record<OrderSource, AccessLevel>>> = {
  'POST /api/viva-wallet/create-payment': { pos: 'pos' },
};

/**
 * Routes anyone may call when the server is not a public deployment (config.ts
 * isPublicDeployment: NODE_ENV=production, or PUBLIC_URL not this machine); everywhere else
 * their ROUTE_ACCESS level holds. Only documentation, never data.
 */
const OPEN_ON_OWN_MACHINE: ReadonlySet<string> = new Set([
  'GET /api/docs',
  'GET /api/docs/openapi.json',
]);

/** Paths the table governs; the rest (the app's files, /healthz, the payment simulator's page) are public. */
const isGovernedPath = (url: string) => url.startsWith('/api/') || url === '/ws';

function routeKey(method: string, url: string): string {
  // Fastify answers HEAD from the GET route.
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, when the route needed one. */
    user: StaffUser | null;
  }
}

/**
 * Sets the session cookie: http-only, SameSite=Lax, Secure whenever PUBLIC_URL is https or
 * the request came over https (through a trusted proxy, see TRUST_PROXY).
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  config: Pick<Config, 'secureCookies'>,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies || request.protocol === 'https',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/**
 * The account behind the request's session cookie, if any. When the session slid
 * forward and a reply is given, the cookie is sent again so the browser keeps it as long.
 * `app` is the app (or anything with its database, clock and settings).
 */
export async function sessionUser(
  request: FastifyRequest,
  app: Pick<AppInstance, 'db' | 'now' | 'config'>,
  reply?: FastifyReply,
): Promise<StaffUser | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const session = await resolveSession(app.db, token, app.now());
  if (session?.extended && reply) setSessionCookie(request, reply, token, app.config);
  return session?.user ?? null;
}

/** Enforces ROUTE_ACCESS before anything else runs (register first, on the app's root). */
export function registerAccessControl(app: AppInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || !isGovernedPath(url)) return;
    const key = routeKey(request.method, url);
    const level = ROUTE_ACCESS[key];
    if (!level) {
      request.log.error({ route: key }, 'route has no access rule; refused');
      throw forbidden();
    }
    if (level === 'public') return;
    if (!app.config.isPublicDeployment && OPEN_ON_OWN_MACHINE.has(key)) return;
    const user = await sessionUser(request, app, reply);
    if (!user) throw unauthorized();
    if (!roleMayAccess(user.role, level)) throw forbidden();
    request.user = user;
  });
}

/**
 * CHANNEL_ACCESS: on a public route, a body naming a channel with a level gets `request.user`
 * when its session's role is admitted (else it stays null). On the app's root after the
 * idempotency hook (http/idempotency.ts), so a replayed answer is sent without reading the
 * session, as when the route read it itself.
 */
export function registerChannelAccess(app: AppInstance) {
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    const rules = url ? CHANNEL_ACCESS[routeKey(request.method, url)] : undefined;
    if (!rules) return;
    const body = request.body as { orderData?: { orderSource?: OrderSource } } | undefined;
    const source = body?.orderData?.orderSource;
    const level = source ? rules[source] : undefined;
    if (!level) return;
    const user = await sessionUser(request, app);
    if (user && roleMayAccess(user.role, level)) request.user = user;
  });
}
