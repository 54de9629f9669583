/**
 * Global setup of the `pglite` project: a migrated PGlite data folder that each test file
 * copies and opens with the product's openDatabase({ pgliteDir }) (tests/setup/test-database.ts).
 *
 * NOTE: a fresh PGlite runs initdb, about 2.5 s of CPU per instance on our 2-core machines;
 * opening a copy of an initialised folder takes about 0.3 s. Migrations still run on the copy
 * through the real code path (as no-ops, or forward if the template is older).
 * The template is kept in node_modules/.cache between runs, keyed by the PGlite version and
 * the migration files, so only the first run after a change pays for it.
 * Set TEST_PGLITE=memory to use a fresh in-memory instance per file instead.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDatabase } from '#server/db/client.ts';
import { pgliteVersion } from '#server/db/pglite-template.ts';
import { dropUnusedDatabases } from '../../scripts/pglite-unused-databases.mjs';

const COMPLETE_MARKER = '.template-complete';

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  hash.update('without template0 and template1\n');
  const files = fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_PGLITE === 'memory') return;
  const cacheRoot = path.resolve(project.config.root, 'node_modules/.cache/shop-tests');
  const templateDir = path.join(cacheRoot, `pglite-${templateKey()}`);

  if (!fs.existsSync(path.join(templateDir, COMPLETE_MARKER))) {
    fs.mkdirSync(cacheRoot, { recursive: true });
    const building = fs.mkdtempSync(path.join(cacheRoot, 'building-'));
    try {
      const database = await openDatabase({ pgliteDir: building });
      // As the build's template: the tests run on the database shape a first start copies.
      await dropUnusedDatabases((statement) => database.db.execute(sql.raw(statement)));
      await database.close();
      fs.writeFileSync(path.join(building, COMPLETE_MARKER), new Date().toISOString());
      // NOTE: a run started at the same time may have won the race; its template is as good.
      if (!fs.existsSync(templateDir)) fs.renameSync(building, templateDir);
    } catch (error) {
      if (!fs.existsSync(path.join(templateDir, COMPLETE_MARKER))) throw error;
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
    removeStaleTemplates(cacheRoot, templateDir);
  }
  project.provide('pgliteTemplateDir', templateDir);
}

/** Templates of older migrations or PGlite versions, and builds abandoned over an hour ago. */
function removeStaleTemplates(cacheRoot: string, current: string) {
  const anHourAgo = Date.now() - 60 * 60 * 1000;
  for (const entry of fs.readdirSync(cacheRoot)) {
    const full = path.join(cacheRoot, entry);
    const stale =
      (entry.startsWith('pglite-') && full !== current) ||
      (entry.startsWith('building-') && fs.statSync(full).mtimeMs < anHourAgo);
    if (stale) fs.rmSync(full, { recursive: true, force: true });
  }
}
