import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The client lives in src/client; `npm run build` writes dist/client, which the server serves.
// In `npm run dev` the API runs on API_PORT (3001) and Vite proxies to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * Stamps the service worker with a hash of everything else the build wrote, so a build that
 * changes the app also changes /sw.js and browsers run the update flow (issue 5, PWA).
 */
function stampServiceWorker(): Plugin {
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
      const source = fs.readFileSync(worker, 'utf8');
      const stamped = source.replace(
        "const VERSION = 'dev';",
        `const VERSION = '${hash.digest('hex').slice(0, 12)}';`,
      );
      if (stamped === source) throw new Error('sw.js: the VERSION line to stamp was not found');
      fs.writeFileSync(worker, stamped);
    },
  };
}

/**
 * `<link rel="prefetch">` for the chunks the storefront loads on demand (its dialogs, a toast;
 * decision 016): the browser fetches them at idle priority once the page is up, and the service worker,
 * which precaches every /assets/ file the page names (public/sw.js), keeps them for offline use
 * from the first visit on. Not modulepreload: `/` does not wait for them, and
 * scripts/check-js-budget.mjs does not count them.
 */
function prefetchOnDemandChunks(sources: string[]): Plugin {
  return {
    name: 'prefetch-on-demand-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          if (!chunk || chunk.isEntry || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const source of sources) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(source));
          if (!chunk) throw new Error(`prefetch-on-demand-chunks: no chunk for ${source}`);
          visit(chunk.fileName);
        }
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'prefetch', href: `/${file}`, crossorigin: true },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * First paint on a phone (issue 11 item 3; decision 016): the storefront's stylesheet is written
 * into the page (a <style>, which the CSP allows), so the first paint waits for no second request,
 * and `shell.html` is the same page without the hero image's preload, for every page path but `/`
 * (src/server/http/static-files.ts): on /track or /checkout the picture they never show would take
 * a slow line's bandwidth from the script.
 */
function firstPaintHtml(): Plugin {
  const HERO_PRELOAD = /\s*<link\s+rel="preload"\s+as="image"[^>]*>/;
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
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('first-paint-html: no index.html');
      const page = String(index.source);
      if (!HERO_PRELOAD.test(page)) throw new Error('first-paint-html: no hero preload');
      this.emitFile({
        type: 'asset',
        fileName: 'shell.html',
        source: page.replace(HERO_PRELOAD, ''),
      });
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

export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    prefetchOnDemandChunks([
      'src/client/features/storefront/components/storefront-dialogs.ts',
      'src/client/components/ui/toast-item.tsx',
    ]),
    firstPaintHtml(),
    stampServiceWorker(),
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
  build: {
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
