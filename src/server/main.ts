import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureBaseData } from './db/seed/seed.ts';
import { buildApp } from './app.ts';
import { ensureAdminAccount, type AdminBootstrap } from './features/auth/bootstrap-admin.ts';

function printAdminLogin(config: Config, admin: AdminBootstrap) {
  const loginUrl = `${config.publicUrl}/login`;
  if (!admin.created) {
    console.log(`  Back office: ${loginUrl} (admin password as set before)`);
    return;
  }
  if (admin.generated) {
    console.log(
      [
        '',
        '  ================================================================',
        '  An admin account was created. This password is shown only once:',
        '',
        `      ${admin.password}`,
        '',
        `  Log in to the back office at ${loginUrl}`,
        '  and change it there, or start with ADMIN_PASSWORD=… next time.',
        '  ================================================================',
        '',
      ].join('\n'),
    );
  } else {
    console.log(
      `  An admin account was created with the password from ADMIN_PASSWORD. Log in at ${loginUrl}`,
    );
  }
}

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

/** Printed at every start of a public shop that runs on fake payments (config.ts). */
function warnAboutSimulator(config: Config) {
  if (!config.payments.simulated || !config.isPublicDeployment) return;
  console.warn(
    [
      '',
      '  !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '  WARNING: PAYMENT_PROVIDER=simulator on a public shop.',
      '  No card is charged: every "paid" order is a test order.',
      '  Set PAYMENT_PROVIDER=viva with its credentials to take real payments.',
      '  !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n'),
  );
}

async function main() {
  const config = readConfig();
  warnAboutSimulator(config);
  // dist/server/main.js serves the built dist/client. In `npm run dev` (src/server/main.ts)
  // Vite serves the client and this process only the API.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const isBuilt = path.basename(path.dirname(here)) === 'dist';

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    // The first start copies the build's migrated template rather than running initdb
    // (scripts/build-pglite-template.mjs); `npm run dev` has none and runs initdb.
    pgliteTemplate: isBuilt ? path.join(here, 'pglite-template') : undefined,
  });
  await ensureBaseData(database.db, { demo: config.seedDemo });
  const admin = await ensureAdminAccount(database.db, config.adminPassword);
  const clientDir = isBuilt ? path.resolve(here, '../client') : undefined;

  let now: (() => Date) | undefined;
  if (config.fakeNow) {
    const offset = config.fakeNow.getTime() - Date.now();
    now = () => new Date(Date.now() + offset);
    console.warn(`  Test clock: the server's time starts at ${config.fakeNow.toISOString()}`);
  }
  if (config.pauseOrderEvents) {
    console.warn('  Test: order events are recorded but not delivered (PAUSE_ORDER_EVENTS)');
  }
  const app = await buildApp({
    config,
    database,
    clientDir,
    now,
    reconcilePayments: true,
    dispatcher: { deliver: !config.pauseOrderEvents },
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  console.log(`\n  Shop is running at ${config.publicUrl}  (database: ${where})`);
  printAdminLogin(config, admin);
  console.log('');
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
