/**
 * The JavaScript budget as a phone pays it (decision 016, "Counted in the browser"): each page
 * opened once in Chromium with a phone's profile, its service worker allowed, and every script
 * and stylesheet that crosses the network until the page and its worker are idle counted as
 * the server sends it gzip (tests/e2e/counting-proxy.ts). The build's own check
 * (scripts/check-js-budget.mjs) counts what `/` needs before it can run; this one counts all a
 * first visit downloads: on-demand chunks prefetched, the worker's precache, anything fetched
 * twice. Bytes, not time: a busy machine moves nothing here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { startCountingProxy, type CountingProxy, type Download } from './counting-proxy.ts';
import { expect, test } from './fixtures.ts';

/**
 * KB of gzip (1 KB = 1024 bytes) of JavaScript and styles a first visit may download: the
 * literal budgets (decision 016). `/checkout` is not within its 130 KB yet: its form downloads
 * react-hook-form (15 KB) and tailwind-merge (10 KB) with its first screen (148.8 KB on
 * 2026-11-28, once its zod came at the first validation). It is held at that figure here, so it
 * does not grow.
 */
const BUDGETS_KB: Record<string, number> = {
  '/': 110,
  '/checkout': 150,
  '/track': 130,
  '/table?table=1': 130,
  '/admin': 250,
  '/staff-pos': 250,
  '/kitchen': 250,
};

const STAFF = { username: 'budget-counter', password: 'budget-counter-pw-1' };

// A phone's own screen density (the suite paints phones at 1x, playwright.config.ts).
test.use({ serviceWorkers: 'allow', deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor });

let proxy: CountingProxy;
let admin: APIRequestContext;
let staffId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  proxy = await startCountingProxy(baseURL!);
  admin = await playwright.request.newContext({ baseURL });
  const login = await admin.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const staff = await admin.post('/api/admin/staff', {
    data: { name: 'Budget Counter', ...STAFF, role: 'staff', isActive: true },
  });
  expect(staff.status(), await staff.text()).toBe(201);
  staffId = ((await staff.json()) as { id: string }).id;
});

test.afterAll(async () => {
  if (staffId) await admin.delete(`/api/admin/staff/${staffId}`);
  await admin.dispose();
  await proxy.close();
});

const isCode = (download: Download) => /^\/assets\/[^?]+\.(m?js|css)(\?|$)/.test(download.path);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface FirstVisit {
  /** The code the page asked for (from the network, whoever fetched it first). */
  page: Download[];
  /** The code only the service worker fetched, to keep for offline use (public/sw.js). */
  offline: Download[];
}

/**
 * Opens `path` through the proxy and waits until the page and its service worker are idle. A
 * download counts for the page when the page asked for that file (the worker may have fetched
 * it first); the rest is what the worker alone fetched to keep for offline use.
 */
async function firstVisit(page: Page, path: string): Promise<FirstVisit> {
  proxy.take();
  const asked = new Set<string>();
  page.on('request', (request) => asked.add(new URL(request.url()).pathname));
  await page.goto(`${proxy.baseUrl}${path}`, { waitUntil: 'networkidle' });
  // The worker's install fetches what it precaches: it is active once that is done.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  const code = proxy.take().filter(isCode);
  const byPage = (download: Download) => asked.has(download.path.split('?')[0]!);
  return { page: code.filter(byPage), offline: code.filter((download) => !byPage(download)) };
}

const sum = (code: Download[]) => code.reduce((total, download) => total + download.bytes, 0);
const listed = (code: Download[]) =>
  code.map((download) => `  ${download.path.padEnd(52)} ${kb(download.bytes).padStart(9)}`);

/** `npm run bench` (BENCH_JS=1): each page's figures for scripts/bench-summary.mjs. */
function keepForBench(page: string, visit: FirstVisit) {
  if (!process.env.BENCH_JS) return;
  const dir = process.env.BENCH_RESULTS_DIR ?? join(tmpdir(), 'shop-bench');
  mkdirSync(dir, { recursive: true });
  const name = `js-${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`;
  const figures = {
    page,
    budgetKb: BUDGETS_KB[page],
    files: visit.page.length,
    bytes: sum(visit.page),
    offlineFiles: visit.offline.length,
    offlineBytes: sum(visit.offline),
  };
  writeFileSync(join(dir, name), JSON.stringify(figures));
}

function report(path: string, visit: FirstVisit): number {
  keepForBench(path, visit);
  const { page, offline } = visit;
  const total = sum(page);
  console.log(
    [
      `${path}: ${page.length} files, ${kb(total)} of ${BUDGETS_KB[path]} KB`,
      ...listed(page),
      `  kept for offline use by the service worker: ${offline.length} files, ${kb(sum(offline))}`,
      ...listed(offline),
    ].join('\n'),
  );
  return total;
}

function expectWithinBudget(path: string, visit: FirstVisit) {
  const total = report(path, visit);
  const code = [...visit.page, ...visit.offline];
  expect(visit.page.length, `${path} downloads its code`).toBeGreaterThan(0);
  for (const download of code) {
    expect(download.status, download.path).toBe(200);
    // Counted as the server sends it to a phone; a file sent plain would count its full size.
    if (download.bytes >= 1024) expect(download.encoding, download.path).toBe('gzip');
  }
  const paths = code.map((download) => download.path);
  expect(
    paths.filter((name, index) => paths.indexOf(name) !== index),
    'fetched twice',
  ).toEqual([]);
  expect(total, `${path}: ${kb(total)} of ${BUDGETS_KB[path]} KB`).toBeLessThanOrEqual(
    BUDGETS_KB[path]! * 1024,
  );
}

for (const path of ['/', '/checkout', '/track', '/table?table=1']) {
  test(`${path} downloads at most ${BUDGETS_KB[path]} KB of JavaScript and styles on a first visit`, async ({
    page,
  }) => {
    expectWithinBudget(path, await firstVisit(page, path));
  });
}

test('each back-office role’s first screen downloads at most 250 KB', async ({ browser }) => {
  for (const [path, login] of [
    ['/admin', { url: '/api/auth/login', data: { password: E2E_ADMIN_PASSWORD } }],
    ['/staff-pos', { url: '/api/staff/login', data: STAFF }],
    ['/kitchen', { url: '/api/auth/login', data: { password: E2E_ADMIN_PASSWORD } }],
  ] as const) {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    try {
      const answer = await context.request.post(`${proxy.baseUrl}${login.url}`, {
        data: login.data,
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      const page = await context.newPage();
      expectWithinBudget(path, await firstVisit(page, path));
    } finally {
      await context.close();
    }
  }
});
