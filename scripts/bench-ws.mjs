// WebSocket benchmark (issue 5): starts the production build on a fresh embedded database,
// on loopback only, then
//   1. opens SOCKETS customer sockets all following one order, makes ROUNDS kitchen changes and
//      prints the delay from the change request to each socket's statusUpdate (median, p99);
//   2. reports how many subscribed sockets the one process holds, with its memory.
// Bounded: fixed counts, a time limit, and it stops the server it started.
// Usage: npm run build && node scripts/bench-ws.mjs [sockets=1000] [rounds=20]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

const SOCKETS = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 20);
// NOTE: not 4190, which fetch refuses (a "bad port" in the Fetch standard).
const PORT = 4210;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-admin-password';
const deadline = Date.now() + 5 * 60_000;

if (!fs.existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ws-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ADMIN_PASSWORD: PASSWORD,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

async function waitHealthy() {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

await waitHealthy();
const baseRss = rssMiB(server.pid);

// An order to follow, paid through the simulator.
const created = await (
  await fetch(`${BASE}/api/viva-wallet/create-payment`, {
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
const paid = await fetch(`${BASE}${created.paymentUrl}`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'outcome=pay',
  redirect: 'manual',
});
const orderId = new URL(paid.headers.get('location'), BASE).searchParams.get('orderId');
const login = await fetch(`${BASE}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ password: PASSWORD }),
});
const cookie = login.headers.get('set-cookie').split(';')[0];

// Open the sockets in batches.
let round = -1;
let roundStart = 0;
const delays = [];
const received = new Set();
const sockets = [];
for (let i = 0; i < SOCKETS; i += 1) {
  // Customers come from many addresses: spread the sockets over loopback addresses, 40 each,
  // under the server's per-address cap (src/server/features/realtime/socket-limits.ts).
  const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws`, {
    localAddress: `127.0.${Math.floor(i / 40 / 250)}.${2 + (Math.floor(i / 40) % 250)}`,
  });
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type !== 'statusUpdate' || round < 0) return;
    delays.push(performance.now() - roundStart);
    received.add(`${round}:${i}`);
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
const heldRss = rssMiB(server.pid);

const estimates = [10, 20, 30, 40, 50];
for (round = 0; round < ROUNDS && Date.now() < deadline; round += 1) {
  roundStart = performance.now();
  const response = await fetch(`${BASE}/api/admin/orders/${orderId}/kitchen-status`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      kitchenStatus: 'started',
      estimatedTime: estimates[round % estimates.length],
    }),
  });
  if (!response.ok)
    throw new Error(`kitchen change failed: ${response.status} ${await response.text()}`);
  const until = Date.now() + 5000;
  while (
    [...received].filter((key) => key.startsWith(`${round}:`)).length < SOCKETS &&
    Date.now() < until
  ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sorted = delays.sort((a, b) => a - b);
const expected = ROUNDS * SOCKETS;
console.log('WebSocket fan-out benchmark (one process, embedded database, loopback)');
console.log(`  subscribed sockets held:     ${open.length}`);
console.log(
  `  server memory:               ${baseRss.toFixed(0)} MiB idle -> ${heldRss.toFixed(0)} MiB with ${open.length} sockets (${(((heldRss - baseRss) * 1024) / open.length).toFixed(1)} KiB per socket)`,
);
console.log(`  kitchen changes:             ${ROUNDS}`);
console.log(`  updates delivered:           ${delays.length} of ${expected}`);
console.log(
  `  change -> socket delay (ms): median ${percentile(sorted, 50).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${sorted.at(-1).toFixed(1)}`,
);
for (const socket of open) socket.terminate();
stop();
process.exit(delays.length === expected ? 0 : 1);
