/**
 * The server's entry. On the embedded database's first start it sets going, before it loads
 * the rest of the server, the copy of the build's template (on a worker thread) and the hash of
 * the first admin's password (on the thread pool), so that the three overlap
 * (docs/architecture.md, "First start"); start.ts does the rest. Only Node's own modules and
 * the configuration are loaded before that.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { beginPgliteTemplateCopy } from './db/pglite-template.ts';
import { firstAdmin } from './features/auth/passwords.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const isBuilt = path.basename(path.dirname(here)) === 'dist';
  const dir = path.join(config.dataDir, 'pglite');
  // The first start copies the build's migrated template rather than running initdb
  // (scripts/build-pglite-template.mjs); `npm run dev` has none and runs initdb.
  const template = isBuilt ? path.join(here, 'pglite-template') : undefined;
  const copying = config.databaseUrl ? undefined : beginPgliteTemplateCopy(dir, template);
  // Its failure is reported where start() waits for it, after the import below.
  copying?.catch(() => {});
  // A database made from the template has no admin yet.
  const admin = copying ? firstAdmin(config.adminPassword) : undefined;
  const { start } = await import('./start.ts');
  await start({ config, here, isBuilt, pglite: { dir, copying }, admin });
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
