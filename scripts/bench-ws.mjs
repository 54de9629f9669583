// WebSocket benchmark (issues 5 and 11): starts the production build on loopback only and
//   1. opens SOCKETS customer sockets all following one order, makes ROUNDS kitchen changes and
//      prints the delay from the change request to each socket's statusUpdate (median, p99);
//   2. reports how many subscribed sockets the process holds, with its memory.
// Runs twice: one process on a fresh embedded database, then two processes on one fresh
// PostgreSQL database (created and dropped here) with the sockets split between them and the
// kitchen change made on the first, so half the updates cross instances through NOTIFY.
//
// NOTE: each round waits for its last update on a promise the message handler resolves, not by
// polling: the old 5 ms polling loop, which also re-counted every update received so far, ran
// on the event loop the updates arrive on and inflated the p99 it was measuring.
//
// Writes its figures to $BENCH_RESULTS_DIR/ws.json (default /tmp/shop-bench) for
// scripts/bench-summary.mjs. Bounded: fixed counts, a time limit, stops what it started.
// Usage: npm run build && node scripts/bench-ws.mjs [sockets=1000] [rounds=20]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';

const SOCKETS = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 20);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? path.join(os.tmpdir(), 'shop-bench');
const PASSWORD = 'bench-admin-password';
const deadline = Date.now() + 8 * 60_000;

if (!fs.existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

const cleanups = [];
process.on('exit', () => {
  for (const cleanup of cleanups.reverse()) cleanup();
});
process.on('SIGINT', () => process.exit(130));

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  // NOTE: not 4190, which fetch refuses (a "bad port" in the Fetch standard); a free one.
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ws-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, base, pid: child.pid, stop };
}

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** An order paid through the simulator, and an admin session cookie, on `base`. */
async function paidOrderAndCookie(base) {
  const created = await (
    await fetch(`${base}/api/viva-wallet/create-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerEmail: 'bench@example.com',
        customerName: 'Bench Mark',
        customerPhone: '+372 5000 0009',
        orderData: { items: [{ menuItemId: 'cola', quantity: 1 }] },
      }),
    })
  ).json();
  const paid = await fetch(`${base}${created.paymentUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=pay',
    redirect: 'manual',
  });
  const orderId = new URL(paid.headers.get('location'), base).searchParams.get('orderId');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  return { orderId, cookie };
}

/** SOCKETS sockets spread over `servers`, ROUNDS kitchen changes made on the first. */
async function measure(label, servers) {
  const baseRss = servers.map((server) => rssMiB(server.pid));
  const { orderId, cookie } = await paidOrderAndCookie(servers[0].base);

  let round = -1;
  let roundStart = 0;
  let receivedThisRound = 0;
  let roundDone = () => {};
  const delays = [];
  const seen = new Set();
  const sockets = [];
  for (let i = 0; i < SOCKETS; i += 1) {
    const server = servers[i % servers.length];
    // Customers come from many addresses: spread the sockets over loopback addresses, 40 each,
    // under the server's per-address cap (src/server/features/realtime/socket-limits.ts).
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, {
      localAddress: `127.0.${Math.floor(i / 40 / 250)}.${2 + (Math.floor(i / 40) % 250)}`,
    });
    socket.on('message', (data) => {
      const at = performance.now();
      if (round < 0) return;
      const message = JSON.parse(String(data));
      if (message.type !== 'statusUpdate') return;
      const key = round * SOCKETS + i;
      if (seen.has(key)) return;
      seen.add(key);
      delays.push(at - roundStart);
      receivedThisRound += 1;
      if (receivedThisRound === SOCKETS) roundDone();
    });
    socket.on('error', () => {});
    sockets.push(
      new Promise((resolve, reject) => {
        socket.once('open', () => {
          socket.send(JSON.stringify({ type: 'subscribe', orderId }));
          resolve(socket);
        });
        socket.once('error', reject);
      }),
    );
    if (i % 200 === 199) await Promise.all(sockets.slice(-200));
  }
  const open = await Promise.all(sockets);
  // Let the subscriptions land.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const heldRss = servers.map((server) => rssMiB(server.pid));

  const estimates = [10, 20, 30, 40, 50];
  for (round = 0; round < ROUNDS && Date.now() < deadline; round += 1) {
    receivedThisRound = 0;
    const allArrived = new Promise((resolve) => {
      roundDone = resolve;
    });
    roundStart = performance.now();
    const response = await fetch(`${servers[0].base}/api/admin/orders/${orderId}/kitchen-status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        kitchenStatus: 'started',
        estimatedTime: estimates[round % estimates.length],
      }),
    });
    if (!response.ok) {
      throw new Error(`kitchen change failed: ${response.status} ${await response.text()}`);
    }
    let timer;
    await Promise.race([
      allArrived,
      new Promise((resolve) => {
        timer = setTimeout(resolve, 5000);
      }),
    ]);
    clearTimeout(timer);
    // A pause between rounds, so one round's stragglers are not the next one's load.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const socket of open) socket.terminate();

  const sorted = delays.sort((a, b) => a - b);
  const result = {
    label,
    instances: servers.length,
    sockets: open.length,
    rounds: ROUNDS,
    delivered: delays.length,
    expected: ROUNDS * SOCKETS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
    idleRssMiB: baseRss,
    heldRssMiB: heldRss,
  };
  const memory = servers
    .map(
      (_, n) =>
        `${baseRss[n].toFixed(0)} -> ${heldRss[n].toFixed(0)} MiB (${(((heldRss[n] - baseRss[n]) * 1024 * servers.length) / open.length).toFixed(1)} KiB per socket)`,
    )
    .join(', ');
  console.log(`\nWebSocket fan-out: ${label}`);
  console.log(`  subscribed sockets held:     ${open.length}`);
  console.log(`  server memory:               ${memory}`);
  console.log(`  kitchen changes:             ${ROUNDS}`);
  console.log(`  updates delivered:           ${delays.length} of ${result.expected}`);
  console.log(
    `  change -> socket delay (ms): median ${result.p50.toFixed(1)}, p99 ${result.p99.toFixed(1)}, max ${result.max.toFixed(1)}`,
  );
  return result;
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const results = [];
{
  const server = await startServer({});
  results.push(await measure('one process, embedded database (PGlite)', [server]));
  await server.stop();
}
if (await postgresReachable()) {
  const name = `bench_ws_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(() =>
    spawnSync('psql', [
      `${POSTGRES}/postgres`,
      '-qc',
      `drop database if exists "${name}" with (force)`,
    ]),
  );
  const env = { DATABASE_URL: `${POSTGRES}/${name}` };
  // One after the other: the second waits for the first's migrations anyway.
  const first = await startServer(env);
  const second = await startServer(env);
  results.push(
    await measure('two processes on one PostgreSQL, change made on the first', [first, second]),
  );
  await Promise.all([first.stop(), second.stop()]);
} else {
  console.warn(`\n  PostgreSQL at ${POSTGRES} did not answer: the two-instance run was skipped.\n`);
}

fs.mkdirSync(RESULTS_DIR, { recursive: true });
fs.writeFileSync(path.join(RESULTS_DIR, 'ws.json'), JSON.stringify(results, null, 2));
process.exit(results.every((result) => result.delivered === result.expected) ? 0 : 1);
