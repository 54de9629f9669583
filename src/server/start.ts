/**
 * The server's start, imported by main.ts once it has begun what a first start needs first
 * (docs/architecture.md, "First start"): the database, its base data and admin, the app, and
 * the port.
 */
import path from 'node:path';
import { trustProxyWarning, type Config } from './config.ts';
import type { FirstAdmin } from './features/auth/passwords.ts';
import { openDatabase } from './db/client.ts';
import { ensureBaseData } from './db/seed/seed.ts';
import { buildApp } from './app.ts';
import { ensureAdminAccount, type AdminBootstrap } from './features/auth/bootstrap-admin.ts';
import {
  ASSUMED_DESCRIPTOR_LIMIT,
  CONNECTION_TOTALS,
  descriptorLimit,
} from './http/connection-limits.ts';

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

/**
 * The totals that the process's file-descriptor limit gave (http/connection-limits.ts,
 * docs/operations.md "Limits"). Node has already raised its soft limit to the hard one.
 */
function printConnectionTotals() {
  const limit = descriptorLimit();
  const { connectionsTotal, socketsTotal, staffSocketReserve } = CONNECTION_TOTALS;
  const source =
    limit === null
      ? `descriptor limit unknown, ${ASSUMED_DESCRIPTOR_LIMIT} assumed`
      : `of ${limit} file descriptors`;
  console.log(
    `  Connections: at most ${connectionsTotal} open (${source}); live updates ${socketsTotal}, ${staffSocketReserve} of them kept for signed-in staff`,
  );
}

/** Printed at every start where TRUST_PROXY's hop count can be forged (config.ts). */
function warnAboutTrustProxy(config: Config) {
  const warning = trustProxyWarning(config);
  if (!warning) return;
  const rule = '  ' + '!'.repeat(72);
  console.warn(
    ['', rule, ...`WARNING: ${warning}`.split('\n').map((line) => `  ${line}`), rule, ''].join(
      '\n',
    ),
  );
}

export interface StartOptions {
  config: Config;
  /** The folder of the running main.js. */
  here: string;
  /** Whether it runs from dist/ (it serves dist/client) or from src/ (`npm run dev`). */
  isBuilt: boolean;
  /**
   * The embedded database's folder, and the copy of the build's template into it that main.ts
   * began when the folder was empty (a first start).
   */
  pglite: { dir: string; copying: Promise<void> | undefined };
  /** The first admin, its password's hash begun by main.ts, when the database is new. */
  admin: FirstAdmin | undefined;
}

export async function start({ config, here, isBuilt, pglite, admin: newAdmin }: StartOptions) {
  warnAboutSimulator(config);
  warnAboutTrustProxy(config);
  await pglite.copying;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pglite.dir,
  });
  // On a later start with no active admin, its hash is made while the base data is written.
  const [admin] = await Promise.all([
    ensureAdminAccount(database.db, config.adminPassword, newAdmin),
    ensureBaseData(database.db, { demo: config.seedDemo }),
  ]);
  // dist/server/main.js serves the built dist/client. In `npm run dev` (src/server/main.ts)
  // Vite serves the client and this process only the API.
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
    dispatcher: { deliver: !config.pauseOrderEvents, jobLeaseMs: config.outboxJobLeaseMs },
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
  printConnectionTotals();
  console.log('');
}
