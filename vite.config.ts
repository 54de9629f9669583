import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, minify, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The client lives in src/client; `npm run build` writes dist/client, which the server serves.
// In `npm run dev` the API runs on API_PORT (3001) and Vite proxies to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * Stamps the service worker with a hash of everything else the build wrote, so a build that
 * changes the app also changes /sw.js and browsers run the update flow (spec customer-site §4),
 * and with the storefront's on-demand chunks it keeps for offline use (`onDemandChunks`).
 */
function stampServiceWorker(onDemand: Set<string>): Plugin {
  let outDir = '';
  return {
    name: 'stamp-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const worker = path.join(outDir, 'sw.js');
      const hash = createHash('sha256');
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file !== 'sw.js' && !file.endsWith('.map'))
        .sort();
      for (const file of files) {
        const full = path.join(outDir, file);
        if (!fs.statSync(full).isFile()) continue;
        hash.update(file).update(fs.readFileSync(full));
      }
      let source = fs.readFileSync(worker, 'utf8');
      const stamps: [line: string, stamped: string][] = [
        ["const VERSION = 'dev';", `const VERSION = '${hash.digest('hex').slice(0, 12)}';`],
        ['const ON_DEMAND = [];', `const ON_DEMAND = ${JSON.stringify([...onDemand].sort())};`],
      ];
      for (const [line, stampedLine] of stamps) {
        if (!source.includes(line)) throw new Error(`sw.js: the line "${line}" was not found`);
        source = source.replace(line, stampedLine);
      }
      fs.writeFileSync(worker, source);
    },
  };
}

/**
 * The chunks the storefront loads on demand (its dialogs, its footer, a toast; decision 016),
 * for the service worker to keep for offline use from the first visit on: written into
 * /sw.js (`ON_DEMAND`) by `stampServiceWorker`, which precaches them as it installs. The page
 * itself does not prefetch them: a first visit downloads only what its screen uses
 * (tests/e2e/javascript-budget.spec.ts), and /track, /checkout and the back office never ask for
 * the storefront's dialogs at all.
 *
 * The chunks are every `import()` the given modules make, read from the build's module graph, so
 * a new on-demand part of the storefront is kept offline without a list to keep
 * (tests/e2e/pwa-offline-first-visit.spec.ts).
 */
function onDemandChunks(importers: string[], files: Set<string>): Plugin {
  const wanted = new Set<string>();
  return {
    name: 'on-demand-chunks',
    apply: 'build',
    buildEnd() {
      wanted.clear();
      for (const importer of importers) {
        const info = this.getModuleInfo(path.resolve(importer));
        if (!info) throw new Error(`on-demand-chunks: ${importer} is not in the build`);
        if (info.dynamicallyImportedIds.length === 0) {
          throw new Error(`on-demand-chunks: ${importer} loads nothing on demand`);
        }
        info.dynamicallyImportedIds.forEach((id) => wanted.add(id));
      }
    },
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const visit = (fileName: string) => {
        const chunk = chunks.find((candidate) => candidate.fileName === fileName);
        if (!chunk || chunk.isEntry || files.has(`/${fileName}`)) return;
        files.add(`/${fileName}`);
        chunk.imports.forEach(visit);
      };
      for (const id of wanted) {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk) throw new Error(`on-demand-chunks: no chunk for ${id}`);
        visit(chunk.fileName);
      }
    },
  };
}

/**
 * First paint on a phone (issue 11 item 3; decision 016):
 * - the storefront's stylesheet is written into the page (a <style>, which the CSP allows), so
 *   the first paint waits for no second request;
 * - the first screen of `/`, `/track` and `/checkout` is written into their page, rendered from
 *   the app's own components by the prerender build (src/client/prerender, built first by
 *   `npm run build`), so a phone paints it as the HTML arrives. It sits in an inert, hidden
 *   wrapper: nothing in it answers a tap or a screen reader until the app replaces it with the
 *   same screen, live (main.tsx);
 * - `index.html` (for `/`) alone preloads the hero image; `shell.html`, the page with an empty
 *   root and no preload, is for every other page path, and `pages/track.html` and
 *   `pages/checkout.html` are that page with their first screen (src/server/http/static-files.ts).
 */
