// The one table `npm run bench` ends with (docs/performance.md), from the JSON the bench scripts
// leave in $BENCH_RESULTS_DIR (default /tmp/shop-bench): start.json (bench-start.mjs), ws.json
// (bench-ws.mjs), menu.json (bench-menu-api.mjs), orders.json (bench-orders.mjs), growth.json
// (bench-growth.mjs), js-*.json (tests/e2e/javascript-budget.spec.ts, what a first visit
// downloads), lighthouse.json (lighthouse.mjs, beside a bare React page); without js-*.json, the
// storefront's JavaScript read here from dist/client: every script index.html loads or preloads,
// gzipped at level 9, summed. A figure whose script did not run shows as "-".
// `--reset` empties the folder first (npm run bench does, so no figure is from an older run).
// Usage: node scripts/bench-summary.mjs [--reset]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? path.join(os.tmpdir(), 'shop-bench');

if (process.argv.includes('--reset')) {
  fs.rmSync(RESULTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  process.exit(0);
}

const read = (name) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, name), 'utf8'));
  } catch {
    return null;
  }
};

/** The storefront's JavaScript: what index.html loads (script src, app-script, modulepreload). */
function storefrontJs() {
  const html = fs.readFileSync('dist/client/index.html', 'utf8');
  const files = new Set();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) files.add(match[1]);
  // The app, which the page's boot script fetches after the first paint (decision 016).
  for (const match of html.matchAll(/<meta name="app-script" content="([^"]+\.js)"/g)) {
    files.add(match[1]);
  }
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) {
    files.add(match[1]);
  }
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join('dist/client', file.replace(/^\//, '')));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, raw, gzip };
}

const rows = [];
const add = (what, value, against = '', ratio = '') => rows.push([what, value, against, ratio]);
const n = (value, digits = 0) =>
  value === null || value === undefined ? '-' : Number(value).toFixed(digits);

const firstVisits = fs.existsSync(RESULTS_DIR)
  ? fs
      .readdirSync(RESULTS_DIR)
      .filter((name) => /^js-.*\.json$/.test(name))
      .map((name) => read(name))
      .filter(Boolean)
  : [];
for (const visit of firstVisits) {
  add(
    `JS and styles a first visit downloads, ${visit.page} (${visit.files} files)`,
    `${(visit.bytes / 1024).toFixed(1)} KB gzip`,
    `budget ${visit.budgetKb} KB`,
    n(visit.bytes / 1024 / visit.budgetKb, 2),
  );
}
if (firstVisits.length === 0) {
  try {
    const js = storefrontJs();
    add(
      `storefront JS (${js.files} files index.html loads)`,
      `${(js.gzip / 1024).toFixed(1)} KiB gzip`,
      `${(js.raw / 1024).toFixed(1)} KiB raw`,
    );
  } catch {
    add('storefront JS', '- (no dist/client)');
  }
}

const lighthouse = read('lighthouse.json');
const bareRun = lighthouse?.rows.find((row) => row.page === lighthouse.bare);
for (const row of lighthouse?.rows ?? []) {
  if (row === bareRun) continue;
  add(
    `Lighthouse mobile ${row.page}: performance / total blocking time`,
    `${row.performance} / ${row.tbtMs} ms`,
    bareRun ? `bare React page ${bareRun.performance} / ${bareRun.tbtMs} ms` : '',
    bareRun ? n(row.performance / bareRun.performance, 2) : '',
  );
}
if (!lighthouse) add('Lighthouse (lighthouse.mjs --bench)', '-');

const menu = read('menu.json');
for (const database of ['PGlite', 'PostgreSQL']) {
  const row = menu?.find((entry) => entry.route.startsWith(`${database}: GET /api/menu/items (`));
  add(
    `menu API GET /api/menu/items, ${database}`,
    row ? `${n(row.reqPerSec)} req/s` : '-',
    row ? `bare ${n(row.bare)} req/s` : '',
    row ? n(row.ratio, 2) : '',
  );
}

const orders = read('orders.json');
for (const row of orders?.rows ?? []) {
  add(
    `paid orders/s, PostgreSQL, ${row.clients} clients`,
    `${n(row.perSecond)} orders/s`,
    `pgbench ${n(row.pgbenchTps)} tps`,
    n(row.ratio, 3),
  );
}
if (!orders) add('paid orders/s, PostgreSQL', '-');

const start = read('start.json');
for (const database of ['bare Fastify', 'PGlite', 'PostgreSQL']) {
  const row = start?.results.find((entry) => entry.database === database);
  add(
    `start to /healthz, ${database}: first / second`,
    row ? `${n(row.first.ms)} / ${n(row.second.ms)} ms` : '-',
  );
  add(
    `idle memory (RSS) after start, ${database}: first / second`,
    row ? `${n(row.first.rssMiB)} / ${n(row.second.rssMiB)} MiB` : '-',
    row ? `peak ${n(row.first.peakMiB)} MiB` : '',
  );
}

const ws = read('ws.json');
for (const instances of [1, 2]) {
  const row = ws?.find((entry) => entry.instances === instances);
  add(
    `WebSocket delay, ${row?.sockets ?? 1000} subscribers, ${instances === 1 ? 'one instance (PGlite)' : 'two instances (PostgreSQL)'}`,
    row ? `p50 ${n(row.p50, 1)} / p99 ${n(row.p99, 1)} ms` : '-',
    row ? `${row.delivered} of ${row.expected} delivered` : '',
  );
}

// Growth (bench-growth.mjs): each read with the most history against the same read with none.
const growth = read('growth.json');
if (growth) {
  const first = growth.stages[0];
  const last = growth.stages[growth.stages.length - 1];
  for (const [database, figures] of Object.entries(growth.results)) {
    for (const [name, at] of Object.entries(figures[last].reads)) {
      const base = figures[first].reads[name];
      add(
        `${name}, ${database}, ${last.toLocaleString('en')} past orders`,
        `${n(at.ms, 1)} ms`,
        `${n(base?.ms, 1)} ms at ${first}`,
        base ? n(at.ms / base.ms, 2) : '',
      );
    }
  }
} else {
  add('growth (bench-growth.mjs)', '-');
}

const header = ['measure', 'ours', 'against', 'ratio to it'];
const widths = [0, 1, 2, 3].map((column) =>
  Math.max(...[header, ...rows].map((row) => row[column].length)),
);
const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(
  `\nSummary (${os.cpus().length} cores, Node ${process.version}, load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')})\n`,
);
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
