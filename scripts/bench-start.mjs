// Start time and idle memory (docs/performance.md, docs/architecture.md "First start"): the
// production build started on an empty DATA_DIR (first start: the database is made, migrated and
// seeded) and again on the same folder (second start), on the embedded database and on a fresh
// PostgreSQL database (created and dropped here), and a bare Fastify server with the same
// /healthz (bench/bare-fastify/server.mjs) as the reference, started the same way in the same
// run. Start = spawn to the first 200 from /healthz; idle memory = the process's resident set
// 3 s after that. Median of RUNS runs each.
// Writes $BENCH_RESULTS_DIR/start.json (default /tmp/shop-bench) for scripts/bench-summary.mjs.
// Usage: npm run build && node scripts/bench-start.mjs [runs=3]
// BENCH_SERVER_DIR=<folder with dist/server/main.js> measures another build.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const RUNS = Number(process.argv[2] ?? 3);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const SERVER_DIR = path.resolve(process.env.BENCH_SERVER_DIR ?? '.');
const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? path.join(os.tmpdir(), 'shop-bench');
const serverMain = path.join(SERVER_DIR, 'dist/server/main.js');
if (!fs.existsSync(serverMain)) {
  console.error(`${serverMain} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const statusField = (pid, field) =>
  Number(
    new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1],
  ) / 1024;

/** One start: ms to /healthz, MiB resident 3 s later, and the peak. */
async function startOnce(env, main = serverMain) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited during start');
      if (performance.now() - started > 120_000) throw new Error('no /healthz in 2 minutes');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return {
      ms,
      rssMiB: statusField(child.pid, 'VmRSS'),
      peakMiB: statusField(child.pid, 'VmHWM'),
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function series(label, makeEnv, main = serverMain) {
  const first = [];
  const second = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { env, cleanup } = await makeEnv();
    try {
      first.push(await startOnce(env, main));
      second.push(await startOnce(env, main));
    } finally {
      await cleanup();
    }
  }
  const summary = (runs) => ({
    ms: median(runs.map((run) => run.ms)),
    rssMiB: median(runs.map((run) => run.rssMiB)),
    peakMiB: median(runs.map((run) => run.peakMiB)),
  });
  return { database: label, first: summary(first), second: summary(second) };
}

const results = [];
results.push(
  await series(
    'bare Fastify',
    async () => ({ env: {}, cleanup: async () => undefined }),
    path.resolve('bench/bare-fastify/server.mjs'),
  ),
);
results.push(
  await series('PGlite', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
    return {
      env: { DATA_DIR: dataDir },
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }),
);

const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
let postgres = true;
await admin.connect().catch(() => {
  postgres = false;
});
if (postgres) {
  results.push(
    await series('PostgreSQL', async () => {
      const name = `bench_start_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database "${name}"`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: `${POSTGRES}/${name}` },
        cleanup: async () => {
          await admin.query(`drop database if exists "${name}" with (force)`);
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }),
  );
  await admin.end();
} else {
  console.warn(`PostgreSQL at ${POSTGRES} did not answer: measured on PGlite only.`);
}

console.log(
  `\nStart to /healthz and memory 3 s later, median of ${RUNS}, load ${os.loadavg()[0].toFixed(1)}`,
);
console.log('database      first start   RSS     peak   | second start  RSS');
for (const row of results) {
  console.log(
    `${row.database.padEnd(12)} ${row.first.ms.toFixed(0).padStart(8)} ms ${row.first.rssMiB.toFixed(0).padStart(4)} MiB ${row.first.peakMiB.toFixed(0).padStart(4)} MiB | ${row.second.ms.toFixed(0).padStart(8)} ms ${row.second.rssMiB.toFixed(0).padStart(4)} MiB`,
  );
}
fs.mkdirSync(RESULTS_DIR, { recursive: true });
fs.writeFileSync(
  path.join(RESULTS_DIR, 'start.json'),
  JSON.stringify({ server: SERVER_DIR, runs: RUNS, results }, null, 2),
);
