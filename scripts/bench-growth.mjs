// How the back office's reads grow with the shop's history (docs/performance.md, "Growth").
//
// For each database (PostgreSQL, then PGlite) a fresh shop is started from the production build
// (loopback only), and the reads a busy day's screens make are timed with 0, 10,000 and 100,000
// past orders in the database: the dashboard's day (figures, item sales, the day's orders), one
// order's details, the calendar's month, the year's figures, visitor analytics over 30 days, the
// kitchen display's list and the open drawer's Z report. Every stage has the same today: 150
// orders placed today (a busy day), so what grows is only the history (spread over the 365 days
// before today, mixed channels, one to three lines each, a customer for most, a card payment for
// card orders, page views for 30 days).
//
// Each read: 2 warm-up requests, then the median of 7. ratio = median at 100,000 / median at 0
// (the issue asks at most 2x). Writes $BENCH_RESULTS_DIR/growth.json (default /tmp/shop-bench).
// Usage: npm run build && node scripts/bench-growth.mjs [postgres,pglite] [stages=0,10000,100000]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const DATABASES = (process.argv[2] ?? 'postgres,pglite').split(',');
const STAGES = (process.argv[3] ?? '0,10000,100000').split(',').map(Number);
const TODAY_ORDERS = 150;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? path.join(os.tmpdir(), 'shop-bench');
const SERVER_DIR = path.resolve(process.env.BENCH_SERVER_DIR ?? '.');
const serverMain = path.join(SERVER_DIR, 'dist/server/main.js');
const PASSWORD = 'bench-admin-password';
const deadline = Date.now() + 40 * 60_000;

