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

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), stampServiceWorker()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
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
});
