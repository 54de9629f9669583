/**
 * Visitor analytics (decision 015): three simulated visitors over two days in Tallinn give
 * hand-computed figures, and the database never holds their address or user agent.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageViews, serverSecrets } from '#server/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { referrerHost } from './analytics.service.ts';

// Day 1: 10 June 2026 in Tallinn (UTC+3).
const t = useTestApp({ seed: 'demo', clockStart: '2026-06-10T09:00:00Z' });
let admin: string;

const VISITORS = {
  v1: { address: '203.0.113.71', userAgent: 'TestAgent/1.0 (visitor one)' },
  v2: { address: '198.51.100.72', userAgent: 'TestAgent/2.0 (visitor two)' },
  v3: { address: '192.0.2.73', userAgent: 'TestAgent/3.0 (visitor three)' },
} as const;

function view(
  who: keyof typeof VISITORS,
  path: string,
  isNewVisitor: boolean,
  referrer = '',
  cookie?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/page-view',
    remoteAddress: VISITORS[who].address,
    headers: {
      'user-agent': VISITORS[who].userAgent,
      host: 'shop.example',
      ...(cookie ? { cookie } : {}),
    },
    payload: { path, isNewVisitor, referrer },
  });
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });

beforeAll(async () => {
  admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
});

describe('three visitors over two days', () => {
  it('day 1: v1 (new) menu, cart, checkout; v2 (new) menu twice; v3 (returning) tracking', async () => {
    for (const [who, path, isNew, referrer] of [
      ['v1', '/', true, 'https://www.google.com/search?q=bbq+tallinn'],
      ['v1', '/cart', true, ''],
      ['v1', '/checkout', true, 'http://shop.example/'],
      ['v2', '/', true, ''],
      ['v2', '/?utm_source=flyer', true, ''],
      ['v3', '/track', false, ''],
    ] as const) {
      const response = await view(who, path, isNew, referrer);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // A paid order that no visitor came back from is not in the funnel (it counts visitors).
    await createOrder(t.db, { createdAt: new Date('2026-06-10T10:00:00Z') });
    // unique 3, new 2 (v1, v2), returning 1 (v3), 6 views.
    expect((await get('/api/admin/analytics/daily')).json()).toEqual({
      date: '2026-06-10',
      uniqueVisitors: 3,
      newVisitors: 2,
      returningVisitors: 1,
      totalPageViews: 6,
    });
  });

  it('day 2: v1 and v3 come back (new hashes: yesterday salt is gone)', async () => {
    const [before] = await t.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'analytics_salt'));
    expect(before!.value.startsWith('2026-06-10:')).toBe(true);

    t.clock.set('2026-06-11T09:00:00Z');
    for (const [who, path] of [
      ['v1', '/'],
      ['v3', '/'],
      ['v3', '/checkout?step=2'],
    ] as const) {
      expect((await view(who, path, false)).statusCode).toBe(204);
    }
    const [after] = await t.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'analytics_salt'));
    expect(after!.value.startsWith('2026-06-11:')).toBe(true);
    expect(after!.value).not.toContain(before!.value.split(':')[1]!);

    expect((await get('/api/admin/analytics/daily')).json()).toEqual({
      date: '2026-06-11',
      uniqueVisitors: 2,
      newVisitors: 0,
      returningVisitors: 2,
      totalPageViews: 3,
    });
  });

  it('the range: sums of the days, pages ranked, referrers, the funnel', async () => {
    const response = await get(
      '/api/admin/analytics/visitors?startDate=2026-06-10&endDate=2026-06-11',
    );
    expect(response.statusCode, response.body).toBe(200);
    // unique 3 + 2 = 5, new 2, returning 1 + 2 = 3, views 6 + 3 = 9, 9 / 5 = 1.8.
    expect(response.json()).toEqual({
      startDate: '2026-06-10',
      endDate: '2026-06-11',
      uniqueVisitors: 5,
      newVisitors: 2,
      returningVisitors: 3,
      totalPageViews: 9,
      averagePageViewsPerVisitor: 1.8,
      dailyStats: [
        { date: '2026-06-10', visitors: 3, newVisitors: 2, returningVisitors: 1, pageViews: 6 },
        { date: '2026-06-11', visitors: 2, newVisitors: 0, returningVisitors: 2, pageViews: 3 },
      ],
      // '/': v1, v2 x2 on day 1, v1 and v3 on day 2 = 5; '/checkout' v1 day 1, v3 day 2 = 2.
      topPages: [
        { path: '/', label: 'Homepage', views: 5 },
        { path: '/checkout', label: 'Checkout Page', views: 2 },
        { path: '/cart', label: 'Cart (opened)', views: 1 },
        { path: '/track', label: 'Order Tracking', views: 1 },
      ],
      // Our own host is not a referrer; Google is kept by its name.
      topReferrers: [{ host: 'google.com', views: 1 }],
      // Menu: v1, v2 (day 1) + v1, v3 (day 2) = 4; cart: v1 = 1; checkout: v1 (v3 on day 2
      // skipped the cart) = 1; paid: nobody came back from a payment = 0.
      funnel: { menu: 4, cart: 1, checkout: 1, paid: 0 },
    });
  });

  it('the default range is the last 7 days to today', async () => {
    const body = (await get('/api/admin/analytics/visitors')).json();
    expect(body.startDate).toBe('2026-06-05');
    expect(body.endDate).toBe('2026-06-11');
    expect(body.dailyStats).toHaveLength(7);
    expect(body.totalPageViews).toBe(9);
  });

  it('stores no IP address and no user agent anywhere', async () => {
    const result = (await t.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying', 'json', 'inet')
    `)) as unknown as { rows: { table_name: string; column_name: string }[] };
    expect(result.rows.length).toBeGreaterThan(20);
    const needles = Object.values(VISITORS).flatMap((visitor) => [
      visitor.address,
      visitor.userAgent,
      'TestAgent',
    ]);
    for (const needle of needles) {
      for (const { table_name, column_name } of result.rows) {
        const found = (await t.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${'%' + needle + '%'}`,
        )) as unknown as { rows: { n: number }[] };
        expect(found.rows[0]!.n, `${needle} in ${table_name}.${column_name}`).toBe(0);
      }
    }
  });
});

describe('what is kept', () => {
  it('an order page keeps no order id; an unknown path is /other', async () => {
    await view('v2', '/order-confirmation/6f1d7c52-1111-4222-8333-944455556666', false);
    await view('v2', '/wp-admin/setup.php', false);
    const rows = await t.db.select({ path: pageViews.path }).from(pageViews);
    const paths = rows.map((row) => row.path);
    expect(paths).toContain('/order-confirmation');
    expect(paths).toContain('/other');
    expect(paths.some((path) => path.includes('6f1d7c52') || path.includes('wp-admin'))).toBe(
      false,
    );
  });

  it('back-office pages are never stored', async () => {
    const count = async () => (await t.db.select().from(pageViews)).length;
    const before = await count();
    for (const path of ['/admin', '/kitchen', '/pos', '/staff-pos', '/cash-up', '/login']) {
      expect((await view('v1', path, false)).statusCode).toBe(204);
    }
    expect(await count()).toBe(before);
    expect((await view('v1', '/', false)).statusCode).toBe(204);
    expect(await count()).toBe(before + 1);
  });

  it('raw views older than analytics_raw_days are deleted; the day keeps its figures', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/analytics_raw_days',
      headers: { cookie: admin },
      payload: { value: '2' },
    });
    t.clock.set('2026-06-13T09:00:00Z'); // 2 days kept: 11 and 12 June; 10 June goes.
    await view('v1', '/', false);
    const days = new Set(
      (await t.db.select({ day: pageViews.day }).from(pageViews)).map((r) => r.day),
    );
    expect([...days].sort()).toEqual(['2026-06-11', '2026-06-13']);
    const range = (
      await get('/api/admin/analytics/visitors?startDate=2026-06-10&endDate=2026-06-10')
    ).json();
    expect(range).toMatchObject({ uniqueVisitors: 3, totalPageViews: 6 });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/analytics_raw_days',
      headers: { cookie: admin },
      payload: { value: '90' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a bad report and limits one address', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: 'no-slash', isNewVisitor: false },
    });
    expect(bad.statusCode).toBe(400);
    let last = 0;
    for (let i = 0; i < 61; i += 1) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/analytics/page-view',
          remoteAddress: '192.0.2.250',
          payload: { path: '/', isNewVisitor: false },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('the funnel: a step counts only visitors who did every step before it', () => {
  // 20 June 2026. Each row: a visitor, the pages they saw that day, signed in as staff or not.
  const DAY = [
    { address: '203.0.113.1', paths: ['/', '/cart', '/checkout', '/paid'], staff: false },
    // A table's page is the menu too.
    { address: '203.0.113.2', paths: ['/table', '/cart', '/checkout', '/paid'], staff: false },
    // Back from a payment without any step before it (another browser): not in the funnel.
    { address: '203.0.113.3', paths: ['/paid'], staff: false },
    // Skipped the cart (a reload on checkout): saw the menu only.
    { address: '203.0.113.4', paths: ['/', '/checkout', '/paid'], staff: false },
    { address: '203.0.113.5', paths: ['/', '/checkout'], staff: false },
    { address: '203.0.113.6', paths: ['/', '/cart'], staff: false },
    // Staff signed in, trying the shop out: not a visitor at all.
    { address: '203.0.113.7', paths: ['/', '/cart', '/checkout', '/paid'], staff: true },
    // The back office without a session (the login page): never stored.
    { address: '203.0.113.8', paths: ['/login', '/admin', '/kitchen', '/pos'], staff: false },
  ] as const;
  //            menu            cart        checkout    paid
  // .1         yes             yes         yes         yes
  // .2         yes             yes         yes         yes
  // .3         -               -           -           -
  // .4         yes             -           -           -
  // .5         yes             -           -           -
  // .6         yes             yes         -           -
  const FUNNEL = { menu: 5, cart: 3, checkout: 2, paid: 2 };

  it('counts the literal day, live and once summed', async () => {
    t.clock.set('2026-06-20T09:00:00Z');
    const staffCookie = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
    for (const visitor of DAY) {
      for (const path of visitor.paths) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/analytics/page-view',
          remoteAddress: visitor.address,
          headers: {
            'user-agent': 'FunnelAgent/1.0',
            host: 'shop.example',
            ...(visitor.staff ? { cookie: staffCookie } : {}),
          },
          payload: { path, isNewVisitor: true },
        });
        expect(response.statusCode, response.body).toBe(204);
      }
    }
    const url = '/api/admin/analytics/visitors?startDate=2026-06-20&endDate=2026-06-20';
    const live = (await get(url)).json();
    expect(live.funnel).toEqual(FUNNEL);
    // Six visitors (.1 to .6); the staff member and the back office left no view.
    expect(live.uniqueVisitors).toBe(6);
    expect(live.totalPageViews).toBe(16);
    expect(live.topPages.map((page: { path: string }) => page.path).sort()).toEqual([
      '/',
      '/cart',
      '/checkout',
      '/paid',
      '/table',
    ]);

    // The next day, 20 June is read from its daily row: the same figures.
    t.clock.set('2026-06-21T09:00:00Z');
    expect((await get(url)).json().funnel).toEqual(FUNNEL);
  });
});

describe('referrers: a bounded set of names, any other site as other', () => {
  // document.referrer -> what is stored (null: nothing).
  const REFERRERS: [string, string | null][] = [
    ['https://www.google.com/search?q=bbq+tallinn', 'google.com'],
    ['https://www.google.ee/', 'google.com'],
    ['https://maps.google.co.uk/maps', 'google.com'],
    ['https://l.facebook.com/l.php?u=https%3A%2F%2Fshop.example', 'facebook.com'],
    ['https://m.facebook.com/', 'facebook.com'],
    ['https://l.instagram.com/?u=x', 'instagram.com'],
    ['https://t.co/AbCdEf', 'x.com'],
    ['https://duckduckgo.com/', 'duckduckgo.com'],
    ['https://wolt.com/et/est/tallinn', 'wolt.com'],
    ['https://janes-food-blog.example/best-bbq', 'other'],
    ['https://notgoogle.com/', 'other'],
    ['https://google.com.evil.example/', 'other'],
    ['https://mail.private-company.example/inbox', 'other'],
    ['http://shop.example/menu', null],
    ['', null],
    ['android-app://com.google.android.gm/', null],
    ['not a url', null],
  ];

  it.each(REFERRERS)('%s is kept as %s', (referrer, kept) => {
    expect(referrerHost(referrer, 'shop.example')).toBe(kept);
  });

  it('stores only the name, never the host', async () => {
    t.clock.set('2026-06-22T09:00:00Z');
    await view('v2', '/', true, 'https://janes-food-blog.example/best-bbq');
    await view('v3', '/', true, 'https://l.facebook.com/l.php');
    const rows = await t.db
      .select({ referrerHost: pageViews.referrerHost })
      .from(pageViews)
      .where(eq(pageViews.day, '2026-06-22'));
    expect(rows.map((row) => row.referrerHost).sort()).toEqual(['facebook.com', 'other']);
    const range = (
      await get('/api/admin/analytics/visitors?startDate=2026-06-22&endDate=2026-06-22')
    ).json();
    expect(range.topReferrers).toEqual([
      { host: 'facebook.com', views: 1 },
      { host: 'other', views: 1 },
    ]);
  });
});
