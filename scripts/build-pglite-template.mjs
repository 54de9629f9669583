// The embedded database's first-start template (docs/architecture.md "First start"): a fresh PGlite
// runs initdb, which costs seconds of CPU and a second WebAssembly instance (~900 MB peak). This
// makes, at build time, an empty database with every migration applied, in the folder
// dist/server/pglite-template, with a note of the PGlite version and migrations it holds
// (pglite-template.json). The server's first start on an empty DATA_DIR copies the folder
// (src/server/db/pglite-template.ts) instead of running initdb, then runs the migrations as usual
// (no-ops, or forward if the template is older). A template of another PGlite version is not used.
// Settings, hours and the demo menu are not in it: ensureBaseData adds them at start, as SEED_DEMO
// says.
//
// The template holds only the database the server uses (scripts/pglite-unused-databases.mjs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { dropUnusedDatabases } from './pglite-unused-databases.mjs';

const MIGRATIONS_DIR = 'src/server/db/migrations';
const OUT = 'dist/server/pglite-template';
const NOTE = `${OUT}.json`;

function pgliteVersion() {
  const manifest = JSON.parse(
    fs.readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'),
  );
  return manifest.version;
}

function migrationsHash() {
  const hash = createHash('sha256');
  const files = fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

const started = performance.now();
const building = `${OUT}.building`;
fs.rmSync(building, { recursive: true, force: true });
fs.mkdirSync(path.dirname(OUT), { recursive: true });
const client = new PGlite(building);
await client.waitReady;
await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
await dropUnusedDatabases((sql) => client.exec(sql));
// A clean shutdown point, so a copy starts without replaying WAL.
await client.exec('checkpoint');
await client.close();
fs.rmSync(OUT, { recursive: true, force: true });
fs.rmSync(`${OUT}.tar.gz`, { force: true });
fs.rmSync(`${OUT}.tar.gz.json`, { force: true });
fs.renameSync(building, OUT);
fs.writeFileSync(
  NOTE,
  JSON.stringify({ pglite: pgliteVersion(), migrations: migrationsHash() }, null, 2),
);
const bytes = fs
  .readdirSync(OUT, { recursive: true, encoding: 'utf8' })
  .map((file) => fs.statSync(path.join(OUT, file)))
  .filter((stat) => stat.isFile())
  .reduce((sum, stat) => sum + stat.size, 0);
console.log(
  `PGlite template built: ${OUT}/ (${(bytes / 1024 / 1024).toFixed(1)} MB, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
