/**
 * `npm run admin:reset-password [-- --username <name>]`: sets a new password for the first
 * active admin (or the one named), on the database the server uses (DATABASE_URL, else the
 * embedded PGlite in DATA_DIR/pglite), ends that admin's sessions and prints the password
 * once. ADMIN_PASSWORD chooses the password; otherwise one is generated.
 *
 * Run with tsx from the sources, so no build is needed. PGlite is single-process and does not
 * lock its folder itself: this refuses while another process (the server) has it open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import {
  resetAdminPassword,
  ResetAdminPasswordError,
} from '../features/auth/reset-admin-password.ts';

const USAGE = `Usage: npm run admin:reset-password [-- --username <name>]

Sets a new password for the first active admin account (or the admin named), ends its
sessions and prints the new password once. ADMIN_PASSWORD=... chooses the password; otherwise
a strong one is generated. Uses the same database as the server: DATABASE_URL when set, else
the embedded database in DATA_DIR (default ./data). With the embedded database, stop the
server first.`;

interface CliArgs {
  username?: string | undefined;
  help: boolean;
}

function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--username' || arg === '-u') {
      const value = argv[(i += 1)];
      if (!value) throw new ResetAdminPasswordError('--username needs a name after it.');
      args.username = value;
    } else if (arg.startsWith('--username=')) args.username = arg.slice('--username='.length);
    else throw new ResetAdminPasswordError(`Unknown argument "${arg}".\n\n${USAGE}`);
  }
  return args;
}

/**
 * The ids of other processes with a file of `dir` open (Linux, through /proc), or null when
 * this cannot be told (no /proc).
 */
function processesHolding(dir: string): number[] | null {
  if (!fs.existsSync('/proc/self/fd')) return null;
  const inside = path.resolve(dir) + path.sep;
  const holders: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or another user's process we may not look into
    }
    const holds = fds.some((fd) => {
      try {
        return fs.readlinkSync(`/proc/${entry}/fd/${fd}`).startsWith(inside);
      } catch {
        return false;
      }
    });
    if (holds) holders.push(Number(entry));
  }
  return holders;
}

/** Refuses when the embedded database is missing or in use by another process. */
function checkPgliteFolder(pgliteDir: string): void {
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new ResetAdminPasswordError(
      `No database in ${pgliteDir}. Start the server once (\`npm start\`): it creates the database and an admin, and prints the password. Running against PostgreSQL? Set DATABASE_URL as for the server.`,
    );
  }
  const holders = processesHolding(pgliteDir);
  if (holders && holders.length > 0) {
    throw new ResetAdminPasswordError(
      `The embedded database in ${pgliteDir} is in use by process ${holders.join(', ')} (the server?). It allows one process at a time: stop the server (Ctrl+C), run this again, then start the server.`,
    );
  }
  // Without /proc, an open database leaves postmaster.pid behind (also after a crash).
  if (holders === null && fs.existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    if (process.env.RESET_FORCE !== '1') {
      throw new ResetAdminPasswordError(
        `The embedded database in ${pgliteDir} looks open (postmaster.pid is there): stop the server first. If it is stopped (it crashed), run again with RESET_FORCE=1.`,
      );
    }
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl) checkPgliteFolder(pgliteDir);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    maxConnections: 2, // one holds the migration lock while the other migrates
  });
  try {
    const result = await resetAdminPassword(database.db, {
      username: args.username,
      password: config.adminPassword,
    });
    const where = config.databaseUrl
      ? 'PostgreSQL (DATABASE_URL)'
      : `embedded PGlite in ${pgliteDir}`;
    const ended =
      result.sessionsEnded === 0
        ? 'It had no open session'
        : `Its ${result.sessionsEnded === 1 ? 'open session' : `${result.sessionsEnded} open sessions`} ended`;
    console.log(
      [
        '',
        `  The password of the admin account "${result.username}" was reset (database: ${where}).`,
        result.reactivated ? '  The account was deactivated and is active again.' : undefined,
        `  ${ended}; its failed-login blocks were lifted.`,
        '',
        result.generated
          ? `  New password (shown only this once):\n\n      ${result.password}\n`
          : '  New password: the one in ADMIN_PASSWORD.\n',
        `  Log in at ${config.publicUrl}/login and change it there (Change password, top right).`,
        '',
      ]
        .filter((line) => line !== undefined)
        .join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ResetAdminPasswordError || error instanceof ConfigError) {
      console.error(`admin:reset-password: ${error.message}`);
    } else {
      console.error('admin:reset-password failed:', error);
    }
    process.exit(1);
  },
);