if (!fs.existsSync(serverMain)) {
  console.error(`${serverMain} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const children = new Set();
const cleanups = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) cleanup();
});
process.on('SIGINT', () => process.exit(130));

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: PASSWORD,
      PAYMENT_PROVIDER: 'simulator',
      WATCHDOG: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    children.delete(child);
  };
  return { base, stop };
}

/** The SQL that adds `count` past orders (the 365 days before today) and, once, today's. */
function fillSql(count, withToday) {
  const history = `
    with made as (
      insert into orders (payment_method, payment_status, status, order_source, type,
                          kitchen_status, subtotal_cents, total_cents, prep_units,
                          customer_first_name, customer_last_name, customer_email, table_number,
                          created_at, updated_at)
      select case when i % 10 < 5 then 'viva-wallet' when i % 10 < 8 then 'cash' else 'platform' end,
             'paid', 'completed',
             case when i % 10 < 5 then 'website' when i % 10 < 7 then 'pos' when i % 10 < 8 then 'table'
                  when i % 10 < 9 then 'wolt' else 'bolt' end,
             case when i % 10 = 7 then 'dine-in' else 'pickup' end,
             'cleared', 1090 * (1 + i % 3), 1090 * (1 + i % 3), 1 + i % 3,
             'Guest', 'No ' || i, 'guest' || (i % 20000) || '@example.com',
             case when i % 10 = 7 then '3' end,
             date_trunc('day', now()) - make_interval(secs => 60 + (i * 31536000.0 / ${count}::float8)),
             date_trunc('day', now()) - make_interval(secs => 60 + (i * 31536000.0 / ${count}::float8))
      from generate_series(1, ${count}) as i
      returning id, total_cents, created_at
    )
    insert into order_items (order_id, menu_item_id, name, base_price_cents, unit_price_cents,
                             quantity, total_price_cents, position)
    select id, 'classic-smash-burger', 'Classic Smash Burger', 1090, 1090, n, 1090, n - 1
    from made, generate_series(1, (total_cents / 1090)::int) as n;`;
  const today = `
    insert into orders (payment_method, payment_status, status, order_source, type, kitchen_status,
                        subtotal_cents, total_cents, prep_units, customer_first_name,
                        customer_last_name, customer_email, created_at, updated_at)
    select 'viva-wallet', 'paid', case when i <= 12 then 'preparing' else 'completed' end,
           'website', 'pickup', case when i <= 12 then 'pending' else 'cleared' end,
           1090, 1090, 1, 'Today', 'No ' || i, 'today' || i || '@example.com',
           greatest(date_trunc('day', now()), now() - interval '10 hours')
             + make_interval(secs => i * 60),
           now()
    from generate_series(1, ${TODAY_ORDERS}) as i;
    insert into order_items (order_id, menu_item_id, name, base_price_cents, unit_price_cents,
                             quantity, total_price_cents)
    select id, 'classic-smash-burger', 'Classic Smash Burger', 1090, 1090, 1, 1090
    from orders where customer_first_name = 'Today';
    insert into page_views (path, visitor_id, is_new_visitor, day, created_at)
    select (array['/', '/checkout', '/track', '/table'])[1 + i % 4], 'v' || (i % 3000), i % 7 = 0,
           (now() - make_interval(days => i % 30))::date, now() - make_interval(days => i % 30)
    from generate_series(1, 60000) as i;`;
  return count > 0 ? history + (withToday ? today : '') : withToday ? today : '';
}

async function login(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function timeRead(base, cookie, url, init) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { cookie }, ...init });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${Buffer.from(body)}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  for (let warm = 0; warm < 2; warm += 1) await once();
  const runs = [];
  for (let run = 0; run < 7; run += 1) runs.push(await once());
  runs.sort((a, b) => a.ms - b.ms);
  return { ms: runs[3].ms, bytes: runs[3].bytes };
}

/** The shop's today (yyyy-mm-dd) and a past order's id, from the reads themselves. */
async function reads(base, cookie) {
  const stats = await (await fetch(`${base}/api/admin/stats`, { headers: { cookie } })).json();
  const today = stats.date;
  const [year, month] = today.split('-').map(Number);
  const orders = await (
    await fetch(`${base}/api/admin/orders/${today}`, { headers: { cookie } })
  ).json();
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const drawer = await (await fetch(`${base}/api/pos/cash-drawer`, { headers: { cookie } })).json();
  const sessionId = drawer?.session?.id ?? drawer?.id;
  return [
    ['dashboard: figures', '/api/admin/stats'],
    ['dashboard: item sales', '/api/admin/item-sales'],
    ["dashboard: the day's orders", `/api/admin/orders/${today}`],
    ['order details', `/api/orders/${orders[orders.length - 1].id}`],
    ['calendar month', `/api/admin/stats/monthly/${year}/${month}`],
    ['year figures', `/api/admin/stats/yearly/${year}`],
    ['visitors, 30 days', `/api/admin/analytics/visitors?startDate=${start}&endDate=${today}`],
    ['kitchen display', '/api/kitchen/orders'],
    ...(sessionId ? [['Z report', `/api/pos/cash-drawer/sessions/${sessionId}/report`]] : []),
  ];
}

async function openDrawer(base, cookie) {
  const response = await fetch(`${base}/api/pos/cash-drawer/open`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ float: 100 }),
  });
  if (!response.ok) console.error(`(no Z report: opening a drawer said ${response.status})`);
}

/** One database: a fresh shop, filled stage by stage, each stage's reads timed. */
async function measure(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-growth-${kind}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let env = { DATA_DIR: dataDir };
  let run;
  if (kind === 'postgres') {
    const name = `bench_growth_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    if (process.env.BENCH_KEEP_DATABASE) console.error(`keeping ${POSTGRES}/${name}`);
    else
      cleanups.push(() =>
        spawnSync('psql', [
          `${POSTGRES}/postgres`,
          '-qc',
          `drop database if exists "${name}" with (force)`,
        ]),
      );
    env = { ...env, DATABASE_URL: `${POSTGRES}/${name}` };
    const client = new pg.Client({ connectionString: `${POSTGRES}/${name}` });
    run = async (sql) => {
      await client.connect().catch(() => undefined);
      await client.query(sql);
      await client.query('analyze');
    };
    cleanups.push(() => void client.end().catch(() => undefined));
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    run = async (sql) => {
      const db = new PGlite(path.join(dataDir, 'pglite'));
      await db.exec(sql);
      await db.exec('analyze');
      await db.close();
    };
  }

  const figures = {};
  let filled = 0;
  let server = await startServer(env);
  for (const stage of STAGES) {
    // PGlite is one process's: the server stops while the bench writes.
    if (kind === 'pglite') await server.stop();
    const sql = fillSql(stage - filled, filled === 0 && figures[0] === undefined);
    const started = performance.now();
    if (sql) await run(sql);
    const fillMs = performance.now() - started;
    filled = stage;
    if (kind === 'pglite') server = await startServer(env);
    const cookie = await login(server.base);
    if (stage === STAGES[0]) await openDrawer(server.base, cookie);
    figures[stage] = { fillMs, reads: {} };
    for (const [name, url] of await reads(server.base, cookie)) {
      figures[stage].reads[name] = await timeRead(server.base, cookie, url);
    }
    console.error(
      `${kind}: ${stage} past orders measured (filled in ${(fillMs / 1000).toFixed(1)} s)`,
    );
  }
  await server.stop();
  return figures;
}

const results = {};
for (const kind of DATABASES) results[kind] = await measure(kind);

const first = STAGES[0];
const last = STAGES[STAGES.length - 1];
const rows = [];
for (const [kind, figures] of Object.entries(results)) {
  for (const name of Object.keys(figures[first].reads)) {
    const ms = STAGES.map((stage) => figures[stage].reads[name]?.ms ?? NaN);
    rows.push({
      db: kind,
      read: name,
      ...Object.fromEntries(STAGES.map((stage, i) => [`${stage} ms`, ms[i].toFixed(1)])),
      [`KB at ${last}`]: (figures[last].reads[name].bytes / 1024).toFixed(1),
      ratio: (ms[ms.length - 1] / ms[0]).toFixed(2),
    });
  }
}
console.table(rows);
fs.mkdirSync(RESULTS_DIR, { recursive: true });
fs.writeFileSync(
  path.join(RESULTS_DIR, 'growth.json'),
  JSON.stringify({ stages: STAGES, todayOrders: TODAY_ORDERS, results, rows }, null, 2),
);
process.exit(0);
