// Lighthouse on the public pages of a running production build (docs/performance.md,
// decision 016): `/`, `/track` and `/checkout`, mobile preset (Lighthouse's default: a Moto G
// Power sized screen, simulated slow 4G and a 4x slower CPU), in Debian's Chromium, side by side
// with a bare React page built by the same Vite (bench/bare-react, scripts/bare-react-page.mjs):
// a busy machine moves both. Prints the four category scores and LCP, CLS and TBT per page. Low
// scores do not fail the run; only a crash does.
//
//   npm run build && npm run serve            # in one shell
//   npm run lighthouse [-- http://127.0.0.1:3000] [--runs=3] [--json=/tmp/lh]
//   npm run lighthouse -- --start [--bench]   # starts the build itself on a fresh database;
//                                             # --bench writes $BENCH_RESULTS_DIR/lighthouse.json
//
// The pages are measured in turns, `runs` rounds (default 3), and each page's median run by
// performance is shown.
// `/checkout` is measured with two lines in the cart (seeded in localStorage from /robots.txt,
// which loads no app code), the page a customer actually sees; the others with an empty one.
// Lighthouse downloads nothing: the browser is the installed one and every audit runs locally.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startBarePage } from './bare-react-page.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const hit = args.find((arg) => arg.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const runs = Math.max(1, Number(option('runs', '3')));
const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? path.join(os.tmpdir(), 'shop-bench');

/** The production build on a fresh embedded database, for `--start`. */
async function startShop() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-shop-'));
  const port = 4600 + Math.floor(Math.random() * 300);
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error('the shop did not start');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 600) throw new Error('the shop did not answer /healthz within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const shop = args.includes('--start') ? await startShop() : null;
const base = (
  shop?.url ??
  args.find((arg) => !arg.startsWith('--')) ??
  'http://127.0.0.1:3000'
).replace(/\/$/, '');
const bare = await startBarePage();
const BARE = 'bare React page';
const jsonDir = option('json', '');
const PAGES = ['/', '/track', '/checkout'];
// Two lines from the demo menu; the server prices an order itself, so only the shape matters.
const CART = {
  state: {
    lines: [
      {
        id: 'texas-brisket-plate-1',
        menuItemId: 'brisket-plate',
        name: 'Texas Brisket Plate',
        price: 16.9,
        quantity: 1,
        customizations: { sauce: 'Spicy BBQ', addOns: [] },
        image: '/images/menu/brisket-plate.svg',
      },
      {
        id: 'breakfast-burrito-1',
        menuItemId: 'breakfast-burrito',
        name: 'Smokehouse Breakfast Burrito',
        price: 8.9,
        quantity: 2,
        customizations: { sauce: null, addOns: [] },
        image: '/images/menu/breakfast-burrito.svg',
      },
    ],
  },
  version: 0,
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  logLevel: 'silent',
});

const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const tab = await browser.newPage();

/** Lighthouse resets caches, service workers and Cache Storage per run, not localStorage. */
async function setCart(lines) {
  await tab.goto(`${base}/robots.txt`);
  await tab.evaluate(
    (cart) => {
      localStorage.clear();
      if (cart) localStorage.setItem('cart-storage', cart);
    },
    lines ? JSON.stringify(CART) : null,
  );
}

/** One Lighthouse run of `page` (a path of the shop, or the bare page). */
async function measure(page) {
  for (let failures = 0; ;) {
    if (page !== BARE) await setCart(page === '/checkout');
    const result = await lighthouse(
      page === BARE ? bare.url : `${base}${page}`,
      { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      undefined,
      tab,
    );
    if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    // A lost trace (NO_NAVSTART and the like) happens now and then on a busy machine.
    failures += 1;
    console.log(`${page}: ${error.code}${failures < 3 ? ', again' : ''}`);
    if (failures >= 3) throw new Error(`${page}: ${error.code} ${error.message}`);
  }
}

const rows = [];
try {
  // In turns, so the machine's load moves every page's runs alike.
  const measured = new Map([...PAGES, BARE].map((page) => [page, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const page of measured.keys()) measured.get(page).push(await measure(page));
  }
  for (const [page, results] of measured) {
    results.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
    const { lhr, report } = results[Math.floor(results.length / 2)];
    if (jsonDir) {
      fs.mkdirSync(jsonDir, { recursive: true });
      const name =
        page === BARE ? 'bare-react' : page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
      fs.writeFileSync(path.join(jsonDir, `${name}.json`), report);
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id];
    rows.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      LCP: audit('largest-contentful-paint').displayValue,
      CLS: audit('cumulative-layout-shift').displayValue,
      TBT: audit('total-blocking-time').displayValue,
      tbtMs: Math.round(audit('total-blocking-time').numericValue),
    });
    // What cost points, so a low score says why.
    const failing = Object.values(lhr.categories)
      .flatMap((category) => category.auditRefs)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 0.9 &&
          !['manual', 'notApplicable', 'informative'].includes(a.scoreDisplayMode),
      );
    const unique = [...new Map(failing.map((a) => [a.id, a])).values()];
    if (unique.length > 0) {
      console.log(
        `${page}: below 90: ${unique.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`,
      );
    }
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  await bare.close();
  await shop?.stop();
}

// Simulated throttling scales what this machine's CPU did: on a loaded machine TBT and the
// paints come out slower than a phone would see them. Say how loaded it was.
const load = os.loadavg()[0].toFixed(1);
console.log(
  `\nLighthouse ${lighthouseVersion()} mobile, ${base}, ${chromiumPath()}, ` +
    `${runs} run(s) a page (median), load average ${load} on ${os.cpus().length} CPUs`,
);
console.table(rows.map(({ tbtMs: _tbtMs, ...row }) => row));
console.log(
  `The bare React page's JavaScript: ${(bare.javascriptGzip / 1024).toFixed(1)} KB gzip.`,
);
if (args.includes('--bench')) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(RESULTS_DIR, 'lighthouse.json'),
    JSON.stringify({ runs, load: Number(load), bare: BARE, rows }, null, 2),
  );
}

function lighthouseVersion() {
  const file = new URL('../node_modules/lighthouse/package.json', import.meta.url);
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}
