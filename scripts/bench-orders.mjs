// Paid orders per second on PostgreSQL (docs/performance.md), against pgbench in the same run.
//
// Creates a fresh PostgreSQL database (dropped at the end), starts the production build on it
// (loopback only), and for each number of concurrent clients (10, 25, 50) runs the real card
// flow for DURATION seconds after a 1 s warm-up: POST /api/viva-wallet/create-payment (with
// an Idempotency-Key, as the storefront sends it), then the simulator's Pay (which confirms
// the payment and makes the order). Each request comes from its own loopback address, so the
// per-address rate limit (60 checkouts a minute) stays out of the way, as with real customers.
//
// Right after, pgbench runs on the same database with the same clients and seconds, doing
// the database core of a paid order in one transaction (scripts/bench-orders.pgbench.sql:
// the payment row, its lock, the order, two lines, the payment marked paid, the order's
// event). ratio = our orders/s / pgbench transactions/s: how close the whole HTTP flow
// comes to PostgreSQL doing only the writes.
//
// Writes its figures as JSON to $BENCH_RESULTS_DIR/orders.json (default /tmp/shop-bench) for
// scripts/bench-summary.mjs. Bounded: fixed durations, a time limit, stops what it started.
// Usage: npm run build && node scripts/bench-orders.mjs [seconds=5] [clients=10,25,50]
// BENCH_SERVER_DIR=<folder with dist/server/main.js> measures another build (e.g. the last
// commit's) with the same script.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const DURATION = Number(process.argv[2] ?? 5);
const CLIENTS = (process.argv[3] ?? '10,25,50').split(',').map(Number);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';
const SERVER_DIR = path.resolve(process.env.BENCH_SERVER_DIR ?? '.');
const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? path.join(os.tmpdir(), 'shop-bench');
const HERE = path.dirname(fileURLToPath(import.meta.url));
const deadline = Date.now() + 10 * 60_000;

const serverMain = path.join(SERVER_DIR, 'dist/server/main.js');
if (!fs.existsSync(serverMain)) {
  console.error(`${serverMain} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const children = new Set();
const cleanups = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
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

async function waitFor(url, child) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

// Fresh database.
const dbName = `bench_orders_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const databaseUrl = `${POSTGRES}/${dbName}`;
cleanups.push(() => {
  spawnSync('psql', [
    `${POSTGRES}/postgres`,
    '-qc',
    `drop database if exists "${dbName}" with (force)`,
  ]);
});
await admin.end();

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const server = spawn(process.execPath, [serverMain], {
  cwd: SERVER_DIR,
  env: {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
    ADMIN_PASSWORD: 'bench-admin-password',
    PAYMENT_PROVIDER: 'simulator',
    // No kitchen display here: the kitchen watchdog would pause online orders (decision 023).
    WATCHDOG: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
children.add(server);
await waitFor(`http://127.0.0.1:${port}/healthz`, server);

const orderBody = JSON.stringify({
  customerEmail: 'bench@example.com',
  customerName: 'Bench Mark',
  customerPhone: '+372 5000 0009',
  orderData: {
    type: 'pickup',
    orderSource: 'website',
    items: [
      {
        menuItemId: 'classic-smash-burger',
        quantity: 2,
        customizations: { sauce: 'Truffle Mayo', addOns: ['Bacon', 'Crispy Onions'] },
      },
      { menuItemId: 'cola', quantity: 1 },
    ],
    customer: {
      firstName: 'Bench',
      lastName: 'Mark',
      email: 'bench@example.com',
      phone: '+372 5000 0009',
    },
  },
});

let addressCounter = 0;
/** A new loopback address per customer (127.1.0.1 onwards): each is its own client. */
function customerAddress() {
  const n = addressCounter++;
  return `127.${1 + (Math.floor(n / 62_500) % 250)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
}

function request(method, url, { body, headers = {}, localAddress }) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${port}${url}`,
      { method, headers, localAddress, agent: false },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    if (body) req.end(body);
    else req.end();
  });
}

/** One customer's paid order; true when the order was made. */
async function paidOrder() {
  const localAddress = customerAddress();
  const created = await request('POST', '/api/viva-wallet/create-payment', {
    body: orderBody,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    localAddress,
  });
  if (created.status !== 200) throw new Error(`create-payment ${created.status} ${created.body}`);
  const { paymentUrl } = JSON.parse(created.body);
  const paid = await request('POST', paymentUrl, {
    body: 'outcome=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    localAddress,
  });
  if (paid.status !== 303 || !String(paid.headers.location).includes('orderId=')) {
    throw new Error(`pay ${paid.status} ${paid.headers.location}`);
  }
}

async function runClients(clients, seconds) {
  let done = 0;
  let failed = 0;
  let firstError = null;
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await paidOrder();
          done += 1;
          latencies.push(performance.now() - started);
        } catch (error) {
          failed += 1;
          firstError ??= error;
        }
      }
    }),
  );
  if (firstError) console.warn(`  ${failed} failed orders, first: ${firstError.message}`);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: done / seconds,
    failed,
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? null,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? null,
  };
}

function pgbench(clients, seconds) {
  const result = spawnSync(
    PGBENCH,
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, os.cpus().length)),
      '-T',
      String(seconds),
      '-f',
      path.join(HERE, 'bench-orders.pgbench.sql'),
      databaseUrl,
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(result.stdout ?? '');
  if (result.status !== 0 || !tps) {
    throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  }
  return Number(tps[1]);
}

const rows = [];
for (const clients of CLIENTS) {
  if (Date.now() > deadline) break;
  await runClients(clients, 1);
  const ours = await runClients(clients, DURATION);
  pgbench(clients, 1);
  const tps = pgbench(clients, DURATION);
  rows.push({ clients, ...ours, pgbenchTps: tps, ratio: ours.perSecond / tps });
}

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
children.delete(server);

console.log(
  `\nPaid orders/s on PostgreSQL (create-payment + simulator Pay over HTTP), ${DURATION} s per run, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log('clients  orders/s  p50 ms  p99 ms  pgbench tps  ratio');
for (const row of rows) {
  console.log(
    `${String(row.clients).padStart(7)}  ${row.perSecond.toFixed(0).padStart(8)}  ${(row.p50 ?? 0).toFixed(0).padStart(6)}  ${(row.p99 ?? 0).toFixed(0).padStart(6)}  ${row.pgbenchTps.toFixed(0).padStart(11)}  ${row.ratio.toFixed(3)}`,
  );
}
fs.mkdirSync(RESULTS_DIR, { recursive: true });
fs.writeFileSync(
  path.join(RESULTS_DIR, 'orders.json'),
  JSON.stringify({ server: SERVER_DIR, seconds: DURATION, rows }, null, 2),
);
