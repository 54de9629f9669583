/**
 * The route walk (docs/architecture.md "Who may call what"): every route Fastify has registered has
 * a rule in ROUTE_ACCESS, a stranger gets 401 and a wrong role 403 on each protected one, and an
 * admitted role gets through. A new route without a rule makes this file fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { OFFLINE_VIVA_ENV } from '../../../../tests/fakes/fake-viva.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import type { AppInstance } from '#server/http/types.ts';
import { registeredRoutes } from '../../../../tests/setup/route-walk.ts';
import { ACCESS_LEVELS, type AccessLevel } from '#shared/auth/auth.schema.ts';
import { STAFF_ROLES, type StaffRole } from '#shared/orders/order-states.ts';
import { CHANNEL_ACCESS, ROUTE_ACCESS } from './access.ts';

const t = useTestApp({ seed: 'demo' });

/** Paths the access table must govern (every API route and the WebSocket, docs/architecture.md). */
const isGoverned = (path: string) => path.startsWith('/api/') || path === '/ws';

/** The access-table keys of the governed routes (HEAD is answered by the GET route). */
function governedRouteKeys(app: AppInstance): string[] {
  const keys = registeredRoutes(app)
    .filter((route) => isGoverned(route.path))
    .map((route) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.path}`);
  return [...new Set(keys)].sort();
}

/** The checker: governed routes that have no rule. */
const routesWithoutRule = (app: AppInstance) =>
  governedRouteKeys(app).filter((key) => !(key in ROUTE_ACCESS));

/** A plausible value for each path parameter; the access check runs before validation anyway. */
function samplePath(path: string): string {
  return path.replace(/:(\w+)/g, (_all, name: string) => {
    if (name === 'day') return 'monday';
    if (name === 'key') return 'shop_name';
    if (name === 'email') return 'someone%40example.com';
    if (name === 'orderNumber') return '1001';
    if (/id$/i.test(name)) return crypto.randomUUID();
    return 'sample';
  });
}

const errorBody = z.object({ error: z.string().min(1) }).strict();

// The payment routes depend on PAYMENT_PROVIDER: the walk covers both apps.
let vivaApp: TestApp;
beforeAll(async () => {
  vivaApp = await createTestApp(t.database, {
    env: {
      ...OFFLINE_VIVA_ENV,
    },
  });
});
afterAll(async () => {
  await vivaApp?.close();
});

describe('the route table covers every route', () => {
  it('reads the registered routes (the walk sees what Fastify serves)', () => {
    const keys = governedRouteKeys(t.app);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/menu/items',
        'PUT /api/admin/shop-hours/:day',
        'DELETE /api/admin/staff/:id',
        'POST /api/auth/login',
        'POST /api/viva-wallet/create-payment',
      ]),
    );
    expect(keys.length).toBeGreaterThanOrEqual(25);
    // Not governed: the files, the health check and the simulator's card page stay outside.
    expect(registeredRoutes(t.app).map((route) => route.path)).toContain('/healthz');
    expect(
      keys.some((key) => key.includes('/healthz') || key.includes('/payments/simulator')),
    ).toBe(false);
  });

  it('has a rule for every governed route, with either payment provider', () => {
    expect(routesWithoutRule(t.app)).toEqual([]);
    expect(routesWithoutRule(vivaApp.app)).toEqual([]);
    expect(governedRouteKeys(vivaApp.app)).toEqual(
      expect.arrayContaining(['GET /api/viva-wallet/webhook', 'POST /api/viva-wallet/webhook']),
    );
  });

  it('has no stale rules: every entry of ROUTE_ACCESS is a registered route', () => {
    const registered = new Set([...governedRouteKeys(t.app), ...governedRouteKeys(vivaApp.app)]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('names only levels of the role table', () => {
    const levels = Object.keys(ACCESS_LEVELS);
    for (const [key, level] of Object.entries(ROUTE_ACCESS)) expect(levels, key).toContain(level);
  });

  it('reports a route added without a rule, and the server refuses it (fail closed)', async () => {
    const withNewRoute = await createTestApp(t.database, {
      beforeReady: (app) => {
        app.get('/api/new-thing', () => ({ secret: 'should not be served' }));
        app.post('/api/admin/new-thing/:id', () => ({ ok: true }));
        app.get('/not-governed', () => ({ ok: true }));
      },
    });
    try {
      expect(routesWithoutRule(withNewRoute.app)).toEqual([
        'GET /api/new-thing',
        'POST /api/admin/new-thing/:id',
      ]);

      const admin = await createStaffUser(t.db, { role: 'admin' });
      const cookie = await signIn(t.db, admin, t.clock.now());
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await withNewRoute.app.inject({
          method,
          url: '/api/new-thing',
          headers: { cookie },
        });
        expect(response.statusCode, method).toBe(403);
        if (method === 'GET') expect(errorBody.parse(response.json())).toBeTruthy();
      }
      const post = await withNewRoute.app.inject({
        method: 'POST',
        url: `/api/admin/new-thing/${crypto.randomUUID()}`,
        headers: { cookie },
      });
      expect(post.statusCode).toBe(403);
    } finally {
      await withNewRoute.close();
    }
  });
});

describe('the access table, pinned', () => {
  // Written out by hand, not read from access.ts: changing a rule there must fail here until
  // this table is changed too, on purpose.
  const EXPECTED_ACCESS: Record<string, string> = {
    'GET /api/menu/items': 'public',
    'GET /api/menu/categories': 'public',
    'GET /api/menu/items/:id/options': 'public',
    'GET /api/menu/bread-options': 'public',
    'GET /api/menu/sauce-options': 'public',
    'GET /api/menu/addon-options': 'public',
    'GET /api/shop-status': 'public',
    'GET /api/shop-info': 'public',
    'GET /api/pickup-slots': 'public',
    'GET /api/admin/shop-hours': 'public',
    'GET /api/admin/settings/delivery_fee_amount': 'public',
    'GET /api/admin/settings/free_delivery_threshold': 'public',
    'POST /api/viva-wallet/create-payment': 'public',
    'GET /api/viva-wallet/webhook': 'public',
    'POST /api/viva-wallet/webhook': 'public',
    'GET /api/viva-wallet/return': 'public',
    'GET /api/viva-wallet/failure': 'public',
    // The card terminal app sends the browser back here; the provider confirms the sale.
    'GET /api/viva-wallet/terminal-callback': 'public',
    'GET /api/orders/:id': 'public',
    'GET /api/orders/track/:orderNumber': 'public',
    'GET /api/orders/track/:orderNumber/events': 'public',
    'GET /api/orders/track-by-email/:email': 'public',
    'GET /ws': 'public',
    'GET /api/push/public-key': 'public',
    'POST /api/orders/:id/push-subscription': 'public',
    'POST /api/orders': 'pos',
    'POST /api/admin/orders': 'admin',
    'POST /api/customers': 'pos',
    // the day cash-up at the counter (decision 012)
    'GET /api/pos/cash-drawer': 'pos',
    'POST /api/pos/cash-drawer/open': 'pos',
    'POST /api/pos/cash-drawer/movements': 'pos',
    'POST /api/pos/cash-drawer/close': 'pos',
    'GET /api/pos/cash-drawer/sessions/:id/report': 'pos',
    'GET /api/kitchen/orders': 'kitchen',
    'PUT /api/admin/orders/:id/kitchen-status': 'kitchen',
    'POST /api/kitchen/orders/clear-done': 'kitchen',
    'POST /api/kitchen/orders/recall': 'kitchen',
    'POST /api/auth/login': 'public',
    'POST /api/auth/logout': 'public',
    'GET /api/auth/session': 'public',
    'POST /api/auth/password': 'signedIn',
    'POST /api/staff/login': 'public',
    'POST /api/kitchen/login': 'public',
    'PUT /api/admin/shop-hours/:day': 'admin',
    'GET /api/admin/settings': 'admin',
    'POST /api/admin/settings': 'admin',
    'GET /api/admin/settings/:key': 'admin',
    'PUT /api/admin/settings/:key': 'admin',
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
    'GET /api/admin/stats': 'admin',
    'GET /api/admin/stats/:date': 'admin',
    'GET /api/admin/item-sales': 'admin',
    'GET /api/admin/item-sales/:date': 'admin',
    'GET /api/admin/orders': 'admin',
    'GET /api/admin/orders/:id': 'admin',
    'DELETE /api/admin/orders/:id': 'admin',
    'POST /api/admin/orders/:id/refunds': 'admin',
    'PATCH /api/orders/:id/payment': 'admin',
    'GET /api/admin/customers': 'admin',
    'DELETE /api/admin/customers/:id': 'admin',
    'GET /api/admin/audit-log': 'admin',
    'GET /api/admin/export/orders.csv': 'admin',
    'GET /api/admin/export/order-lines.csv': 'admin',
    'GET /api/admin/export/refunds.csv': 'admin',
    'GET /api/admin/online-ordering': 'kitchen',
    'PUT /api/admin/online-ordering/pause': 'kitchen',
    'DELETE /api/admin/online-ordering/pause': 'kitchen',
    'PUT /api/admin/online-ordering/busy': 'kitchen',
    'GET /api/admin/stats/monthly/:year/:month': 'admin',
    'GET /api/admin/stats/yearly/:year': 'admin',
    'GET /api/admin/analytics/visitors': 'admin',
    'GET /api/admin/analytics/daily': 'admin',
    'POST /api/admin/analytics/refresh': 'admin',
    'POST /api/analytics/page-view': 'public',
    'POST /api/webhooks/wolt': 'public',
    'POST /api/webhooks/bolt': 'public',
    'POST /api/webhooks/bolt/:event': 'public',
    'PUT /api/admin/orders/:id/platform-reject': 'kitchen',
    'POST /api/kitchen/orders/:id/dismiss': 'kitchen',
    'GET /api/webhook-info': 'admin',
    'GET /api/admin/delivery-platforms/status': 'admin',
    'GET /api/admin/delivery-platforms/events': 'admin',
    'POST /api/admin/delivery-platforms/events/:id/retry': 'admin',
    'GET /api/admin/delivery-platforms/:platform/menu-preview': 'admin',
    'POST /api/admin/delivery-platforms/:platform/menu-push': 'admin',
    'POST /api/admin/delivery-platforms/:platform/drift/check': 'admin',
    'POST /api/admin/delivery-platforms/:platform/drift/fix': 'admin',
    'POST /api/test/create-delivery-order': 'admin',
    'POST /api/test-webhook/wolt': 'admin',
    'POST /api/test-webhook/bolt': 'admin',
    // The kitchen watchdog (decision 023).
    'GET /api/admin/watchdog': 'signedIn',
    'PUT /api/admin/watchdog/settings': 'admin',
    'POST /api/admin/watchdog/push-subscription': 'pos',
    // Receipt printers (decision 028).
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
    // The OpenAPI document: admin on a public deployment (open on a developer's machine,
    // http/openapi.test.ts).
    'GET /api/docs': 'admin',
    'GET /api/docs/openapi.json': 'admin',
  };

  it('gives every route exactly the level written here', () => {
    expect({ ...ROUTE_ACCESS }).toEqual(EXPECTED_ACCESS);
  });

  it('gives the counter card payment, on the public checkout route, the POS level', () => {
    expect({ ...CHANNEL_ACCESS }).toEqual({
      'POST /api/viva-wallet/create-payment': { pos: 'pos' },
    });
    for (const [key, levels] of Object.entries(CHANNEL_ACCESS)) {
      expect(ROUTE_ACCESS[key], key).toBe('public');
      for (const level of Object.values(levels))
        expect(Object.keys(ACCESS_LEVELS)).toContain(level);
    }
  });
});

describe('the rules say what the spec and DESIGN.md ask', () => {
  it('admits the roles spec back-office §6 names to each level', () => {
    expect(ACCESS_LEVELS.public).toBeNull();
    expect([...ACCESS_LEVELS.admin]).toEqual(['admin']);
    expect([...ACCESS_LEVELS.kitchen].sort()).toEqual(['admin', 'kitchen']);
    expect(ACCESS_LEVELS.pos).toEqual(expect.arrayContaining(['staff', 'manager', 'admin']));
    expect(ACCESS_LEVELS.pos).not.toContain('kitchen');
    expect([...ACCESS_LEVELS.signedIn].sort()).toEqual([...STAFF_ROLES].sort());
  });

  it('puts every /api/admin/* route behind admin, except the storefront reads and kitchen status changes', () => {
    // Spec customer-site §7 and back-office §7: these paths live under /api/admin/ but the
    // storefront reads the first three without a session, and the kitchen display moves orders.
    const exceptions: Record<string, string> = {
      'GET /api/admin/shop-hours': 'public',
      'GET /api/admin/settings/delivery_fee_amount': 'public',
      'GET /api/admin/settings/free_delivery_threshold': 'public',
      'PUT /api/admin/orders/:id/kitchen-status': 'kitchen',
      // The cook rejects a Wolt or Bolt Food order not yet accepted (decision 017).
      'PUT /api/admin/orders/:id/platform-reject': 'kitchen',
      // Pause and busy mode (decision 014): the cook may pause too.
      'GET /api/admin/online-ordering': 'kitchen',
      'PUT /api/admin/online-ordering/pause': 'kitchen',
      'DELETE /api/admin/online-ordering/pause': 'kitchen',
      'PUT /api/admin/online-ordering/busy': 'kitchen',
      // The counter offers the discounts that apply now.
      'GET /api/admin/discounts/active': 'pos',
      // The kitchen watchdog (decision 023): its banner on the POS as on the dashboard, and
      // the counter's devices get its pushes.
      'GET /api/admin/watchdog': 'signedIn',
      'POST /api/admin/watchdog/push-subscription': 'pos',
      // Receipt printers (decision 028): their state on every staff screen, and Reprint on
      // the kitchen display, the dashboard and the POS.
      'GET /api/admin/printers/status': 'signedIn',
      'POST /api/admin/orders/:id/print': 'signedIn',
    };
    for (const key of governedRouteKeys(t.app)) {
      const path = key.split(' ')[1]!;
      if (!path.startsWith('/api/admin/')) continue;
      expect(ROUTE_ACCESS[key], key).toBe(exceptions[key] ?? 'admin');
    }
    // DESIGN.md departure 2: the staff API needs admin.
    const staffApi = Object.keys(ROUTE_ACCESS).filter((key) => key.includes('/api/admin/staff'));
    expect(staffApi).toHaveLength(4);
    for (const key of staffApi) expect(ROUTE_ACCESS[key], key).toBe('admin');
  });
});

describe('every protected route', () => {
  const sessions = new Map<StaffRole, string>();

  beforeAll(async () => {
    for (const role of STAFF_ROLES) {
      const user = await createStaffUser(t.db, { role });
      sessions.set(role, await signIn(t.db, user, t.clock.now()));
    }
  });

  const protectedRoutes = () =>
    Object.entries(ROUTE_ACCESS)
      .filter(
        ([key, level]) =>
          level !== 'public' &&
          t.app.hasRoute({ method: key.split(' ')[0] as 'GET', url: key.split(' ')[1]! }),
      )
      .map(([key, level]) => {
        const [method, path] = key.split(' ') as [string, string];
        return {
          key,
          method: method as 'GET',
          url: samplePath(path),
          level: level as Exclude<AccessLevel, 'public'>,
        };
      });

  const send = (route: { method: 'GET'; url: string }, cookie?: string) =>
    t.app.inject({
      method: route.method,
      url: route.url,
      headers: cookie ? { cookie } : {},
      remoteAddress: nextClient(),
    });

  it('exist (the walk is not empty)', () => {
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(9);
  });

  it('answers a stranger 401 with an error message', async () => {
    for (const route of protectedRoutes()) {
      for (const cookie of [undefined, 'sid=not-a-session', `sid=${'x'.repeat(43)}`]) {
        const response = await send(route, cookie);
        expect(response.statusCode, `${route.key} cookie=${cookie}`).toBe(401);
        expect(errorBody.parse(response.json()).error).toBe('Please log in first.');
      }
      if (route.method === 'GET') {
        const head = await t.app.inject({
          method: 'HEAD',
          url: route.url,
          remoteAddress: nextClient(),
        });
        expect(head.statusCode, `HEAD ${route.url}`).toBe(401);
      }
    }
  });

  // Every protected route times every role: hundreds of requests, slow on a busy machine.
  it('answers 403 with an error message to each role the level does not admit, and lets the admitted ones through', async () => {
    let refusals = 0;
    for (const route of protectedRoutes()) {
      const admitted = ACCESS_LEVELS[route.level] as readonly StaffRole[];
      for (const role of STAFF_ROLES) {
        const response = await send(route, sessions.get(role));
        const what = `${route.key} as ${role}`;
        if (admitted.includes(role)) {
          expect([401, 403], what).not.toContain(response.statusCode);
          expect(response.statusCode, what).toBeLessThan(500);
        } else {
          refusals += 1;
          expect(response.statusCode, what).toBe(403);
          expect(errorBody.parse(response.json()).error, what).toBe(
            'You do not have access to this.',
          );
        }
      }
    }
    // Admin routes alone give five refused roles each.
    expect(refusals).toBeGreaterThanOrEqual(5 * 9);
  }, 60_000);

  it('refuses the kitchen role on every admin route, and admits admin on every protected one', async () => {
    const adminRoutes = protectedRoutes().filter((route) => route.level === 'admin');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(9);
    for (const route of adminRoutes) {
      expect((await send(route, sessions.get('kitchen'))).statusCode, route.key).toBe(403);
      expect((await send(route, sessions.get('staff'))).statusCode, route.key).toBe(403);
    }
    for (const route of protectedRoutes()) {
      expect([401, 403], route.key).not.toContain(
        (await send(route, sessions.get('admin'))).statusCode,
      );
    }
  });
});

describe('public routes stay public', () => {
  it('answers every public route without a session (never 401 or 403)', async () => {
    for (const [key, level] of Object.entries(ROUTE_ACCESS)) {
      if (level !== 'public') continue;
      const [method, path] = key.split(' ') as ['GET', string];
      if (!t.app.hasRoute({ method, url: path })) continue; // a Viva-only route
      const response = await t.app.inject({
        method,
        url: samplePath(path),
        remoteAddress: nextClient(),
      });
      expect([401, 403], key).not.toContain(response.statusCode);
      expect(response.statusCode, key).toBeLessThan(500);
    }
  });

  it('serves the storefront, the footer, the checkout and tracking without a session', async () => {
    const order = await createOrder(t.db);
    const reads = [
      '/api/menu/items',
      '/api/menu/categories',
      '/api/menu/items/classic-smash-burger/options',
      '/api/shop-status',
      '/api/shop-info',
      '/api/pickup-slots',
      '/api/admin/shop-hours',
      '/api/admin/settings/delivery_fee_amount',
      '/api/admin/settings/free_delivery_threshold',
      `/api/orders/${order.id}`,
      `/api/orders/track/${order.orderNumber}`,
      '/api/orders/track-by-email/mari%40example.com',
    ];
    for (const url of reads) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: nextClient() });
      expect(response.statusCode, url).toBe(200);
    }
    const fee = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings/delivery_fee_amount',
    });
    expect(fee.json()).toMatchObject({ key: 'delivery_fee_amount', value: '5' });

    const email = 'walker@example.com';
    const payment = await t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      remoteAddress: nextClient(),
      payload: {
        amount: 10.9,
        customerEmail: email,
        customerName: 'Route Walker',
        customerPhone: '+372 5550 0000',
        orderData: {
          type: 'pickup',
          orderSource: 'website',
          items: [{ menuItemId: 'classic-smash-burger', quantity: 1 }],
          subtotal: '10.90',
          deliveryFee: '0.00',
          total: '10.90',
          paymentMethod: 'viva-wallet',
          deliveryAddress: null,
          customer: { firstName: 'Route', lastName: 'Walker', email, phone: '+372 5550 0000' },
        },
      },
    });
    expect(payment.statusCode, payment.body).toBe(200);
    expect(payment.json()).toMatchObject({ paymentUrl: expect.any(String) });
  });
});

describe('a counter card payment (CHANNEL_ACCESS)', () => {
  const counterPayment = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/viva-wallet/create-payment',
      remoteAddress: nextClient(),
      headers: cookie ? { cookie } : {},
      payload: {
        amount: 10.9,
        customerEmail: 'counter@example.com',
        customerName: 'Counter Walker',
        customerPhone: '+372 5550 0000',
        orderData: {
          type: 'pickup',
          orderSource: 'pos',
          items: [{ menuItemId: 'classic-smash-burger', quantity: 1 }],
          subtotal: '10.90',
          deliveryFee: '0.00',
          total: '10.90',
          paymentMethod: 'viva-wallet',
          deliveryAddress: null,
          customer: {
            firstName: 'Counter',
            lastName: 'Walker',
            email: 'counter@example.com',
            phone: '+372 5550 0000',
          },
        },
      },
    });

  it('is refused without a session and to a role the POS level does not admit', async () => {
    const kitchen = await signIn(
      t.db,
      await createStaffUser(t.db, { role: 'kitchen' }),
      t.clock.now(),
    );
    for (const cookie of [undefined, kitchen]) {
      const response = await counterPayment(cookie);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        error: 'Only signed-in staff can take a counter card payment.',
      });
    }
  });

  it('is taken by a role the POS level admits', async () => {
    const cashier = await signIn(
      t.db,
      await createStaffUser(t.db, { role: 'cashier' }),
      t.clock.now(),
    );
    const response = await counterPayment(cashier);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ paymentUrl: expect.any(String) });
  });
});
