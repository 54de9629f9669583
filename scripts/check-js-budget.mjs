// The storefront's JavaScript budget (decision 016): what a phone downloads before `/` can run,
// gzip. That is the boot script `/` starts with (bootFiles), the entry chunk of index.html, which
// the boot script fetches, and every chunk it imports statically (index.html names them as
// modulepreloads), followed through their own static imports, plus the lazy chunks the home page
// imports as it starts (EAGER_AT_HOME). Chunks fetched later, on demand or while the page is idle
// (the storefront's dialogs), do not count.
//
// `npm run build` runs this after `vite build`: over the budget, the build fails.
// Usage: node scripts/check-js-budget.mjs [outDir] [--budget-kb=N]   (outDir: dist/client)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/**
 * The budget, KB of gzip (1 KB = 1024 bytes): decision 016's 110 KB. The storefront reached
 * 108.6 KB on 2026-11-25 (183.8 KB before decision 016), with react-router's declarative mode,
 * the toast's body and the footer loaded after the first paint.
 * See docs/decisions/016-storefront-javascript-budget.md. Never raise it to let a build through.
 */
export const BUDGET_KB = 110;

/** The HTML entry in Vite's manifest. */
export const ENTRY = 'index.html';

/**
 * Lazy modules (manifest keys, relative to src/client) the home page imports as it starts.
 * None today: the home route is in the entry and its dialogs load on demand.
 */
export const EAGER_AT_HOME = [];

/**
 * The manifest keys of the chunks `/` loads at start: `entry`, then each static import
 * depth-first, then `eager` and their static imports; each key once, in the order found.
 * Dynamic imports are not followed.
 */
export function initialChunks(manifest, entry = ENTRY, eager = EAGER_AT_HOME) {
  const order = [];
  const seen = new Set();
  const visit = (key, from) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no "${key}"${from ? ` (imported by ${from})` : ''}`);
    seen.add(key);
    order.push(key);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  visit(entry);
  for (const key of eager) visit(key);
  return order;
}

/**
 * The boot script `/` starts with (src/client/boot.js, copied into the build by vite.config.ts
 * `firstPaintHtml`): it fetches the entry once the first screen is painted, so both count.
 */
export function bootFiles(manifest) {
  return Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => /^assets\/boot-[\w-]+\.js$/.test(file));
}

/** gzip at the best level, as scripts/compress-client.mjs serves it. */
export function gzipSize(bytes) {
  return zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
}

/** Only the JavaScript counts (an entry's CSS is in `css`, not in `file`). */
export function javascriptFiles(manifest, keys) {
  return keys.map((key) => manifest[key].file).filter((file) => /\.m?js$/.test(file));
}

/** Total gzip bytes and whether it fits `budgetKb`. */
export function verdict(rows, budgetKb = BUDGET_KB) {
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const budget = budgetKb * 1024;
  return { total, budget, fits: total <= budget };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  const args = process.argv.slice(2);
  const budgetArg = args.find((arg) => arg.startsWith('--budget-kb='));
  const budgetKb = budgetArg ? Number(budgetArg.split('=')[1]) : BUDGET_KB;
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) throw new Error(`bad ${budgetArg}`);
  const outDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'dist/client');
  const manifestPath = path.join(outDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    console.error(`JS budget: ${manifestPath} is missing (vite.config.ts: build.manifest).`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const files = [...bootFiles(manifest), ...javascriptFiles(manifest, initialChunks(manifest))];
  const rows = files.map((file) => {
    const bytes = fs.readFileSync(path.join(outDir, file));
    return { file, raw: bytes.length, gzip: gzipSize(bytes) };
  });
  const { total, budget, fits } = verdict(rows, budgetKb);
  const width = Math.max(...rows.map((row) => row.file.length), 5);
  console.log(`JavaScript that / loads at start (gzip -9), budget ${kb(budget)}:`);
  console.log(`  ${'chunk'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`);
  for (const row of rows) {
    console.log(
      `  ${row.file.padEnd(width)}  ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(9)}`,
    );
  }
  console.log(`  ${'total'.padEnd(width)}  ${''.padStart(9)}  ${kb(total).padStart(9)}`);
  if (!fits) {
    console.error(
      `JS budget exceeded: / loads ${kb(total)} of JavaScript (gzip), over the budget of ` +
        `${kb(budget)} by ${kb(total - budget)}. See docs/decisions/016-storefront-javascript-budget.md.`,
    );
    process.exit(1);
  }
  console.log(`JS budget: ${kb(total)} of ${kb(budget)}, ${kb(budget - total)} to spare.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main();
}