function firstPaintHtml(): Plugin {
  const HERO_PRELOAD = /\s*<link\s+rel="preload"\s+as="image"[^>]*>/;
  const ROOT = '<div id="root"></div>';
  const APP_SCRIPT = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/;
  const PRERENDER = path.resolve('dist/prerender/prerender.js');
  /** The markup inside the page's root: inert, hidden, and with nothing a test could mistake for the live app. */
  const firstScreen = (markup: string) =>
    `<div id="root"><div inert aria-hidden="true" data-prerendered="">${markup
      // React adds preloads of the images it renders; the page names its own.
      .replace(/<link rel="preload"[^>]*>/g, '')
      .replace(/ data-testid="[^"]*"/g, '')}</div></div>`;
  return {
    name: 'first-paint-html',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (tag, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') throw new Error(`first-paint-html: no ${fileName}`);
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('first-paint-html: no index.html');
      const page = String(index.source);
      if (!HERO_PRELOAD.test(page)) throw new Error('first-paint-html: no hero preload');
      if (!page.includes(ROOT)) throw new Error('first-paint-html: no empty root');
      if (!fs.existsSync(PRERENDER)) {
        throw new Error(`first-paint-html: no ${PRERENDER}; \`npm run build\` makes it first`);
      }
      const { prerenderPages } = (await import(
        pathToFileURL(PRERENDER).href
      )) as typeof import('./src/client/prerender/prerender.tsx');
      const screens = prerenderPages();
      // A page with a first screen starts with boot.js, which fetches the app once that screen
      // is painted; the page names the app for it (and for the service worker's precache).
      const entry = APP_SCRIPT.exec(page);
      if (!entry) throw new Error('first-paint-html: no entry script');
      // Minified like the app, but an asset of its own: as a chunk, the `$initial` group below
      // would fold it into the app's chunk.
      const bootSource = fs.readFileSync(path.resolve('src/client/boot.js'), 'utf8');
      const minified = await minify('boot.js', bootSource);
      if (minified.errors.length > 0) throw new Error(`first-paint-html: boot.js does not minify`);
      const boot = this.getFileName(
        this.emitFile({ type: 'asset', name: 'boot.js', source: minified.code }),
      );
      const withScreen = (html: string, markup: string) =>
        html
          .replace(
            entry[0],
            `<meta name="app-script" content="/${entry[1]}">\n    <script type="module" src="/${boot}"></script>`,
          )
          .replace(ROOT, firstScreen(markup));
      const shell = page.replace(HERO_PRELOAD, '');
      index.source = withScreen(page, screens['/']);
      this.emitFile({ type: 'asset', fileName: 'shell.html', source: shell });
      for (const [pagePath, markup] of Object.entries(screens)) {
        if (pagePath === '/') continue;
        this.emitFile({
          type: 'asset',
          fileName: `pages${pagePath}.html`,
          source: withScreen(shell, markup),
        });
      }
    },
  };
}

/**
 * react-router's package points every import at its development build, which keeps its
 * development warnings (and their code) in production; the production build beside it differs
 * only in those. The client build takes the production one (decision 016).
 */
const reactRouterProduction = (file: string) =>
  path.resolve('node_modules/react-router/dist/production', file);

/** Filled by `onDemandChunks` as the client build is written, read by `stampServiceWorker`. */
const storefrontOnDemand = new Set<string>();

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // The prerender build (`vite build --ssr`, src/client/prerender) makes only a module for Node.
    ...(isSsrBuild
      ? []
      : [
          onDemandChunks(
            [
              // Its footer.
              'src/client/features/storefront/home-page.tsx',
              // The dialogs of the home page and the table page.
              'src/client/features/storefront/on-demand-dialogs.tsx',
              'src/client/components/ui/toast.tsx',
            ],
            storefrontOnDemand,
          ),
          firstPaintHtml(),
          stampServiceWorker(storefrontOnDemand),
        ]),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
          ]
        : [],
  },
  build: isSsrBuild
    ? {
        // The module that renders the first screens (src/client/prerender), for the build only.
        outDir: '../../dist/prerender',
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        sourcemap: true,
        // .vite/manifest.json: scripts/check-js-budget.mjs walks it for what `/` loads (decision 016).
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Everything the entry imports statically, in one chunk: the automatic chunking
                // cut it into a dozen shared chunks, one of which took tailwind-merge along (a lazy
                // screen's `cn` sat with lucide's shared code), decision 016.
                { name: 'storefront', tags: ['$initial'] },
              ],
            },
          },
        },
      },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/objects': apiTarget,
      '/healthz': apiTarget,
      '/payments': apiTarget,
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
}));
