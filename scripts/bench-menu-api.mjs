// Menu API benchmark (docs/architecture.md "Public reads from memory"): how close
// GET /api/menu/items, served from memory (src/server/http/public-cache.ts), comes to a bare
// Fastify route sending the same bytes.
//
// Starts the production build on loopback, on a fresh embedded database (PGlite) and, when
// the local PostgreSQL answers, on a fresh PostgreSQL database it creates and drops. Next to
// it, a bare Fastify process with one route per answer, each sending the bytes the real
// server sent (plain and brotli). Each route gets autocannon for DURATION seconds after a
// 1 s warm-up, one at a time, in turns with its bare twin (ROUNDS times, medians kept); the
// table gives req/s and the ratio to the bare route with the same bytes. The target: at
// least 0.5 for GET /api/menu/items on both databases.
//
// NOTE: the bare server runs in a process of its own, as the real one does: sharing the
// benchmark's event loop with autocannon would slow it and flatter the ratio.
//
// Bounded: fixed durations, a time limit, and it stops what it started.
// Usage: npm run build && node scripts/bench-menu-api.mjs [seconds=5] [connections=10] [rounds=3]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION = Number(process.argv[2] ?? 5);
const CONNECTIONS = Number(process.argv[3] ?? 10);
const ROUNDS = Number(process.argv[4] ?? 3);
// NOTE: not 4190, which fetch refuses (a "bad port" in the Fetch standard).
const APP_PORT = 4220;
const BARE_PORT = 4221;
const POSTGRES = 'postgres://postgres@127.0.0.1:5432';
const deadline = Date.now() + 10 * 60_000;

if (!fs.existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

const children = new Set();
const cleanups = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
  for (const cleanup of cleanups) cleanup();
});
process.on('SIGINT', () => process.exit(130));

async function waitFor(url) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

function start(args, env) {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      children.delete(child);
    },
  };
}

/** The built server on one database. */
async function startApp(env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-menu-'));
  const server = start(['dist/server/main.js'], {
    PORT: String(APP_PORT),
    DATA_DIR: dataDir,
    // Set, so the first start prints no generated password.
    ADMIN_PASSWORD: 'bench-admin-password',
    ...env,
  });
  await waitFor(`http://127.0.0.1:${APP_PORT}/healthz`);
  return {
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify: each path sends its bytes as they are, nothing else. */
async function startBare(routes) {
  const file = path.join(os.tmpdir(), `bench-bare-${process.pid}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      routes.map(({ url, body, encoding }) => ({ url, body: body.toString('base64'), encoding })),
    ),
  );
  cleanups.push(() => fs.rmSync(file, { force: true }));
  const source = `
    import fs from 'node:fs';
import http from 'node:http';
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    for (const { url, body, encoding } of JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8'))) {
      const bytes = Buffer.from(body, 'base64');
      app.get(url, (_request, reply) => {
        if (encoding) reply.header('content-encoding', encoding);
        return reply.type('application/json; charset=utf-8').send(bytes);
      });
    }
    app.get('/healthz', () => 'ok');
    await app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });
  `;
  // Run from the project folder (npm run does), so `fastify` resolves to this project's.
  const server = start(['--input-type=module', '-e', source], {});
  await waitFor(`http://127.0.0.1:${BARE_PORT}/healthz`);
  return server;
}

async function measure(url, headers = {}) {
  const options = { url, headers, connections: CONNECTIONS };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION });
  const codes = Object.entries(result.statusCodeStats ?? {});
  const expected = headers['if-none-match'] ? '304' : '200';
  if (result.errors || codes.some(([code]) => code !== expected)) {
    const statuses = codes.map(([code, { count }]) => `${code}×${count}`).join(' ');
    console.warn(`  ${url}: ${result.errors} errors, status ${statuses}`);
  }
  return result.requests.average;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One answer's bytes as sent, not decoded (fetch would decode brotli and ask for it). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
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

async function onPostgres(work) {
  const name = `bench_menu_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    return await work(`${POSTGRES}/${name}`);
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const rows = [];
let bare;

async function runOn(database, env) {
  const app = await startApp(env);
  try {
    const base = `http://127.0.0.1:${APP_PORT}`;
    const plain = await rawGet(`${base}/api/menu/items`);
    const br = await rawGet(`${base}/api/menu/items`, { 'accept-encoding': 'br' });
    if (br.headers['content-encoding'] !== 'br') throw new Error('the menu was not sent brotli');
    // The same bytes on both databases (the demo menu), so one bare server serves both runs.
    bare ??= await startBare([
      { url: '/items', body: plain.body },
      { url: '/items-br', body: br.body, encoding: 'br' },
    ]);
    const bareBase = `http://127.0.0.1:${BARE_PORT}`;
    const runs = [
      [`GET /api/menu/items (${plain.body.length} B)`, '/api/menu/items', {}, '/items'],
      [
        `GET /api/menu/items, br (${br.body.length} B)`,
        '/api/menu/items',
        { 'accept-encoding': 'br' },
        '/items-br',
      ],
      ['GET /api/menu/items, 304', '/api/menu/items', { 'if-none-match': plain.headers.etag }],
      ['GET /api/shop-status', '/api/shop-status', {}],
    ];
    for (const [label, url, headers, bareUrl] of runs) {
      // Taken in turns with the bare route, ROUNDS times, and the medians compared: on a
      // shared machine the load moves between runs.
      const ours = [];
      const theirs = [];
      for (let round = 0; round < (bareUrl ? ROUNDS : 1); round += 1) {
        if (bareUrl) theirs.push(await measure(`${bareBase}${bareUrl}`));
        ours.push(await measure(`${base}${url}`, headers));
      }
      const reqPerSec = median(ours);
      const against = bareUrl ? median(theirs) : null;
      rows.push({
        route: `${database}: ${label}`,
        reqPerSec,
        bare: against,
        ratio: against ? reqPerSec / against : null,
      });
    }
  } finally {
    await app.stop();
  }
}

await runOn('PGlite', {});
if (await postgresReachable()) {
  await onPostgres((url) => runOn('PostgreSQL', { DATABASE_URL: url }));
} else {
  console.warn(`\n  PostgreSQL at ${POSTGRES} did not answer: measured on PGlite only.\n`);
}
await bare?.stop();

console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s per run, median of ${ROUNDS} against bare, ${os.cpus().length} cores, Node ${process.version}\n`,
);
const column = (value, width) => (value === null ? '' : String(Math.round(value))).padStart(width);
console.log(`${'route'.padEnd(44)} ${'req/s'.padStart(7)} ${'bare'.padStart(7)}  ratio to bare`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(44)} ${column(row.reqPerSec, 7)} ${column(row.bare, 7)}  ${row.ratio === null ? '' : row.ratio.toFixed(2)}`,
  );
}

// For scripts/bench-summary.mjs.
const resultsDir = process.env.BENCH_RESULTS_DIR ?? path.join(os.tmpdir(), 'shop-bench');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'menu.json'), JSON.stringify(rows, null, 2));
