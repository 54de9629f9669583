// Login-storm benchmark (decision 006): starts the production build on a fresh embedded
// database, on loopback only, then measures the storefront page `GET /`
//   1. with no load (the reference): SAMPLES requests one after the other;
//   2. while LOGINS requests with an invalid body arrive at once (the control: the cost of
//      that many connections, without any password check or database work);
//   3. while LOGINS failed logins arrive at once, each from its own loopback address
//      (127.0.1.x, 127.0.2.x …) and for its own unknown username, so that no per-client or
//      per-account limit stops it before the password check.
// In 2 and 3, SAMPLES page requests start every 20 ms during the storm, each timed on its own.
// Prints median and p95 of each, the ratio to no load, and how the storms were answered.
// Bounded: fixed counts, a time limit, and it stops the server it started.
// Usage: npm run build && node scripts/bench-login-storm.mjs [logins=200] [samples=50]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const LOGINS = Number(process.argv[2] ?? 200);
const SAMPLES = Number(process.argv[3] ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 4211);
const HOST = '127.0.0.1';
const deadline = Date.now() + 3 * 60_000;

if (!fs.existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-login-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ADMIN_PASSWORD: 'bench-admin-password',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);
const timer = setTimeout(() => {
  console.error('Benchmark took longer than its time limit; stopping.');
  process.exit(1);
}, deadline - Date.now());
timer.unref();

/** One request on its own connection; answers status and milliseconds taken. */
function request({ method = 'GET', urlPath = '/', body, localAddress }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: HOST,
        port: PORT,
        method,
        path: urlPath,
        localAddress,
        agent: false,
        headers: body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {},
        timeout: 60_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

async function waitHealthy() {
  while (Date.now() < deadline) {
    try {
      if ((await request({ urlPath: '/healthz' })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (values) => ({
  median: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

await waitHealthy();
// Warm up: the first page and the first password check pay one-off costs.
for (let i = 0; i < 5; i += 1) await request({});
await request({
  method: 'POST',
  urlPath: '/api/staff/login',
  body: JSON.stringify({ username: 'warm.up', password: 'not-the-password' }),
  localAddress: '127.0.0.250',
});

const reference = [];
for (let i = 0; i < SAMPLES; i += 1) {
  const { status, ms } = await request({});
  if (status !== 200) throw new Error(`GET / answered ${status}`);
  reference.push(ms);
}

/** LOGINS requests at once, each from its own address; pages timed meanwhile. */
async function storm(bodyOf) {
  const started = performance.now();
  const logins = Array.from({ length: LOGINS }, (_, i) =>
    request({
      method: 'POST',
      urlPath: '/api/staff/login',
      body: bodyOf(i),
      localAddress: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`,
    }).then(
      (result) => ({ ...result, done: performance.now() - started }),
      (error) => ({ status: `error ${error.code ?? error.message}`, done: 0 }),
    ),
  );
  const pages = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    pages.push(request({}));
    await sleep(20);
  }
  const during = await Promise.all(pages);
  const answered = await Promise.all(logins);
  const statuses = {};
  for (const { status } of answered) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    pages: summary(during.map((page) => page.ms)),
    pageErrors: during.filter((page) => page.status !== 200).length,
    statuses,
    seconds: Math.max(...answered.map((login) => login.done)) / 1000,
  };
}

// The control: as many requests at once that fail validation (400) before any password check
// or database work, to tell the cost of the connections from the cost of the logins.
const control = await storm(() => '{}');
const failed = await storm((i) =>
  JSON.stringify({ username: `storm.${i}`, password: `wrong-password-${i}` }),
);

const quiet = summary(reference);
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const line = (label, { pages, pageErrors }) =>
  console.log(
    `  ${label.padEnd(34)} median ${fmt(pages.median)}, p95 ${fmt(pages.p95)}, max ${fmt(pages.max)}` +
      (pageErrors ? ` (${pageErrors} not 200)` : ''),
  );
const answers = ({ statuses, seconds }) =>
  `${Object.entries(statuses)
    .map(([status, n]) => `${n} x ${status}`)
    .join(', ')} in ${seconds.toFixed(1)} s`;

console.log('Login-storm benchmark (one process, embedded database, loopback)');
console.log(
  `  ${`GET / with no load (${SAMPLES}):`.padEnd(34)} median ${fmt(quiet.median)}, p95 ${fmt(quiet.p95)}`,
);
line(`GET / during ${LOGINS} invalid requests:`, control);
line(`GET / during ${LOGINS} failed logins:`, failed);
console.log(
  `  ${'ratio to no load:'.padEnd(34)} median ${(failed.pages.median / quiet.median).toFixed(1)}x, p95 ${(failed.pages.p95 / quiet.p95).toFixed(1)}x`,
);
console.log(`  ${'invalid requests answered:'.padEnd(34)} ${answers(control)}`);
console.log(`  ${'failed logins answered:'.padEnd(34)} ${answers(failed)}`);
const pageErrors = control.pageErrors + failed.pageErrors;
stop();
process.exit(pageErrors === 0 ? 0 : 1);
