// Bundles the server into dist/server: main.js, the entry, loads only the configuration and
// Node's own modules, and starts the embedded database's first copy and the first admin's
// password hash before it imports the rest of the server (src/server/start.ts), which esbuild
// splits into chunks beside it (docs/architecture.md, "First start"). Our own code (and the
// #shared/#server aliases) is bundled; packages from node_modules stay external.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const OUT = 'dist/server';

/** esbuild's options (tests/server-entry.test.ts builds with them to check what main.js loads). */
/** @type {import('esbuild').BuildOptions} */
export const SERVER_BUILD = {
  entryPoints: ['src/server/main.ts'],
  outdir: OUT,
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Chunks carry a hash in their name: the last build's would stay beside the new ones.
  for (const file of fs.existsSync(OUT) ? fs.readdirSync(OUT) : []) {
    if (/\.js(\.map)?$/.test(file)) fs.rmSync(`${OUT}/${file}`);
  }
  await build(SERVER_BUILD);
  console.log(`server built: ${OUT}/main.js and its chunks`);
}
