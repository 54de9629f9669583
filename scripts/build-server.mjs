// Bundles the server into dist/server: main.js, the entry, loads only the configuration and
// Node's own modules, and starts the embedded database's first copy and the first admin's
// password hash before it imports the rest of the server (src/server/start.ts), which esbuild
// splits into chunks beside it (docs/architecture.md, "First start"). Our own code and the
// packages it uses are bundled (a start resolves and reads a few chunks instead of hundreds of
// files in node_modules: docs/performance.md, "Start-up beside a bare Fastify server"), but for
// those in EXTERNAL.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const OUT = 'dist/server';

/**
 * Packages loaded from node_modules at run time: PGlite reads its WebAssembly and data files
 * beside its own code, pino starts its transports from files of its own, sharp is native, and
 * pg-native is an optional part of pg that is not installed.
 */
export const EXTERNAL = ['@electric-sql/pglite', 'pino', 'thread-stream', 'sharp', 'pg-native'];

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
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  // The bundled CommonJS packages call require(): an ES module has none of its own.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
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
